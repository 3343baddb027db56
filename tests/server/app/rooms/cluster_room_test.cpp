// A room of a cluster node (AppConfig::tell_only_durable, docs/cluster.md): a move is
// told only once its write committed, however long the database is away; a game another
// node took over is handed over (its people told `game_moved`, the room gone here); a
// node that stops while the database is away tells nothing it could not write; the
// clocks stand still while the database is away.
#include "harness.hpp"

namespace bh::app::test {
namespace {

class ClusterRoomTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.tell_only_durable = true;
    c.cluster = true;
    return c;
  }
  std::vector<storage::LiveGame> stored() {
    std::promise<storage::StoreResult<std::vector<storage::LiveGame>>> loaded;
    store_->inner().load_live([&](auto result) { loaded.set_value(std::move(result)); });
    auto result = loaded.get_future().get();
    return result.value.value_or(std::vector<storage::LiveGame>{});
  }
};

TEST_F(ClusterRoomTest, AMoveIsToldOnlyOnceItsWriteCommitted) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"side", "first"}});
  store_->fail_all_writes(true);
  a.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "f9-f8"}, {"id", 7}});
  // Written again and again, told to no one meanwhile.
  EXPECT_TRUE(a.next("move", 1200ms).is_null());
  EXPECT_TRUE(b.next("move", 0ms).is_null());
  EXPECT_GE(store_->injected_failures(), 2u);
  store_->fail_all_writes(false);
  json mine = a.reply(7, 10s);
  ASSERT_EQ(mine["type"], "move") << mine.dump();
  EXPECT_EQ(mine["ply"], 1);
  EXPECT_FALSE(b.next("move").is_null());
  auto live = stored();
  ASSERT_EQ(live.size(), 1u);
  ASSERT_EQ(live[0].moves.size(), 1u);
  EXPECT_EQ(live[0].moves[0].text, "f9-f8");
}

TEST_F(ClusterRoomTest, TheClocksStandStillWhileTheDatabaseIsAwayAndRunAgainAfter) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carol");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"side", "first"}, {"clock", {{"initial_s", 60}}}});
  ASSERT_EQ(play(a, b, game, {"f9-f8", "d5-d4"}).size(), 2u);
  c.send({{"type", "watch"}, {"game_id", game}, {"id", 3}});
  ASSERT_EQ(c.reply(3)["type"], "game_state");
  const auto paused_by = [](const char* why) {
    return [why](const json& m) { return m["state"]["clocks"]["paused"] == why; };
  };
  store_->fail_all_writes(true);
  for (Client* who : {&a, &b, &c}) {
    json state = who->next_if("game_state", paused_by("storage"), 3s);
    ASSERT_FALSE(state.is_null()) << "clocks not paused";
    EXPECT_TRUE(state["state"]["clocks"]["running"].is_null()) << state.dump();
  }
  store_->fail_all_writes(false);
  for (Client* who : {&a, &b, &c}) {
    json state = who->next_if(
        "game_state", [](const json& m) { return m["state"]["clocks"]["running"] == "first"; }, 3s);
    ASSERT_FALSE(state.is_null()) << "clocks not running again";
    EXPECT_TRUE(state["state"]["clocks"]["paused"].is_null()) << state.dump();
  }
}

TEST_F(ClusterRoomTest, AGameAnotherNodeTookIsHandedOver) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  Client& c = guest("carol");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"side", "first"}});
  c.send({{"type", "watch"}, {"game_id", game}, {"id", 3}});
  ASSERT_EQ(c.reply(3)["type"], "game_state");
  ASSERT_EQ(play(a, b, game, {"f9-f8"}).size(), 1u);
  store_->fence_live(true);  // another node has the game now
  b.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 8}});
  for (Client* who : {&a, &b, &c}) {
    json moved = who->next_if("error", [](const json& e) { return e["code"] == "game_moved"; });
    EXPECT_FALSE(moved.is_null()) << "no game_moved";
  }
  for (Client* player : {&a, &b})  // nothing of the unwritten move
    EXPECT_TRUE(player
                    ->next_if(
                        "move", [](const json& m) { return m["ply"] == 2; }, 300ms)
                    .is_null());
  // Gone from here: the owner has it.
  EXPECT_EQ(c.error_of({{"type", "watch"}, {"game_id", game}}, 4), "unknown_game");
  const std::string metrics = http("/metrics").body;
  EXPECT_NE(metrics.find("boardhall_live_games 0"), std::string::npos);
  EXPECT_NE(metrics.find("boardhall_games_handed_over_total 1"), std::string::npos);
}

TEST_F(ClusterRoomTest, AGameFinishedOnAnotherNodeIsHandedOverNotPlayedOnHere) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"side", "first"}});
  ASSERT_EQ(play(a, b, game, {"f9-f8"}).size(), 1u);
  // The node that took the game over finished it: its live row is gone.
  storage::GameRecord record;
  record.id = game;
  record.game = "tablut";
  record.first_player = "alice";
  record.second_player = "bob";
  record.result = "first";
  record.reason = "resignation";
  std::promise<storage::StoreError> finished;
  store_->inner().finish_live_game(record, std::nullopt,
                                   [&](storage::StoreError e) { finished.set_value(std::move(e)); });
  ASSERT_TRUE(finished.get_future().get().ok());
  b.send({{"type", "move"}, {"game_id", game}, {"ply", 1}, {"move", "d5-d4"}, {"id", 8}});
  EXPECT_FALSE(b.next_if("error", [](const json& e) { return e["code"] == "game_moved"; }).is_null());
  EXPECT_TRUE(a.next_if(
                   "move", [](const json& m) { return m["ply"] == 2; }, 300ms)
                  .is_null());
}

TEST_F(ClusterRoomTest, AStopWhileTheDatabaseIsAwayTellsNothingItCouldNotWrite) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}, {"side", "first"}});
  store_->fail_all_writes(true);
  a.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "f9-f8"}, {"id", 7}});
  std::this_thread::sleep_for(400ms);
  const auto stopping = std::chrono::steady_clock::now();
  close_app();  // the stop does not wait for the database to come back
  EXPECT_LT(std::chrono::steady_clock::now() - stopping, 4s);
  EXPECT_TRUE(a.next("move", 0ms).is_null());
  EXPECT_TRUE(b.next("move", 0ms).is_null());
  clients_.clear();
  open_app();  // the database works again: the game is as it was, without the move
  auto live = stored();
  ASSERT_EQ(live.size(), 1u);
  EXPECT_TRUE(live[0].moves.empty());
}

TEST_F(ClusterRoomTest, AResumeForAGameAnotherNodeHoldsIsToldToComeBackNotRefused) {
  // A live game in the shared database that this node does not run (another node's,
  // or one being taken over): its seats' tokens are unknown here.
  storage::LiveGame elsewhere;
  elsewhere.game_id = "g-elsewhere";
  elsewhere.room_id = "r-elsewhere";
  elsewhere.game = "tablut";
  elsewhere.creator_side = "first";
  elsewhere.seats = {storage::LiveSeat{"ann", "tok-ann", false, 0.0}, storage::LiveSeat{"bob", "tok-bob", false, 0.0}};
  std::promise<storage::StoreError> written;
  store_->inner().save_live({elsewhere, "", 1, {}}, [&](storage::StoreError e) { written.set_value(std::move(e)); });
  ASSERT_TRUE(written.get_future().get().ok());

  Client& ann = client();
  ann.send({{"type", "resume"}, {"token", "tok-bob"}, {"id", 1}});
  json moved = ann.reply(1);
  EXPECT_EQ(moved["code"], "game_moved") << moved.dump();  // the client keeps its token and tries again
  EXPECT_EQ(moved["retry_after_ms"], 1000);
  ann.send({{"type", "resume"}, {"token", "tok-nobody"}, {"id", 2}});
  EXPECT_EQ(ann.reply(2)["code"], "auth_failed");
  // A database that cannot answer now does not make a token unknown: come back.
  store_->fail_all_reads(true);
  ann.send({{"type", "resume"}, {"token", "tok-bob"}, {"id", 3}});
  EXPECT_EQ(ann.reply(3)["code"], "game_moved");
  store_->fail_all_reads(false);
}

}  // namespace
}  // namespace bh::app::test

namespace bh::app::test {
namespace {

// Correspondence games are not played on a cluster yet (docs/correspondence.md): its
// database keeps no time control, so every way to make one is refused up front.
TEST_F(ClusterRoomTest, ACorrespondenceGameIsRefusedOnACluster) {
  Client& a = guest("alice");
  const json days = {{"days_per_move", 3}};
  int id = 10;
  for (const char* type : {"create_room", "seek", "play_computer"}) {
    a.send({{"type", type}, {"game", "tablut"}, {"clock", days}, {"id", ++id}});
    json refused = a.reply(id);
    if (std::string(type) == "play_computer" && refused["code"] == "no_computer") continue;  // no bot here
    EXPECT_EQ(refused["code"], "bad_options") << type << ": " << refused.dump();
    EXPECT_NE(refused["message"].get<std::string>().find("cluster"), std::string::npos) << refused.dump();
  }
  EXPECT_TRUE(stored().empty());
}

}  // namespace
}  // namespace bh::app::test
