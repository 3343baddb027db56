#include "net/url.hpp"

#include <gtest/gtest.h>

namespace bh::net {
namespace {

TEST(Url, PathWithoutQuery) {
  const auto target = split_target("/api/games/g12");
  ASSERT_TRUE(target);
  EXPECT_EQ(target->path, "/api/games/g12");
  EXPECT_TRUE(target->query.empty());
}

TEST(Url, QueryIsDecoded) {
  const auto target = split_target("/api/games?player=Ann+Lee&game=tablut%2Dsmall&empty=&flag&page=2&page=3");
  ASSERT_TRUE(target);
  EXPECT_EQ(target->path, "/api/games");
  EXPECT_EQ(target->query.at("player"), "Ann Lee");
  EXPECT_EQ(target->query.at("game"), "tablut-small");
  EXPECT_EQ(target->query.at("empty"), "");
  EXPECT_EQ(target->query.at("flag"), "");
  EXPECT_EQ(target->query.at("page"), "3");
}

TEST(Url, Utf8EscapesDecodeToBytes) {
  const auto target = split_target("/q?name=%C3%A9t%C3%A9");
  ASSERT_TRUE(target);
  EXPECT_EQ(target->query.at("name"), "\xC3\xA9t\xC3\xA9");
}

TEST(Url, BadTargetsAreRefused) {
  EXPECT_FALSE(split_target(""));
  EXPECT_FALSE(split_target("api/games"));
  EXPECT_FALSE(split_target("http://host/api"));
  EXPECT_FALSE(split_target("/q?x=%"));
  EXPECT_FALSE(split_target("/q?x=%4"));
  EXPECT_FALSE(split_target("/q?x=%zz"));
  EXPECT_FALSE(percent_decode("%G1"));
  EXPECT_EQ(*percent_decode("a%41"), "aA");
}

TEST(Url, APathKeepsItsPlusAndAQueryReadsItAsASpace) {
  EXPECT_EQ(*percent_decode("a+b%2B", PlusIs::plus), "a+b+");
  EXPECT_EQ(*percent_decode("a+b%2B"), "a b+");
  EXPECT_FALSE(percent_decode("a%4", PlusIs::plus));
}

}  // namespace
}  // namespace bh::net
