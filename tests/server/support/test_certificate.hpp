// A throwaway TLS identity for the tests' receivers (SmtpSink, WebhookReceiver): a
// self-signed certificate for localhost and 127.0.0.1 in a temporary folder, removed
// with the object. The certificate is its own CA, so a client trusts it by its path.
//
// Thread-safety: immutable after construction.
#pragma once

#include <string>

namespace bh::test {

class TestCertificate {
 public:
  TestCertificate();  // makes the folder and the files (tests/client/e2e/self_signed.hpp)
  ~TestCertificate();
  TestCertificate(const TestCertificate&) = delete;
  TestCertificate& operator=(const TestCertificate&) = delete;

  bool ok() const { return !cert_pem_.empty(); }
  const std::string& cert_pem() const { return cert_pem_; }  // also the CA file to trust
  const std::string& key_pem() const { return key_pem_; }

 private:
  std::string folder_, cert_pem_, key_pem_;
};

}  // namespace bh::test
