// Cluster mode's ownership of live games on PostgreSQL (docs/cluster.md, "Ownership"):
// each start of a node holds a lease; a node whose lease lapsed loses its games to the
// survivors, and whatever it writes of them afterwards is fenced (nothing written); a
// node that restarts, or is stopped, hands its games over at once.
#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <thread>

#include "pg_backend.hpp"
#include "storage/pg/pg_store.hpp"
#include "storage_test_util.hpp"
#include "tournament/tournament.hpp"

namespace bh::storage::testing {
namespace {

using namespace std::chrono_literals;

class PgOwnershipTest : public PgNodesTest {
 protected:
  // What a node adopts, gathered.
  struct Adopted {
    std::mutex mutex;
    std::vector<LiveGame> games;
    std::size_t count() {
      std::lock_guard lock(mutex);
      return games.size();
    }
    // Waits up to `limit` for `n` games.
    bool wait_for(std::size_t n, std::chrono::milliseconds limit = 10s) {
      for (auto until = std::chrono::steady_clock::now() + limit; std::chrono::steady_clock::now() < until;) {
        if (count() >= n) return true;
        std::this_thread::sleep_for(20ms);
      }
      return count() >= n;
    }
  };
  static void adopt_into(PgStore& store, Adopted& adopted) {
    store.adopt_lapsed([&adopted](std::vector<LiveGame> games) {
      std::lock_guard lock(adopted.mutex);
      for (auto& g : games) adopted.games.push_back(std::move(g));
    });
  }
  static StoreError write(PgStore& store, LiveUpdate update) {
    return await<StoreError>([&](auto done) { store.save_live(std::move(update), done); });
  }
  static std::vector<LiveGame> loaded(PgStore& store) {
    auto result = await<StoreResult<std::vector<LiveGame>>>([&](auto done) { store.load_live(done); });
    EXPECT_TRUE(result.error.ok()) << result.error.message;
    return result.value.value_or(std::vector<LiveGame>{});
  }
};

LiveGame header(const std::string& id) {
  LiveGame live;
  live.game_id = id;
  live.room_id = "r-" + id;
  live.game = "tablut";
  live.creator_side = "first";
  // Each game its own players: one seat at a time (a key: pg_live.hpp).
  live.seats = {LiveSeat{"ann-" + id, "t1-" + id, false, 0.0}, LiveSeat{"bob-" + id, "t2-" + id, false, 0.0}};
  return live;
}

LiveUpdate moves(const std::string& id, int first_ply, std::vector<std::string> texts) {
  LiveUpdate update{std::nullopt, id, first_ply, {}};
  for (auto& text : texts) update.moves.push_back(MoveRecord{text, -1, -1, 5});
  return update;
}

TEST_F(PgOwnershipTest, EachStartTakesANewEpochAndOwnsTheGamesItWrites) {
  auto a = node("a");
  auto b = node("b");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_GT(a->epoch(), 0);
  EXPECT_GT(b->epoch(), a->epoch());
  ASSERT_TRUE(write(*a, {header("g1"), "", 1, {MoveRecord{"a4-a3", -1, -1, 5}}}).ok());
  EXPECT_EQ(sql("SELECT owner_epoch FROM live_games WHERE game_id = 'g1'"),
            std::vector<std::string>{std::to_string(a->epoch())});
  // Each node loads only its own games.
  EXPECT_EQ(loaded(*a).size(), 1u);
  EXPECT_TRUE(loaded(*b).empty());
  // Another node's live game is not written over, nor its moves added to, nor finished.
  EXPECT_EQ(write(*b, {header("g1"), "", 1, {}}).code, StoreErrc::fenced);
  EXPECT_EQ(write(*b, moves("g1", 2, {"e5-e6"})).code, StoreErrc::fenced);
  auto finished =
      await<StoreError>([&](auto done) { b->finish_live_game(sample_game("g1", 1000), std::nullopt, done); });
  EXPECT_EQ(finished.code, StoreErrc::fenced);
  EXPECT_EQ(get(*b, "g1").error.code, StoreErrc::not_found);  // the archive write went with it
  EXPECT_EQ(sql("SELECT count(*) FROM live_moves WHERE game_id = 'g1'"), std::vector<std::string>{"1"});
  EXPECT_TRUE(a->healthy());
  EXPECT_TRUE(b->healthy());
}

TEST_F(PgOwnershipTest, ALapsedNodesGamesAreTakenOverAndItsLaterWritesFenced) {
  auto a = node("a", 120'000, 60'000);  // renews once a minute: its lease is ended by hand
  ASSERT_NE(a, nullptr);
  ASSERT_TRUE(write(*a, {header("g1"), "", 1, {MoveRecord{"a4-a3", -1, -1, 5}}}).ok());
  ASSERT_TRUE(write(*a, {header("g2"), "", 1, {}}).ok());
  auto b = node("b");
  auto c = node("c");
  Adopted by_b, by_c;
  adopt_into(*b, by_b);
  adopt_into(*c, by_c);
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(by_b.count() + by_c.count(), 0u);  // a's lease runs: nothing taken

  lapse(*a);  // as a node stopped (kill -STOP) or cut off would let it
  for (auto until = std::chrono::steady_clock::now() + 10s;
       by_b.count() + by_c.count() < 2 && std::chrono::steady_clock::now() < until;)
    std::this_thread::sleep_for(20ms);
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(by_b.count() + by_c.count(), 2u);  // each game taken once
  std::vector<LiveGame> all = by_b.games;
  all.insert(all.end(), by_c.games.begin(), by_c.games.end());
  for (const auto& g : all) {
    if (g.game_id == "g1") {
      ASSERT_EQ(g.moves.size(), 1u);  // with the moves written before
      EXPECT_EQ(g.moves[0].text, "a4-a3");
      EXPECT_EQ(g.seats[0].player, "ann-g1");
    }
  }

  // The old owner wakes up: nothing it writes of those games lands.
  EXPECT_EQ(write(*a, moves("g1", 2, {"e5-e6"})).code, StoreErrc::fenced);
  EXPECT_EQ(write(*a, {header("g2"), "", 1, {MoveRecord{"a4-a3", -1, -1, 5}}}).code, StoreErrc::fenced);
  EXPECT_EQ(
      await<StoreError>([&](auto done) { a->finish_live_game(sample_game("g1", 1000), std::nullopt, done); }).code,
      StoreErrc::fenced);
  EXPECT_EQ(sql("SELECT count(*) FROM live_moves"), std::vector<std::string>{"1"});
  EXPECT_EQ(sql("SELECT count(*) FROM games"), std::vector<std::string>{"0"});
  // By its own clock it still holds its lease (as a paused process would believe): the
  // fence, not its clock, kept its writes out.
  EXPECT_TRUE(a->healthy());
}

TEST_F(PgOwnershipTest, ARestartedNodeTakesItsEarlierStartsGamesOnceTheirLeaseEnds) {
  auto first = node("a", 1000, 100);
  ASSERT_NE(first, nullptr);
  ASSERT_TRUE(write(*first, {header("g1"), "", 1, {MoveRecord{"a4-a3", -1, -1, 5}}}).ok());
  first.reset();  // killed: its lease is not released, it runs out within a second
  const auto started = std::chrono::steady_clock::now();
  auto again = node("a", 1000, 100);
  ASSERT_NE(again, nullptr);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3s);
  auto games = loaded(*again);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].moves.size(), 1u);
  EXPECT_TRUE(write(*again, moves("g1", 2, {"e5-e6"})).ok());

  again->close();
  again->release();  // stopped: the next start need not wait
  const auto restarted = std::chrono::steady_clock::now();
  auto third = node("a");
  ASSERT_NE(third, nullptr);
  EXPECT_LT(std::chrono::steady_clock::now() - restarted, 1s);
  EXPECT_EQ(loaded(*third).size(), 1u);
}

TEST_F(PgOwnershipTest, ASecondProcessUnderARunningNodesNameIsRefused) {
  auto running = node("a", 1000, 100);
  ASSERT_NE(running, nullptr);
  ASSERT_TRUE(write(*running, {header("g1"), "", 1, {}}).ok());
  PgOptions options;
  options.node_id = "a";
  options.lease_ms = 1000;
  options.renew_ms = 100;
  auto twin = PgStore::open(cluster->dsn(database), options);
  EXPECT_EQ(twin.error.code, StoreErrc::unavailable);
  EXPECT_NE(twin.error.message.find("another running node is named a"), std::string::npos) << twin.error.message;
  // The running node keeps its game.
  EXPECT_TRUE(write(*running, moves("g1", 1, {"a4-a3"})).ok());
}

TEST_F(PgOwnershipTest, AStoppedNodeHandsItsGamesOverAtOnce) {
  auto a = node("a");
  auto b = node("b");
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  Adopted by_b;
  adopt_into(*b, by_b);
  ASSERT_TRUE(write(*a, {header("g1"), "", 1, {}}).ok());
  const auto stopped = std::chrono::steady_clock::now();
  a->close();
  a->release();  // its lease of a minute ends now
  ASSERT_TRUE(by_b.wait_for(1, 5s));
  EXPECT_LT(std::chrono::steady_clock::now() - stopped, 5s);
  EXPECT_TRUE(write(*b, moves("g1", 1, {"a4-a3"})).ok());
}

TEST_F(PgOwnershipTest, ANodeThatCannotRenewItsLeaseIsNotHealthyAndRecovers) {
  auto a = node("a", 1000, 100);
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->healthy());
  ASSERT_TRUE(cluster->stop());
  std::this_thread::sleep_for(1200ms);
  EXPECT_FALSE(a->healthy());  // it cannot know whether its games are still its own
  ASSERT_TRUE(cluster->restart());
  bool back = false;
  for (auto until = std::chrono::steady_clock::now() + 15s; !back && std::chrono::steady_clock::now() < until;) {
    std::this_thread::sleep_for(50ms);
    // The writer's health comes back with a write.
    write(*a, {header("g1"), "", 1, {}});
    back = a->healthy();
  }
  EXPECT_TRUE(back);
}

TEST_F(PgOwnershipTest, AfterPostgreSQLWasAwayForEveryNodeNoNodeTakesAnothersGamesAtOnce) {
  auto a = node("a", 1500, 400);  // slow to renew, so b is back first
  auto b = node("b", 1500, 50);
  ASSERT_TRUE(a && b);
  ASSERT_TRUE(write(*a, {header("g1"), "", 1, {}}).ok());
  Adopted by_a, by_b;
  adopt_into(*a, by_a);
  adopt_into(*b, by_b);
  ASSERT_TRUE(cluster->stop());
  std::this_thread::sleep_for(2500ms);  // longer than the leases: both lapse
  ASSERT_TRUE(cluster->restart());
  // Each renews within its renewal time once PostgreSQL is back: neither takes the
  // other's games as it comes back, however quicker it is.
  std::this_thread::sleep_for(1000ms);
  EXPECT_EQ(by_a.count() + by_b.count(), 0u);
  EXPECT_EQ(sql("SELECT owner_epoch FROM live_games WHERE game_id = 'g1'"),
            std::vector<std::string>{std::to_string(a->epoch())});
  // A node that does not come back is taken over once a whole lease has passed.
  lapse(*a);
  a.reset();  // its lease ended by hand first: it stops renewing
  EXPECT_TRUE(by_b.wait_for(1, 10s));
}

// Tournaments are written by one node, the live one with the lowest epoch: another's
// write is fenced (nothing written), and once the director's lease lapsed, the next
// node's writes go in.
TEST_F(PgOwnershipTest, OnlyTheLiveNodeWithTheLowestEpochWritesTournaments) {
  auto a = node("a", 120'000, 60'000);
  auto b = node("b");
  ASSERT_TRUE(a && b);
  auto save = [](PgStore& store, const std::string& id) {
    tournament::Settings settings;
    settings.name = "Fenced";
    settings.game = "tablut";
    settings.creator = "ann";
    const TournamentWrite write{tournament::create(id, settings, 1000), {}, {}};
    return await<StoreError>([&](auto done) { store.save_tournament(write, done); });
  };
  EXPECT_TRUE(save(*a, "t-a").ok());
  const auto refused = save(*b, "t-b");
  EXPECT_EQ(refused.code, StoreErrc::fenced) << refused.message;
  EXPECT_EQ(sql("SELECT id FROM tournaments ORDER BY id"), (std::vector<std::string>{"t-a"}));
  lapse(*a);
  EXPECT_TRUE(save(*b, "t-b").ok());
  EXPECT_EQ(save(*a, "t-a2").code, StoreErrc::fenced);
  EXPECT_EQ(sql("SELECT id FROM tournaments ORDER BY id"), (std::vector<std::string>{"t-a", "t-b"}));
}

}  // namespace
}  // namespace bh::storage::testing
