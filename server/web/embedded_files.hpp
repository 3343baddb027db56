// The files of web/public as built into the binary: the table is generated at build
// time by embed_files.cmake (build/server/web_files.cpp). Included only by that file and
// embedded_site.cpp, so no other source recompiles when a web file changes.
//
// Thread-safety: immutable static data.
#pragma once

#include <span>
#include <string_view>

namespace bh::web {

struct EmbeddedFile {
  std::string_view name;     // relative to web/public: "js/app/main.js"
  std::string_view content;  // the file's bytes
  std::string_view etag;     // "\"<first 32 hex digits of the content's SHA-256>\""
};

// Sorted by name.
std::span<const EmbeddedFile> embedded_files();

}  // namespace bh::web
