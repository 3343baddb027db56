// A self-signed certificate made at test time (OpenSSL's API, no `openssl` command), for
// the TLS terminator of the client's integration tests: an EC P-256 key and a
// certificate valid for one hour, for the host names and addresses given.
//
// Thread-safety: a pure function (it writes only the two files it names).
#pragma once

#include <string>
#include <vector>

namespace bh::test {

struct CertificateFiles {
  std::string cert_pem;  // the certificate: also the trust anchor for SSL_CERT_FILE
  std::string key_pem;   // its private key
};

// Writes cert.pem and key.pem into `folder`. `names` are subjectAltName entries in
// OpenSSL's form ("DNS:localhost", "IP:127.0.0.1"); the first gives the common name.
// Returns an empty cert_pem on failure.
CertificateFiles make_self_signed(const std::string& folder, const std::vector<std::string>& names);

}  // namespace bh::test
