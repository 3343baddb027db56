// The HTTP answer of the web client's files, decided without I/O beyond Site::find (none
// for the embedded site): which file a path names, its headers, 304 for a matching
// If-None-Match. The network layer writes what this returns (net/http_session.cpp).
//
// Headers, and why:
// - Cache-Control: no-cache on every file and page. The files have fixed names (no
//   content hash in them: there is no build step), so a browser must revalidate each
//   use; with the ETag that costs a 304 without a body. The page itself must be
//   revalidated too, so a new server version is picked up at the next load.
// - ETag: strong, from the content's SHA-256 (computed at build time for embedded files,
//   at each read for --web-root), so equal bytes give an equal tag whichever the source.
// - Content-Security-Policy on HTML answers: only the server's own scripts, styles,
//   images and connections (its WebSocket included: 'self' matches ws:// on the same
//   host and port in CSP Level 3 browsers); no plugins, no <base>, no framing.
// - X-Content-Type-Options: nosniff, so a file is used only as its declared type.
// - Referrer-Policy: no-referrer: the room links carry invite codes.
//
// Thread-safety: pure functions (given a Site, which is safe from any thread).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "web/site.hpp"

namespace bh::web {

// Route labels of boardhall_http_responses_total (app/http/http_counts.hpp): static strings.
inline constexpr std::string_view kPageRoute = "/";       // the app's page, at "/" or one of its routes
inline constexpr std::string_view kAssetRoute = "asset";  // a file by its name
inline constexpr std::string_view kOtherRoute = "other";  // a path refused as malformed

inline constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

struct Header {
  std::string_view name;
  std::string value;
};

struct SiteResponse {
  int status = 200;
  std::string_view route;       // one of the labels above
  std::vector<Header> headers;  // every header of the answer but Content-Length
  std::string body;             // empty for 304
};

// The answer to GET (HEAD: the same, and the network layer drops the body) of `path`
// (the request target's path as sent, starting with '/'), with the request's
// If-None-Match (empty when absent). nullopt when the site has nothing to say: a path of
// the application (/api/..., /healthz, /metrics, /ws), an unknown path or a missing
// file; the application answers those (its JSON 404 for the last two).
std::optional<SiteResponse> site_answer(const Site& site, std::string_view path, std::string_view if_none_match);

// Whether an If-None-Match value ("*", or a list of entity tags, weak ones included,
// which it compares weakly as RFC 9110 asks) matches `etag`.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

}  // namespace bh::web
