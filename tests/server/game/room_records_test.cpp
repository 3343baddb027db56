// The room's storage records alone: the live header and the archive record.
#include <gtest/gtest.h>

#include "game/room_records.hpp"
#include "rules/registry.hpp"

namespace bh::game::records {
namespace {

using rules::Side;

RoomSettings settings(int games) {
  RoomSettings s;
  s.game = "tablut";
  s.options.values = {{"size", "9"}};
  auto made = rules::make_ruleset("tablut");
  EXPECT_TRUE(made.ok());
  s.rules = *made;
  s.creator_side = CreatorSide::random;
  s.clock = protocol::ClockMs{60'000, 2'000};
  s.games = games;
  s.is_private = true;
  return s;
}

TEST(RoomRecords, TheLiveHeaderHoldsWhatARestartNeeds) {
  const auto s = settings(3);
  const std::string room = "r1", match = "m1", invite = "abc";
  MatchScore score(3);
  score.restore(2, {{"alice", 1}, {"bob", 0}});
  const auto g = live_header({room, match, invite, s}, {SeatIdentity{"alice", "t1", true}, SeatIdentity{"bob", "t2"}},
                             "g2", 1, 42, score);
  EXPECT_EQ(g.game_id, "g2");
  EXPECT_EQ(g.room_id, "r1");
  EXPECT_EQ(g.match_id, "m1");
  EXPECT_EQ(g.invite_code, "abc");
  EXPECT_EQ(g.game, "tablut");
  EXPECT_EQ(g.options.at("size"), "9");
  ASSERT_TRUE(g.clock.has_value());
  EXPECT_EQ(g.clock->increment_ms, 2'000);
  EXPECT_EQ(g.creator_side, "random");
  EXPECT_TRUE(g.is_private);
  EXPECT_EQ(g.games, 3);
  EXPECT_EQ(g.game_number, 2);
  EXPECT_EQ(g.seats[0].player, "alice");
  EXPECT_EQ(g.seats[0].token, "t1");
  EXPECT_TRUE(g.seats[0].registered);
  EXPECT_EQ(g.seats[0].match_points, 1);
  EXPECT_EQ(g.seats[1].player, "bob");
  EXPECT_FALSE(g.seats[1].registered);
  EXPECT_EQ(g.first_seat, 1);
  EXPECT_EQ(g.started_ms, 42);
  EXPECT_TRUE(g.moves.empty());
}

TEST(RoomRecords, AFinishedGamesRecord) {
  const std::string room = "r1", match = "m1", invite;
  for (const int games : {1, 2}) {
    const auto s = settings(games);
    rules::GameState game(s.rules);
    const std::string text = game.rules().move_text(game.legal_moves()[0]);
    ASSERT_TRUE(game.play(text).ok());
    game.finish(rules::Status::win(Side::second, rules::EndReason::resignation));
    const std::vector<storage::MoveRecord> moves{{text, 59'000, 60'000, 7}};
    const auto r = game_record({room, match, invite, s}, "g1", game, {"bob", "alice"}, 1, 100, 50, moves);
    EXPECT_EQ(r.id, "g1");
    EXPECT_EQ(r.first_player, "bob");
    EXPECT_EQ(r.second_player, "alice");
    EXPECT_EQ(r.result, "second");
    EXPECT_EQ(r.reason, "resignation");
    EXPECT_EQ(r.first_points, game.points().first);
    EXPECT_EQ(r.second_points, game.points().second);
    EXPECT_EQ(r.start_position, game.rules().position_text(game.start()));
    EXPECT_EQ(r.match_id, games > 1 ? "m1" : "");  // a single game has no match
    EXPECT_EQ(r.match_game, 1);
    EXPECT_EQ(r.started_ms, 100);
    EXPECT_EQ(r.ended_ms, 100);  // a clock that went back is not believed
    EXPECT_EQ(r.moves, moves);
    EXPECT_TRUE(r.is_private);
    EXPECT_EQ(r.clock->initial_ms, 60'000);
  }
}

}  // namespace
}  // namespace bh::game::records
