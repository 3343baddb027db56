// Idle correspondence games asleep, in process (docs/correspondence.md, "Idle games"):
// the requests that come while an asleep game loads all get the one room it wakes into,
// and a load the store fails leaves it asleep, answered storage_unavailable, to be woken
// by the next request. The real server's own tests: e2e/asleep_games_e2e_test.cpp.
#include "harness.hpp"

namespace bh::app::test {
namespace {

class AsleepGamesTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.correspondence_sleep_ms = 100;
    return c;
  }
  std::string metric(const std::string& name) {
    const std::string body = http("/metrics").body;
    const auto at = body.find("\n" + name + " ");
    if (at == std::string::npos) return "";
    const auto from = at + name.size() + 2;
    return body.substr(from, body.find('\n', from) - from);
  }
  bool becomes(const std::string& name, const std::string& value) {
    for (int i = 0; i < 200; ++i) {
      if (metric(name) == value) return true;
      std::this_thread::sleep_for(10ms);
    }
    return false;
  }
  // A correspondence game of ann and ben, ann's first move played, both gone: asleep.
  std::string asleep_game() {
    Client& ann = guest("ann");
    Client& ben = guest("ben");
    const std::string game = start_game(ann, ben, {{"game", "tablut"}, {"clock", {{"days_per_move", 1}}}});
    ann.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "d1-d3"}, {"id", 5}});
    EXPECT_EQ(ann.reply(5)["type"], "move");
    ann.close();
    ben.close();
    EXPECT_TRUE(becomes("boardhall_games_asleep", "1"));
    return game;
  }
  Client& resume(const std::string& name) {
    Client& c = client();
    c.send({{"type", "resume"}, {"token", tokens_.at(name)}, {"id", 1}});
    EXPECT_EQ(c.reply(1)["type"], "identity");
    return c;
  }
};

TEST_F(AsleepGamesTest, RequestsWhileItLoadsAllGetTheOneRoomItWakesInto) {
  const std::string game = asleep_game();
  Client& ben = resume("ben");
  Client& ann = resume("ann");
  std::vector<Client*> spectators;
  for (int i = 0; i < 4; ++i) spectators.push_back(&guest("watcher" + std::to_string(i)));
  // All at once: ben's move, ann's chat, four spectators' watch.
  ben.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 10}});
  ann.send({{"type", "chat"}, {"game_id", game}, {"text", "hello"}, {"id", 11}});
  for (auto* s : spectators) s->send({{"type", "watch"}, {"game_id", game}, {"id", 12}});
  const json moved = ben.reply(10);
  EXPECT_EQ(moved["type"], "move") << moved.dump();
  EXPECT_EQ(moved["ply"], 2);
  EXPECT_FALSE(ann.next_if("chat", [](const json& c) { return c["text"] == "hello"; }).is_null());
  for (auto* s : spectators) {
    const json state = s->reply(12);
    ASSERT_EQ(state["type"], "game_state") << state.dump();
    EXPECT_GE(state["state"]["ply"].get<int>(), 1);
  }
  EXPECT_EQ(metric("boardhall_games_woken_total"), "1");
  EXPECT_EQ(metric("boardhall_games_asleep"), "0");
  EXPECT_EQ(metric("boardhall_live_games"), "1");
}

TEST_F(AsleepGamesTest, ALoadTheStoreFailsLeavesItAsleepForTheNextRequest) {
  const std::string game = asleep_game();
  Client& ben = resume("ben");
  store_->fail_all_reads(true);
  EXPECT_EQ(ben.error_of({{"type", "watch"}, {"game_id", game}}, 20), "storage_unavailable");
  EXPECT_EQ(metric("boardhall_games_asleep"), "1");
  store_->fail_all_reads(false);
  ben.send({{"type", "watch"}, {"game_id", game}, {"id", 21}});
  const json state = ben.reply(21);
  ASSERT_EQ(state["type"], "game_state") << state.dump();
  EXPECT_EQ(state["state"]["you"], "second");
  EXPECT_EQ(metric("boardhall_games_asleep"), "0");
  // Not a game, asleep or awake: unknown_game, as ever.
  EXPECT_EQ(ben.error_of({{"type", "watch"}, {"game_id", "g-none"}}, 22), "unknown_game");
  EXPECT_EQ(ben.error_of({{"type", "move"}, {"game_id", "g-none"}, {"ply", 1}, {"move", "d5-d4"}}, 23), "unknown_game");
}

}  // namespace
}  // namespace bh::app::test
