// The creator's side: its text at the edges, and who plays first, with the lot fixed
// by an injected coin (in a room too).
#include <gtest/gtest.h>

#include <atomic>

#include "game/creator_side.hpp"
#include "harness.hpp"

namespace bh::game {
namespace {

TEST(CreatorSide, TextAtTheEdgesRoundTrips) {
  for (auto side : {CreatorSide::first, CreatorSide::second, CreatorSide::random})
    EXPECT_EQ(creator_side_from_string(to_string(side)), side);
  EXPECT_EQ(to_string(CreatorSide::random), "random");
  EXPECT_FALSE(creator_side_from_string("attackers").has_value());  // side names are the app's edge, not here
  EXPECT_FALSE(creator_side_from_string("").has_value());
  EXPECT_FALSE(creator_side_from_string("First").has_value());
}

TEST(CreatorSide, OnlyARandomRoomTossesTheCoin) {
  int tosses = 0;
  const Coin heads = [&] { return ++tosses, true; };
  const Coin tails = [&] { return ++tosses, false; };
  EXPECT_EQ(first_seat(CreatorSide::first, tails), 0);
  EXPECT_EQ(first_seat(CreatorSide::second, heads), 1);
  EXPECT_EQ(tosses, 0);
  EXPECT_EQ(first_seat(CreatorSide::random, heads), 0);
  EXPECT_EQ(first_seat(CreatorSide::random, tails), 1);
  EXPECT_EQ(tosses, 2);
  const int seat = first_seat(CreatorSide::random, Coin{});  // fair_coin
  EXPECT_TRUE(seat == 0 || seat == 1);
}

}  // namespace
}  // namespace bh::game

namespace bh::app::test {
namespace {

class FixedCoinAppTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.coin = [this] { return ++tosses_, creator_first_.load(); };
    return c;
  }
  std::atomic<bool> creator_first_{true};
  std::atomic<int> tosses_{0};
};

TEST_F(FixedCoinAppTest, TheCoinDecidesWhoPlaysFirstInARandomRoom) {
  auto& a = guest("alice");
  auto& b = guest("bob");
  for (const bool creator_first : {true, false, true}) {
    creator_first_ = creator_first;
    const int before = tosses_;
    const std::string game = start_game(a, b, {{"game", "tablut"}, {"side", "random"}});
    ASSERT_FALSE(game.empty());
    EXPECT_EQ(tosses_, before + 1);
    b.send({{"type", "resign"}, {"game_id", game}, {"id", 8}});
    json over = a.next("game_over");
    EXPECT_EQ(over["winner"], "alice");
    json record = json::parse(http("/api/games/" + game).body);
    EXPECT_EQ(record["first_player"], creator_first ? "alice" : "bob") << creator_first;
  }
  // A side chosen by the creator leaves the coin alone.
  const int before = tosses_;
  ASSERT_FALSE(start_game(a, b, {{"game", "tablut"}, {"side", "second"}}).empty());
  EXPECT_EQ(tosses_, before);
}

}  // namespace
}  // namespace bh::app::test
