#include "web/mime_type.hpp"

#include <gtest/gtest.h>

namespace bh::web {
namespace {

TEST(MimeType, ByExtensionWithTheCharsetOfText) {
  EXPECT_EQ(mime_type("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(mime_type("js/app/main.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(mime_type("js/x.mjs"), "text/javascript; charset=utf-8");
  EXPECT_EQ(mime_type("css/app.css"), "text/css; charset=utf-8");
  EXPECT_EQ(mime_type("robots.txt"), "text/plain; charset=utf-8");
  EXPECT_EQ(mime_type("favicon.svg"), "image/svg+xml");
  EXPECT_EQ(mime_type("i18n/ru.json"), "application/json");
  EXPECT_EQ(mime_type("icon.png"), "image/png");
  EXPECT_EQ(mime_type("favicon.ico"), "image/x-icon");
  EXPECT_EQ(mime_type("fonts/a.woff2"), "font/woff2");
  EXPECT_EQ(mime_type("APP.CSS"), "text/css; charset=utf-8");
}

TEST(MimeType, AnythingElseIsOctetStream) {
  for (const char* name : {"README", "a.exe", "a.", "dir.js/file", "x.html.bak", "x.php"})
    EXPECT_EQ(mime_type(name), "application/octet-stream") << name;
}

TEST(MimeType, OnlyHtmlGetsThePagePolicy) {
  EXPECT_TRUE(is_html(mime_type("index.html")));
  EXPECT_FALSE(is_html(mime_type("favicon.svg")));
  EXPECT_FALSE(is_html(mime_type("app.js")));
}

}  // namespace
}  // namespace bh::web
