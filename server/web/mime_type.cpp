#include "web/mime_type.hpp"

#include <algorithm>
#include <string>

namespace bh::web {
namespace {

struct Type {
  std::string_view extension;
  std::string_view content_type;
};

constexpr Type kTypes[] = {
    {"html", "text/html; charset=utf-8"},
    {"js", "text/javascript; charset=utf-8"},
    {"mjs", "text/javascript; charset=utf-8"},
    {"css", "text/css; charset=utf-8"},
    {"txt", "text/plain; charset=utf-8"},
    {"svg", "image/svg+xml"},
    {"json", "application/json"},  // always UTF-8 (RFC 8259 defines no charset for it)
    {"map", "application/json"},
    {"webmanifest", "application/manifest+json"},
    {"png", "image/png"},
    {"jpg", "image/jpeg"},
    {"jpeg", "image/jpeg"},
    {"webp", "image/webp"},
    {"ico", "image/x-icon"},
    {"woff2", "font/woff2"},
    {"woff", "font/woff"},
    {"wasm", "application/wasm"},
};

}  // namespace

std::string_view mime_type(std::string_view file_name) {
  const auto slash = file_name.rfind('/');
  const std::string_view base = slash == std::string_view::npos ? file_name : file_name.substr(slash + 1);
  const auto dot = base.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return "application/octet-stream";
  std::string extension(base.substr(dot + 1));
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  for (const Type& type : kTypes)
    if (type.extension == extension) return type.content_type;
  return "application/octet-stream";
}

bool is_html(std::string_view content_type) { return content_type.starts_with("text/html"); }

}  // namespace bh::web
