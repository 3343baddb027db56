#include "secret_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace bh::server {

Secret read_secret(const std::string& path) {
  Secret out;
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno != ENOENT) out.error = std::strerror(errno);
    out.exists = errno != ENOENT;
    return out;
  }
  out.exists = true;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out.error = "cannot be read";
    return out;
  }
  std::getline(in, out.password);
  if (!out.password.empty() && out.password.back() == '\r') out.password.pop_back();
  return out;
}

std::string write_secret(const std::string& path, const std::string& secret) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return std::strerror(errno);
  const std::string text = secret + "\n";
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) && ::fsync(fd) == 0;
  const std::string error = ok ? std::string() : std::strerror(errno);
  ::close(fd);
  if (!ok) ::unlink(path.c_str());
  return error;
}

}  // namespace bh::server
