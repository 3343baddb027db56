// The limits of the bot's search in a live game: the level, the clock, and before its
// first move the server's first-move deadline instead of the clock.
#include <gtest/gtest.h>

#include "bot_game.hpp"
#include "rules/registry.hpp"

namespace bh::bot::client {
namespace {

BotGame tablut_game(std::optional<protocol::server::Clocks> clocks) {
  BotGame g(rules::GameState(*rules::make_ruleset("tablut")));
  g.game_id = "g1";
  g.level = 8;
  g.me = rules::Side::first;
  g.clocks = clocks;
  return g;
}

TEST(LimitsFor, TheClockOfTheBotsSide) {
  const BotGame g = tablut_game(protocol::server::Clocks{60000, 50000, 2000, "first", std::nullopt});
  const ChoiceLimits l = limits_for(g, 1, 0);
  EXPECT_EQ(l.level, 8);
  EXPECT_EQ(l.my_time_ms, 60000);
  EXPECT_EQ(l.their_time_ms, 50000);
  EXPECT_EQ(l.my_increment_ms, 2000);
}

TEST(LimitsFor, NoClockNoTime) {
  const ChoiceLimits l = limits_for(tablut_game(std::nullopt), 1, 0);
  EXPECT_FALSE(l.my_time_ms);
  EXPECT_FALSE(l.my_increment_ms);
}

// Regression: with a 30-minute clock the top level thought 72 s about its first move,
// past the server's 30 s first-move deadline, and the game was aborted.
TEST(LimitsFor, BeforeTheFirstMoveTheDeadlineBoundsTheTimeNotTheLongClock) {
  const std::int64_t now = 1'800'000'000'000;
  const BotGame g = tablut_game(protocol::server::Clocks{1'800'000, 1'800'000, 0, std::nullopt, now + 30'000});
  const ChoiceLimits l = limits_for(g, 1, now);
  EXPECT_EQ(l.my_time_ms, first_move_budget_ms);
  EXPECT_EQ(l.my_increment_ms, 0);
}

TEST(LimitsFor, ADeadlineAlmostUpLeavesAlmostNothing) {
  const std::int64_t now = 1'800'000'000'000;
  BotGame g = tablut_game(protocol::server::Clocks{300'000, 300'000, 3000, std::nullopt, now + 2'000});
  EXPECT_EQ(limits_for(g, 1, now).my_time_ms, 2000);
  g.clocks->first_move_deadline_ms = now - 500;  // already past (a skewed clock): think the least
  EXPECT_EQ(limits_for(g, 1, now).my_time_ms, 0);
}

}  // namespace
}  // namespace bh::bot::client
