// Full games of every game through the application, with a spectator, and the archive
// record of each replayed through the rules module.
#include <sstream>

#include "harness.hpp"

namespace bh::app::test {
namespace {

struct Scripted {
  std::string game;
  std::vector<std::string> moves;
  std::string result, reason;
  double first_points, second_points;
};

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  std::istringstream in(text);
  while (in >> cur) {
    if (cur == "huff") {
      std::string square, move;
      in >> square >> move;
      out.push_back("huff " + square + " " + move);
    } else {
      out.push_back(cur);
    }
  }
  return out;
}

class GamesTest : public AppTest, public ::testing::WithParamInterface<Scripted> {};

TEST_P(GamesTest, FullGameWithSpectatorIsArchivedAndReplays) {
  const Scripted& s = GetParam();
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", s.game}});
  ASSERT_FALSE(game_id.empty());
  Client& watcher = client();  // no identity needed to watch
  watcher.send({{"type", "watch"}, {"game_id", game_id}, {"id", 5}});
  json state = watcher.reply(5);
  ASSERT_EQ(state["type"], "game_state");
  EXPECT_TRUE(state["state"]["you"].is_null());
  EXPECT_EQ(state["state"]["ply"], 0);

  const auto events = play(alice, bob, game_id, s.moves);
  ASSERT_EQ(events.size(), s.moves.size());
  const json& last = events.back();
  EXPECT_EQ(last["status"]["state"], s.result == "draw" ? "draw" : "win");
  EXPECT_EQ(last["status"]["reason"], s.reason);

  for (Client* c : {&alice, &bob, &watcher}) {
    json over = c->next("game_over");
    ASSERT_FALSE(over.is_null());
    EXPECT_EQ(over["result"], s.result);
    EXPECT_EQ(over["reason"], s.reason);
    EXPECT_EQ(over["archived"], true);
    EXPECT_DOUBLE_EQ(over["points"]["first"].get<double>(), s.first_points);
    EXPECT_DOUBLE_EQ(over["points"]["second"].get<double>(), s.second_points);
    EXPECT_FALSE(c->next("match_over").is_null());
  }
  // The spectator saw every move, in order, with the same positions.
  for (std::size_t i = 0; i < events.size(); ++i) {
    json seen = watcher.next_if("move", [&](const json& m) { return m["ply"] == static_cast<int>(i) + 1; });
    EXPECT_EQ(seen["position"], events[i]["position"]) << i;
  }
  // The archive: the record replays to the same positions.
  alice.send({{"type", "get_game"}, {"game_id", game_id}, {"id", 7}});
  json record = alice.reply(7);
  ASSERT_EQ(record["type"], "game_record") << record.dump();
  const json& r = record["record"];
  EXPECT_EQ(r["first_player"], "alice");
  EXPECT_EQ(r["second_player"], "bob");
  EXPECT_EQ(r["result"], s.result);
  ASSERT_EQ(r["moves"].size(), events.size());
  for (std::size_t i = 0; i < events.size(); ++i) {
    EXPECT_EQ(r["moves"][i]["move"], events[i]["move"]);
    EXPECT_EQ(r["moves"][i]["position"], events[i]["position"]) << i;
  }
  auto http_record = http("/api/games/" + game_id);
  EXPECT_EQ(http_record.status, 200);
  EXPECT_EQ(json::parse(http_record.body)["moves"], r["moves"]);
}

// Short decisive games found with random playouts and checked with the rules module
// (`boardhall play GAME --moves "..."` gives the same result).
INSTANTIATE_TEST_SUITE_P(
    AllGames, GamesTest,
    ::testing::Values(
        Scripted{"tavlei", split("a4-b4 c5-c9 d1-d4 g5-g4 a6-d6 e5-c5 d4-d5"), "first", "king_captured", 1, 0},
        Scripted{"tablut", split("f9-f8 d5-d4 i6-g6 d4-d7 f8-g8 e5-d5 d1-c1 d5-d1"), "second", "king_escaped", 0, 1},
        Scripted{"seatafl", split("i6-i9 f5-f3 f9-f4 e5-f5 f1-h1 f5-f9"), "second", "king_escaped", 0, 1},
        // Real games (tests/data/tafl: copenhagen.csv line 61, brandubh.csv line 106).
        Scripted{"copenhagen", split("k8-g8 h6-h8 j6-j11 g6-j6 k7-k10 f6-i6 k5-i5 i6-i11 k10-i10 i11-k11"), "second",
                 "king_escaped", 0, 1},
        Scripted{"brandubh", split("d2-e2 c4-c2 d6-c6 d3-a3 b4-b5 d4-b4 c6-c4"), "first", "king_captured", 1, 0},
        Scripted{"draughts",
                 split("c3-b4 d6-c5 b4:d6 e7:c5 e3-f4 h6-g5 f4:h6 f8-e7 h6:f8:d6:b4 b6-c5 b4:e7:h4 d8-e7 "
                       "h4:d8:a5 b8-c7 a5:d8 a7-b6 d8:a5 h8-g7 f2-e3 g7-h6 g3-f4 h6-g5 f4:h6"),
                 "first", "no_pieces", 1, 0},
        // With two huffs (Q6) and Q8 points: 2 for the win + 2 per own piece left.
        Scripted{"alquerque",
                 split("d2-c3 b4:d2 b2-c3 b3-b2 e2-d2 huff b1 a5-b4 e1-e2 a3:a1 e3-e4 huff c1 "
                       "e5:e3:c3:c1:e1:e3:c1"),
                 "second", "no_pieces", 0, 22}),
    [](const ::testing::TestParamInfo<Scripted>& p) { return p.param.game; });

TEST_F(AppTest, AlquerquePendingHuffChoiceIsInTheState) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "alquerque"}});
  const auto events = play(alice, bob, game_id, split("d2-c3 b4:d2 b2-c3 b3-b2 e2-d2"));
  ASSERT_EQ(events.size(), 5u);
  // White moved without capturing although several pieces could: Black must name one.
  const std::string position = events.back()["position"];
  EXPECT_NE(position.substr(position.rfind(' ') + 1), "-") << position;
  // A move without the huff prefix is refused with the rules' reason.
  bob.send({{"type", "move"}, {"game_id", game_id}, {"ply", 5}, {"move", "a5-b4"}, {"id", 9}});
  json r = bob.reply(9);
  EXPECT_EQ(r["code"], "illegal_move");
  EXPECT_FALSE(r["message"].get<std::string>().empty());
  // A reconnecting player sees the same pending choice in the full state.
  bob.send({{"type", "watch"}, {"game_id", game_id}, {"id", 10}});
  EXPECT_EQ(bob.reply(10)["state"]["position"], position);
}

}  // namespace
}  // namespace bh::app::test
