#include "web/site_answer.hpp"

#include "web/mime_type.hpp"
#include "web/site_path.hpp"

namespace bh::web {
namespace {

constexpr std::string_view kIndex = "index.html";

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string_view opaque(std::string_view tag) {
  if (tag.starts_with("W/")) tag.remove_prefix(2);
  return tag;
}

SiteResponse serve(const SiteFile& file, std::string_view name, std::string_view route,
                   std::string_view if_none_match) {
  SiteResponse answer;
  answer.route = route;
  if (etag_matches(if_none_match, file.etag)) {
    answer.status = 304;
    answer.headers = {{"ETag", file.etag}, {"Cache-Control", "no-cache"}};
    return answer;
  }
  const std::string_view type = mime_type(name);
  answer.headers = {{"Content-Type", std::string(type)},
                    {"ETag", file.etag},
                    {"Cache-Control", "no-cache"},
                    {"X-Content-Type-Options", "nosniff"},
                    {"Referrer-Policy", "no-referrer"}};
  if (is_html(type)) answer.headers.push_back({"Content-Security-Policy", std::string(kContentSecurityPolicy)});
  answer.body = std::string(file.content);
  return answer;
}

SiteResponse refuse(std::string_view why) {
  SiteResponse answer;
  answer.status = 400;
  answer.route = kOtherRoute;
  answer.headers = {
      {"Content-Type", "application/json"}, {"Cache-Control", "no-store"}, {"X-Content-Type-Options", "nosniff"}};
  // `why` is the server's own text (site_path.hpp), never the client's: nothing to escape.
  answer.body = R"({"code":"bad_request","message":")" + std::string(why) + "\"}";
  return answer;
}

}  // namespace

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  if (trim(if_none_match) == "*") return true;
  while (!if_none_match.empty()) {
    const auto comma = if_none_match.find(',');
    const std::string_view tag = trim(if_none_match.substr(0, comma));
    if (!tag.empty() && opaque(tag) == opaque(etag)) return true;
    if (comma == std::string_view::npos) break;
    if_none_match.remove_prefix(comma + 1);
  }
  return false;
}

std::optional<SiteResponse> site_answer(const Site& site, std::string_view path, std::string_view if_none_match) {
  const SitePath parsed = parse_site_path(path);
  switch (parsed.kind) {
    case PathKind::api:
    case PathKind::unknown:
      return std::nullopt;
    case PathKind::bad:
      return refuse(parsed.why);
    case PathKind::app_page: {
      const auto index = site.find(kIndex);
      if (!index) return std::nullopt;
      return serve(*index, kIndex, kPageRoute, if_none_match);
    }
    case PathKind::file: {
      if (const auto file = site.find(parsed.file)) return serve(*file, parsed.file, kAssetRoute, if_none_match);
      // Browsers ask /favicon.ico on their own; the page's icon is the SVG one.
      if (parsed.file == "favicon.ico")
        if (const auto svg = site.find("favicon.svg")) return serve(*svg, "favicon.svg", kAssetRoute, if_none_match);
      return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace bh::web
