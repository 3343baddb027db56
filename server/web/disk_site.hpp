// The web client read from a folder at each request (--web-root DIR): for development,
// an edited file shows at the next reload. Under the same rules as the embedded files
// (site_path.hpp checks every name first), and more, since a folder holds what the
// build never looked at: the file's real path (every symlink resolved) must lie under
// the root's; it must be a regular file (no folders, devices or FIFOs) of at most
// kMaxDiskFileBytes; refusals are logged and answered as missing (404).
//
// The read is synchronous, on the network thread that asked: the files are small and
// local, and this serves one developer, not the public. The ETag is the SHA-256 of the
// bytes just read, so it changes exactly when the content does.
//
// Thread-safety: immutable after construction; find() may be called from any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "web/site.hpp"

namespace bh::web {

inline constexpr std::uintmax_t kMaxDiskFileBytes = 8 * 1024 * 1024;

// nullptr (and `error` set) when `root` is not a folder that can be read.
std::shared_ptr<const Site> disk_site(const std::string& root, std::string& error);

// "\"<32 hex digits>\"": the first 128 bits of the SHA-256 of `content`, quoted (the
// embedded table's tags are the same, computed by CMake).
std::string content_etag(std::string_view content);

}  // namespace bh::web
