#include "self_signed.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <cstdio>
#include <memory>

namespace bh::test {
namespace {

struct Free {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
  void operator()(X509* p) const { X509_free(p); }
  void operator()(X509_EXTENSION* p) const { X509_EXTENSION_free(p); }
  void operator()(std::FILE* p) const { std::fclose(p); }
};
template <class T>
using Owned = std::unique_ptr<T, Free>;

bool add_extension(X509* cert, int nid, const std::string& value) {
  X509V3_CTX context;
  X509V3_set_ctx_nodb(&context);
  X509V3_set_ctx(&context, cert, cert, nullptr, nullptr, 0);
  Owned<X509_EXTENSION> ext(X509V3_EXT_conf_nid(nullptr, &context, nid, value.c_str()));
  return ext && X509_add_ext(cert, ext.get(), -1) == 1;
}

}  // namespace

CertificateFiles make_self_signed(const std::string& folder, const std::vector<std::string>& names) {
  if (names.empty()) return {};
  Owned<EVP_PKEY> key(EVP_EC_gen("P-256"));
  Owned<X509> cert(X509_new());
  if (!key || !cert) return {};
  X509_set_version(cert.get(), 2);  // v3, for the extensions
  ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), -60);  // a clock a little behind still accepts it
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 3600);
  X509_set_pubkey(cert.get(), key.get());
  const std::string common_name = names.front().substr(names.front().find(':') + 1);
  X509_NAME* subject = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(common_name.c_str()),
                             -1, -1, 0);
  X509_set_issuer_name(cert.get(), subject);
  std::string alt_names;
  for (const auto& n : names) alt_names += (alt_names.empty() ? "" : ",") + n;
  // Its own authority, as `openssl req -x509` makes it, so that SSL_CERT_FILE can trust it.
  if (!add_extension(cert.get(), NID_basic_constraints, "critical,CA:TRUE") ||
      !add_extension(cert.get(), NID_subject_key_identifier, "hash") ||
      !add_extension(cert.get(), NID_subject_alt_name, alt_names) ||
      X509_sign(cert.get(), key.get(), EVP_sha256()) == 0) {
    return {};
  }

  CertificateFiles files{folder + "/cert.pem", folder + "/key.pem"};
  Owned<std::FILE> cert_file(std::fopen(files.cert_pem.c_str(), "w"));
  Owned<std::FILE> key_file(std::fopen(files.key_pem.c_str(), "w"));
  if (!cert_file || !key_file || PEM_write_X509(cert_file.get(), cert.get()) != 1 ||
      PEM_write_PrivateKey(key_file.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1) {
    return {};
  }
  return files;
}

}  // namespace bh::test
