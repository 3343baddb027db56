// The opening explorer's index in the store (docs/explorer.md; SQLite schema 15,
// PostgreSQL 7): written with the game, summed per move, filtered, and written again by
// --reindex's calls to the same counts. The lines here are made by hand (the store knows
// no rules); explorer/opening_line.hpp's tests check the keys the rules give.
#include <gtest/gtest.h>

#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage {
namespace {

using namespace bh::storage::testing;

constexpr std::int64_t kMarch2024 = 1710460800000;  // 2024-03-15 UTC
constexpr std::int64_t kMay2024 = 1714521600000;    // 2024-05-01 UTC

// A game through the positions `positions` by the moves `moves` (one each).
GameRecord game_through(const std::string& id, std::int64_t ended_ms, const std::string& result,
                        const std::vector<std::int64_t>& positions, const std::vector<std::string>& moves) {
  GameRecord g = sample_game(id, ended_ms, "tablut", "ann", "bob", result);
  g.moves.clear();
  for (const auto& m : moves) g.moves.push_back({m, -1, -1, ended_ms});
  g.opening = {"tablut", positions};
  return g;
}

StoreResult<ExplorerPosition> explore(Store& store, ExplorerQuery query) {
  return await<StoreResult<ExplorerPosition>>([&](auto done) { store.explore(std::move(query), done); });
}

ExplorerQuery at(std::int64_t position) {
  ExplorerQuery q;
  q.variant = "tablut";
  q.position = position;
  return q;
}

TEST_P(StoreArchive, TheExplorerCountsEachMovePlayedFromAPositionWithItsResults) {
  ASSERT_TRUE(save(*store, game_through("g1", kMarch2024, "first", {100, 200}, {"e1-e4", "d9-d5"})).ok());
  ASSERT_TRUE(save(*store, game_through("g2", kMarch2024 + 1000, "second", {100, 201}, {"e1-e4", "f9-f5"})).ok());
  ASSERT_TRUE(save(*store, game_through("g3", kMarch2024 + 2000, "draw", {100}, {"a4-a2"})).ok());
  // Another variant's position of the same number is another position.
  GameRecord other = game_through("g4", kMarch2024 + 3000, "first", {100}, {"e1-e4"});
  other.opening.variant = "brandubh";
  ASSERT_TRUE(save(*store, other).ok());

  const auto found = explore(*store, at(100));
  ASSERT_TRUE(found.error.ok()) << found.error.message;
  ASSERT_EQ(found.value->moves.size(), 2u);
  const ExplorerMove& most = found.value->moves[0];  // most played first
  EXPECT_EQ(most.move, "e1-e4");
  EXPECT_EQ(most.games, 2);
  EXPECT_EQ(most.first, 1);
  EXPECT_EQ(most.second, 1);
  EXPECT_EQ(most.draws, 0);
  EXPECT_EQ(most.last_game, "g2");  // its newest game
  EXPECT_EQ(most.rated_games, 0);
  EXPECT_EQ(found.value->moves[1].move, "a4-a2");
  EXPECT_EQ(found.value->moves[1].draws, 1);
  // The examples: the newest game of each move, newest first, as the archive lists them.
  EXPECT_EQ(ids(found.value->examples), (std::vector<std::string>{"g3", "g2"}));
  EXPECT_EQ(found.value->examples[0].result, "draw");

  const auto deeper = explore(*store, at(200));
  ASSERT_TRUE(deeper.error.ok());
  ASSERT_EQ(deeper.value->moves.size(), 1u);
  EXPECT_EQ(deeper.value->moves[0].move, "d9-d5");
  EXPECT_TRUE(explore(*store, at(999)).value->moves.empty());
}

TEST_P(StoreArchive, TheExplorerFiltersBySourceRatingBandAndMonth) {
  GameRecord rated = game_through("g1", kMarch2024, "first", {100}, {"e1-e4"});
  rated.rated = true;  // both players new: 1500 each before it, band 15
  ASSERT_TRUE(save(*store, rated).ok());
  GameRecord imported = game_through("i1", kMay2024, "second", {100}, {"e1-e4"});
  imported.imported = true;
  imported.content_hash = std::string(64, 'c');
  ASSERT_TRUE(save(*store, imported).ok());

  auto count = [&](ExplorerQuery q) {
    const auto found = explore(*store, q);
    EXPECT_TRUE(found.error.ok()) << found.error.message;
    return found.value && !found.value->moves.empty() ? found.value->moves[0].games : 0;
  };
  EXPECT_EQ(count(at(100)), 2);
  auto here = at(100);
  here.imported = false;
  EXPECT_EQ(count(here), 1);
  auto from_files = at(100);
  from_files.imported = true;
  EXPECT_EQ(count(from_files), 1);

  auto band = at(100);  // [1500, 1600): the rated game only; unrated games have no band
  band.min_rating = 1500;
  band.max_rating = 1600;
  EXPECT_EQ(count(band), 1);
  const auto rated_found = explore(*store, band);
  EXPECT_EQ(rated_found.value->moves[0].rated_games, 1);
  EXPECT_DOUBLE_EQ(rated_found.value->moves[0].rating_sum, 1500);
  band.min_rating = 1600;
  band.max_rating = 2000;
  EXPECT_EQ(count(band), 0);
  auto below = at(100);
  below.max_rating = 1500;
  EXPECT_EQ(count(below), 0);

  auto may = at(100);
  may.since_month = 202405;
  EXPECT_EQ(count(may), 1);
  auto march = at(100);
  march.since_month = 202403;
  march.until_month = 202403;
  EXPECT_EQ(count(march), 1);
  march.until_month = 202405;
  EXPECT_EQ(count(march), 2);
}

TEST_P(StoreArchive, AGameBackInAPositionCountsOnceForAMoveItPlaysAgain) {
  // a, b, a, b: the same two moves from the same two positions, twice.
  ASSERT_TRUE(save(*store, game_through("g1", kMarch2024, "draw", {1, 2, 1, 2, 1},
                                        {"a1-a2", "b1-b2", "a1-a2", "b1-b2", "c1-c2"}))
                  .ok());
  const auto found = explore(*store, at(1));
  ASSERT_TRUE(found.error.ok());
  ASSERT_EQ(found.value->moves.size(), 2u);
  EXPECT_EQ(found.value->moves[0].move, "a1-a2");
  EXPECT_EQ(found.value->moves[0].games, 1);
  EXPECT_EQ(found.value->moves[1].move, "c1-c2");
}

TEST_P(StoreArchive, GamesWithoutALineOrAResultAreNotInTheExplorer) {
  GameRecord no_line = game_through("g1", kMarch2024, "first", {}, {"e1-e4"});
  no_line.opening = {};
  ASSERT_TRUE(save(*store, no_line).ok());
  ASSERT_TRUE(save(*store, game_through("g2", kMarch2024, "aborted", {100}, {"e1-e4"})).ok());
  EXPECT_TRUE(explore(*store, at(100)).value->moves.empty());
}

TEST_P(StoreArchive, TheExplorerIndexedAgainHoldsTheSameCounts) {
  GameRecord rated = game_through("g1", kMarch2024, "first", {100, 200}, {"e1-e4", "d9-d5"});
  rated.rated = true;
  ASSERT_TRUE(save(*store, rated).ok());
  ASSERT_TRUE(save(*store, game_through("g2", kMay2024, "second", {100}, {"a4-a2"})).ok());
  const std::string rows =
      "SELECT position, variant, move, source, band, month, games, first, draws, second, "
      "rated_games, rating_sum, last_ms, last_game FROM explorer_moves ORDER BY 1, 3";
  const auto before = sql(*store, rows);
  ASSERT_EQ(before.size(), 3u);
  ASSERT_TRUE(await<StoreError>([&](auto done) { store->clear_explorer(done); }).ok());
  EXPECT_TRUE(sql(*store, rows).empty());
  for (const std::string id : {"g1", "g2"}) {
    GameRecord back = *get(*store, id).value;  // the store gives no line back: it is the rules'
    EXPECT_TRUE(back.opening.positions.empty());
    back.opening = id == std::string("g1") ? rated.opening : OpeningLine{"tablut", {100}};
    ASSERT_TRUE(await<StoreError>([&](auto done) { store->index_opening(back, done); }).ok());
  }
  EXPECT_EQ(sql(*store, rows), before);  // the rated game filed under its ratings before it, again
}

TEST_P(StoreArchive, AnExplorerQueryWithABadFilterIsRefused) {
  auto q = at(100);
  q.since_month = 202405;
  q.until_month = 202403;
  EXPECT_EQ(explore(*store, q).error.code, StoreErrc::invalid_query);
  q = at(100);
  q.since_month = 202413;
  EXPECT_EQ(explore(*store, q).error.code, StoreErrc::invalid_query);
  q = at(100);
  q.min_rating = 1800;
  q.max_rating = 1600;
  EXPECT_EQ(explore(*store, q).error.code, StoreErrc::invalid_query);
  q = at(100);
  q.variant.clear();
  EXPECT_EQ(explore(*store, q).error.code, StoreErrc::invalid_query);
}

}  // namespace
}  // namespace bh::storage
