#include "web/site_path.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "net/url.hpp"
#include "protocol/utf8.hpp"

namespace bh::web {
namespace {

bool is_control(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }

// A segment that may be part of a file name: [A-Za-z0-9._-]+, not starting with '.'.
bool file_segment(std::string_view segment) {
  if (segment.empty() || segment.size() > 255 || segment.front() == '.') return false;
  return std::all_of(segment.begin(), segment.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
  });
}

bool is_api(std::string_view raw) {
  return raw == "/healthz" || raw == "/metrics" || raw == "/ws" || raw == "/api" || raw.starts_with("/api/");
}

SitePath bad(std::string why) { return SitePath{PathKind::bad, {}, std::move(why)}; }

}  // namespace

SitePath parse_site_path(std::string_view raw) {
  if (is_api(raw)) return SitePath{PathKind::api, {}, {}};
  if (raw.empty() || raw.front() != '/') return bad("the path must start with /");
  if (raw.size() > kMaxPathBytes) return bad("the path is too long");
  if (raw == "/") return SitePath{PathKind::app_page, {}, {}};

  std::vector<std::string> segments;
  std::string_view rest = raw.substr(1);
  for (;;) {
    const auto slash = rest.find('/');
    const std::string_view piece = rest.substr(0, slash);
    auto decoded = net::percent_decode(piece, net::PlusIs::plus);
    if (!decoded) return bad("bad %-escape in the path");
    // Refused wherever they appear, before anything looks at the name: what could make
    // a segment mean another folder ("..", an encoded '/' or '\'), end a C string early
    // (NUL) or confuse a log (control characters).
    if (*decoded == "." || *decoded == "..") return bad("dot segments are not allowed");
    if (std::any_of(decoded->begin(), decoded->end(), [](char c) { return c == '/' || c == '\\' || is_control(c); }))
      return bad("encoded slashes, backslashes and control characters are not allowed");
    if (!protocol::utf8::is_valid(*decoded)) return bad("the path is not UTF-8");
    segments.push_back(std::move(*decoded));
    if (slash == std::string_view::npos) break;
    rest = rest.substr(slash + 1);
  }

  const std::string& first = segments.front();
  if (std::find(std::begin(kAppRoutes), std::end(kAppRoutes), first) != std::end(kAppRoutes))
    return SitePath{PathKind::app_page, {}, {}};
  if (!std::all_of(segments.begin(), segments.end(), [](const std::string& s) { return file_segment(s); }))
    return SitePath{PathKind::unknown, {}, {}};  // a folder ("/js/"), an empty segment, other characters
  std::string file;
  for (const auto& segment : segments) {
    if (!file.empty()) file += '/';
    file += segment;
  }
  return SitePath{PathKind::file, std::move(file), {}};
}

}  // namespace bh::web
