// Spectators: the count in a game's state and the `spectators` event (watch, unwatch, a
// watcher's connection closing; the players not counted; a crowd told in few events),
// the lobby's live games with their clock, and the identify timeout sparing anonymous
// connections that watch a game or follow the lobby.
#include "app/players/watchers.hpp"
#include "harness.hpp"

namespace bh::app::test {
namespace {

class SpectatorTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.spectator_count_interval_ms = interval_ms;
    return c;
  }
  // Takes `spectators` events of `game_id` until one says `count` (a change coalesced
  // with the next may never be told on its own). False when none does in time.
  static bool hears_count(Client& c, const std::string& game_id, int count, std::chrono::milliseconds timeout = 3s) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      json e = c.next_if(
          "spectators", [&](const json& m) { return m["game_id"] == game_id; }, 100ms);
      if (!e.is_null() && e["count"] == count) return true;
    }
    return false;
  }
  json watch(Client& c, const std::string& game_id, int id) {
    c.send({{"type", "watch"}, {"game_id", game_id}, {"id", id}});
    return c.reply(id);
  }

  std::int64_t interval_ms = 100;
};

TEST_F(SpectatorTest, SpectatorCountFollowsWatchUnwatchAndClose) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "tablut"}});
  ASSERT_FALSE(game_id.empty());
  alice.send({{"type", "watch"}, {"game_id", game_id}, {"id", 2}});
  EXPECT_EQ(alice.reply(2)["state"]["spectators"], 0);  // a player watching is no spectator

  Client& ann = client();  // no identity needed
  json state = watch(ann, game_id, 3);
  ASSERT_EQ(state["type"], "game_state") << state.dump();
  EXPECT_EQ(state["state"]["spectators"], 1);  // counting the receiver
  for (Client* c : {&alice, &bob, &ann}) EXPECT_TRUE(hears_count(*c, game_id, 1));

  Client& ben = guest("ben");
  EXPECT_EQ(watch(ben, game_id, 4)["state"]["spectators"], 2);
  EXPECT_TRUE(hears_count(alice, game_id, 2));
  EXPECT_TRUE(hears_count(ann, game_id, 2));

  ann.send({{"type", "unwatch"}, {"game_id", game_id}, {"id", 5}});
  EXPECT_EQ(ann.reply(5)["type"], "ok");
  EXPECT_TRUE(hears_count(bob, game_id, 1));
  EXPECT_TRUE(hears_count(ben, game_id, 1));

  ben.close();  // a watcher's connection closing counts at once, not at the next broadcast
  EXPECT_TRUE(hears_count(alice, game_id, 0));
  EXPECT_TRUE(hears_count(bob, game_id, 0));
  // A new state tells the count too.
  bob.send({{"type", "watch"}, {"game_id", game_id}, {"id", 6}});
  EXPECT_EQ(bob.reply(6)["state"]["spectators"], 0);
  // The unwatched connection heard nothing after leaving.
  EXPECT_TRUE(ann.next("spectators", 300ms).is_null());
}

TEST_F(SpectatorTest, SpectatorWhoTakesASeatIsNoLongerCounted) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "tablut"}});
  ASSERT_FALSE(game_id.empty());
  // Another connection watches, then takes bob's seat over (the newest connection wins).
  Client& again = client();
  EXPECT_EQ(watch(again, game_id, 2)["state"]["spectators"], 1);
  EXPECT_TRUE(hears_count(alice, game_id, 1));
  again.send({{"type", "resume"}, {"token", tokens_["bob"]}, {"id", 3}});
  EXPECT_EQ(again.reply(3)["type"], "identity");
  EXPECT_TRUE(hears_count(alice, game_id, 0));
  json state = again.next_if("game_state", [](const json& m) { return !m["state"]["you"].is_null(); });
  EXPECT_EQ(state["state"]["spectators"], 0);
}

TEST_F(SpectatorTest, SpectatorCountOfAMatchCarriesOnToItsNextGame) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string first = start_game(alice, bob, {{"game", "tablut"}, {"games", 2}});
  ASSERT_FALSE(first.empty());
  Client& ann = client();
  watch(ann, first, 2);
  alice.send({{"type", "resign"}, {"game_id", first}});
  json next = ann.next_if("game_started", [&](const json& m) { return m["state"]["game_id"] != first; });
  ASSERT_FALSE(next.is_null());
  EXPECT_EQ(next["state"]["spectators"], 1);
  json mine = alice.next_if("game_started", [&](const json& m) { return m["state"]["game_id"] != first; });
  EXPECT_EQ(mine["state"]["spectators"], 1);
  ann.close();
  EXPECT_TRUE(hears_count(alice, next["state"]["game_id"], 0));
}

class SpectatorCrowdTest : public SpectatorTest {
 protected:
  AppConfig config() override {
    interval_ms = 700;
    return SpectatorTest::config();
  }
};

TEST_F(SpectatorCrowdTest, SpectatorCrowdArrivingAtOnceIsToldInFewEvents) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "draughts"}});
  ASSERT_FALSE(game_id.empty());
  std::vector<Client*> crowd;
  for (int i = 0; i < 30; ++i) {
    crowd.push_back(&client());
    crowd.back()->send({{"type", "watch"}, {"game_id", game_id}, {"id", 7}});
  }
  int in_states = 0;
  for (Client* c : crowd) {
    json state = c->reply(7);
    ASSERT_EQ(state["type"], "game_state");
    in_states = std::max(in_states, state["state"]["spectators"].get<int>());
  }
  EXPECT_EQ(in_states, 30);  // the last arrival's state says 30: it needs no event to know
  EXPECT_TRUE(hears_count(alice, game_id, 30));
  // The first arrival is told at once, the rest together when the interval ends (a third
  // event only if the arrivals straddled two intervals): not one event per arrival.
  std::this_thread::sleep_for(std::chrono::milliseconds(interval_ms + 200));
  int events = 0;
  for (const json& m : alice.connection()->all()) events += m["type"] == "spectators" ? 1 : 0;
  EXPECT_GE(events, 1);
  EXPECT_LE(events, 3);
}

TEST_F(SpectatorTest, SpectatorLobbyListsLiveGamesWithTheirClock) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  Client& carol = guest("carol");
  Client& dave = guest("dave");
  const std::string timed =
      start_game(alice, bob, {{"game", "tablut"}, {"clock", {{"initial_s", 300}, {"increment_s", 5}}}});
  const std::string untimed = start_game(carol, dave, {{"game", "alquerque"}});
  Client& looker = client();
  looker.send({{"type", "list_rooms"}, {"id", 2}});
  json lobby = looker.reply(2);
  ASSERT_EQ(lobby["games"].size(), 2u) << lobby.dump();
  for (const json& g : lobby["games"]) {
    if (g["game_id"] == timed) {
      EXPECT_EQ(g["clock"], json({{"initial_ms", 300000}, {"increment_ms", 5000}}));
    } else {
      EXPECT_EQ(g["game_id"], untimed);
      EXPECT_TRUE(g.contains("clock") && g["clock"].is_null()) << g.dump();
    }
  }
  // The ply is as of the listing: a later listing tells the moves played since (the room
  // tells the lobby just after the players, so the listing may take a moment to say it).
  play(alice, bob, timed, {"a4-a3"});
  int ply = 0;
  for (int i = 0; i < 100 && ply != 1; ++i) {
    looker.send({{"type", "list_rooms"}, {"id", 10 + i}});
    const json listed = looker.reply(10 + i);
    for (const json& g : listed["games"])
      if (g["game_id"] == timed) ply = g["ply"];
    if (ply != 1) std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(ply, 1);
  auto http_lobby = json::parse(http("/api/lobby").body);
  for (const json& g : http_lobby["games"]) {
    if (g["game_id"] == timed) {
      EXPECT_EQ(g["clock"]["initial_ms"], 300000);
    }
  }
}

// What the identify timeout asks of Watchers: following now, or stopped since the cutoff.
TEST(SpectatorWatchers, AConnectionIsActiveWhileItFollowsAndForTheTimeoutAfter) {
  Watchers w;
  EXPECT_FALSE(w.active_since(1, 0));  // unknown
  w.opened(1, 100);
  EXPECT_TRUE(w.active_since(1, 100));
  EXPECT_FALSE(w.active_since(1, 101));
  EXPECT_TRUE(w.watch(1, "r1"));
  w.follow_lobby(1, true, 200);
  w.unwatch(1, "r1", 300);
  EXPECT_TRUE(w.active_since(1, 10'000));  // still follows the lobby
  w.follow_lobby(1, false, 400);
  EXPECT_TRUE(w.active_since(1, 400));
  EXPECT_FALSE(w.active_since(1, 401));
  w.unwatch(1, "r2", 900);  // not watched: changes nothing
  EXPECT_FALSE(w.active_since(1, 401));
  EXPECT_TRUE(w.watch(1, "r1"));
  EXPECT_TRUE(w.watch(1, "r2"));
  EXPECT_EQ(w.closed(1), (std::vector<std::string>{"r1", "r2"}));
  EXPECT_FALSE(w.watch(1, "r3"));  // closed: a late watch must not keep it
  EXPECT_TRUE(w.closed(1).empty());
}

class SpectatorTimeoutTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.identify_timeout_ms = 1'000;
    return c;
  }
  static bool closed_within(Client& c, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!c.connection()->closed() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(20ms);
    return c.connection()->closed();
  }
};

TEST_F(SpectatorTimeoutTest, SpectatorsAndLobbyFollowersWithNoNameOutliveTheIdentifyTimeout) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "tablut"}});
  ASSERT_FALSE(game_id.empty());
  Client& watcher = client();
  watcher.send({{"type", "watch"}, {"game_id", game_id}, {"id", 1}});
  ASSERT_EQ(watcher.reply(1)["type"], "game_state");
  Client& follower = client();
  follower.send({{"type", "subscribe_lobby"}, {"id", 1}});
  ASSERT_EQ(follower.reply(1)["type"], "lobby");
  Client& quitter = client();  // follows the lobby, then stops
  quitter.send({{"type", "subscribe_lobby"}, {"id", 1}});
  ASSERT_EQ(quitter.reply(1)["type"], "lobby");
  Client& idle = client();   // says nothing
  Client& asker = client();  // asks once (a listing is no following)
  asker.send({{"type", "list_rooms"}, {"id", 1}});
  ASSERT_EQ(asker.reply(1)["type"], "lobby");

  EXPECT_TRUE(closed_within(idle, 4s));
  EXPECT_TRUE(closed_within(asker, 2s));
  json notice = idle.next("error", 0ms);
  EXPECT_EQ(notice["code"], "not_authenticated");
  std::this_thread::sleep_for(1500ms);  // past the timeout again
  EXPECT_FALSE(watcher.connection()->closed());
  EXPECT_FALSE(follower.connection()->closed());
  EXPECT_FALSE(quitter.connection()->closed());

  // Following nothing any more: the timeout counts from then.
  const auto stopped = std::chrono::steady_clock::now();
  quitter.send({{"type", "unsubscribe_lobby"}, {"id", 2}});
  EXPECT_EQ(quitter.reply(2)["type"], "ok");
  watcher.send({{"type", "unwatch"}, {"game_id", game_id}, {"id", 2}});
  EXPECT_EQ(watcher.reply(2)["type"], "ok");
  EXPECT_TRUE(closed_within(quitter, 4s));
  EXPECT_TRUE(closed_within(watcher, 4s));
  EXPECT_GE(std::chrono::steady_clock::now() - stopped, 900ms);
  // The watcher still following the lobby, and the players, stay.
  EXPECT_FALSE(follower.connection()->closed());
  EXPECT_FALSE(alice.connection()->closed());
  EXPECT_FALSE(bob.connection()->closed());
}

TEST_F(SpectatorTimeoutTest, SpectatorOfAGameThatEndsIsClosedAfterTheTimeout) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "tablut"}});
  ASSERT_FALSE(game_id.empty());
  Client& watcher = client();
  watcher.send({{"type", "watch"}, {"game_id", game_id}, {"id", 1}});
  ASSERT_EQ(watcher.reply(1)["type"], "game_state");
  std::this_thread::sleep_for(1500ms);
  EXPECT_FALSE(watcher.connection()->closed());
  alice.send({{"type", "resign"}, {"game_id", game_id}});
  ASSERT_FALSE(watcher.next("match_over").is_null());
  EXPECT_TRUE(closed_within(watcher, 4s));  // its room is gone: it follows nothing
}

}  // namespace
}  // namespace bh::app::test
