// The session's text helpers (client-cli/session_format.hpp): clocks, scores, time
// controls, reasons, options and move lists, as pure functions.
#include "session_format.hpp"

#include <gtest/gtest.h>

#include "protocol/utf8.hpp"

namespace bh::cli {
namespace {

TEST(SessionFormat, ClocksShowTenthsUnderTenSecondsThenMinutesAndHours) {
  EXPECT_EQ(format_ms(4321), "4.3");
  EXPECT_EQ(format_ms(-5), "0.0");
  EXPECT_EQ(format_ms(10000), "0:10");
  EXPECT_EQ(format_ms(299000), "4:59");
  EXPECT_EQ(format_ms(3723000), "1:02:03");
}

TEST(SessionFormat, NumbersAreWholeWhenTheyCanBe) {
  EXPECT_EQ(format_number(1), "1");
  EXPECT_EQ(format_number(0.5), "0.5");
  EXPECT_EQ(format_number(2.5), "2.5");
}

TEST(SessionFormat, TimeControlIsMinutesPlusSeconds) {
  EXPECT_EQ(format_clock(std::nullopt), "none");
  EXPECT_EQ(format_clock(protocol::ClockMs{300000, 3000}), "5+3");
  EXPECT_EQ(format_clock(protocol::ClockMs{30000, 0}), "0.5+0");
  EXPECT_EQ(format_clock(std::nullopt, protocol::Correspondence{3, {}, {}, {}}), "3d a move");
  EXPECT_EQ(format_clock(std::nullopt, protocol::Correspondence{{}, 7, 12, 2}), "bank 7d +12h min 2h");
}

TEST(SessionFormat, TimeLeftInACorrespondenceGameReadsInDaysHoursAndMinutes) {
  constexpr std::int64_t kMinute = 60'000, kHour = 60 * kMinute, kDay = 24 * kHour;
  EXPECT_EQ(time_left_text(2 * kDay + 3 * kHour + 5 * kMinute), "2 days 3 h");
  EXPECT_EQ(time_left_text(kDay), "1 day 0 h");
  EXPECT_EQ(time_left_text(5 * kHour + 20 * kMinute), "5 h 20 min");
  EXPECT_EQ(time_left_text(40 * kMinute + 59'000), "40 min");
  EXPECT_EQ(time_left_text(59'000), "under a minute");
  EXPECT_EQ(time_left_text(0), "no time");
  EXPECT_EQ(time_left_text(-5), "no time");
}

TEST(SessionFormat, ReasonsAndOptionsReadAsText) {
  EXPECT_EQ(reason_text("king_captured"), "king captured");
  protocol::OptionMap o;
  o.values["size"] = "11";
  o.values["king_limit"] = "4";
  EXPECT_EQ(options_text(o), "king_limit=4,size=11");
  EXPECT_EQ(side_of("second"), rules::Side::second);
  EXPECT_EQ(side_of("black"), std::nullopt);
}

TEST(SessionFormat, MoveListNumbersFullMovesAndBracketsTheCurrentPly) {
  EXPECT_EQ(move_list({}, 0), std::vector<std::string>{"(no moves)"});
  EXPECT_EQ(move_list({"e1-e3", "e9-e7", "a4-b4"}, 2), std::vector<std::string>{"1. e1-e3 [e9-e7]  2. a4-b4"});
  EXPECT_EQ(numbered(3, "a4-b4"), "2. a4-b4");
  EXPECT_EQ(numbered(4, "b9-b8"), "2... b9-b8");
  EXPECT_EQ(plies(1), "1 ply");
  EXPECT_EQ(plies(2), "2 plies");
}

TEST(SessionFormat, ListsAndVersusWrapOnlyWhenTheyMust) {
  EXPECT_EQ(or_list({"a3"}), "a3");
  EXPECT_EQ(or_list({"a3", "b4", "d4"}), "a3, b4 or d4");
  EXPECT_EQ(versus("alice", "bob"), std::vector<std::string>{"alice vs bob"});
  const std::string long_name(40, 'x');
  EXPECT_EQ(versus(long_name, long_name + "y"), (std::vector<std::string>{long_name + " vs", long_name + "y"}));
}

// Defence in depth: the server refuses such chat, but a line from any server is shown
// with nothing a terminal would act on.
TEST(SessionFormat, PlainTextLeavesNoControlCharacterForTheTerminal) {
  EXPECT_EQ(plain_text("good game"), "good game");
  EXPECT_EQ(plain_text("\xD0\xB6 \xF0\x9F\x98\x80"), "\xD0\xB6 \xF0\x9F\x98\x80");  // letters and emoji stay
  const std::string r(protocol::utf8::kReplacement);
  EXPECT_EQ(plain_text("\x1B[2J\x1B]0;owned\x07"), r + "[2J" + r + "]0;owned" + r);
  EXPECT_EQ(plain_text("a\nb\rc\td"), "a" + r + "b" + r + "c" + r + "d");
  EXPECT_EQ(plain_text("a\x7F\xC2\x9B"
                       "31m"),
            "a" + r + r + "31m");  // DEL and the C1 CSI
  EXPECT_EQ(plain_text("\xE2\x80\xAEgnp.exe\xE2\x81\xA6"), r + "gnp.exe" + r);
  EXPECT_EQ(plain_text("x\xE2\x80\xA8y"), "x" + r + "y");
  EXPECT_EQ(plain_text(std::string("a\0b", 3)), "a" + r + "b");
  EXPECT_EQ(plain_text("bad \xFF\xC3"), "bad " + r + r);
}

TEST(SessionFormat, ChatLineNamesTheSenderAndTheSpectatorsChannel) {
  protocol::server::Chat m{"g1", "players", "alice", "gg", 1};
  EXPECT_EQ(chat_line(m), "alice: gg");
  m.channel = "spectators";
  m.from = "sam";
  m.text = "what a\x1B[31m move\n";
  const std::string r(protocol::utf8::kReplacement);
  EXPECT_EQ(chat_line(m), "[spectator] sam: what a" + r + "[31m move" + r);
  m.from = "evil\x1B[2J";
  EXPECT_EQ(chat_line(m).find('\x1B'), std::string::npos);
}

TEST(SessionFormat, RatingsAreWholeWithAQuestionMarkWhileProvisional) {
  EXPECT_EQ(rating_text(protocol::RatingView{1741.6, 396.8, true}), "1742?");
  EXPECT_EQ(rating_text(protocol::RatingView{1500.4, 80, false}), "1500");
  EXPECT_EQ(rating_text(std::nullopt), "");
  EXPECT_EQ(rated_name("bob", protocol::RatingView{1258.4, 396.8, true}), "bob 1258?");
  EXPECT_EQ(rated_name("gus", std::nullopt), "gus");  // a guest
  EXPECT_EQ(rating_change_text({1500, 1741.6, 241.6, 396.8}), "1500 -> 1742 (+242)");
  EXPECT_EQ(rating_change_text({1500, 1258.4, -241.6, 396.8}), "1500 -> 1258 (-242)");
  EXPECT_EQ(rating_change_text({1500, 1500, 0, 396.8}), "1500 -> 1500 (+0)");
  EXPECT_EQ(rated_text(true), "rated");
  EXPECT_EQ(rated_text(false), "casual");
  EXPECT_EQ(rated_text(std::nullopt), "");  // a server without ratings
}

TEST(SessionFormat, TheFirstMoveRuleSaysTheSecondsLeftRoundedUp) {
  EXPECT_EQ(first_move_text(31'000, 1'000), "30 s to make the first move, or the game is aborted");
  EXPECT_EQ(first_move_text(31'000, 30'500), "1 s to make the first move, or the game is aborted");
  EXPECT_EQ(first_move_text(31'000, 40'000), "0 s to make the first move, or the game is aborted");
  // A tournament's game: a no-show is a forfeit (docs/tournaments.md).
  EXPECT_EQ(first_move_text(31'000, 1'000, true), "30 s to make the first move, or the game is lost by forfeit");
}

TEST(SessionFormat, ABotsNameCarriesItsMarkAndLevel) {
  const std::optional<std::vector<std::string>> bots = std::vector<std::string>{"computer"};
  EXPECT_EQ(player_name("computer", bots, 6), "computer (bot, level 6)");
  EXPECT_EQ(player_name("computer", bots, std::nullopt), "computer (bot)");
  EXPECT_EQ(player_name("alice", bots, 6), "alice");
  EXPECT_EQ(player_name("computer", std::nullopt, 6), "computer");  // not marked: not a bot
  EXPECT_EQ(bots_text(bots), "computer");
  EXPECT_EQ(bots_text(std::vector<std::string>{"a", "b"}), "a,b");
  EXPECT_EQ(bots_text(std::nullopt), "");
}

TEST(SessionFormat, NoComputerMessagesSayWhatToDo) {
  EXPECT_NE(no_computer_text().find("scripts/serve --bot"), std::string::npos);
  EXPECT_NE(no_computer_text().find("docs/bot.md"), std::string::npos);
  EXPECT_EQ(computer_did_not_come_text(), "The computer did not come; is a bot running? See docs/bot.md");
}

TEST(SessionFormat, ACancelledRoomSaysWhyWhenTheServerDidIt) {
  EXPECT_EQ(room_cancelled_text("r1", std::nullopt), "Room r1 cancelled.");
  EXPECT_EQ(room_cancelled_text("r1", std::string("no_computer")), computer_did_not_come_text());
  EXPECT_NE(room_cancelled_text("r1", std::string("seat_taken")).find("has a seat in another game"), std::string::npos);
}

TEST(SessionFormat, ModerationTextSaysWhoWhatWhenAndWhy) {
  namespace srv = protocol::server;
  constexpr std::int64_t at = 1718000000000;  // 2024-06-10 06:13:20 UTC
  EXPECT_EQ(format_time(at), "2024-06-10 06:13");
  EXPECT_EQ(role_text("moderator"), "You are a moderator here (reports, moderation and mod: see help mod).");
  EXPECT_EQ(role_text("admin").substr(0, 23), "You are an admin here (");

  srv::ReportInfo r;
  r.report_id = 12;
  r.at_ms = at;
  r.reporter = "ann";
  r.target = "mallory";
  r.reason = "abuse";
  r.text = "threats";
  r.game_id = "g12";
  r.ply = 31;
  r.chat = {srv::ReportChatLine{"mallory", "players", "you will see", at - 60'000},
            srv::ReportChatLine{"sam", "spectators", "wow", at}};
  EXPECT_EQ(report_lines(r),
            (std::vector<std::string>{"#12  2024-06-10 06:13  ann -> mallory  abuse  (game g12, ply 31)", "    threats",
                                      "    chat:", "      06:12 mallory: you will see",
                                      "      06:13 [spectator] sam: wow", "    open"}));
  r.text.clear();
  r.game_id.reset();
  r.ply.reset();
  r.chat.clear();
  r.closed_by = "olga";
  r.closed_ms = at + 3'600'000;
  EXPECT_EQ(report_lines(r), (std::vector<std::string>{"#12  2024-06-10 06:13  ann -> mallory  abuse",
                                                       "    closed by olga 2024-06-10 07:13"}));

  EXPECT_EQ(sanction_line(srv::SanctionInfo{"mallory", "ban", std::nullopt, at, "threats"}),
            "mallory  banned, no end  (since 2024-06-10 06:13: threats)");
  EXPECT_EQ(sanction_line(srv::SanctionInfo{"bob", "suspend", at + 86'400'000, at, "stalling"}),
            "bob  suspended, until 2024-06-11 06:13  (since 2024-06-10 06:13: stalling)");
  EXPECT_EQ(address_block_line(srv::AddressBlockInfo{"10.0.0.0/8", std::nullopt, at, "spam"}),
            "10.0.0.0/8  no end  (since 2024-06-10 06:13: spam)");
  EXPECT_EQ(refused_name_line(srv::RefusedNameInfo{"admin", at, "impersonation"}),
            "admin  (since 2024-06-10 06:13: impersonation)");
  EXPECT_EQ(audit_line(srv::AuditInfo{3, at, "olga", "ban", "mallory", "threats (report 12)", ""}),
            "#3  2024-06-10 06:13  olga  ban mallory: threats (report 12)");
  EXPECT_EQ(audit_line(srv::AuditInfo{4, at, "olga", "annul", "bob", "boosting", "7 games"}),
            "#4  2024-06-10 06:13  olga  annul bob: boosting [7 games]");
  EXPECT_EQ(moderated_text(srv::Moderated{"ban", "mallory", 1}), "ban mallory: done (1)");
  EXPECT_EQ(moderated_text(srv::Moderated{"annul", "bob", 3}), "annul bob: done (3 games)");
}

}  // namespace
}  // namespace bh::cli
