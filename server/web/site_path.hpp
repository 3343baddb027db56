// What a request path asks of the web client's files, decided without I/O: the app's
// page, a file by name, a path refused as malformed, or none of the site's business.
//
// The path is checked before any lookup, so no later step ever sees "..", an encoded
// slash or backslash, a NUL, a control character or bytes that are not UTF-8: each
// segment is percent-decoded once and refused if it decodes to any of those. A file name
// is then built only from segments of [A-Za-z0-9._-] that do not start with '.', so it
// is relative, has no dot-files and cannot leave the root whatever the site does with it.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

namespace bh::web {

enum class PathKind {
  api,       // /api/..., /healthz, /metrics, /ws: the application's, untouched
  app_page,  // "/" or a path under the app's routes: index.html (the client routes itself)
  file,      // a name that may be a file of the site (`file`)
  bad,       // refused as malformed: answered 400 (`why`)
  unknown,   // well formed but nothing the site serves: the application's 404
};

struct SitePath {
  PathKind kind = PathKind::unknown;
  std::string file;  // kind file: "js/app/main.js" (decoded, relative)
  std::string why;   // kind bad: a short reason, no client text in it
};

// The app's routes: a path whose first segment is one of these serves the app.
inline constexpr std::string_view kAppRoutes[] = {"room",        "game",     "archive",     "lobby",      "player",
                                                  "leaderboard", "games",    "tournaments", "tournament", "analysis",
                                                  "account",     "explorer", "admin"};
// Longest path looked at; longer is refused (Beast's header limit bounds it anyway).
inline constexpr std::size_t kMaxPathBytes = 2048;

// `raw` is the request target's path as sent (no query), starting with '/'.
SitePath parse_site_path(std::string_view raw);

}  // namespace bh::web
