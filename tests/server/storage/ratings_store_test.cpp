// The Glicko-2 update (Glickman's worked example, Boardhall's first rated game) and the
// ratings of every store (StoreRatings, store_backend.hpp): one transaction with the
// record, history rows, restart survival.
#include <gtest/gtest.h>

#include <cmath>

#include "storage/glicko2.hpp"
#include "storage/rating_sql.hpp"
#include "storage/sqlite_store.hpp"
#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage {
namespace {

using testing::StoreRatings;

TEST(Glicko2, GlickmansWorkedExample) {
  const auto r = rating::update({1500, 200, 0.06}, {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}}, 0.5);
  EXPECT_NEAR(r.rating, 1464.05, 0.01);
  EXPECT_NEAR(r.rd, 151.52, 0.01);
  EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, FirstRatedGameBetweenNewPlayers) {
  const rating::Rating fresh;
  EXPECT_EQ(fresh, (rating::Rating{1500, 500, 0.09}));
  const auto win = rating::update_after_game(fresh, fresh, 1);
  const auto loss = rating::update_after_game(fresh, fresh, 0);
  const auto draw = rating::update_after_game(fresh, fresh, 0.5);
  EXPECT_NEAR(win.rating, 1741.62, 0.005);
  EXPECT_NEAR(win.rd, 396.81, 0.005);
  EXPECT_NEAR(loss.rating, 1258.38, 0.005);
  EXPECT_NEAR(loss.rd, 396.81, 0.005);
  EXPECT_NEAR(draw.rating, 1500.00, 0.005);
  EXPECT_NEAR(draw.rd, 396.81, 0.005);
}

TEST(Glicko2, DeviationStaysWithinItsBounds) {
  rating::Rating a, b;
  for (int i = 0; i < 500; ++i) {
    a = rating::update_after_game(a, b, i % 2);
    b = rating::update_after_game(b, a, 1 - i % 2);
    EXPECT_GE(a.rd, rating::kMinRd);
    EXPECT_LE(a.rd, rating::kMaxRd);
  }
  // A settled player: the update would go under 45, the floor holds.
  EXPECT_DOUBLE_EQ(rating::update_after_game({1500, 45, 0.001}, {1500, 45, 0.001}, 0.5).rd, rating::kMinRd);
  // A very uncertain opponent and a new player: never above 500.
  EXPECT_LE(rating::update_after_game({1500, 500, 0.09}, {1500, 500, 0.09}, 1).rd, 500);
}

TEST(Glicko2, RatingKeys) {
  EXPECT_EQ(rating::rating_key("seatafl", {}), "seatafl-9x9");
  EXPECT_EQ(rating::rating_key("seatafl", {{"size", "11"}}), "seatafl-11x11");
  EXPECT_EQ(rating::rating_key("seatafl", {{"size", "13"}}), std::nullopt);
  EXPECT_EQ(rating::rating_key("draughts", {{"flying_kings", "no"}}), "draughts");  // options do not split
  EXPECT_EQ(rating::rating_key("chess", {}), std::nullopt);
  EXPECT_EQ(rating::rating_key("copenhagen", {}), "copenhagen");
  EXPECT_EQ(rating::rating_key("brandubh", {}), "brandubh");
  EXPECT_EQ(rating::rating_keys().size(), 8u);
  EXPECT_TRUE(rating::provisional(110.1));
  EXPECT_FALSE(rating::provisional(110));
}

GameRecord rated_game(const std::string& id, const std::string& result, std::int64_t ended_ms) {
  GameRecord g = testing::sample_game(id, ended_ms);
  g.first_player = "alice";
  g.second_player = "bob";
  g.game = "tablut";
  g.options = {};
  g.result = result;
  g.rated = true;
  return g;
}

TEST_P(StoreRatings, RatedGameUpdatesBothInItsTransactionWithHistory) {
  auto finished = testing::await<StoreResult<GameFinish>>(
      [&](auto done) { store->finish_game(rated_game("g1", "second", 1000), std::nullopt, done); });
  ASSERT_TRUE(finished.error.ok()) << finished.error.message;
  ASSERT_TRUE(finished.value->rating_changes);
  const auto& changes = *finished.value->rating_changes;
  EXPECT_EQ(changes.key, "tablut");
  EXPECT_NEAR(changes.second.after, 1741.62, 0.005);
  EXPECT_NEAR(changes.first.after, 1258.38, 0.005);
  EXPECT_NEAR(changes.first.rd, 396.81, 0.005);
  auto history = testing::await<StoreResult<std::vector<RatingHistoryEntry>>>(
      [&](auto done) { store->rating_history("bob", "tablut", done); });
  ASSERT_TRUE(history.error.ok());
  ASSERT_EQ(history.value->size(), 1u);
  EXPECT_EQ((*history.value)[0].opponent, "alice");
  EXPECT_EQ((*history.value)[0].score, 1);
  // The same id again: the record conflicts, and the rating is not applied twice.
  auto again = testing::await<StoreResult<GameFinish>>(
      [&](auto done) { store->finish_game(rated_game("g1", "second", 1000), std::nullopt, done); });
  EXPECT_EQ(again.error.code, StoreErrc::conflict);
  auto all = testing::await<StoreResult<std::vector<PlayerRating>>>([&](auto done) { store->load_ratings(done); });
  ASSERT_TRUE(all.error.ok());
  ASSERT_EQ(all.value->size(), 2u);
  for (const auto& r : *all.value) {
    EXPECT_EQ(r.games, 1);
    EXPECT_EQ(r.wins, r.player == "bob" ? 1 : 0);
    EXPECT_EQ(r.losses, r.player == "alice" ? 1 : 0);
  }
  // No account in this store: the profile is a guest's, without ratings.
  auto profile = testing::await<StoreResult<PlayerProfile>>([&](auto done) { store->get_profile("bob", done); });
  ASSERT_TRUE(profile.error.ok());
  EXPECT_FALSE(profile.value->registered);
  EXPECT_TRUE(profile.value->ratings.empty());
  EXPECT_EQ(profile.value->recent.size(), 1u);
}

TEST_P(StoreRatings, CasualGameWritesNoRating) {
  GameRecord g = rated_game("g1", "first", 1000);
  g.rated = false;
  auto finished =
      testing::await<StoreResult<GameFinish>>([&](auto done) { store->finish_game(g, std::nullopt, done); });
  ASSERT_TRUE(finished.error.ok());
  EXPECT_FALSE(finished.value->rating_changes);
  auto all = testing::await<StoreResult<std::vector<PlayerRating>>>([&](auto done) { store->load_ratings(done); });
  EXPECT_TRUE(all.value->empty());
}

TEST_P(StoreRatings, RatingsSurviveReopeningAndFeedTheLeaderboard) {
  // Many games: alice's rd falls below 110 (not provisional), so she is listed.
  for (int i = 0; i < 30; ++i) {
    auto r = testing::await<StoreResult<GameFinish>>([&](auto done) {
      store->finish_game(rated_game("g" + std::to_string(i), i % 3 ? "first" : "second", 1000 + i), std::nullopt, done);
    });
    ASSERT_TRUE(r.error.ok()) << r.error.message;
  }
  store.reset();
  store = open();
  auto all = testing::await<StoreResult<std::vector<PlayerRating>>>([&](auto done) { store->load_ratings(done); });
  ASSERT_EQ(all.value->size(), 2u);
  auto board = testing::await<StoreResult<std::vector<PlayerRating>>>(
      [&](auto done) { store->leaderboard("tablut", 10, done); });
  ASSERT_TRUE(board.error.ok());
  ASSERT_EQ(board.value->size(), 2u);
  EXPECT_EQ((*board.value)[0].player, "alice");  // won two in three
  EXPECT_GT((*board.value)[0].rating, (*board.value)[1].rating);
  EXPECT_EQ((*board.value)[0].games, 30);
  auto history = testing::await<StoreResult<std::vector<RatingHistoryEntry>>>(
      [&](auto done) { store->rating_history("alice", "tablut", done); });
  EXPECT_EQ(history.value->size(), 30u);
  EXPECT_EQ(testing::await<StoreResult<std::vector<PlayerRating>>>([&](auto done) {
              store->leaderboard("chess", 10, done);
            }).error.code,
            StoreErrc::invalid_query);
  EXPECT_EQ(
      testing::await<StoreResult<PlayerProfile>>([&](auto done) { store->get_profile("nobody", done); }).error.code,
      StoreErrc::not_found);
}

}  // namespace
}  // namespace bh::storage
