// The files of the web client, wherever they come from: built into the binary
// (embedded_site.hpp) or read from a folder for development (disk_site.hpp). The HTTP
// answers are decided apart from where the bytes live (site_answer.hpp).
//
// Thread-safety: a Site is immutable to its users; find() may be called from any thread.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace bh::web {

// One file's bytes and its entity tag.
struct SiteFile {
  std::string_view content;                  // valid while `owner` lives (embedded files: always)
  std::shared_ptr<const std::string> owner;  // null for embedded files
  std::string etag;                          // strong, quoted: "\"<32 hex digits of SHA-256>\""
};

class Site {
 public:
  virtual ~Site() = default;
  // The regular file at `name`, a relative path checked by parse_site_path (segments of
  // [A-Za-z0-9._-], none starting with '.', joined by '/'); nullopt when there is none.
  virtual std::optional<SiteFile> find(std::string_view name) const = 0;
};

}  // namespace bh::web
