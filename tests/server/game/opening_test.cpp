// The open room, decided by the session (server/game/opening.cpp): announced, joined,
// cancelled, its creator's grace, the computer's time to sit down; and the finished
// room's rematch window, a deadline like the others.
#include <gtest/gtest.h>

#include "session_driver.hpp"

namespace bh::game {
namespace {

using protocol::ErrorCode;
using testing::Driver;
using testing::settings_for;

Limits limits() {
  Limits l;
  l.open_room_grace_ms = 10'000;
  l.computer_join_ms = 15'000;
  l.rematch_window_ms = 600'000;
  return l;
}

TEST(OpenRoom, OpeningAnnouncesTheRoomToTheCreatorAndTheLobby) {
  Driver d(settings_for("tablut"), limits());
  d.run(Open{});
  EXPECT_TRUE(d.s.seats[0].present);
  EXPECT_TRUE(d.noticed(Note::opened));
  ASSERT_EQ(d.told.size(), 1u);
  EXPECT_NE(d.told[0].find("\"type\":\"room_created\""), std::string::npos);
  EXPECT_EQ(d.told[0].find("\"invite_code\":\""), std::string::npos) << d.told[0];  // a public room has none
  EXPECT_TRUE(d.deadlines.empty());
}

// One seat at a time across nodes (cluster mode): the game's header is refused when a
// player of it sits in another live game on another node. The game was never announced,
// so it ends unseen and unarchived: the creator's room is cancelled, the joiner refused.
TEST(OpenRoom, AGameWhosePlayerSitsInAnotherGameElsewhereNeverStarts) {
  Driver d(settings_for("tablut"), limits());
  d.auto_write = false;
  d.run(Open{});
  d.start();
  ASSERT_EQ(d.writes.size(), 1u);
  ASSERT_TRUE(d.writes[0].header);
  d.told.clear();
  d.refuse_write_for_seat();
  EXPECT_EQ(d.s.phase, Phase::closed);
  EXPECT_FALSE(d.told_contains("game_started"));
  EXPECT_TRUE(d.told_contains("\"type\":\"room_cancelled\""));
  EXPECT_TRUE(d.told_contains("\"reason\":\"seat_taken\""));
  ASSERT_EQ(d.refusals.size(), 1u);
  EXPECT_EQ(d.refusals[0].code, ErrorCode::already_seated);
  EXPECT_TRUE(d.finished.empty());  // nothing archived
  EXPECT_TRUE(d.noticed(Note::game_ended));
  EXPECT_TRUE(d.noticed(Note::close));
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::turn));
}

TEST(OpenRoom, APrivateRoomGivesItsInviteCode) {
  auto settings = std::make_shared<RoomSettings>(*settings_for("tablut"));
  settings->is_private = true;
  Driver d(settings, limits());
  d.s.invite_code = "c0de";
  d.run(Open{});
  EXPECT_TRUE(d.told_contains("\"invite_code\":\"c0de\""));
}

TEST(OpenRoom, AJoinSeatsThePlayerAndBeginsTheFirstGame) {
  Driver d(settings_for("tablut"), limits());
  d.run(Open{});
  d.run(Join{"bob", true});
  EXPECT_EQ(d.s.seats[1].player, "bob");
  EXPECT_TRUE(d.noticed(Note::joined));
  EXPECT_EQ(d.s.phase, Phase::playing);  // start_next: the driver began the game
  EXPECT_TRUE(d.told_contains("game_started"));
}

TEST(OpenRoom, OnlyTheCreatorCancelsAndOnlyWhileOpen) {
  Driver d(settings_for("tablut"), limits());
  d.run(Open{});
  d.run(Cancel{1, std::nullopt});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::not_creator);
  d.run(Cancel{0, std::nullopt});
  EXPECT_EQ(d.s.phase, Phase::closed);
  ASSERT_FALSE(d.notices.empty());
  EXPECT_EQ(d.notices.back().note, Note::close);
  EXPECT_EQ(d.notices.back().reason, "cancelled");
  EXPECT_TRUE(d.told_contains("room_cancelled"));
  d.run(Cancel{0, std::nullopt});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::room_closed);

  Driver started(settings_for("tablut"), limits());
  started.start();
  started.run(Cancel{0, std::nullopt});
  EXPECT_EQ(started.refusals.back().code, ErrorCode::room_full);  // resign instead
}

TEST(OpenRoom, ACancelForItsCreatorSaysWhy) {
  Driver d(settings_for("tablut"), limits());
  d.run(Open{});
  d.run(Cancel{0, "tournament"});  // a tournament pairs its creator
  EXPECT_EQ(d.s.phase, Phase::closed);
  EXPECT_TRUE(d.told_contains("\"reason\":\"tournament\""));
}

TEST(OpenRoom, ACreatorWhoLeftHasAGraceThenTheRoomIsAbandoned) {
  Driver d(settings_for("tablut"), limits());
  d.run(Open{});
  d.run(Left{0});
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::open_grace_0));
  EXPECT_EQ(d.deadlines[DeadlineKind::open_grace_0], d.now.steady + std::chrono::milliseconds(10'000));
  d.fire(DeadlineKind::open_grace_0);
  EXPECT_EQ(d.s.phase, Phase::closed);
  EXPECT_EQ(d.notices.back().reason, "abandoned");
}

TEST(OpenRoom, ACreatorBackInTimeKeepsTheRoomAndSeesItAgain) {
  Driver d(settings_for("tablut"), limits());
  d.run(Open{});
  d.run(Left{0});
  d.pass(5'000);
  d.told.clear();
  d.run(Returned{0});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::open_grace_0));
  EXPECT_TRUE(d.s.seats[0].present);
  EXPECT_TRUE(d.told_contains("room_created"));
  d.run(DeadlineDue{DeadlineKind::open_grace_0});  // a stale timer changes nothing
  EXPECT_EQ(d.s.phase, Phase::open);
}

// play_computer's room: its settings say the computer's level.
std::shared_ptr<const RoomSettings> computer_settings() {
  auto settings = std::make_shared<RoomSettings>(*settings_for("tablut"));
  settings->computer_level = 3;
  return settings;
}

TEST(OpenRoom, TheComputerIsChallengedAndTheRoomClosesIfItDoesNotCome) {
  Driver d(computer_settings(), limits());
  d.s.kept_for = "robo";
  d.run(Open{});
  EXPECT_TRUE(d.told_contains("\"type\":\"challenge\""));
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::computer));
  d.fire(DeadlineKind::computer);
  EXPECT_EQ(d.s.phase, Phase::closed);
  EXPECT_EQ(d.notices.back().reason, "no_computer");
  EXPECT_TRUE(d.told_contains("no_computer"));
}

TEST(OpenRoom, TheComputerSittingDownEndsItsDeadline) {
  Driver d(computer_settings(), limits());
  d.s.kept_for = "robo";
  d.run(Open{});
  d.run(Join{"robo", true});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::computer));
  d.run(DeadlineDue{DeadlineKind::computer});  // stale: the game goes on
  EXPECT_EQ(d.s.phase, Phase::playing);
}

// A challenge to a named player (docs/protocol.md, "Challenge a player"): told to them
// with its lapse, kept for them alone, and ended by their no, its withdrawal or its lapse,
// each told to both.
TEST(Challenge, TheChallengedPlayerIsToldAndNobodyElseMaySitDown) {
  Driver d(settings_for("tablut"), limits());
  d.s.kept_for = "bob";
  d.run(Open{});
  ASSERT_EQ(d.told.size(), 2u);
  EXPECT_NE(d.told[0].find("\"challenged\":\"bob\""), std::string::npos) << d.told[0];  // room_created
  EXPECT_NE(d.told[1].find("\"type\":\"challenge_received\""), std::string::npos) << d.told[1];
  EXPECT_EQ(d.s.kept_until_ms, d.now.unix_ms + 180'000);
  EXPECT_NE(d.told[1].find("\"expires_ms\":" + std::to_string(d.s.kept_until_ms)), std::string::npos);
  EXPECT_EQ(d.deadlines[DeadlineKind::computer], d.now.steady + std::chrono::milliseconds(180'000));
  const auto other = refuse_join(d.s, "carol", std::nullopt, d.s.kept_for);
  ASSERT_TRUE(other);
  EXPECT_EQ(other->code, ErrorCode::room_full);
  EXPECT_NE(other->message.find("a challenge to bob"), std::string::npos);
  EXPECT_FALSE(refuse_join(d.s, "bob", std::nullopt, d.s.kept_for));  // no invite needed
  d.run(Join{"bob", true});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::computer));
  EXPECT_EQ(d.s.phase, Phase::playing);
}

TEST(Challenge, ADeclineIsTheChallengedPlayersAndToldToTheChallengerWithItsReason) {
  Driver d(settings_for("tablut"), limits());
  d.s.kept_for = "bob";
  d.run(Open{});
  d.run(Decline{"carol", std::string("later")});
  ASSERT_EQ(d.refusals.size(), 1u);
  EXPECT_EQ(d.refusals[0].code, ErrorCode::not_a_player);
  EXPECT_EQ(d.s.phase, Phase::open);
  d.run(Decline{"bob", std::string("too_fast")});
  EXPECT_EQ(d.s.phase, Phase::closed);
  EXPECT_EQ(d.notices.back().reason, "declined");
  EXPECT_TRUE(d.told_contains("\"reason\":\"declined\",\"decline_reason\":\"too_fast\""));
  EXPECT_TRUE(d.told_contains("\"type\":\"ok\""));
  d.run(Decline{"bob", std::nullopt});  // once
  EXPECT_EQ(d.refusals.back().code, ErrorCode::room_closed);
}

TEST(Challenge, AWithdrawnOrLapsedChallengeIsToldToBoth) {
  Driver withdrawn(settings_for("tablut"), limits());
  withdrawn.s.kept_for = "bob";
  withdrawn.run(Open{});
  withdrawn.run(Cancel{0, std::nullopt});
  EXPECT_EQ(withdrawn.s.phase, Phase::closed);
  EXPECT_TRUE(withdrawn.told_contains("\"reason\":\"cancelled\""));  // to bob
  Driver lapsed(settings_for("tablut"), limits());
  lapsed.s.kept_for = "bob";
  lapsed.run(Open{});
  lapsed.fire(DeadlineKind::computer);
  EXPECT_EQ(lapsed.s.phase, Phase::closed);
  EXPECT_EQ(lapsed.notices.back().reason, "expired");
  int told = 0;
  for (const auto& t : lapsed.told) told += t.find("\"reason\":\"expired\"") != std::string::npos;
  EXPECT_EQ(told, 2);  // the challenger and the challenged
}

TEST(Challenge, ACorrespondenceChallengeWaitsThreeOfItsDays) {
  auto settings = std::make_shared<RoomSettings>(*settings_for("tablut", false));
  settings->correspondence = std::get<CorrespondenceControl>(CorrespondenceControl::days(3));
  Limits l = limits();
  l.correspondence_day_ms = 1000;
  Driver d(settings, l);
  d.s.kept_for = "bob";
  d.run(Open{});
  EXPECT_EQ(d.s.kept_until_ms, d.now.unix_ms + 3000);
}

TEST(Challenge, PlayComputersRoomIsNoChallengeAndCannotBeDeclined) {
  Driver d(computer_settings(), limits());
  d.s.kept_for = "robo";
  d.run(Open{});
  EXPECT_FALSE(d.told_contains("challenge_received"));
  EXPECT_FALSE(d.told_contains("\"challenged\":\"robo\""));
  d.run(Decline{"robo", std::nullopt});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::not_a_player);
}

TEST(FinishedRoom, TheRematchWindowExpires) {
  Driver d(settings_for("tablut"), limits());
  d.start();
  d.run(Resign{0, d.s.game_id});
  d.archive();
  ASSERT_EQ(d.s.phase, Phase::finished);
  ASSERT_TRUE(d.deadlines.contains(DeadlineKind::rematch_window));
  EXPECT_EQ(d.deadlines[DeadlineKind::rematch_window], d.now.steady + std::chrono::milliseconds(600'000));
  d.fire(DeadlineKind::rematch_window);
  EXPECT_EQ(d.s.phase, Phase::closed);
  EXPECT_TRUE(d.told_contains("\"reason\":\"expired\""));
}

TEST(FinishedRoom, APlayerLeavingEndsTheChanceOfARematch) {
  Driver d(settings_for("tablut"), limits());
  d.start();
  d.run(Resign{0, d.s.game_id});
  d.archive();
  d.run(Left{1});
  EXPECT_EQ(d.s.phase, Phase::closed);
  EXPECT_TRUE(d.told_contains("\"reason\":\"left\""));
}

}  // namespace
}  // namespace bh::game
