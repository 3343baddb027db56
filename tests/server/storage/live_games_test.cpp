// Live games in every store (StoreLiveGames, store_backend.hpp): headers and moves
// written as they come, read back whole at start-up, forgotten when the game is
// archived. And the SQLite store's own: its moves collected after their games end, and
// the probe that finds a failed store working again when nothing else writes.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage::testing {
namespace {

using namespace std::chrono_literals;

LiveGame sample_live(const std::string& id) {
  LiveGame g;
  g.game_id = id;
  g.room_id = "r-" + id;
  g.match_id = "m-" + id;
  g.game = "tablut";
  g.options = {{"size", "9"}, {"odd \"key\"", "x\ny"}};
  g.clock = ClockSpec{60000, 1000};
  g.creator_side = "random";
  g.is_private = true;
  g.invite_code = "abcd1234";
  g.games = 3;
  g.game_number = 2;
  // Each game its own players: a player sits in one live game at a time (on PostgreSQL,
  // a key: pg_live.hpp).
  g.seats = {LiveSeat{"ann-" + id, "tok-ann-" + id, false, 1.0}, LiveSeat{"bob-" + id, "tok-bob-" + id, true, 0.0}};
  g.first_seat = 1;
  g.started_ms = 1000;
  return g;
}

StoreError save_live(Store& store, LiveUpdate update) {
  return await<StoreError>([&](auto done) { store.save_live(std::move(update), done); });
}
StoreResult<std::vector<LiveGame>> load_live(Store& store) {
  return await<StoreResult<std::vector<LiveGame>>>([&](auto done) { store.load_live(done); });
}
MoveRecord move(const std::string& text, std::int64_t at) { return {text, 59000, 60000, at}; }

TEST_P(StoreLiveGames, HeaderAndMovesComeBackWhole) {
  LiveGame expected = sample_live("g1");
  ASSERT_TRUE(save_live(*store, {expected, "", 1, {}}).ok());
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g1", 1, {move("f9-f8", 1)}}).ok());
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g1", 2, {move("d5-d4", 2), move("i6-g6", 3)}}).ok());
  store.reset();
  store = open();  // as after a restart
  auto loaded = load_live(*store);
  ASSERT_TRUE(loaded.error.ok()) << loaded.error.message;
  expected.moves = {move("f9-f8", 1), move("d5-d4", 2), move("i6-g6", 3)};
  ASSERT_EQ(loaded.value->size(), 1u);
  EXPECT_EQ(loaded.value->front(), expected);
}

// The seats' absence deadlines (docs/protocol.md, "Restarts"): with the header, then
// alone, both kept across a reopening; an update for a game not stored changes nothing.
TEST_P(StoreLiveGames, AbsenceDeadlinesAreKeptWithTheHeaderAndAlone) {
  LiveGame g = sample_live("g1");
  g.absent_until_ms = {0, 5000};
  {
    ASSERT_TRUE(save_live(*store, {g, "", 1, {}}).ok());
    auto loaded = load_live(*store);
    ASSERT_TRUE(loaded.error.ok()) << loaded.error.message;
    EXPECT_EQ(loaded.value->at(0).absent_until_ms, (std::array<std::int64_t, 2>{0, 5000}));
    LiveUpdate alone;
    alone.game_id = "g1";
    alone.absent_until_ms = std::array<std::int64_t, 2>{7000, 0};
    ASSERT_TRUE(save_live(*store, alone).ok());
    alone.game_id = "g-unknown";
    EXPECT_TRUE(save_live(*store, alone).ok());
  }
  store.reset();
  store = open();
  auto loaded = load_live(*store);
  ASSERT_TRUE(loaded.error.ok()) << loaded.error.message;
  ASSERT_EQ(loaded.value->size(), 1u);
  EXPECT_EQ(loaded.value->at(0).absent_until_ms, (std::array<std::int64_t, 2>{7000, 0}));
}

TEST_P(StoreLiveGames, RewrittenPliesReplaceAndAGapEndsTheMoves) {
  ASSERT_TRUE(save_live(*store, {sample_live("g1"), "", 1, {move("a", 1), move("b", 2)}}).ok());
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g1", 2, {move("B", 2), move("c", 3)}}).ok());
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g1", 5, {move("e", 5)}}).ok());  // ply 4 was lost
  auto loaded = load_live(*store);
  ASSERT_EQ(loaded.value->size(), 1u);
  const auto& moves = loaded.value->front().moves;
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[1].text, "B");
  EXPECT_EQ(moves[2].text, "c");
}

TEST_P(StoreLiveGames, TakenBackPliesAreDroppedAndAMovePlayedThereAgainWins) {
  auto texts = [&] {
    std::vector<std::string> out;
    auto loaded = load_live(*store);
    EXPECT_TRUE(loaded.error.ok()) << loaded.error.message;
    if (loaded.error.ok() && !loaded.value->empty())
      for (const auto& m : loaded.value->front().moves) out.push_back(m.text);
    return out;
  };
  ASSERT_TRUE(
      save_live(*store, {sample_live("g1"), "", 1, {move("a", 1), move("b", 2), move("c", 3), move("d", 4)}}).ok());
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g1", 3, {}, 4}).ok());  // two plies taken back
  EXPECT_EQ(texts(), (std::vector<std::string>{"a", "b"}));
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g1", 3, {move("C", 3)}}).ok());
  EXPECT_EQ(texts(), (std::vector<std::string>{"a", "b", "C"}));  // d stays taken back
  // A takeback and the move played instead, in one write.
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g1", 2, {move("B", 2)}, 3}).ok());
  EXPECT_EQ(texts(), (std::vector<std::string>{"a", "B"}));
  store.reset();
  store = open();  // as after a restart
  EXPECT_EQ(texts(), (std::vector<std::string>{"a", "B"}));
}

TEST_P(StoreLiveGames, MovesWithoutAStoredHeaderAreRefused) {
  EXPECT_EQ(save_live(*store, {std::nullopt, "nobody", 1, {move("a", 1)}}).code, StoreErrc::invalid_query);
  EXPECT_EQ(save_live(*store, {std::nullopt, "", 1, {}}).code, StoreErrc::invalid_query);
  EXPECT_TRUE(store->healthy());  // a job's own problem, not the disk's
  EXPECT_TRUE(load_live(*store).value->empty());
}

// The store remembers which headers are committed, so a move skips looking its header
// up; a game archived (its header deleted) refuses moves again at once. (A header is
// remembered only after its transaction commits.)
TEST_P(StoreLiveGames, MovesOfAnArchivedGameAreRefusedThoughTheirHeaderWasKnown) {
  ASSERT_TRUE(save_live(*store, {sample_live("g1"), "", 1, {move("a", 1)}}).ok());
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g1", 2, {move("b", 2)}}).ok());  // known now
  ASSERT_TRUE(save(*store, sample_game("g1", 5000)).ok());
  EXPECT_EQ(save_live(*store, {std::nullopt, "g1", 3, {move("c", 3)}}).code, StoreErrc::invalid_query);
  EXPECT_TRUE(load_live(*store).value->empty());
  // Deleted behind the store's back (run_sql): looked up again, and refused.
  ASSERT_TRUE(save_live(*store, {sample_live("g2"), "", 1, {move("a", 1)}}).ok());
  ASSERT_TRUE(save_live(*store, {std::nullopt, "g2", 2, {move("b", 2)}}).ok());
  sql(*store, "DELETE FROM live_games WHERE game_id = 'g2'");
  EXPECT_EQ(save_live(*store, {std::nullopt, "g2", 3, {move("c", 3)}}).code, StoreErrc::invalid_query);
}

TEST_P(StoreLiveGames, ArchivingTheGameForgetsItInTheSameTransaction) {
  ASSERT_TRUE(save_live(*store, {sample_live("g1"), "", 1, {move("a", 1)}}).ok());
  ASSERT_TRUE(save_live(*store, {sample_live("g2"), "", 1, {move("b", 1)}}).ok());
  ASSERT_TRUE(save(*store, sample_game("g1", 5000)).ok());
  auto loaded = load_live(*store);
  ASSERT_EQ(loaded.value->size(), 1u);
  EXPECT_EQ(loaded.value->front().game_id, "g2");
  EXPECT_EQ(sql(*store, "SELECT count(*) FROM live_moves WHERE game_id = 'g1'"), std::vector<std::string>{"0"});
  // A failed archive write keeps the live game: it is not lost either way.
  ASSERT_EQ(save(*store, sample_game("g1", 5000)).code, StoreErrc::conflict);
  ASSERT_EQ(save(*store,
                 [] {
                   GameRecord bad = sample_game("g2", 6000);
                   bad.result = "nonsense";
                   return bad;
                 }())
                .code,
            StoreErrc::invalid_query);
  EXPECT_EQ(load_live(*store).value->size(), 1u);
}

TEST_P(StoreLiveGames, AMatchGoesFromOneGameToTheNextInOneTransaction) {
  ASSERT_TRUE(save_live(*store, {sample_live("g1"), "", 1, {move("a", 1)}}).ok());
  LiveGame next = sample_live("g2");
  next.game_number = 3;
  const auto finished =
      await<StoreError>([&](auto done) { store->finish_live_game(sample_game("g1", 5000), next, done); });
  ASSERT_TRUE(finished.ok()) << finished.message;
  auto loaded = load_live(*store);
  ASSERT_EQ(loaded.value->size(), 1u);
  EXPECT_EQ(loaded.value->front(), next);
  EXPECT_TRUE(get(*store, "g1").error.ok());
  // A failing archive write leaves both as they were: g1 live, no g2.
  ASSERT_TRUE(save_live(*store, {sample_live("g3"), "", 1, {}}).ok());
  LiveGame after = sample_live("g4");
  GameRecord bad = sample_game("g3", 6000);
  bad.result = "nonsense";
  EXPECT_EQ(await<StoreError>([&](auto done) { store->finish_live_game(bad, after, done); }).code,
            StoreErrc::invalid_query);
  std::vector<std::string> ids;
  const auto still = load_live(*store);
  for (const auto& g : *still.value) ids.push_back(g.game_id);
  EXPECT_EQ(ids, (std::vector<std::string>{"g2", "g3"}));
}

TEST(LiveGames, MovesOfFinishedGamesAreCollectedAndLiveOnesKept) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  for (int g = 0; g < 200; ++g) {
    const std::string id = "g" + std::to_string(g);
    ASSERT_TRUE(save_live(*store, {sample_live(id), "", 1, {}}).ok());
    for (int ply = 1; ply <= 5; ++ply)
      ASSERT_TRUE(save_live(*store, {std::nullopt, id, ply, {move("m" + std::to_string(ply), ply)}}).ok());
  }
  for (int g = 0; g < 200; g += 4)  // a quarter stays live
    for (int k = 1; k < 4; ++k) ASSERT_TRUE(save(*store, sample_game("g" + std::to_string(g + k), 5000 + g + k)).ok());
  // Each write batch collects at least 64 rows: a few dozen writes go round the table.
  for (int i = 0; i < 40; ++i) ASSERT_TRUE(create(*store, Account{"u" + std::to_string(i), "s", "h", 1, 1}).ok());
  EXPECT_EQ(sql_rows(*store, "SELECT count(*) FROM live_moves"), std::vector<std::string>{"250"});
  auto loaded = load_live(*store);
  ASSERT_EQ(loaded.value->size(), 50u);
  for (const auto& g : *loaded.value) EXPECT_EQ(g.moves.size(), 5u) << g.game_id;
}

TEST(LiveGames, AFailedStoreProbesItselfBackToHealthWhenIdle) {
  TempDir dir;
  SqliteOptions options;
  options.probe_interval_ms = 20;
  std::vector<std::string> lines;
  std::mutex lines_mutex;
  options.log = [&](const std::string& line) {
    std::lock_guard lock(lines_mutex);
    lines.push_back(line);
  };
  auto store = open_store(dir.file("a.db"), options);
  // The store's file is made read-only behind its back: the next write fails.
  sql_rows(*store, "PRAGMA query_only = 1");
  EXPECT_EQ(save_live(*store, {sample_live("g1"), "", 1, {}}).code, StoreErrc::unavailable);
  EXPECT_FALSE(store->healthy());
  std::this_thread::sleep_for(100ms);
  EXPECT_FALSE(store->healthy());  // probes keep failing, quietly
  sql_rows(*store, "PRAGMA query_only = 0");
  // Reads keep coming more often than the probe interval: they must not hold it off.
  for (int i = 0; i < 200 && !store->healthy(); ++i) {
    (void)find(*store, "nobody");
    std::this_thread::sleep_for(5ms);
  }
  EXPECT_TRUE(store->healthy());
  std::lock_guard lock(lines_mutex);
  ASSERT_EQ(lines.size(), 2u) << "one line when it fails, one when it recovers";
  EXPECT_NE(lines[1].find("recovered"), std::string::npos) << lines[1];
}

}  // namespace
}  // namespace bh::storage::testing

namespace bh::storage::testing {
namespace {

// A correspondence game (docs/correspondence.md): its time control with the header, its
// deadline with each move's write, both back after a reopening; the time control kept in
// the archive record and its list entry. (SQLite only: a cluster plays none yet.)
TEST(LiveGames, ACorrespondenceGameKeepsItsTimeControlAndDeadline) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  LiveGame g = sample_live("g1");
  g.clock.reset();
  g.correspondence = "days 3";
  LiveUpdate header{g, "", 1, {}};
  header.deadline_ms = 5000;
  ASSERT_TRUE(save_live(*store, header).ok());
  LiveUpdate first{std::nullopt, "g1", 1, {move("f9-f8", 1)}};
  first.deadline_ms = 9000;
  ASSERT_TRUE(save_live(*store, first).ok());
  // Its standing offers, kept between moves (a draw offered by the first side, the
  // second asking to take back one ply).
  LiveUpdate offers;
  offers.game_id = "g1";
  offers.offers = LiveOffers{0, 1, 1};
  ASSERT_TRUE(save_live(*store, offers).ok());
  store.reset();
  store = open_store(dir.file("a.db"));
  auto loaded = load_live(*store);
  ASSERT_TRUE(loaded.error.ok()) << loaded.error.message;
  ASSERT_EQ(loaded.value->size(), 1u);
  EXPECT_EQ(loaded.value->at(0).correspondence, "days 3");
  EXPECT_EQ(loaded.value->at(0).deadline_ms, 9000);
  EXPECT_EQ(loaded.value->at(0).offers, (LiveOffers{0, 1, 1}));
  EXPECT_FALSE(loaded.value->at(0).clock);

  GameRecord record = sample_game("g1", 20'000);
  record.clock.reset();
  record.correspondence = "bank 7 12 2";
  ASSERT_TRUE(save(*store, record).ok());
  auto back = get(*store, "g1");
  ASSERT_TRUE(back.error.ok()) << back.error.message;
  EXPECT_EQ(back.value->correspondence, "bank 7 12 2");
  const auto listed = list_all(*store, {});
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].correspondence, "bank 7 12 2");
  EXPECT_TRUE(load_live(*store).value->empty());  // archived: no longer live
}

// An idle correspondence game is read back alone when a player opens it
// (load_live_game): its moves through their own index, the takebacks applied, the same
// game load_live gives; a live game beside it, and a game not there (not_found).
TEST(LiveGames, OneCorrespondenceGameIsReadBackAloneAsTheWholeLoadHasIt) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  LiveGame slow = sample_live("c1");
  slow.clock.reset();
  slow.correspondence = "days 1";
  LiveGame fast = sample_live("g2");
  ASSERT_TRUE(save_live(*store, {fast, "", 1, {}}).ok());
  LiveUpdate header{slow, "", 1, {}};
  header.correspondence = true;
  ASSERT_TRUE(save_live(*store, header).ok());
  // The two games' moves interleaved, and the correspondence game's last two taken back
  // and one played again.
  for (int ply = 1; ply <= 4; ++ply) {
    LiveUpdate corr{std::nullopt, "c1", ply, {move("c" + std::to_string(ply), ply)}};
    corr.correspondence = true;
    corr.deadline_ms = 1000 * ply;
    ASSERT_TRUE(save_live(*store, corr).ok());
    ASSERT_TRUE(save_live(*store, {std::nullopt, "g2", ply, {move("g" + std::to_string(ply), ply)}}).ok());
  }
  LiveUpdate takeback{std::nullopt, "c1", 3, {move("again", 9)}};
  takeback.erase_through = 4;
  takeback.correspondence = true;
  ASSERT_TRUE(save_live(*store, takeback).ok());
  store.reset();
  store = open_store(dir.file("a.db"));
  const auto all = load_live(*store);
  ASSERT_TRUE(all.error.ok()) << all.error.message;
  ASSERT_EQ(all.value->size(), 2u);
  for (const auto& expected : *all.value) {
    auto one = await<StoreResult<LiveGame>>([&](auto done) { store->load_live_game(expected.game_id, done); });
    ASSERT_TRUE(one.error.ok()) << one.error.message;
    EXPECT_EQ(*one.value, expected);
  }
  auto slow_back = await<StoreResult<LiveGame>>([&](auto done) { store->load_live_game("c1", done); });
  EXPECT_EQ(slow_back.value->moves, (std::vector<MoveRecord>{move("c1", 1), move("c2", 2), move("again", 9)}));
  auto none = await<StoreResult<LiveGame>>([&](auto done) { store->load_live_game("nope", done); });
  EXPECT_EQ(none.error.code, StoreErrc::not_found);
}

}  // namespace
}  // namespace bh::storage::testing
