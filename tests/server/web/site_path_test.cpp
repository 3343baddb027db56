#include "web/site_path.hpp"

#include <gtest/gtest.h>

namespace bh::web {
namespace {

PathKind kind(std::string_view raw) { return parse_site_path(raw).kind; }

TEST(SitePath, TheApplicationsPathsAreLeftToIt) {
  for (const char* raw :
       {"/healthz", "/metrics", "/ws", "/api", "/api/", "/api/lobby", "/api/games/g1", "/api/nope", "/api/%2e%2e/x"})
    EXPECT_EQ(kind(raw), PathKind::api) << raw;
  EXPECT_NE(kind("/apix"), PathKind::api);
  EXPECT_NE(kind("/healthz/"), PathKind::api);
}

TEST(SitePath, TheRootAndTheAppsRoutesServeThePage) {
  for (const char* raw : {"/", "/room/r12", "/game/g7", "/archive", "/archive/", "/archive/anything/below", "/lobby",
                          "/room", "/room/", "/game/g7/", "/room/%D0%BA%D0%BE%D0%BC",  // UTF-8 is fine
                          "/room/a+b", "/game/g1%3Bx", "/room//x"})
    EXPECT_EQ(kind(raw), PathKind::app_page) << raw;
}

TEST(SitePath, TheProfileAndLeaderboardPagesServeThePage) {
  for (const char* raw : {"/player/alice", "/player/%D0%B8%D0%B2%D0%B0%D0%BD", "/player/", "/player", "/leaderboard",
                          "/leaderboard/", "/leaderboard/tablut", "/games", "/games/", "/analysis/g7", "/explorer"})
    EXPECT_EQ(kind(raw), PathKind::app_page) << raw;
  // Still refused there: what could name another folder.
  for (const char* raw : {"/player/../js/app/main.js", "/player/a%2fb", "/leaderboard/%00"})
    EXPECT_EQ(kind(raw), PathKind::bad) << raw;
}

TEST(SitePath, FilesAreNamedBySafeSegments) {
  EXPECT_EQ(parse_site_path("/js/app/main.js").file, "js/app/main.js");
  EXPECT_EQ(parse_site_path("/favicon.svg").file, "favicon.svg");
  EXPECT_EQ(parse_site_path("/css/app.css").kind, PathKind::file);
  EXPECT_EQ(parse_site_path("/%61pp.css").file, "app.css");  // an escaped letter is the letter
  EXPECT_EQ(parse_site_path("/a_b-c.1.js").file, "a_b-c.1.js");
}

TEST(SitePath, FoldersDotFilesAndOddNamesAreUnknown) {
  for (const char* raw : {"/js/", "/js//app.js", "//etc/passwd", "/.git/config", "/.env", "/js/.hidden", "/a b",
                          "/a%20b", "/nope~", "/C:", "/x%252e%252e", "/index.html;x", "/%E2%82%AC"})
    EXPECT_EQ(kind(raw), PathKind::unknown) << raw;
}

TEST(SitePath, TraversalAndHostileBytesAreRefused) {
  for (const char* raw : {"/..",
                          "/../etc/passwd",
                          "/js/../../etc/passwd",
                          "/.",
                          "/./index.html",
                          "/%2e%2e/x",
                          "/%2E%2E/x",
                          "/.%2e/x",
                          "/%2e./x",
                          "/%2e",
                          "/a%2fb",
                          "/a%2Fb",
                          "/..%2fx",
                          "/a%5cb",
                          "/a\\b",
                          "/..\\x",
                          "/a%00b",
                          "/index.html%00.js",
                          "/a%0ab",
                          "/a%7fb",
                          "/a%",
                          "/a%4",
                          "/a%zz",
                          "/room/../x",
                          "/room/%2e%2e",
                          "/room/a%2fb",
                          "/%ff",
                          "/room/%C0%AE%C0%AE",
                          "/%ED%A0%80",
                          "/game/%FE"})
    EXPECT_EQ(kind(raw), PathKind::bad) << raw;
  EXPECT_EQ(kind(""), PathKind::bad);
  EXPECT_EQ(kind("relative"), PathKind::bad);
  EXPECT_EQ(kind("/" + std::string(kMaxPathBytes, 'a')), PathKind::bad);
  EXPECT_EQ(kind("/" + std::string(kMaxPathBytes - 1, 'a')), PathKind::unknown);  // a segment over 255 bytes
}

TEST(SitePath, RefusalsNeverEchoTheClientsText) {
  const auto parsed = parse_site_path("/%2e%2e/secret-name");
  EXPECT_EQ(parsed.why.find("secret"), std::string::npos);
  EXPECT_FALSE(parsed.why.empty());
}

}  // namespace
}  // namespace bh::web
