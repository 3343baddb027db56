#include "test_certificate.hpp"

#include <stdlib.h>

#include <filesystem>

#include "self_signed.hpp"

namespace bh::test {

TestCertificate::TestCertificate() {
  std::string pattern = (std::filesystem::temp_directory_path() / "bh-cert-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) return;
  folder_ = pattern;
  const CertificateFiles files = make_self_signed(folder_, {"DNS:localhost", "IP:127.0.0.1"});
  cert_pem_ = files.cert_pem;
  key_pem_ = files.key_pem;
}

TestCertificate::~TestCertificate() {
  std::error_code ignored;
  if (!folder_.empty()) std::filesystem::remove_all(folder_, ignored);
}

}  // namespace bh::test
