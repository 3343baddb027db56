// The catalogue and option validation (RULES.md: "an unknown option or a bad value is
// an error"; S5 for seatafl's options).
#include <gtest/gtest.h>

#include "rules/registry.hpp"

namespace bh::rules {
namespace {

TEST(Registry, KnowsTheSevenGames) {
  EXPECT_EQ(catalogue().size(), 7U);
  for (const char* id : {"tavlei", "tablut", "seatafl", "copenhagen", "brandubh", "draughts", "alquerque"}) {
    ASSERT_NE(find_game(id), nullptr) << id;
    auto rules = make_ruleset(id);
    ASSERT_TRUE(rules.ok()) << id << ": " << rules.error().message;
    EXPECT_EQ((*rules)->game_id(), id);
  }
}

TEST(Registry, CopenhagenAndBrandubhHaveTheirOwnBoardsAndNoOptions) {
  auto cph = make_ruleset("copenhagen");
  ASSERT_TRUE(cph.ok());
  EXPECT_EQ((*cph)->geometry().width, 11);
  auto bdb = make_ruleset("brandubh");
  ASSERT_TRUE(bdb.ok());
  EXPECT_EQ((*bdb)->geometry().width, 7);
  auto sized = make_ruleset("brandubh", {{"size", "9"}});
  ASSERT_FALSE(sized.ok());
  EXPECT_EQ(sized.error().code, Errc::unknown_option);
}

TEST(Registry, UnknownGameIsAnError) {
  auto rules = make_ruleset("chess");
  ASSERT_FALSE(rules.ok());
  EXPECT_EQ(rules.error().code, Errc::unknown_game);
  EXPECT_NE(rules.error().message.find("chess"), std::string::npos);
}

TEST(Registry, UnknownOptionIsAnError) {
  auto rules = make_ruleset("tavlei", {{"size", "11"}});
  ASSERT_FALSE(rules.ok());
  EXPECT_EQ(rules.error().code, Errc::unknown_option);
  auto sea = make_ruleset("seatafl", {{"kinglimit", "4"}});
  ASSERT_FALSE(sea.ok());
  EXPECT_EQ(sea.error().code, Errc::unknown_option);
}

TEST(Registry, S5_OptionValuesArePositiveIntegers) {
  for (const char* bad : {"0", "-4", "four", "", "4x", "99999999999999"}) {
    auto rules = make_ruleset("seatafl", {{"king_limit", bad}});
    ASSERT_FALSE(rules.ok()) << bad;
    EXPECT_EQ(rules.error().code, Errc::bad_option_value) << bad;
  }
}

TEST(Registry, S5_SizeIsNineOrEleven) {
  auto ten = make_ruleset("seatafl", {{"size", "10"}});
  ASSERT_FALSE(ten.ok());
  EXPECT_EQ(ten.error().code, Errc::bad_option_value);
  auto eleven = make_ruleset("seatafl", {{"size", "11"}});
  ASSERT_TRUE(eleven.ok()) << eleven.error().message;
  EXPECT_EQ((*eleven)->geometry().width, 11);
  EXPECT_EQ((*eleven)->options().at("size"), 11);
}

TEST(Registry, S5_DefaultsAreNineByNineWithNoLimits) {
  auto rules = make_ruleset("seatafl");
  ASSERT_TRUE(rules.ok());
  EXPECT_EQ((*rules)->options().at("size"), 9);
  EXPECT_FALSE((*rules)->options().contains("king_limit"));
  EXPECT_FALSE((*rules)->options().contains("move_limit"));
}

}  // namespace
}  // namespace bh::rules
