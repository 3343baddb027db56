// Tournaments in every store (tournaments.hpp, docs/tournaments.md; a suite of
// store_backend.hpp, so SQLite and PostgreSQL alike): a step's rows come back whole; a played game's result is the
// archive's (also when the tournament's own row never got it); the listing is newest first and leaves private ones out;
// the archive's tournament filter lists its games alone.
#include <gtest/gtest.h>

#include "storage/tournaments.hpp"
#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage::testing {
namespace {

using tournament::Outcome;

tournament::Tournament sample(const std::string& id, std::int64_t created_ms) {
  tournament::Tournament t;
  t.id = id;
  t.settings.name = "Cup " + id;
  t.settings.format = tournament::Format::swiss;
  t.settings.game = "tablut";
  t.settings.options = {{"size", "9"}};
  t.settings.time = {300'000, 2'000, 0};
  t.settings.rounds = 4;
  t.settings.creator = "ann";
  t.status = tournament::Status::running;
  t.round = 1;
  t.created_ms = created_ms;
  t.started_ms = created_ms + 10;
  t.players = {{"ann", 1, 1600, 0, -1, false}, {"bob", 2, 1500, 0, -1, false}, {"cid", 3, 1400, 0, 1, true}};
  t.games = {{1, 0, 1, 2, "g-" + id, std::nullopt}, {1, 0, 3, 0, "", Outcome::bye}};
  return t;
}

Tournaments& of(Store& store) {
  auto* tournaments = dynamic_cast<Tournaments*>(&store);
  if (!tournaments) ADD_FAILURE() << "this store keeps no tournaments";
  return *tournaments;
}

StoreError save(Store& store, const tournament::Tournament& t) {
  return await<StoreError>([&](auto done) { of(store).save_tournament({t, t.players, t.games}, done); });
}

TEST_P(StoreTournaments, AStepsRowsComeBackWholeAndAnUnfinishedOneIsLoadedAtStart) {
  const auto t = sample("t1", 1000);
  ASSERT_TRUE(save(*store, t).ok());
  auto got = await<StoreResult<tournament::Tournament>>([&](auto done) { of(*store).get_tournament("t1", done); });
  ASSERT_TRUE(got.error.ok()) << got.error.message;
  EXPECT_EQ(*got.value, t);
  auto loaded =
      await<StoreResult<std::vector<tournament::Tournament>>>([&](auto d) { of(*store).load_tournaments(d); });
  ASSERT_TRUE(loaded.error.ok());
  ASSERT_EQ(loaded.value->size(), 1u);
  EXPECT_EQ(loaded.value->front(), t);
  auto missing = await<StoreResult<tournament::Tournament>>([&](auto done) { of(*store).get_tournament("t9", done); });
  EXPECT_EQ(missing.error.code, StoreErrc::not_found);
}

TEST_P(StoreTournaments, APlayedGamesResultIsTheArchivesEvenWhenTheTournamentNeverWroteIt) {
  auto t = sample("t1", 1000);
  ASSERT_TRUE(save(*store, t).ok());
  // The server stopped after the game's archive, before the tournament's own write.
  ASSERT_TRUE(storage::testing::save(*store, sample_game("g-t1", 5000, "tablut", "ann", "bob", "second")).ok());
  auto got = await<StoreResult<tournament::Tournament>>([&](auto done) { of(*store).get_tournament("t1", done); });
  ASSERT_TRUE(got.error.ok());
  EXPECT_EQ(got.value->games[0].outcome, Outcome::second_won);
  EXPECT_EQ(got.value->games[1].outcome, Outcome::bye);
  // The archive wins over a row that says otherwise.
  t.games[0].outcome = Outcome::draw;
  ASSERT_TRUE(save(*store, t).ok());
  got = await<StoreResult<tournament::Tournament>>([&](auto done) { of(*store).get_tournament("t1", done); });
  EXPECT_EQ(got.value->games[0].outcome, Outcome::second_won);
  // The archived game knows its tournament (an exported record's Event and Round).
  auto game = await<StoreResult<GameRecord>>([&](auto done) { store->get_game("g-t1", done); });
  ASSERT_TRUE(game.error.ok()) << game.error.message;
  EXPECT_EQ(game.value->tournament_name, "Cup t1");
  EXPECT_EQ(game.value->tournament_round, 1);
  // And the archive's filter lists the tournament's games alone.
  ASSERT_TRUE(storage::testing::save(*store, sample_game("g-other", 6000)).ok());
  ArchiveQuery q;
  q.tournament = "t1";
  EXPECT_EQ(ids(list_all(*store, q)), std::vector<std::string>{"g-t1"});
  q.tournament = "t-none";
  EXPECT_TRUE(list_all(*store, q).empty());
}

// A director taking over (cluster mode) makes only the paired games no node has live.
TEST_P(StoreTournaments, TheLiveGamesOfTournamentsUnderWayAreListed) {
  auto t = sample("t1", 1000);
  t.games.push_back({1, 0, 2, 1, "g-unmade", std::nullopt});
  ASSERT_TRUE(save(*store, t).ok());
  ASSERT_TRUE(await<StoreError>([&](auto done) { store->save_live({live_header("g-t1"), "", 1, {}}, done); }).ok());
  ASSERT_TRUE(await<StoreError>([&](auto done) { store->save_live({live_header("g-free"), "", 1, {}}, done); }).ok());
  auto live = await<StoreResult<std::vector<std::string>>>([&](auto d) { of(*store).live_tournament_games(d); });
  ASSERT_TRUE(live.error.ok()) << live.error.message;
  EXPECT_EQ(*live.value, std::vector<std::string>{"g-t1"});
}

TEST_P(StoreTournaments, ListingIsNewestFirstByStatusAndLeavesPrivateOnesOut) {
  auto a = sample("ta", 1000);
  auto b = sample("tb", 2000);
  b.status = tournament::Status::finished;
  auto c = sample("tc", 3000);
  c.settings.is_private = true;
  for (const auto& t : {a, b, c}) ASSERT_TRUE(save(*store, t).ok());
  const auto list = [&](std::optional<tournament::Status> status) {
    TournamentQuery q;
    q.status = status;
    auto found = await<StoreResult<std::vector<tournament::Tournament>>>(
        [&](auto done) { of(*store).list_tournaments(q, done); });
    std::vector<std::string> out;
    for (const auto& t : found.value.value_or(std::vector<tournament::Tournament>{})) out.push_back(t.id);
    return out;
  };
  EXPECT_EQ(list(std::nullopt), (std::vector<std::string>{"tb", "ta"}));
  EXPECT_EQ(list(tournament::Status::finished), std::vector<std::string>{"tb"});
  auto loaded =
      await<StoreResult<std::vector<tournament::Tournament>>>([&](auto d) { of(*store).load_tournaments(d); });
  EXPECT_EQ(loaded.value->size(), 2u);  // the unfinished ones, private too
}

}  // namespace
}  // namespace bh::storage::testing
