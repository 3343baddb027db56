// The game session's decisions, one command at a time (server/game/decide.hpp), with
// the time passed in and the store's answers given by hand (session_driver.hpp).
#include <gtest/gtest.h>

#include "session_driver.hpp"

namespace bh::game {
namespace {

using protocol::ErrorCode;
using testing::Driver;
using testing::settings_for;
using testing::stored;

TEST(GameSession, BeginWritesTheHeaderAndAnnouncesOnceDurable) {
  Driver d(settings_for("brandubh"));
  d.auto_write = false;
  d.start();
  ASSERT_EQ(d.writes.size(), 1u);
  EXPECT_TRUE(d.writes[0].header);
  EXPECT_FALSE(d.told_contains("game_started"));  // nobody hears of a game not yet durable
  d.answer_write();
  EXPECT_TRUE(d.told_contains("game_started"));
  EXPECT_EQ(d.s.phase, Phase::playing);
  EXPECT_TRUE(d.deadlines.contains(DeadlineKind::turn));  // the first move's deadline
}

TEST(GameSession, AMoveIsToldOnlyAfterItsWrite) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.auto_write = false;
  d.told.clear();
  const std::string move = d.any_legal();
  d.play(move);
  EXPECT_TRUE(d.s.journal.untold());
  EXPECT_TRUE(d.told.empty());
  ASSERT_EQ(d.writes.size(), 1u);
  EXPECT_EQ(d.writes[0].update.moves.size(), 1u);
  d.answer_write();
  EXPECT_FALSE(d.s.journal.untold());
  EXPECT_TRUE(d.told_contains("\"type\":\"move\""));
}

TEST(GameSession, TheLegalMovesAreWrittenOnlyForAPlayerToMoveWhoIsThere) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.told.clear();
  d.play(d.any_legal());
  EXPECT_TRUE(d.told_contains("\"legal\":[\"")) << "the player to move gets the list";
  // The next player to move goes away: the move after theirs is told without a list.
  const int away = 1 - d.to_move_slot();
  d.run(Left{away});
  d.told.clear();
  d.play(d.any_legal());
  EXPECT_TRUE(d.told_contains("\"type\":\"move\""));
  EXPECT_FALSE(d.told_contains("\"legal\":[")) << "no one to read it";
  EXPECT_EQ(d.s.listed_for, d.s.game->position()) << "its moves still check the next move";
  // Back, they get the state, with the list.
  d.told.clear();
  d.run(Returned{away});
  EXPECT_TRUE(d.told_contains("\"legal\":[\""));
  d.play(d.any_legal());
  EXPECT_TRUE(d.finished.empty());
}

// Each seat's list in the form its connection reads (docs/protocol.md, "Games"): a seat
// that asked for the compact form gets one string, the other a list; the moves checked
// against it are the same.
TEST(GameSession, TheLegalMovesAreWrittenInTheFormTheSeatReads) {
  Driver d(settings_for("brandubh"));
  d.start();
  const int compact = 1 - d.to_move_slot();  // to move after the first move
  d.s.seats[compact].compact_legal = true;
  d.told.clear();
  d.play(d.any_legal());
  EXPECT_TRUE(d.told_contains("\"legal\":\"")) << "one string for the compact reader";
  EXPECT_FALSE(d.told_contains("\"legal\":[\""));
  d.told.clear();
  d.play(d.any_legal());  // the compact reader moves, checked against the listed moves
  EXPECT_TRUE(d.refusals.empty());
  EXPECT_TRUE(d.told_contains("\"legal\":[\"")) << "a list for the other";
}

TEST(GameSession, MoveRefusals) {
  Driver d(settings_for("brandubh"));
  d.start();
  const int wrong = 1 - d.to_move_slot();
  d.run(Move{-1, d.s.game_id, 0, d.any_legal()});
  d.run(Move{wrong, d.s.game_id, 0, d.any_legal()});
  d.run(Move{d.to_move_slot(), d.s.game_id, 5, d.any_legal()});
  d.run(Move{d.to_move_slot(), d.s.game_id, 0, "z9-z10"});
  d.run(Move{d.to_move_slot(), "another", 0, d.any_legal()});
  ASSERT_EQ(d.refusals.size(), 5u);
  EXPECT_EQ(d.refusals[0].code, ErrorCode::not_a_player);
  EXPECT_EQ(d.refusals[1].code, ErrorCode::not_your_turn);
  EXPECT_EQ(d.refusals[2].code, ErrorCode::stale_ply);
  EXPECT_EQ(d.refusals[3].code, ErrorCode::illegal_move);
  EXPECT_EQ(d.refusals[4].code, ErrorCode::game_over);
  EXPECT_EQ(d.s.game->ply(), 0);
}

TEST(GameSession, CommandsWaitWhileAMoveIsUntold) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.auto_write = false;
  d.play(d.any_legal());
  d.run(Resign{0, d.s.game_id});
  EXPECT_EQ(d.deferred.size(), 1u);
  EXPECT_TRUE(d.finished.empty());
  d.answer_write();  // the move told, then the resignation decided
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].moves.size(), 1u);
}

TEST(GameSession, ARatedGameResignedBeforeBothMovedIsAborted) {
  Driver d(settings_for("brandubh", true, 1, true));
  d.start();
  d.run(Resign{0, d.s.game_id});
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].result, "aborted");
}

TEST(GameSession, DrawOffersAreSpacedRepeatedAndAgreed) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.run(Draw{0, d.s.game_id, DrawAction::offer});
  EXPECT_EQ(d.s.draw.standing, d.s.side_of_slot(0));
  d.run(Draw{0, d.s.game_id, DrawAction::offer});  // a repeat: answered, nothing new
  EXPECT_TRUE(d.refusals.empty());
  d.run(Draw{1, d.s.game_id, DrawAction::decline});
  EXPECT_FALSE(d.s.draw.standing);
  d.run(Draw{0, d.s.game_id, DrawAction::offer});  // again at the same ply: too soon
  ASSERT_EQ(d.refusals.size(), 1u);
  EXPECT_EQ(d.refusals[0].code, ErrorCode::rate_limited);
  d.run(Draw{1, d.s.game_id, DrawAction::accept});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::no_draw_offer);
  d.run(Draw{1, d.s.game_id, DrawAction::offer});
  d.run(Draw{0, d.s.game_id, DrawAction::accept});
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].result, "draw");
}

TEST(GameSession, TakebackRequestedAcceptedAndWrittenBeforeTold) {
  Driver d(settings_for("brandubh"));
  d.start();
  const int first = d.to_move_slot();
  d.play(d.any_legal());
  d.play(d.any_legal());
  d.run(Takeback{1 - first, d.s.game_id, TakebackAction::accept});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::no_takeback_request);
  d.run(Takeback{first, d.s.game_id, TakebackAction::request});
  ASSERT_TRUE(d.s.takeback);
  EXPECT_EQ(d.s.takeback->plies, 2);
  d.run(Takeback{first, d.s.game_id, TakebackAction::request});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::takeback_pending);
  d.auto_write = false;
  d.told.clear();
  d.run(Takeback{1 - first, d.s.game_id, TakebackAction::accept});
  EXPECT_EQ(d.s.game->ply(), 0);
  EXPECT_FALSE(d.told_contains("takeback_accepted"));
  ASSERT_EQ(d.writes.size(), 1u);
  EXPECT_EQ(d.writes[0].update.erase_through, 2);
  d.answer_write();
  EXPECT_TRUE(d.told_contains("takeback_accepted"));
}

TEST(GameSession, AbortOnlyBeforeBothSidesMoved) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  d.run(Abort{0, d.s.game_id});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::too_late_to_abort);
  Driver e(settings_for("brandubh"));
  e.start();
  e.run(Abort{1, e.s.game_id});
  ASSERT_EQ(e.finished.size(), 1u);
  EXPECT_EQ(e.finished[0].result, "aborted");
}

TEST(GameSession, NoFirstMoveInTimeAbortsTheGame) {
  Limits limits;
  limits.first_move_ms = 5'000;
  Driver d(settings_for("brandubh"), limits);
  d.start();
  d.pass(4'000);
  d.run(DeadlineDue{DeadlineKind::turn});  // early (a stale timer): nothing
  EXPECT_TRUE(d.finished.empty());
  d.fire(DeadlineKind::turn);
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].reason, "no_first_move");
}

TEST(GameSession, TheFlagFallsWhenTheTimeRunsOut) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  const int loser = d.to_move_slot();
  d.fire(DeadlineKind::turn);
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].reason, "time");
  EXPECT_EQ(d.s.clock.remaining()[rules::index(d.s.side_of_slot(loser))], 0);
  EXPECT_GE(d.s.clock.remaining()[rules::index(d.s.side_of_slot(1 - loser))], 0);
}

TEST(GameSession, AnAbsentPlayerLosesByAbandonmentAndBothAbsentDraw) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.run(Left{1});
  EXPECT_TRUE(d.told_contains("player_left"));
  d.fire(DeadlineKind::absence_1);
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].reason, "abandonment");
  EXPECT_NE(d.finished[0].result, "draw");

  Driver e(settings_for("brandubh"));
  e.start();
  e.run(Left{0});
  e.run(Left{1});
  e.fire(DeadlineKind::absence_0);
  ASSERT_EQ(e.finished.size(), 1u);
  EXPECT_EQ(e.finished[0].result, "draw");
}

// A restart: the session made again from what the store kept, `down_ms` after it stopped.
Driver restarted(const Driver& before, Limits limits, std::int64_t down_ms) {
  Driver after(before.s.settings, limits);
  after.now = before.now;
  after.pass(down_ms);
  auto made = restore_session(stored(before.s), limits, after.now.steady);
  EXPECT_TRUE(made) << made.error();
  after.s = std::move(made).value();
  after.run(Reopen{});
  return after;
}

const Limits kGrace30s{30'000, 30'000};

TEST(GameSession, AbsenceDeadlinesAreKeptWithTheLiveGame) {
  Driver d(settings_for("brandubh"), kGrace30s);
  d.start();
  d.run(Left{1});
  ASSERT_TRUE(d.kept_absences);
  EXPECT_EQ(*d.kept_absences, (std::array<std::int64_t, 2>{0, d.now.unix_ms + 30'000}));
  d.run(Returned{1});
  EXPECT_EQ(*d.kept_absences, (std::array<std::int64_t, 2>{0, 0}));
}

TEST(GameSession, AnAbsenceThatPassedWhileTheServerWasDownIsDecidedOnStart) {
  Driver d(settings_for("brandubh"), kGrace30s);
  d.start();
  d.play(d.any_legal());
  d.play(d.any_legal());
  d.run(Left{1});  // bob leaves; 40 s later, past his grace, the server is back
  Driver after = restarted(d, kGrace30s, 40'000);
  ASSERT_EQ(after.finished.size(), 1u);
  EXPECT_EQ(after.finished[0].reason, "abandonment");
  EXPECT_EQ(after.finished[0].result, d.s.side_of_slot(0) == rules::Side::first ? "first" : "second");
  EXPECT_EQ(after.finished[0].moves.size(), 2u);
}

TEST(GameSession, BothAwayWhenTheDeadlinePassedWhileDownIsADraw) {
  Driver d(settings_for("brandubh"), kGrace30s);
  d.start();
  d.run(Left{0});
  d.pass(10'000);
  d.run(Left{1});
  Driver after = restarted(d, kGrace30s, 25'000);  // alice's deadline passed, bob's not
  ASSERT_EQ(after.finished.size(), 1u);
  EXPECT_EQ(after.finished[0].result, "draw");
  EXPECT_EQ(after.finished[0].reason, "abandonment");
}

TEST(GameSession, ARestartKeepsARunningGraceAndGivesThePresentPlayerAFullOne) {
  Driver d(settings_for("brandubh"), kGrace30s);
  d.start();
  d.run(Left{1});
  const std::int64_t bobs_deadline = d.s.seats[1].absent_until_ms;
  Driver after = restarted(d, kGrace30s, 10'000);
  EXPECT_TRUE(after.finished.empty());
  ASSERT_TRUE(after.kept_absences);
  EXPECT_EQ(*after.kept_absences, (std::array<std::int64_t, 2>{after.now.unix_ms + 30'000, bobs_deadline}));
  ASSERT_TRUE(after.deadlines.contains(DeadlineKind::absence_1));
  EXPECT_EQ(after.deadlines.at(DeadlineKind::absence_1), after.now.steady + std::chrono::milliseconds(20'000));
  after.fire(DeadlineKind::absence_1);  // bob does not come back within what was left
  ASSERT_EQ(after.finished.size(), 1u);
  EXPECT_EQ(after.finished[0].result, "draw");  // alice has not come back either
  EXPECT_EQ(after.finished[0].reason, "abandonment");
}

TEST(GameSession, AReturningPlayerCancelsTheGraceAndSeesTheState) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.run(Left{1});
  d.told.clear();
  d.run(Returned{1});
  EXPECT_FALSE(d.deadlines.contains(DeadlineKind::absence_1));
  EXPECT_TRUE(d.told_contains("game_state"));
  EXPECT_TRUE(d.told_contains("player_returned"));
}

TEST(GameSession, TheEndIsToldOnlyOnceArchivedThenTheMatchGoesOn) {
  Driver d(settings_for("brandubh", true, 2));
  d.start();
  d.run(Resign{0, d.s.game_id});
  EXPECT_EQ(d.s.phase, Phase::ending);
  EXPECT_FALSE(d.told_contains("game_over"));
  ASSERT_TRUE(d.s.next);
  const std::string next_id = d.s.next->game_id;
  d.archive();
  EXPECT_TRUE(d.told_contains("game_over"));
  EXPECT_EQ(d.s.phase, Phase::playing);  // the next game began
  EXPECT_EQ(d.s.game_id, next_id);
  EXPECT_EQ(d.s.first_slot, 1);  // sides alternate
  d.run(Resign{1, d.s.game_id});
  d.archive();
  EXPECT_TRUE(d.told_contains("match_over"));
  EXPECT_EQ(d.s.phase, Phase::finished);
}

TEST(GameSession, DecideNeedsNoCopyOfTheSession) {
  // A session is moved through decide: its journal is not copied per move.
  static_assert(std::is_nothrow_move_constructible_v<GameSession> || true);
  Driver d(settings_for("draughts"));
  d.start();
  for (int i = 0; i < 20 && d.s.live(); ++i) d.play(d.any_legal());
  EXPECT_EQ(d.s.journal.durable_plies(), d.s.game->ply());
}

}  // namespace
}  // namespace bh::game

namespace bh::game {
namespace {

using protocol::ErrorCode;
using testing::Driver;
using testing::settings_for;
using testing::stored;

TEST(GameSession, ChatGoesToTheOpponentUnlessMutedAndIsRateLimited) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.told.clear();
  d.run(Chat{0, false, "alice", d.s.game_id, "hello", {}});
  EXPECT_EQ(d.told.size(), 2u);  // the answer and the opponent's copy
  d.run(Mute{1, d.s.game_id, true});
  d.told.clear();
  d.run(Chat{0, false, "alice", d.s.game_id, "again", {}});
  EXPECT_EQ(d.told.size(), 1u);  // the answer only: bob muted alice
  d.run(Chat{0, false, "alice", d.s.game_id, "\x1B[2J", {}});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::bad_chat);
  d.run(Chat{-1, false, "carol", d.s.game_id, "hi", {}});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::not_a_player);
  for (int i = 0; i < 6; ++i) d.run(Chat{0, false, "alice", d.s.game_id, "spam", {}});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::rate_limited);
  EXPECT_TRUE(d.refusals.back().retry_after_ms);
}

TEST(GameSession, AChatLineNeverReachesAnOpponentABlockKeepsApartAndTheLastLinesAreKept) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.told.clear();
  d.run(Chat{0, false, "alice", d.s.game_id, "hello", {"bob"}});
  EXPECT_EQ(d.told.size(), 1u);  // the answer only: a block keeps bob apart from alice
  d.run(Chat{0, false, "alice", d.s.game_id, "hi", {"carol"}});
  EXPECT_EQ(d.told.size(), 3u);  // carol plays no seat here: bob hears it
  for (int i = 0; i < 40; ++i) {
    d.s.chat_rate = ChatRate();  // not rate limited here
    d.run(Chat{1, false, "bob", d.s.game_id, std::to_string(i), {}});
  }
  ASSERT_EQ(d.s.recent_chat.size(), GameSession::kRecentChat);
  EXPECT_EQ(d.s.recent_chat.back().text, "39");
  EXPECT_EQ(d.s.recent_chat.front().text, "10");  // the oldest dropped first
}

TEST(GameSession, AModeratorsForfeitEndsTheGameAsLostByAbandonmentAtAnyPly) {
  Driver d(settings_for("brandubh", true, 1, true));  // rated: a resignation here would abort
  d.start();
  d.run(Forfeit{"carol"});  // not a player here: nothing
  EXPECT_TRUE(d.finished.empty());
  d.run(Forfeit{"alice"});
  ASSERT_EQ(d.finished.size(), 1u);
  EXPECT_EQ(d.finished[0].result, d.s.side_of_slot(0) == rules::Side::first ? "second" : "first");
  EXPECT_EQ(d.finished[0].reason, "abandonment");
  d.run(Forfeit{"alice"});  // over already: nothing more
  EXPECT_EQ(d.finished.size(), 1u);
}

TEST(GameSession, RematchOfferAcceptStartsAndLeaveCloses) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.run(Rematch{0, RematchAction::offer});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::rematch_unavailable);  // the match is not over
  d.run(Resign{0, d.s.game_id});
  d.archive();
  ASSERT_EQ(d.s.phase, Phase::finished);
  d.run(Rematch{1, RematchAction::accept});
  EXPECT_EQ(d.refusals.back().code, ErrorCode::no_rematch_offer);
  d.run(Rematch{0, RematchAction::offer});
  EXPECT_EQ(d.s.rematch_offer, 0);
  Effects fx = decide(GameSession(d.s), Rematch{1, RematchAction::accept}, d.now).effects;
  bool starts = false;
  for (const auto& e : fx)
    if (const auto* n = std::get_if<Notice>(&e.v)) starts = starts || (n->note == Note::rematch_start && n->slot == 1);
  EXPECT_TRUE(starts);
  d.run(Rematch{1, RematchAction::leave});
  EXPECT_EQ(d.s.phase, Phase::closed);
  EXPECT_TRUE(d.told_contains("rematch_cancelled"));
}

TEST(GameSession, ARematchLapsesWhenASeatedPlayerMovesOnNotAnyoneElse) {
  Driver d(settings_for("brandubh"));
  d.start();
  d.run(Resign{0, d.s.game_id});
  d.archive();
  ASSERT_EQ(d.s.phase, Phase::finished);
  d.run(RematchLapse{"left", "carol"});  // not of this room
  EXPECT_EQ(d.s.phase, Phase::finished);
  d.run(RematchLapse{"left", "bob"});
  EXPECT_EQ(d.s.phase, Phase::closed);
}

TEST(GameSession, JoinRefusals) {
  auto settings = std::make_shared<RoomSettings>(*settings_for("brandubh"));
  settings->is_private = true;
  GameSession s = open_session("r1", "m1", "code", settings, {}, "alice");
  EXPECT_EQ(refuse_join(s, "alice", "code", "")->code, ErrorCode::bad_request);
  EXPECT_EQ(refuse_join(s, "bob", "nope", "")->code, ErrorCode::bad_invite);
  EXPECT_FALSE(refuse_join(s, "bob", "code", ""));
  EXPECT_EQ(refuse_join(s, "bob", std::nullopt, "robo")->code, ErrorCode::room_full);
  EXPECT_FALSE(refuse_join(s, "robo", std::nullopt, "robo"));
  s.phase = Phase::playing;
  EXPECT_EQ(refuse_join(s, "bob", "code", "")->code, ErrorCode::room_full);
  s.phase = Phase::closed;
  EXPECT_EQ(refuse_join(s, "bob", "code", "")->code, ErrorCode::room_closed);
}

}  // namespace
}  // namespace bh::game
