// The room's views alone: protocol structs built from the room's values, with the
// protocol's words written only there.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "game/board_view.hpp"
#include "game/room_views.hpp"
#include "rules/registry.hpp"

namespace bh::game::views {
namespace {

using rules::Side;
namespace sv = protocol::server;
using namespace std::chrono_literals;

RoomSettings tablut(std::optional<protocol::ClockMs> clock = std::nullopt) {
  RoomSettings s;
  s.game = "tablut";
  auto made = rules::make_ruleset("tablut");
  EXPECT_TRUE(made.ok());
  s.rules = *made;
  s.creator_side = CreatorSide::second;
  s.clock = clock;
  s.games = 2;
  s.is_private = true;
  return s;
}

TEST(RoomViews, ResultsAndSidesAreTextOnlyHere) {
  EXPECT_EQ(side_text(Side::first), "first");
  EXPECT_EQ(side_text(Side::second), "second");
  EXPECT_EQ(result_text(rules::Status::win(Side::second, rules::EndReason::resignation)), "second");
  EXPECT_EQ(result_text(rules::Status::draw(rules::EndReason::agreement)), "draw");
  const auto won = status(rules::Status::win(Side::first, rules::EndReason::time));
  EXPECT_EQ(won.state, "win");
  EXPECT_EQ(won.winner, "first");
  EXPECT_EQ(won.reason, "time");
  const auto ongoing = status(rules::Status{});
  EXPECT_EQ(ongoing.state, "ongoing");
  EXPECT_FALSE(ongoing.winner.has_value());
  EXPECT_FALSE(ongoing.reason.has_value());
}

TEST(RoomViews, RoomInfoSaysTheCreatorsSideInWords) {
  const auto info = room_info("r1", "alice", tablut(protocol::ClockMs{60'000, 1'000}));
  EXPECT_EQ(info.room_id, "r1");
  EXPECT_EQ(info.creator, "alice");
  EXPECT_EQ(info.creator_side, "second");
  EXPECT_EQ(info.clock->increment_ms, 1'000);
  EXPECT_EQ(info.games, 2);
  EXPECT_TRUE(info.is_private);
}

TEST(RoomViews, ClocksShowTheRunningSideOnlyWhileTheyRun) {
  const GameClock::Time t0{};
  EXPECT_FALSE(clocks(GameClock(), Side::first, t0).has_value());  // untimed
  GameClock clock(10'000, 500);
  clock.start(t0);
  auto c = clocks(clock, Side::second, t0 + 4s);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->running, "second");
  EXPECT_EQ(c->first_ms, 10'000);
  EXPECT_EQ(c->second_ms, 6'000);
  EXPECT_EQ(c->increment_ms, 500);
  EXPECT_FALSE(clocks(clock, std::nullopt, t0 + 4s)->running.has_value());  // the game is over
  clock.restore(std::array<GameClock::Ms, 2>{3'000, 4'000}, t0);
  c = clocks(clock, Side::first, t0 + 4s);  // paused: nothing runs
  EXPECT_FALSE(c->running.has_value());
  EXPECT_EQ(c->first_ms, 3'000);
}

TEST(RoomViews, AGameViewSeenFromASeatAndBySpectators) {
  const auto settings = tablut();
  rules::GameState game(settings.rules);
  const auto legal = game.legal_moves();
  ASSERT_FALSE(legal.empty());
  const std::string first_move = game.rules().move_text(legal[0]);
  ASSERT_TRUE(game.play(first_move).ok());
  LiveJournal journal;
  journal.start(true);
  journal.add(storage::MoveRecord{first_move, -1, -1, 0});
  MatchScore score(2);
  score.seat("alice", "bob");
  score.next_game();
  const std::string room_id = "r1", game_id = "g1";
  const sv::Board board = board_view(*settings.rules);
  GameFacts facts{room_id,
                  game_id,
                  settings,
                  game,
                  journal,
                  {SeatFacts{"alice", true, 0}, SeatFacts{"bob", false, 1234}},
                  1,
                  std::nullopt,
                  Side::second,
                  match_info("m1", score),
                  board};
  const auto alice = game_view(facts, 0);
  EXPECT_EQ(alice.players.first, "bob");  // the joiner plays first
  EXPECT_EQ(alice.players.second, "alice");
  EXPECT_EQ(alice.you, "second");
  EXPECT_EQ(alice.sides.first, std::string(game.rules().side_name(Side::first)));
  EXPECT_EQ(alice.ply, 1);
  EXPECT_EQ(alice.moves, std::vector<std::string>{first_move});
  EXPECT_EQ(alice.to_move, "second");
  EXPECT_EQ(alice.position, game.rules().position_text(game.position()));
  EXPECT_EQ(alice.start_position, game.rules().position_text(game.start()));
  EXPECT_EQ(alice.draw_offer, "second");
  ASSERT_EQ(alice.absent.size(), 1u);
  EXPECT_EQ(alice.absent[0].player, "bob");
  EXPECT_EQ(alice.absent[0].side, "first");
  EXPECT_EQ(alice.absent[0].deadline_ms, 1234);
  EXPECT_EQ(alice.match.match_id, "m1");
  EXPECT_EQ(alice.match.number, 1);
  EXPECT_FALSE(alice.clocks.has_value());
  EXPECT_EQ(alice.status.state, "ongoing");
  EXPECT_EQ(alice.board, board);
  // Alice (second) is to move: she gets her legal moves; bob and spectators do not.
  EXPECT_EQ(alice.legal, legal_moves(game));
  ASSERT_TRUE(alice.legal.has_value());
  EXPECT_FALSE(alice.legal->empty());
  const auto spectator = game_view(facts, std::nullopt);
  EXPECT_FALSE(spectator.you.has_value());
  EXPECT_FALSE(spectator.legal.has_value());
  EXPECT_EQ(spectator.board, board);
  EXPECT_EQ(game_view(facts, 1).you, "first");
  EXPECT_FALSE(game_view(facts, 1).legal.has_value());
  // Over (resigned): nobody is to move.
  game.finish(rules::Status::win(Side::first, rules::EndReason::resignation));
  EXPECT_FALSE(game_view(facts, 0).legal.has_value());
}

TEST(RoomViews, LegalMovesAreTheRulesMovesAsSortedText) {
  const auto settings = tablut();
  rules::GameState game(settings.rules);
  std::vector<std::string> expected;
  for (const auto& m : game.legal_moves()) expected.push_back(game.rules().move_text(m));
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(legal_moves(game), expected);
  EXPECT_TRUE(std::is_sorted(expected.begin(), expected.end()));
  game.finish(rules::Status::draw(rules::EndReason::agreement));
  EXPECT_FALSE(legal_moves(game).has_value());
}

// Runs `check(id, ply, game)` in every position of three games of random moves of each
// game of the catalogue (captures, huffs, multi-jumps), until the game ends or 200 plies.
template <class Check>
void through_random_games(std::uint32_t seed, const Check& check) {
  std::mt19937 rng(seed);
  for (const auto& info : rules::catalogue()) {
    const auto made = rules::make_ruleset(info.id);
    ASSERT_TRUE(made) << info.id;
    for (int game_number = 0; game_number < 3; ++game_number) {
      rules::GameState game(*made);
      for (int ply = 0; ply < 200 && !game.status().over(); ++ply) {
        check(info.id, ply, game);
        if (::testing::Test::HasFatalFailure()) return;
        const auto moves = game.legal_moves();
        game.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      }
    }
  }
}

// The player to move's list is written straight from the moves: the same bytes as
// encoding the sorted texts, and the moves it was made from are the rules' own.
TEST(RoomViews, TheLegalMovesAsJsonAreTheSortedTextsEncoded) {
  through_random_games(5, [](const std::string& id, int ply, const rules::GameState& game) {
    rules::MoveList moves;
    const auto json = legal_moves_json(game, moves);
    const auto texts = legal_moves(game);
    ASSERT_TRUE(json && texts);
    std::string expected = "[";
    for (const auto& text : *texts) expected += (expected.size() > 1 ? "," : "") + protocol::json_string(text);
    expected += "]";
    ASSERT_EQ(*json, expected) << id << " ply " << ply;
    ASSERT_EQ(moves, game.legal_moves());
  });
}

// What a client does with the compact form (docs/protocol.md, "Games"): each group cut
// after its first '-' or ':', the rests after it each joined to that beginning.
std::vector<std::string> expand_compact(std::string_view compact) {
  std::vector<std::string> texts;
  while (!compact.empty()) {
    const std::size_t end = std::min(compact.find(';'), compact.size());
    std::string_view group = compact.substr(0, end);
    compact.remove_prefix(std::min(end + 1, compact.size()));
    const std::size_t cut = group.find_first_of("-:");
    if (cut == std::string_view::npos) {
      texts.emplace_back(group);
      continue;
    }
    const std::string_view head = group.substr(0, cut + 1);
    for (std::string_view rest = group.substr(cut + 1);;) {
      const std::size_t comma = std::min(rest.find(','), rest.size());
      texts.push_back(std::string(head) + std::string(rest.substr(0, comma)));
      if (comma == rest.size()) break;
      rest.remove_prefix(comma + 1);
    }
  }
  return texts;
}

TEST(RoomViews, TheCompactLegalMovesGroupTheTextsByWhereTheyStart) {
  std::string out;
  append_compact_legal(out, {"a4-a1", "a4-a2", "a4:c4", "b5-b6", "c3:e5:g3", "c3:e5:g7", "huff c3"});
  EXPECT_EQ(out, "a4-a1,a2;a4:c4;b5-b6;c3:e5:g3,e5:g7;huff c3");
  out.clear();
  append_compact_legal(out, {});
  EXPECT_EQ(out, "");

  // Tablut's first position: its 80 moves in under half the bytes of the list.
  const auto settings = tablut();
  rules::GameState game(settings.rules);
  rules::MoveList moves;
  const auto compact = legal_moves_json(game, moves, true, true);
  const auto list = legal_moves_json(game, moves);
  ASSERT_TRUE(compact && list);
  EXPECT_LT(compact->size() * 2, list->size()) << *compact;
  EXPECT_EQ(compact->find("\"a4-a1,a2,a3,b4,c4,d4;a6-a7,"), 0u) << *compact;
}

// Expanded again, the compact form is the list, and the moves it was made from are the
// rules' own.
TEST(RoomViews, TheCompactLegalMovesExpandToTheSortedTexts) {
  through_random_games(7, [](const std::string& id, int ply, const rules::GameState& game) {
    rules::MoveList moves;
    const auto compact = legal_moves_json(game, moves, true, true);
    const auto texts = legal_moves(game);
    ASSERT_TRUE(compact && texts);
    ASSERT_GE(compact->size(), 2u);
    ASSERT_EQ(compact->front(), '"');
    ASSERT_EQ(compact->back(), '"');
    const std::string inner = compact->substr(1, compact->size() - 2);
    ASSERT_EQ(inner.find_first_of("\"\\"), std::string::npos) << inner;  // nothing to escape
    ASSERT_EQ(expand_compact(inner), *texts) << id << " ply " << ply << ": " << inner;
    ASSERT_EQ(moves, game.legal_moves());
  });
}

TEST(RoomViews, MoveEventAndTheEndsOfGameAndMatch) {
  const auto settings = tablut();
  rules::GameState game(settings.rules);
  const std::string text = game.rules().move_text(game.legal_moves()[0]);
  ASSERT_TRUE(game.play(text).ok());
  const auto event = move_event("g1", game, text, Side::first, std::nullopt);
  EXPECT_EQ(event.ply, 1);
  EXPECT_EQ(event.move, text);
  EXPECT_EQ(event.side, "first");
  EXPECT_EQ(event.to_move, "second");
  EXPECT_EQ(event.status.state, "ongoing");
  EXPECT_FALSE(event.legal.has_value());  // the room adds it to the player to move's copy

  MatchScore score(2);
  score.seat("alice", "bob");
  score.next_game();
  score.add("bob", "alice", {1, 0});
  const auto over = game_over("r1", "g1", rules::Status::win(Side::first, rules::EndReason::resignation), {1, 0},
                              {"bob", "alice"}, true, match_info("m1", score));
  EXPECT_EQ(over.result, "first");
  EXPECT_EQ(over.winner, "bob");
  EXPECT_EQ(over.reason, "resignation");
  EXPECT_EQ(over.points.first, 1);
  EXPECT_TRUE(over.archived);
  const auto drawn = game_over("r1", "g2", rules::Status::draw(rules::EndReason::agreement), {0.5, 0.5},
                               {"alice", "bob"}, false, match_info("m1", score));
  EXPECT_EQ(drawn.result, "draw");
  EXPECT_FALSE(drawn.winner.has_value());

  const auto match = match_over("r1", "m1", score, "alice", "bob");
  EXPECT_EQ(match.games, 2);
  EXPECT_EQ(match.winner, "bob");
  EXPECT_EQ(match.totals.at("alice"), 0);

  const auto live = live_game("r1", "g1", settings, {"bob", "alice"}, 3, 42);
  EXPECT_EQ(live.game_id, "g1");
  EXPECT_EQ(live.room_id, "r1");
  EXPECT_EQ(live.game, "tablut");
  EXPECT_EQ(live.players.first, "bob");
  EXPECT_EQ(live.ply, 3);
  EXPECT_EQ(live.started_ms, 42);
}

}  // namespace
}  // namespace bh::game::views
