// The legal-move lists and the board (docs/protocol.md, "Games") through the
// application: the player to move, and only that player, gets `legal`, the rules
// module's moves sorted, in every state and move event; every state and archived
// record carries the rules' `board`.
#include <algorithm>
#include <sstream>

#include "game/board_view.hpp"
#include "harness.hpp"
#include "protocol/messages.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::app::test {
namespace {

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  std::istringstream in(text);
  while (in >> word) {
    if (word == "huff") {
      std::string square, move;
      in >> square >> move;
      word = "huff " + square + " " + move;
    }
    out.push_back(word);
  }
  return out;
}

rules::OptionText option_text(const json& options) {
  rules::OptionText out;
  for (const auto& [name, value] : options.items())
    out[name] = value.is_string() ? value.get<std::string>() : value.dump();
  return out;
}

// The rules module's legal moves after `moves`, as the sorted move texts.
json rules_legal(const std::string& game, const json& options, const std::vector<std::string>& moves) {
  auto made = rules::make_ruleset(game, option_text(options));
  EXPECT_TRUE(made.ok()) << game;
  rules::GameState state(*made);
  for (const auto& m : moves) EXPECT_TRUE(state.play(m).ok()) << m;
  std::vector<std::string> texts;
  for (const auto& m : state.legal_moves()) texts.push_back(state.rules().move_text(m));
  std::sort(texts.begin(), texts.end());
  return texts;
}

// The board the rules draw, as JSON.
json rules_board(const std::string& game, const json& options) {
  auto made = rules::make_ruleset(game, option_text(options));
  EXPECT_TRUE(made.ok()) << game;
  protocol::server::ArchivedGame record;
  record.board = game::board_view(**made);
  return json::parse(protocol::encode_body(record))["board"];
}

class BoardAndLegalTest : public AppTest {
 protected:
  // The last `type` message `c` received (taken or not).
  static json last(Client& c, const std::string& type) {
    json found;
    for (const auto& m : c.connection()->all())
      if (m.value("type", "") == type) found = m;
    return found;
  }
  // `mover` plays `move` at `ply`; returns the mover's echo and the opponent's event.
  std::pair<json, json> move(Client& mover, Client& other, const std::string& game_id, int ply,
                             const std::string& text) {
    mover.send({{"type", "move"}, {"game_id", game_id}, {"ply", ply}, {"move", text}, {"id", 500 + ply}});
    json mine = mover.reply(500 + ply);
    EXPECT_EQ(mine["type"], "move") << text << ": " << mine.dump();
    json theirs = other.next_if("move", [&](const json& m) { return m["ply"] == ply + 1; });
    EXPECT_FALSE(theirs.is_null()) << text;
    return {mine, theirs};
  }
  Client& resume(const std::string& name) {
    Client& c = client();
    c.send({{"type", "resume"}, {"token", tokens_.at(name)}, {"id", 1}});
    EXPECT_EQ(c.reply(1)["type"], "identity") << name;
    return c;
  }
};

struct Case {
  std::string label, game;
  json options;
};

class LegalEveryGame : public BoardAndLegalTest, public ::testing::WithParamInterface<Case> {};

// The player to move gets the rules' moves; the opponent and a spectator get null; after
// each move the roles switch; the board is the rules' in every state.
TEST_P(LegalEveryGame, OnlyThePlayerToMoveGetsTheRulesMovesAndTheRolesSwitch) {
  const Case& c = GetParam();
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  json spec = {{"game", c.game}};
  if (!c.options.empty()) spec["options"] = c.options;
  const std::string game_id = start_game(alice, bob, spec);
  ASSERT_FALSE(game_id.empty());
  Client& watcher = client();
  watcher.send({{"type", "watch"}, {"game_id", game_id}, {"id", 5}});
  const json watched = watcher.reply(5);

  const json board = rules_board(c.game, c.options);
  const json a_state = last(alice, "game_started")["state"];
  const json b_state = last(bob, "game_started")["state"];
  EXPECT_EQ(a_state["you"], "first");
  EXPECT_EQ(a_state["legal"], rules_legal(c.game, c.options, {}));
  EXPECT_FALSE(a_state["legal"].empty());
  EXPECT_TRUE(b_state["legal"].is_null());
  EXPECT_TRUE(watched["state"]["legal"].is_null());
  for (const json* s : {&a_state, &b_state, &watched["state"]}) EXPECT_EQ((*s)["board"], board);

  std::vector<std::string> played;
  json legal = a_state["legal"];
  for (int ply = 0; ply < 6; ++ply) {
    Client& mover = ply % 2 == 0 ? alice : bob;
    Client& other = ply % 2 == 0 ? bob : alice;
    const std::string text = legal[legal.size() / 2];  // any of them; the middle one varies more
    auto [mine, theirs] = move(mover, other, game_id, ply, text);
    played.push_back(text);
    if (theirs["status"]["state"] != "ongoing") break;
    EXPECT_TRUE(mine["legal"].is_null()) << text;
    EXPECT_EQ(theirs["legal"], rules_legal(c.game, c.options, played)) << text;
    json seen = watcher.next_if("move", [&](const json& m) { return m["ply"] == ply + 1; });
    EXPECT_TRUE(seen.contains("legal") && seen["legal"].is_null()) << seen.dump();
    // Apart from `legal` (and the mover's id), all three copies say the same.
    for (json* copy : {&mine, &theirs}) {
      copy->erase("legal");
      copy->erase("id");
    }
    seen.erase("legal");
    EXPECT_EQ(mine, seen);
    EXPECT_EQ(theirs, seen);
    legal = rules_legal(c.game, c.options, played);
  }
  // A spectator joining now: still null; the board as before.
  Client& late = client();
  late.send({{"type", "watch"}, {"game_id", game_id}, {"id", 6}});
  const json late_state = late.reply(6)["state"];
  EXPECT_TRUE(late_state["legal"].is_null());
  EXPECT_EQ(late_state["board"], board);
}

INSTANTIATE_TEST_SUITE_P(
    AllGames, LegalEveryGame,
    ::testing::Values(Case{"tavlei", "tavlei", json::object()}, Case{"tablut", "tablut", json::object()},
                      Case{"seatafl9", "seatafl", json::object()}, Case{"seatafl11", "seatafl", {{"size", 11}}},
                      Case{"copenhagen", "copenhagen", json::object()}, Case{"brandubh", "brandubh", json::object()},
                      Case{"draughts", "draughts", json::object()}, Case{"alquerque", "alquerque", json::object()}),
    [](const ::testing::TestParamInfo<Case>& p) { return p.param.label; });

// Sea tafl 11x11 names squares up to k11: the moves say so.
TEST_F(BoardAndLegalTest, SeaTafl11MovesNameTheEleventhFileAndRank) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  start_game(alice, bob, {{"game", "seatafl"}, {"options", {{"size", 11}}}});
  const json state = last(alice, "game_started")["state"];
  EXPECT_EQ(state["board"]["files"], 11);
  const auto& legal = state["legal"];
  ASSERT_TRUE(legal.is_array());
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [](const json& m) { return m.get<std::string>()[0] == 'k'; }))
      << legal.dump();
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [](const json& m) {
    return m.get<std::string>().find("11") != std::string::npos;
  })) << legal.dump();
}

// RULES.md Q6: White moved without capturing although several pieces could; Black must
// name one, so every legal move of Black starts with `huff <square> `.
TEST_F(BoardAndLegalTest, AlquerquePendingHuffMakesEveryLegalMoveStartWithHuff) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "alquerque"}});
  const auto moves = split("d2-c3 b4:d2 b2-c3 b3-b2 e2-d2");
  const auto events = play(alice, bob, game_id, moves);
  ASSERT_EQ(events.size(), moves.size());
  const json to_bob = last(bob, "move");
  ASSERT_EQ(to_bob["ply"], 5);
  const json& legal = to_bob["legal"];
  EXPECT_EQ(legal, rules_legal("alquerque", json::object(), moves));
  ASSERT_FALSE(legal.empty());
  for (const auto& m : legal) EXPECT_TRUE(m.get<std::string>().starts_with("huff ")) << m;
  // His full state after a reconnection has the same list.
  bob.close();
  Client& bob2 = resume("bob");
  const json state = bob2.next("game_state");
  EXPECT_EQ(state["state"]["legal"], legal);
}

// RULES.md D2, D4: a capture chain is one move listing every landing square, and
// capturing is compulsory: White's only moves are captures, the chain among them.
TEST_F(BoardAndLegalTest, DraughtsCaptureChainIsOneLegalMove) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "draughts"}});
  const auto moves = split("c3-b4 d6-c5 b4:d6 e7:c5 e3-f4 h6-g5 f4:h6 f8-e7");
  ASSERT_EQ(play(alice, bob, game_id, moves).size(), moves.size());
  const json legal = last(alice, "move")["legal"];
  EXPECT_EQ(legal, rules_legal("draughts", json::object(), moves));
  EXPECT_NE(std::find(legal.begin(), legal.end(), json("h6:f8:d6:b4")), legal.end()) << legal.dump();
  for (const auto& m : legal) EXPECT_NE(m.get<std::string>().find(':'), std::string::npos) << m;
}

// A finished game has nobody to move: the last move event and the states after it say null.
TEST_F(BoardAndLegalTest, AFinishedGameHasNoLegalMoves) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "tavlei"}});
  Client& watcher = client();
  watcher.send({{"type", "watch"}, {"game_id", game_id}, {"id", 5}});
  ASSERT_EQ(watcher.reply(5)["type"], "game_state");
  const auto moves = split("a4-b4 c5-c9 d1-d4 g5-g4 a6-d6 e5-c5 d4-d5");
  const auto events = play(alice, bob, game_id, moves);
  ASSERT_EQ(events.size(), moves.size());
  EXPECT_EQ(events.back()["status"]["reason"], "king_captured");
  ASSERT_FALSE(watcher.next_if("move", [](const json& m) { return m["ply"] == 7; }).is_null());
  for (Client* c : {&alice, &bob, &watcher}) {
    const json last_move = last(*c, "move");
    ASSERT_EQ(last_move["ply"], 7);
    EXPECT_TRUE(last_move.contains("legal") && last_move["legal"].is_null()) << last_move.dump();
  }
}

// Whoever is to move when a game's state is sent gets the list: a reconnection
// (resume), and a restart of the server (the game restored) with its reconnections.
TEST_F(BoardAndLegalTest, ResumedAndRestoredStatesCarryTheListOfThePlayerToMove) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string game_id = start_game(alice, bob, {{"game", "tablut"}});
  const auto moves = split("f9-f8 d5-d4 i6-g6");
  ASSERT_EQ(play(alice, bob, game_id, moves).size(), moves.size());
  const json expected = rules_legal("tablut", json::object(), moves);  // bob (second) to move

  bob.close();
  Client& bob2 = resume("bob");
  EXPECT_EQ(bob2.next("game_state")["state"]["legal"], expected);
  alice.close();
  Client& alice2 = resume("alice");
  const json alice_state = alice2.next("game_state");
  EXPECT_TRUE(alice_state["state"]["legal"].is_null());
  EXPECT_EQ(alice_state["state"]["board"], rules_board("tablut", json::object()));

  clients_.clear();
  close_app();
  open_app();
  Client& a3 = resume("alice");
  EXPECT_TRUE(a3.next("game_state")["state"]["legal"].is_null());
  Client& b3 = resume("bob");
  const json restored = b3.next("game_state")["state"];
  EXPECT_EQ(restored["legal"], expected);
  EXPECT_EQ(restored["board"], rules_board("tablut", json::object()));
  // And the game goes on from there.
  auto [mine, theirs] = move(b3, a3, game_id, 3, expected[0]);
  EXPECT_TRUE(mine["legal"].is_null());
  auto after = moves;
  after.push_back(expected[0]);
  EXPECT_EQ(theirs["legal"], rules_legal("tablut", json::object(), after));
}

// In a match the next game's game_started gives the list to its first side, whose
// player is the other one now (sides alternate).
TEST_F(BoardAndLegalTest, EachGameOfAMatchStartsWithTheListForItsFirstSide) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const std::string first_game = start_game(alice, bob, {{"game", "draughts"}, {"games", 2}});
  alice.send({{"type", "resign"}, {"game_id", first_game}, {"id", 7}});
  ASSERT_FALSE(alice.next("game_over").is_null());
  const json bob_next = bob.next_if("game_started", [&](const json& m) { return m["state"]["game_id"] != first_game; });
  const json alice_next =
      alice.next_if("game_started", [&](const json& m) { return m["state"]["game_id"] != first_game; });
  ASSERT_FALSE(bob_next.is_null());
  ASSERT_FALSE(alice_next.is_null());
  EXPECT_EQ(bob_next["state"]["you"], "first");
  EXPECT_EQ(bob_next["state"]["legal"], rules_legal("draughts", json::object(), {}));
  EXPECT_TRUE(alice_next["state"]["legal"].is_null());
  EXPECT_EQ(alice_next["state"]["board"], rules_board("draughts", json::object()));
}

// The archive answers carry the board of the record's game: over WebSocket and HTTP.
TEST_F(BoardAndLegalTest, ArchivedRecordsCarryTheBoardOfTheirGame) {
  Client& alice = guest("alice");
  Client& bob = guest("bob");
  const json options = {{"size", 11}};
  const std::string game_id = start_game(alice, bob, {{"game", "seatafl"}, {"options", options}});
  alice.send({{"type", "resign"}, {"game_id", game_id}, {"id", 7}});
  ASSERT_FALSE(alice.next("game_over").is_null());
  alice.send({{"type", "get_game"}, {"game_id", game_id}, {"id", 8}});
  const json record = alice.reply(8);
  ASSERT_EQ(record["type"], "game_record") << record.dump();
  EXPECT_EQ(record["record"]["board"], rules_board("seatafl", options));
  const auto response = http("/api/games/" + game_id);
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(json::parse(response.body)["board"], rules_board("seatafl", options));
}

}  // namespace
}  // namespace bh::app::test
