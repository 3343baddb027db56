#include "identity_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

namespace bh::cli {
namespace {

struct Line {
  std::string url, name, token;
};

std::vector<Line> read_lines(const std::string& path) {
  std::vector<Line> out;
  std::ifstream in(path);
  std::string text;
  while (std::getline(in, text)) {
    const auto a = text.find('\t');
    const auto b = a == std::string::npos ? a : text.find('\t', a + 1);
    if (b == std::string::npos) continue;
    out.push_back({text.substr(0, a), text.substr(a + 1, b - a - 1), text.substr(b + 1)});
  }
  return out;
}

std::string make_dirs(const std::string& dir) {
  std::string partial;
  std::stringstream parts(dir);
  std::string part;
  if (dir.starts_with("/")) partial = "/";
  while (std::getline(parts, part, '/')) {
    if (part.empty()) continue;
    partial += part + "/";
    if (::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST)
      return "cannot create " + partial + ": " + std::strerror(errno);
  }
  return {};
}

// Holds an exclusive lock on PATH.lock while alive: two clients of one user (two
// terminals) saving at the same moment would otherwise each rewrite the file from what
// it held before the other's write, and one token would be lost.
class FileLock {
 public:
  explicit FileLock(const std::string& path)
      : fd_(::open((path + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600)) {
    if (fd_ >= 0)
      while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {
      }
  }
  ~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

}  // namespace

std::string IdentityStore::default_path() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg != nullptr && *xdg == '/')
    return std::string(xdg) + "/boardhall/identities";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return std::string(home) + "/.config/boardhall/identities";
  return {};
}

std::optional<StoredIdentity> IdentityStore::find(const std::string& server, const std::string& name) const {
  if (path_.empty()) return std::nullopt;
  for (auto& l : read_lines(path_))
    if (l.url == server && l.name == name) return StoredIdentity{l.name, l.token};
  return std::nullopt;
}

std::vector<StoredIdentity> IdentityStore::find_all(const std::string& server) const {
  std::vector<StoredIdentity> out;
  if (path_.empty()) return out;
  for (auto& l : read_lines(path_))
    if (l.url == server) out.push_back({l.name, l.token});
  return out;
}

std::string IdentityStore::save(const std::string& server, const StoredIdentity& identity) const {
  return write_all(server, identity.name, &identity);
}

std::string IdentityStore::forget(const std::string& server, const std::string& name) const {
  return write_all(server, name, nullptr);
}

std::string IdentityStore::write_all(const std::string& server, const std::string& name,
                                     const StoredIdentity* identity) const {
  if (path_.empty()) return "no place for the identity file (set HOME or XDG_CONFIG_HOME)";
  const auto slash = path_.rfind('/');
  if (slash != std::string::npos && slash > 0) {
    if (auto err = make_dirs(path_.substr(0, slash)); !err.empty()) return err;
  }
  const FileLock lock(path_);
  std::string text;
  for (auto& l : read_lines(path_))
    if (l.url != server || l.name != name) text += l.url + '\t' + l.name + '\t' + l.token + '\n';
  if (identity != nullptr) text += server + '\t' + identity->name + '\t' + identity->token + '\n';
  const std::string tmp = path_ + ".tmp" + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot write " + tmp + ": " + std::strerror(errno);
  ::fchmod(fd, 0600);
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (!ok || ::rename(tmp.c_str(), path_.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    ::unlink(tmp.c_str());
    return "cannot write " + path_ + ": " + err;
  }
  return {};
}

}  // namespace bh::cli
