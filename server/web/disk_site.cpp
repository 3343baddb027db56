#include "web/disk_site.hpp"

#include <fcntl.h>
#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "log/log.hpp"

namespace bh::web {
namespace {

namespace fs = std::filesystem;

// Closes the descriptor it holds.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

class DiskSite final : public Site {
 public:
  explicit DiskSite(fs::path root) : root_(std::move(root)) {}

  std::optional<SiteFile> find(std::string_view name) const override {
    std::error_code ec;
    const fs::path real = fs::canonical(root_ / fs::path(name), ec);  // every symlink resolved
    if (ec) return std::nullopt;
    if (!under_root(real)) {
      log::error("web root: " + std::string(name) + " leads outside " + root_.string() + "; not served");
      return std::nullopt;
    }
    // O_NOFOLLOW: the path was just resolved, so a symlink here was put in since.
    // O_NONBLOCK: opening a FIFO must not hang the thread (it is refused below anyway).
    const Fd fd(::open(real.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
    struct stat info {};
    if (fd.get() < 0 || ::fstat(fd.get(), &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
    if (static_cast<std::uintmax_t>(info.st_size) > kMaxDiskFileBytes) return too_large(name);
    auto content = std::make_shared<std::string>();
    char buffer[64 * 1024];
    for (;;) {
      const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
      if (n < 0) return std::nullopt;
      if (n == 0) break;
      content->append(buffer, static_cast<std::size_t>(n));
      if (content->size() > kMaxDiskFileBytes) return too_large(name);  // it grew while read
    }
    SiteFile file{*content, nullptr, content_etag(*content)};
    file.owner = std::move(content);
    return file;
  }

 private:
  bool under_root(const fs::path& real) const {
    const auto [in_root, in_real] = std::mismatch(root_.begin(), root_.end(), real.begin(), real.end());
    return in_root == root_.end() && in_real != real.end();
  }

  std::optional<SiteFile> too_large(std::string_view name) const {
    log::error("web root: " + std::string(name) + " is over " + std::to_string(kMaxDiskFileBytes / (1024 * 1024)) +
               " MiB; not served");
    return std::nullopt;
  }

  const fs::path root_;  // canonical
};

}  // namespace

std::shared_ptr<const Site> disk_site(const std::string& root, std::string& error) {
  std::error_code ec;
  const fs::path real = fs::canonical(root, ec);
  if (ec || !fs::is_directory(real, ec)) {
    error = "--web-root " + root + ": not a folder" + (ec ? " (" + ec.message() + ")" : "");
    return nullptr;
  }
  return std::make_shared<DiskSite>(real);
}

std::string content_etag(std::string_view content) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(content.data(), content.size(), digest, &length, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string tag = "\"";
  for (unsigned i = 0; i < 16 && i < length; ++i) {
    tag += kHex[digest[i] >> 4];
    tag += kHex[digest[i] & 15];
  }
  return tag + "\"";
}

}  // namespace bh::web
