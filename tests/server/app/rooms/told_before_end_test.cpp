// A move accepted just before the game ends is told before the end (issue 34): the
// invariant is that every move of a game's record was told to both players, in order,
// before its game_over. The store's answer to the move's write is held back
// (FaultyStore::hold_live_completions), the game ends meanwhile by a resignation, an
// abort, an agreed draw, an abandonment or a shutdown, then the answer is released.
// The last test checks the invariant over random endings in all seven games.
#include <algorithm>
#include <random>

#include "harness.hpp"

namespace bh::app::test {
namespace {

// What a client was told of `game`: the moves in order (a takeback's game_state sets
// them back), whether a move came after the end, and how many ends it heard.
struct Told {
  std::vector<std::string> moves;
  int game_overs = 0;
  bool move_after_end = false;
  std::string reason;
};

Told told_to(Client& c, const std::string& game) {
  Told told;
  for (const json& f : c.connection()->all()) {
    if (f.value("game_id", "") != game && !(f.contains("state") && f["state"].value("game_id", "") == game)) continue;
    const std::string type = f.value("type", "");
    if (type == "move") {
      if (told.game_overs > 0) told.move_after_end = true;
      told.moves.resize(static_cast<std::size_t>(f["ply"].get<int>() - 1));
      told.moves.push_back(f["move"]);
    } else if (type == "game_state" || type == "game_started") {
      told.moves = f["state"]["moves"].get<std::vector<std::string>>();
    } else if (type == "game_over") {
      ++told.game_overs;
      told.reason = f.value("reason", "");
    }
  }
  return told;
}

class ToldBeforeEndTest : public AppTest {
 protected:
  std::vector<std::string> archived_moves(const std::string& game) {
    auto response = http("/api/games/" + game);
    EXPECT_EQ(response.status, 200) << response.body;
    std::vector<std::string> moves;
    if (response.status != 200) return moves;
    const json record = json::parse(response.body);
    for (const auto& m : record["moves"]) moves.push_back(m["move"]);
    return moves;
  }
  // `mover` plays `move` at `ply`; the store has the move but the room has not heard.
  void move_held(Client& mover, const std::string& game, int ply, const std::string& move) {
    store_->hold_live_completions(true);
    mover.send({{"type", "move"}, {"game_id", game}, {"ply", ply}, {"move", move}, {"id", 500 + ply}});
    for (int i = 0; i < 500 && store_->held_live_completions() == 0; ++i) std::this_thread::sleep_for(2ms);
    ASSERT_EQ(store_->held_live_completions(), 1u);
  }
  // Both told every archived move, then one game_over (with `reason`).
  void expect_told_then_over(Client& a, Client& b, const std::string& game, const std::string& reason) {
    ASSERT_FALSE(a.next("game_over").is_null());
    ASSERT_FALSE(b.next("game_over").is_null());
    const auto archived = archived_moves(game);
    for (Client* c : {&a, &b}) {
      const Told told = told_to(*c, game);
      EXPECT_EQ(told.moves, archived);
      EXPECT_EQ(told.game_overs, 1);
      EXPECT_FALSE(told.move_after_end);
      EXPECT_EQ(told.reason, reason);
    }
  }
};

TEST_F(ToldBeforeEndTest, AResignationRightAfterAMoveEndsTheGameOnceTheMoveIsTold) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  move_held(a, game, 0, "f9-f8");
  a.send({{"type", "resign"}, {"game_id", game}});
  // Nobody hears of the end while the move is untold.
  EXPECT_TRUE(b.next("game_over", 150ms).is_null());
  store_->hold_live_completions(false);
  expect_told_then_over(a, b, game, "resignation");
  EXPECT_EQ(archived_moves(game), std::vector<std::string>{"f9-f8"});
}

TEST_F(ToldBeforeEndTest, TheOpponentsResignationWhileAMoveIsWrittenComesAfterTheMove) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, {"f9-f8"});
  move_held(b, game, 1, "d5-d4");
  a.send({{"type", "resign"}, {"game_id", game}});
  EXPECT_TRUE(a.next("game_over", 150ms).is_null());
  store_->hold_live_completions(false);
  expect_told_then_over(a, b, game, "resignation");
}

TEST_F(ToldBeforeEndTest, AnAbortRightAfterTheFirstMoveComesAfterIt) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "draughts"}});
  move_held(a, game, 0, "c3-d4");
  b.send({{"type", "abort"}, {"game_id", game}, {"id", 7}});
  EXPECT_TRUE(a.next("game_over", 150ms).is_null());
  store_->hold_live_completions(false);
  expect_told_then_over(a, b, game, "aborted");
}

TEST_F(ToldBeforeEndTest, ADrawOfferedRightAfterAMoveIsHeardAfterItAndAgreed) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "alquerque"}});
  const json started = a.connection()->all().back();
  const std::string first_move = started["state"]["legal"][0];
  move_held(a, game, 0, first_move);
  a.send({{"type", "offer_draw"}, {"game_id", game}, {"id", 8}});
  EXPECT_TRUE(b.next("draw_offered", 150ms).is_null());
  store_->hold_live_completions(false);
  ASSERT_FALSE(b.next("draw_offered").is_null());
  // bob heard the move first.
  const auto frames = b.connection()->all();
  const auto at = [&](const std::string& type) {
    return std::find_if(frames.begin(), frames.end(), [&](const json& f) { return f["type"] == type; }) -
           frames.begin();
  };
  EXPECT_LT(at("move"), at("draw_offered"));
  b.send({{"type", "accept_draw"}, {"game_id", game}, {"id", 9}});
  expect_told_then_over(a, b, game, "agreement");
}

TEST_F(ToldBeforeEndTest, AnAbandonmentWhileAMoveIsWrittenComesAfterTheMove) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  play(a, b, game, {"f9-f8", "d5-d4"});
  b.close();  // bob's grace (300 ms here) runs while alice's move is being written
  ASSERT_FALSE(a.next("player_left").is_null());
  move_held(a, game, 2, "i6-g6");
  std::this_thread::sleep_for(600ms);
  EXPECT_TRUE(a.next("game_over", 0ms).is_null());
  store_->hold_live_completions(false);
  ASSERT_FALSE(a.next("game_over").is_null());
  const Told told = told_to(a, game);
  EXPECT_EQ(told.moves, archived_moves(game));
  EXPECT_EQ(told.moves.size(), 3u);
  EXPECT_EQ(told.reason, "abandonment");
  EXPECT_FALSE(told.move_after_end);
}

TEST_F(ToldBeforeEndTest, AShutdownWhileAMoveIsWrittenTellsTheMoveFirst) {
  Client& a = guest("alice");
  Client& b = guest("bob");
  const std::string game = start_game(a, b, {{"game", "tablut"}});
  move_held(a, game, 0, "f9-f8");
  std::promise<void> stopped;
  app_->shutdown([&] { stopped.set_value(); });
  // The shutdown waits for the move to be told.
  auto done = stopped.get_future();
  EXPECT_EQ(done.wait_for(200ms), std::future_status::timeout);
  store_->hold_live_completions(false);
  EXPECT_EQ(done.wait_for(5s), std::future_status::ready);
  close_app();
  for (Client* c : {&a, &b}) EXPECT_EQ(told_to(*c, game).moves, std::vector<std::string>{"f9-f8"});
  clients_.clear();
  open_app();  // the game comes back with the move
  Client& a2 = client();
  a2.send({{"type", "resume"}, {"token", tokens_.at("alice")}, {"id", 1}});
  json state = a2.next("game_state");
  ASSERT_FALSE(state.is_null());
  EXPECT_EQ(state["state"]["moves"], json({"f9-f8"}));
}

// The invariant over random games: a few plies, then a move whose write is held while
// one of the endings (or a takeback, then a resignation) is asked for by either player.
TEST_F(ToldBeforeEndTest, RandomEndingsInEveryGameTellEveryArchivedMoveFirst) {
  const std::vector<std::string> games = {"tavlei",   "tablut",   "seatafl",  "copenhagen",
                                          "brandubh", "draughts", "alquerque"};
  std::mt19937 random(34);
  int n = 0;
  for (const auto& game_name : games) {
    for (int round = 0; round < 4; ++round, ++n) {
      SCOPED_TRACE(game_name + " round " + std::to_string(round));
      Client& a = guest("a" + std::to_string(n));
      Client& b = guest("b" + std::to_string(n));
      const std::string game = start_game(a, b, {{"game", game_name}});
      ASSERT_FALSE(game.empty());
      const int ply = static_cast<int>(random() % 5);
      play_legal(a, b, game, ply, 0, [&] { return static_cast<std::size_t>(random()); });
      auto [mover, legal] = to_move(a, b);
      ASSERT_NE(mover, nullptr);
      Client* other = mover == &a ? &b : &a;
      Client* asker = random() % 2 ? mover : other;
      const std::string m = legal[random() % legal.size()];
      move_held(*mover, game, ply, m);
      const int ending = static_cast<int>(random() % 4);
      const json g = {{"game_id", game}};
      auto command = [&](Client* c, const char* type) {
        json j = g;
        j["type"] = type;
        j["id"] = 3000 + static_cast<int>(random() % 1000);
        c->send(j);
      };
      switch (ending) {
        case 0:
          command(asker, "resign");
          break;
        case 1:
          command(asker, "abort");
          break;  // refused once both have moved
        case 2:
          command(mover, "offer_draw");
          command(other, "accept_draw");  // may come before the offer is heard: then refused
          break;
        case 3:
          command(mover, "takeback");
          command(other, "accept_takeback");
          break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(random() % 30));
      store_->hold_live_completions(false);
      // Endings that may not end it (abort too late, a takeback) are followed by a resignation.
      if (a.next("game_over", 500ms).is_null()) command(mover, "resign");
      ASSERT_FALSE(b.next("game_over").is_null());
      const auto archived = archived_moves(game);
      for (Client* c : {&a, &b}) {
        const Told told = told_to(*c, game);
        EXPECT_EQ(told.moves, archived);
        EXPECT_EQ(told.game_overs, 1);
        EXPECT_FALSE(told.move_after_end);
      }
    }
  }
}

}  // namespace
}  // namespace bh::app::test
