#include "web/site_answer.hpp"

#include <gtest/gtest.h>

#include <map>

#include "web/disk_site.hpp"

namespace bh::web {
namespace {

// Files in memory, as the embedded site holds them.
class MemorySite final : public Site {
 public:
  explicit MemorySite(std::map<std::string, std::string, std::less<>> files) : files_(std::move(files)) {}
  std::optional<SiteFile> find(std::string_view name) const override {
    const auto it = files_.find(name);
    if (it == files_.end()) return std::nullopt;
    return SiteFile{it->second, nullptr, content_etag(it->second)};
  }

 private:
  std::map<std::string, std::string, std::less<>> files_;
};

const MemorySite kSite({{"index.html", "<!doctype html><p>page</p>"},
                        {"favicon.svg", "<svg/>"},
                        {"js/app/main.js", "export {};"},
                        {"css/app.css", "body{}"},
                        {"data.bin", "\x01\x02"}});

std::string header(const SiteResponse& answer, std::string_view name) {
  for (const auto& h : answer.headers)
    if (h.name == name) return h.value;
  return "(none)";
}

SiteResponse get(std::string_view path, std::string_view if_none_match = {}) {
  auto answer = site_answer(kSite, path, if_none_match);
  if (!answer) ADD_FAILURE() << path << " was not answered by the site";
  return answer ? *answer : SiteResponse{};
}

TEST(SiteAnswer, ThePageAtTheRootAndAtEveryAppRoute) {
  for (const char* path : {"/", "/room/r1", "/game/g1", "/archive", "/archive/x/y", "/lobby", "/room/r1/"}) {
    const auto answer = get(path);
    EXPECT_EQ(answer.status, 200) << path;
    EXPECT_EQ(answer.route, kPageRoute) << path;
    EXPECT_EQ(answer.body, "<!doctype html><p>page</p>") << path;
    EXPECT_EQ(header(answer, "Content-Type"), "text/html; charset=utf-8");
    EXPECT_EQ(header(answer, "Content-Security-Policy"), kContentSecurityPolicy);
    EXPECT_EQ(header(answer, "Cache-Control"), "no-cache");
    EXPECT_EQ(header(answer, "X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(header(answer, "Referrer-Policy"), "no-referrer");
    EXPECT_EQ(header(answer, "ETag"), content_etag("<!doctype html><p>page</p>"));
  }
}

TEST(SiteAnswer, FilesWithTheirTypeAndNoPagePolicy) {
  const auto js = get("/js/app/main.js");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(js.route, kAssetRoute);
  EXPECT_EQ(js.body, "export {};");
  EXPECT_EQ(header(js, "Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(header(js, "Content-Security-Policy"), "(none)");
  EXPECT_EQ(header(js, "Cache-Control"), "no-cache");
  EXPECT_EQ(header(js, "X-Content-Type-Options"), "nosniff");
  EXPECT_EQ(header(get("/css/app.css"), "Content-Type"), "text/css; charset=utf-8");
  EXPECT_EQ(header(get("/data.bin"), "Content-Type"), "application/octet-stream");
  EXPECT_EQ(header(get("/index.html"), "Content-Security-Policy"), kContentSecurityPolicy);
}

TEST(SiteAnswer, FaviconIcoIsTheSvgIcon) {
  const auto ico = get("/favicon.ico");
  EXPECT_EQ(ico.status, 200);
  EXPECT_EQ(ico.body, "<svg/>");
  EXPECT_EQ(header(ico, "Content-Type"), "image/svg+xml");
}

TEST(SiteAnswer, AMatchingIfNoneMatchIs304WithoutABody) {
  const std::string tag = content_etag("export {};");
  for (const std::string& value : {tag, "W/" + tag, "\"other\", " + tag, std::string("*"), " " + tag + " "}) {
    const auto answer = get("/js/app/main.js", value);
    EXPECT_EQ(answer.status, 304) << value;
    EXPECT_TRUE(answer.body.empty());
    EXPECT_EQ(header(answer, "ETag"), tag);
    EXPECT_EQ(header(answer, "Cache-Control"), "no-cache");
    EXPECT_EQ(header(answer, "Content-Type"), "(none)");
  }
  for (const std::string& value : {std::string("\"other\""), content_etag("body{}"), tag.substr(1), std::string(",")})
    EXPECT_EQ(get("/js/app/main.js", value).status, 200) << value;
  EXPECT_EQ(get("/room/x", content_etag("<!doctype html><p>page</p>")).status, 304);
}

TEST(SiteAnswer, MalformedPathsAre400AsJsonWithoutTheClientsText) {
  for (const char* path : {"/%2e%2e/etc/passwd", "/a%2fb", "/a%00", "/%ff", "/..", "/room/../x"}) {
    const auto answer = get(path);
    EXPECT_EQ(answer.status, 400) << path;
    EXPECT_EQ(answer.route, kOtherRoute);
    EXPECT_EQ(header(answer, "Content-Type"), "application/json");
    EXPECT_EQ(header(answer, "Cache-Control"), "no-store");
    EXPECT_EQ(answer.body.find("passwd"), std::string::npos);
    EXPECT_TRUE(answer.body.starts_with(R"({"code":"bad_request","message":")")) << answer.body;
  }
}

TEST(SiteAnswer, WhatTheSiteDoesNotHaveIsLeftToTheApplication) {
  for (const char* path :
       {"/api/lobby", "/healthz", "/metrics", "/ws", "/nope", "/js/", "/js", "/js/missing.js", "/.env", "//etc/passwd"})
    EXPECT_FALSE(site_answer(kSite, path, {})) << path;
  const MemorySite empty({});
  EXPECT_FALSE(site_answer(empty, "/", {}));  // no index.html: the application's 404
  EXPECT_FALSE(site_answer(empty, "/favicon.ico", {}));
}

TEST(EtagMatches, ListsWeakTagsAndStar) {
  EXPECT_TRUE(etag_matches("\"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("W/\"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("\"b\",\"a\"", "\"a\""));
  EXPECT_TRUE(etag_matches("*", "\"a\""));
  EXPECT_FALSE(etag_matches("", "\"a\""));
  EXPECT_FALSE(etag_matches("\"ab\"", "\"a\""));
  EXPECT_FALSE(etag_matches("a", "\"a\""));
  EXPECT_FALSE(etag_matches(",,", "\"a\""));
}

TEST(ContentEtag, IsTheQuotedStartOfTheSha256) {
  // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
  EXPECT_EQ(content_etag("abc"), "\"ba7816bf8f01cfea414140de5dae2223\"");
  EXPECT_NE(content_etag("abc"), content_etag("abd"));
}

}  // namespace
}  // namespace bh::web
