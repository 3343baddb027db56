// The connect arguments and the session commands, parsed as a user types them.
#include "command_line.hpp"

#include <cstdlib>
#include <ctime>

#include <gtest/gtest.h>

namespace bh::cli {
namespace {

Command ok(std::string_view line) {
  auto r = parse_command(line);
  if (!r) ADD_FAILURE() << line << ": " << r.error();
  return r ? *r : Command{};
}

std::string error(std::string_view line) {
  auto r = parse_command(line);
  if (r) {
    ADD_FAILURE() << line << " parsed, expected an error";
    return {};
  }
  return r.error();
}

TEST(CommandLine, CreateWithEveryFlag) {
  const Command c =
      ok("create seatafl --option size=11 --option king_limit=3 --clock 5+3 --side defenders --match 2 --private");
  EXPECT_EQ(c.kind, Cmd::create);
  EXPECT_EQ(c.create.game, "seatafl");
  EXPECT_EQ(c.create.options.at("size"), "11");
  EXPECT_EQ(c.create.options.at("king_limit"), "3");
  ASSERT_TRUE(c.create.clock);
  EXPECT_DOUBLE_EQ(c.create.clock->initial_s, 300);
  EXPECT_DOUBLE_EQ(c.create.clock->increment_s, 3);
  EXPECT_EQ(c.create.side, "defenders");
  EXPECT_EQ(c.create.match, 2);
  EXPECT_TRUE(c.create.is_private);
}

TEST(CommandLine, CreateDefaults) {
  const Command c = ok("create tablut");
  EXPECT_FALSE(c.create.clock);
  EXPECT_EQ(c.create.side, "");
  EXPECT_EQ(c.create.match, 1);
  EXPECT_FALSE(c.create.is_private);
}

TEST(CommandLine, CreateErrorsNameTheProblemAndTheUsage) {
  EXPECT_EQ(error("create"),
            "which game? (usage: create GAME [--option K=V]... [--clock M+S|Nd] [--side S] [--match N] [--private])");
  EXPECT_NE(error("create tablut --clock fast")
                .find("--clock expects MINUTES+SECONDS like 5+3, DAYSd like 3d or a bank like 7d+12h/2h, not 'fast'"),
            std::string::npos);
  EXPECT_NE(error("create tablut --option size").find("--option expects NAME=VALUE"), std::string::npos);
  EXPECT_NE(error("create tablut --match 0").find("--match expects a number of games 1-99"), std::string::npos);
  EXPECT_NE(error("create tablut --side").find("--side needs a value"), std::string::npos);
  EXPECT_NE(error("create tablut --colour red").find("unknown flag --colour"), std::string::npos);
  EXPECT_NE(error("create tablut draughts").find("unexpected 'draughts'"), std::string::npos);
}

TEST(CommandLine, SeekTakesAGameOptionsAClockAndRatedOrCasual) {
  const Command c = ok("seek seatafl size=11 --option king_limit=3 5+3 rated");
  EXPECT_EQ(c.kind, Cmd::seek);
  EXPECT_EQ(c.create.game, "seatafl");
  EXPECT_EQ(c.create.options.at("size"), "11");
  EXPECT_EQ(c.create.options.at("king_limit"), "3");
  ASSERT_TRUE(c.create.clock);
  EXPECT_DOUBLE_EQ(c.create.clock->initial_s, 300);
  EXPECT_DOUBLE_EQ(c.create.clock->increment_s, 3);
  EXPECT_EQ(c.rated, true);
  const Command play = ok("play tablut --clock 1+0 casual");
  EXPECT_EQ(play.kind, Cmd::seek);
  EXPECT_EQ(play.create.game, "tablut");
  EXPECT_DOUBLE_EQ(play.create.clock->initial_s, 60);
  EXPECT_EQ(play.rated, false);
  const Command plain = ok("seek draughts");
  EXPECT_FALSE(plain.create.clock);
  EXPECT_FALSE(plain.rated.has_value());
  EXPECT_NE(error("seek").find("which game? (usage: seek GAME"), std::string::npos);
  EXPECT_NE(error("seek tablut 5+3 3+2").find("unexpected '3+2'"), std::string::npos);
  EXPECT_NE(error("seek tablut --fast").find("unknown flag --fast"), std::string::npos);
  EXPECT_NE(error("seek tablut --option size").find("an option is NAME=VALUE"), std::string::npos);
}

TEST(CommandLine, RematchAndLeave) {
  EXPECT_EQ(ok("rematch").kind, Cmd::rematch);
  EXPECT_EQ(ok("rematch").text, "");
  EXPECT_EQ(ok("rematch yes").text, "");
  EXPECT_EQ(ok("rematch no").text, "no");
  EXPECT_NE(error("rematch maybe").find("rematch, rematch yes or rematch no"), std::string::npos);
  EXPECT_NE(error("rematch no now").find("unexpected 'now'"), std::string::npos);
  EXPECT_EQ(ok("leave").kind, Cmd::leave);
  EXPECT_NE(error("leave now").find("unexpected 'now'"), std::string::npos);
}

TEST(CommandLine, Clocks) {
  auto c = parse_clock("0.5+0");
  ASSERT_TRUE(c);
  EXPECT_DOUBLE_EQ(c->initial_s, 30);
  EXPECT_DOUBLE_EQ(c->increment_s, 0);
  c = parse_clock("10");
  ASSERT_TRUE(c);
  EXPECT_DOUBLE_EQ(c->initial_s, 600);
  EXPECT_FALSE(parse_clock("0+5"));
  EXPECT_FALSE(parse_clock("5+-1"));
  EXPECT_FALSE(parse_clock("+3"));
  EXPECT_FALSE(parse_clock("5+3s"));
}

TEST(CommandLine, CorrespondenceClocksAreDaysOrABank) {
  auto c = parse_clock("3d");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->days_per_move, 3);
  EXPECT_EQ(c->bank_days, 0);
  c = parse_clock("7d+12h/2h");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->days_per_move, 0);
  EXPECT_EQ(c->bank_days, 7);
  EXPECT_EQ(c->increment_hours, 12);
  EXPECT_EQ(c->minimum_hours, 2);
  for (const char* bad : {"d", "0d", "-3d", "3.5d", "7d+12h", "7d+12/2h", "7d+12h/0h", "7d+-1h/2h", "3dd"})
    EXPECT_FALSE(parse_clock(bad)) << bad;
  EXPECT_EQ(ok("create tablut --clock 7d+0h/1h").create.clock->bank_days, 7);
}

TEST(CommandLine, MovesAreRecognisedByTheirShape) {
  EXPECT_EQ(ok("e1-e3").kind, Cmd::move);
  EXPECT_EQ(ok("e1-e3").text, "e1-e3");
  EXPECT_EQ(ok("c3:e5:g3").text, "c3:e5:g3");
  EXPECT_EQ(ok("a10-a8").text, "a10-a8");
  EXPECT_EQ(ok("huff b2 c2-c3").text, "huff b2 c2-c3");
  EXPECT_EQ(ok("move  e1-e3").text, "e1-e3");
  EXPECT_EQ(error("e1"), "unknown command 'e1' (try: help)");
  // Issue 12.11: the ways people write moves.
  EXPECT_EQ(ok("E1-E3").text, "e1-e3");
  EXPECT_EQ(ok("c3xe5").text, "c3:e5");
  EXPECT_EQ(ok("c3xe5xg3").text, "c3:e5:g3");
  EXPECT_EQ(ok("a6 c6").text, "a6-c6");
  EXPECT_EQ(ok("A6 C6").kind, Cmd::move);
  EXPECT_EQ(ok("HUFF B2 c2-c3").text, "huff b2 c2-c3");
  EXPECT_EQ(ok("move C3xE5").text, "c3:e5");
  EXPECT_NE(error("e1e3").find("a move is written e1-e3"), std::string::npos) << error("e1e3");
  EXPECT_NE(error("e1/e3").find("c3xe5"), std::string::npos);
  EXPECT_FALSE(normalize_move({"rooms"}));
  EXPECT_FALSE(normalize_move({"z1-z2"}));
  EXPECT_FALSE(normalize_move({"e1-"}));
  EXPECT_NE(error("move").find("which move?"), std::string::npos);
}

TEST(CommandLine, JoinWatchReplayGoto) {
  Command c = ok("join r1-abc 3f9a");
  EXPECT_EQ(c.kind, Cmd::join);
  EXPECT_EQ(c.text, "r1-abc");
  EXPECT_EQ(c.invite, "3f9a");
  EXPECT_EQ(ok("join r1").invite, "");
  EXPECT_NE(error("join").find("which room?"), std::string::npos);
  EXPECT_EQ(ok("watch g1").text, "g1");
  EXPECT_EQ(ok("replay g1").kind, Cmd::replay);
  EXPECT_NE(error("replay").find("which game?"), std::string::npos);
  EXPECT_EQ(ok("export g1").kind, Cmd::export_game);
  EXPECT_EQ(ok("export g1").text, "g1");
  EXPECT_EQ(ok("export g1").file, "");
  EXPECT_EQ(ok("export g1 games/g1.pdn").file, "games/g1.pdn");
  EXPECT_NE(error("export").find("which game?"), std::string::npos);
  EXPECT_NE(error("export g1 a b").find("too many words"), std::string::npos);
  EXPECT_EQ(ok("goto 12").number, 12);
  EXPECT_EQ(ok("goto 12").kind, Cmd::go_to);
  EXPECT_NE(error("goto x").find("'x' is not a move number"), std::string::npos);
  EXPECT_NE(error("goto").find("goto needs a move number"), std::string::npos);
}

TEST(CommandLine, ProfileTakesOneNameAndTopAGameAndACount) {
  Command p = ok("profile Bob");
  EXPECT_EQ(p.kind, Cmd::profile);
  EXPECT_EQ(p.text, "Bob");  // names keep their case
  EXPECT_EQ(ok("profile 'bob smith'").text, "bob smith");
  EXPECT_NE(error("profile").find("whose profile?"), std::string::npos);
  EXPECT_NE(error("profile a b").find("one name at a time"), std::string::npos);
  Command t = ok("top Tablut");
  EXPECT_EQ(t.kind, Cmd::top);
  EXPECT_EQ(t.text, "tablut");
  EXPECT_EQ(t.number, 0);  // the server's default
  EXPECT_EQ(ok("top seatafl-11x11 5").number, 5);
  EXPECT_EQ(ok("top draughts 100").number, 100);
  for (const char* bad : {"top tablut 0", "top tablut 101", "top tablut -1", "top tablut x", "top tablut 1.5"})
    EXPECT_NE(error(bad).find("is not a number from 1 to 100"), std::string::npos) << bad;
  EXPECT_NE(error("top").find("which game?"), std::string::npos);
  EXPECT_NE(error("top tablut 5 6").find("too many words"), std::string::npos);
}

TEST(CommandLine, CommandsWithoutArgumentsRefuseExtraWords) {
  for (const char* name : {"games", "rooms", "cancel", "moves", "resign", "draw", "accept", "decline", "next", "prev",
                           "first", "last", "quit", "board", "unwatch", "mute", "unmute"}) {
    EXPECT_EQ(command_name(ok(name).kind), name);
    EXPECT_NE(error(std::string(name) + " now").find("unexpected 'now'"), std::string::npos) << name;
  }
  EXPECT_EQ(ok("exit").kind, Cmd::quit);
}

TEST(CommandLine, SayTakesTheRestOfTheLineAsItIs) {
  Command c = ok("say   don't \"quote\" me \\ here  ");
  EXPECT_EQ(c.kind, Cmd::say);
  EXPECT_EQ(c.text, "don't \"quote\" me \\ here");  // no quoting rules: a stray ' is chat
  EXPECT_EQ(ok("  say gg").text, "gg");
  EXPECT_NE(error("say").find("say what?"), std::string::npos);
  EXPECT_NE(error("say    ").find("say what?"), std::string::npos);
  EXPECT_EQ(error("sayhello"), "unknown command 'sayhello' (try: help)");
  EXPECT_EQ(command_name(Cmd::say), "say");
}

TEST(CommandLine, TakebackAbortAndTheirAnswers) {
  EXPECT_EQ(ok("takeback").kind, Cmd::takeback);
  EXPECT_EQ(ok("takeback").text, "");
  EXPECT_EQ(ok("takeback yes").text, "yes");
  EXPECT_EQ(ok("takeback NO").text, "no");
  EXPECT_NE(error("takeback maybe").find("unexpected 'maybe': yes or no"), std::string::npos);
  EXPECT_NE(error("takeback yes please").find("too many words"), std::string::npos);
  EXPECT_EQ(ok("accept takeback").kind, Cmd::accept);
  EXPECT_EQ(ok("accept takeback").text, "takeback");
  EXPECT_EQ(ok("decline takeback").text, "takeback");
  EXPECT_EQ(ok("accept draw").text, "");
  EXPECT_EQ(ok("accept").text, "");
  EXPECT_EQ(ok("abort").kind, Cmd::abort);
  EXPECT_NE(error("abort now").find("unexpected 'now'"), std::string::npos);
  EXPECT_EQ(command_name(Cmd::takeback), "takeback");
  EXPECT_EQ(command_name(Cmd::abort), "abort");
}

TEST(CommandLine, Archive) {
  Command c = ok("archive --game tablut --player alice --result first");
  EXPECT_EQ(c.archive.game, "tablut");
  EXPECT_EQ(c.archive.player, "alice");
  EXPECT_EQ(c.archive.result, "first");
  EXPECT_FALSE(c.archive.next_page);
  EXPECT_TRUE(ok("archive --page").archive.next_page);
  EXPECT_NE(error("archive --result won").find("--result is first, second, draw or aborted"), std::string::npos);
  EXPECT_EQ(ok("archive --result aborted").archive.result, "aborted");
  EXPECT_NE(error("archive --player").find("--player needs a value"), std::string::npos);
}

TEST(CommandLine, Wait) {
  Command c = ok("wait turn");
  EXPECT_EQ(c.wait.what, WaitArgs::What::turn);
  EXPECT_DOUBLE_EQ(c.wait.timeout_s, 30);
  c = ok("wait event draw_offered 2.5");
  EXPECT_EQ(c.wait.what, WaitArgs::What::event);
  EXPECT_EQ(c.wait.event_type, "draw_offered");
  EXPECT_DOUBLE_EQ(c.wait.timeout_s, 2.5);
  EXPECT_EQ(ok("wait end 5").wait.what, WaitArgs::What::end);
  EXPECT_EQ(ok("wait game").wait.what, WaitArgs::What::game);
  EXPECT_NE(error("wait").find("wait for what?"), std::string::npos);
  EXPECT_NE(error("wait event").find("needs an event type"), std::string::npos);
  EXPECT_NE(error("wait lunch").find("cannot wait for 'lunch'"), std::string::npos);
  EXPECT_NE(error("wait turn soon").find("the timeout is a number of seconds"), std::string::npos);
  EXPECT_NE(error("wait turn 5 6").find("unexpected '6'"), std::string::npos);
}

TEST(CommandLine, QuotesAndUnknownCommands) {
  auto w = split_words(R"(create "sea tafl" 'a b' c\ d)");
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(*w, (std::vector<std::string>{"create", "sea tafl", "a b", "c d"}));
  EXPECT_EQ(error("tell \"hello"), "unterminated quote");
  EXPECT_EQ(error("dance"), "unknown command 'dance' (try: help)");
  EXPECT_EQ(error("   "), "");  // a blank line: nothing to do
}

TEST(CommandLine, HelpForEveryCommand) {
  for (const char* name : {"help",
                           "games",
                           "rooms",
                           "create",
                           "join",
                           "cancel",
                           "watch",
                           "moves",
                           "move",
                           "resign",
                           "draw",
                           "accept",
                           "decline",
                           "archive",
                           "replay",
                           "next",
                           "prev",
                           "first",
                           "last",
                           "goto",
                           "wait",
                           "quit",
                           "say",
                           "mute",
                           "unmute",
                           "takeback",
                           "abort",
                           "seek",
                           "rematch",
                           "leave",
                           "computer",
                           "export",
                           "tournaments",
                           "tournament",
                           "create-tournament",
                           "join-tournament",
                           "withdraw-tournament",
                           "start-tournament",
                           "add-computer"}) {
    auto h = help_for(name);
    ASSERT_TRUE(h) << name;
    EXPECT_GE(h->size(), 2u) << name;
    EXPECT_EQ(ok(std::string("help ") + name).text, name);
  }
  EXPECT_FALSE(help_for("dance"));
  EXPECT_GE(help_overview().size(), 20u);
}

TEST(CommandLine, CreateTournamentTakesAFormatAGameAClockAndItsSettings) {
  const Command c =
      ok("create-tournament swiss seatafl 10+5 size=11 rounds=7 name=\"Spring cup\" max_players=16 "
         "min_rating=1600 bye_points=0.5 mini_match=no casual private starts=+2h");
  EXPECT_EQ(c.kind, Cmd::create_tournament);
  EXPECT_EQ(c.tournament.format, "swiss");
  EXPECT_EQ(c.create.game, "seatafl");
  EXPECT_EQ(c.create.options.at("size"), "11");  // not a tournament's setting: the game's option
  ASSERT_TRUE(c.create.clock);
  EXPECT_DOUBLE_EQ(c.create.clock->initial_s, 600);
  EXPECT_DOUBLE_EQ(c.create.clock->increment_s, 5);
  EXPECT_EQ(c.tournament.name, "Spring cup");
  EXPECT_EQ(c.tournament.rounds, 7);
  EXPECT_EQ(c.tournament.max_players, 16);
  EXPECT_EQ(c.tournament.min_rating, 1600);
  EXPECT_EQ(c.tournament.bye_points, 0.5);
  EXPECT_EQ(c.tournament.mini_match, false);
  EXPECT_EQ(c.tournament.rated, false);
  EXPECT_EQ(c.tournament.is_private, true);
  ASSERT_TRUE(c.tournament.starts);
  EXPECT_EQ(c.tournament.starts->in_ms, 2 * 3'600'000);

  const Command robin = ok("create-tournament round-robin tablut 3d cycles=1 group_size=6 private=no rated=yes");
  EXPECT_EQ(robin.tournament.format, "round_robin");
  EXPECT_EQ(robin.create.clock->days_per_move, 3);
  EXPECT_EQ(robin.tournament.cycles, 1);
  EXPECT_EQ(robin.tournament.group_size, 6);
  EXPECT_EQ(robin.tournament.is_private, false);
  EXPECT_EQ(robin.tournament.rated, true);
  EXPECT_TRUE(robin.tournament.name.empty());  // the session names it
  EXPECT_FALSE(robin.tournament.rounds);       // the server's default

  // create's spellings too.
  const Command arena = ok("create-tournament arena draughts --clock 3+2 --option x=1 duration_min=45");
  EXPECT_EQ(arena.tournament.format, "arena");
  EXPECT_DOUBLE_EQ(arena.create.clock->initial_s, 180);
  EXPECT_EQ(arena.create.options.at("x"), "1");
  EXPECT_EQ(arena.tournament.duration_min, 45);
}

TEST(CommandLine, CreateTournamentErrorsSayWhatIsWrong) {
  EXPECT_EQ(error("create-tournament"),
            "which format? round_robin, swiss or arena (usage: create-tournament FORMAT GAME CLOCK [K=V]... "
            "[name=TEXT])");
  EXPECT_NE(error("create-tournament knockout tablut 5+0")
                .find("the format is round_robin, swiss or arena, not "
                      "'knockout'"),
            std::string::npos);
  EXPECT_NE(error("create-tournament swiss 5+0").find("which game?"), std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut").find("a tournament needs a clock: 10+5"), std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 7d+12h/2h").find("days a move (3d), not a bank"), std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 3+2").find("unexpected '3+2'"), std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 rounds=0").find("rounds is a number from 1 to 30, not '0'"),
            std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 cycles=2").find("cycles is for a round robin only"),
            std::string::npos);
  EXPECT_NE(error("create-tournament round_robin tablut 5+0 rounds=3").find("rounds is for a Swiss only"),
            std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 duration_min=30").find("duration_min is for an arena only"),
            std::string::npos);
  EXPECT_NE(error("create-tournament arena tablut 2d").find("an arena is played live"), std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 bye_points=2").find("bye_points is 0, 0.5 or 1"),
            std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 private=maybe").find("private is yes or no, not 'maybe'"),
            std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 name=").find("a name has 1 to 80 characters"), std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 starts=soon").find("starts is +30m, +2h, +1d, 18:30"),
            std::string::npos);
  EXPECT_NE(error("create-tournament swiss tablut 5+0 --fast").find("unknown flag --fast"), std::string::npos);
}

TEST(CommandLine, TheOtherTournamentCommandsTakeAnId) {
  EXPECT_EQ(ok("tournaments").text, "");
  EXPECT_EQ(ok("tournaments Running").text, "running");
  EXPECT_NE(error("tournaments soon").find("upcoming, running or finished, not 'soon'"), std::string::npos);
  EXPECT_EQ(ok("tournament").text, "");  // the last one shown
  EXPECT_EQ(ok("tournament t1").text, "t1");
  const Command join = ok("join-tournament t1 c0ffee");
  EXPECT_EQ(join.kind, Cmd::join_tournament);
  EXPECT_EQ(join.text, "t1");
  EXPECT_EQ(join.invite, "c0ffee");
  EXPECT_EQ(ok("withdraw-tournament t1").kind, Cmd::withdraw_tournament);
  EXPECT_EQ(ok("start-tournament t1").kind, Cmd::start_tournament);
  EXPECT_NE(error("join-tournament").find("which tournament? (usage: join-tournament ID [INVITE])"), std::string::npos);
  EXPECT_NE(error("start-tournament t1 t2").find("too many words"), std::string::npos);
  EXPECT_NE(error("withdraw-tournament").find("which tournament?"), std::string::npos);
  const Command add = ok("add-computer t1 6");
  EXPECT_EQ(add.kind, Cmd::add_computer);
  EXPECT_EQ(add.text, "t1");
  EXPECT_EQ(add.number, 6);
  EXPECT_EQ(ok("add-computer t1").number, 4);
  EXPECT_NE(error("add-computer t1 9").find("the level is a number from 1 to 8, not '9'"), std::string::npos);
  EXPECT_NE(error("add-computer").find("which tournament?"), std::string::npos);
  const Command remove = ok("remove-computer t1 computer");
  EXPECT_EQ(remove.kind, Cmd::remove_computer);
  EXPECT_EQ(remove.invite, "computer");
  EXPECT_NE(error("remove-computer t1").find("which computer?"), std::string::npos);
}

TEST(CommandLine, AStartTimeIsInAWhileAtATimeOfDayOrAtADate) {
  EXPECT_EQ(parse_start_time("+30m")->in_ms, 30 * 60'000);
  EXPECT_EQ(parse_start_time("+1d")->in_ms, 86'400'000);
  EXPECT_FALSE(parse_start_time("+0m"));
  EXPECT_FALSE(parse_start_time("+91d"));
  EXPECT_FALSE(parse_start_time("+5s"));
  EXPECT_FALSE(parse_start_time("24:00"));
  EXPECT_FALSE(parse_start_time("9:30"));
  EXPECT_FALSE(parse_start_time("2025-13-01T10:00"));
  const auto at = parse_start_time("18:30");
  ASSERT_TRUE(at);
  EXPECT_EQ(at->hour, 18);
  EXPECT_EQ(at->minute, 30);
  EXPECT_EQ(at->year, 0);
  const auto date = parse_start_time("2025-06-01T07:05");
  ASSERT_TRUE(date);
  EXPECT_EQ(date->year, 2025);
  EXPECT_EQ(date->month, 6);
  EXPECT_EQ(date->day, 1);
  EXPECT_EQ(date->hour, 7);

  // In UTC: 2025-06-01 12:00:00 is 1748779200 s.
  ::setenv("TZ", "UTC", 1);
  ::tzset();
  const std::int64_t noon = 1'748'779'200'000;
  EXPECT_EQ(start_time_ms(*parse_start_time("+30m"), noon), noon + 30 * 60'000);
  EXPECT_EQ(start_time_ms(*parse_start_time("18:30"), noon), noon + (6 * 60 + 30) * 60'000);
  EXPECT_EQ(start_time_ms(*parse_start_time("09:00"), noon), noon + 21 * 3'600'000);  // tomorrow's
  EXPECT_EQ(start_time_ms(*parse_start_time("2025-06-02T12:00"), noon), noon + 86'400'000);
  EXPECT_FALSE(start_time_ms(*parse_start_time("2025-02-30T12:00"), noon));  // no such date
}

TEST(CommandLine, ComputerTakesAGameALevelAClockASideAndOptions) {
  const Command c = ok("computer seatafl level 6 clock 5+3 side defenders size=11 --option king_limit=3");
  EXPECT_EQ(c.kind, Cmd::computer);
  EXPECT_EQ(c.create.game, "seatafl");
  EXPECT_EQ(c.create.level, 6);
  ASSERT_TRUE(c.create.clock);
  EXPECT_DOUBLE_EQ(c.create.clock->initial_s, 300);
  EXPECT_DOUBLE_EQ(c.create.clock->increment_s, 3);
  EXPECT_EQ(c.create.side, "defenders");
  EXPECT_EQ(c.create.options.at("size"), "11");
  EXPECT_EQ(c.create.options.at("king_limit"), "3");
}

TEST(CommandLine, ComputerDefaultsLeaveTheLevelClockAndSideToTheServer) {
  const Command c = ok("computer draughts");
  EXPECT_EQ(c.create.game, "draughts");
  EXPECT_FALSE(c.create.level);
  EXPECT_FALSE(c.create.clock);
  EXPECT_EQ(c.create.side, "");
  EXPECT_TRUE(c.create.options.empty());
  // clock none and side random say the defaults aloud.
  const Command d = ok("computer draughts clock none side random");
  EXPECT_FALSE(d.create.clock);
  EXPECT_EQ(d.create.side, "");
}

TEST(CommandLine, ComputerTakesTheCreateSpellingsAndAnyOrder) {
  const Command c = ok("computer level 2 --side first tablut --clock 1+0");
  EXPECT_EQ(c.create.game, "tablut");
  EXPECT_EQ(c.create.level, 2);
  EXPECT_EQ(c.create.side, "first");
  EXPECT_DOUBLE_EQ(c.create.clock->initial_s, 60);
  EXPECT_EQ(ok("computer alquerque --level 8").create.level, 8);
}

TEST(CommandLine, ComputerErrorsNameTheProblemAndTheUsage) {
  EXPECT_EQ(error("computer"), "which game? (usage: computer GAME [level N] [clock M+S|none] [side S] [K=V]...)");
  EXPECT_NE(error("computer level 6").find("which game?"), std::string::npos);
  EXPECT_NE(error("computer tablut level 9").find("the level is a number from 1 to 8, not '9'"), std::string::npos);
  EXPECT_NE(error("computer tablut level 0").find("from 1 to 8, not '0'"), std::string::npos);
  EXPECT_NE(error("computer tablut level hard").find("not 'hard'"), std::string::npos);
  EXPECT_NE(error("computer tablut level").find("level needs a value"), std::string::npos);
  EXPECT_NE(error("computer tablut clock fast").find("the clock is MINUTES+SECONDS like 5+3, or none, not 'fast'"),
            std::string::npos);
  EXPECT_NE(error("computer tablut side").find("side needs a value"), std::string::npos);
  EXPECT_NE(error("computer tablut level 2 level 3").find("one level at a time"), std::string::npos);
  EXPECT_NE(error("computer tablut --rated").find("unknown flag --rated"), std::string::npos);
  EXPECT_NE(error("computer tablut draughts").find("unexpected 'draughts' (level, clock, side or an option K=V)"),
            std::string::npos);
  EXPECT_NE(error("computer tablut --option size").find("an option is NAME=VALUE"), std::string::npos);
}

TEST(CommandLine, ComputerIsInTheHelp) {
  bool listed = false;
  for (const auto& l : help_overview()) listed = listed || l.find("computer GAME") != std::string::npos;
  EXPECT_TRUE(listed);
  const auto h = help_for("computer");
  ASSERT_TRUE(h);
  EXPECT_GE(h->size(), 4u);
  EXPECT_EQ(command_name(Cmd::computer), "computer");
}

TEST(CommandLine, NotifyTakesOneSettingAndItsValue) {
  auto c = parse_command("notify");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->kind, Cmd::notify);
  EXPECT_EQ(c->text, "");
  c = parse_command("notify email bob@example.org");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->text, "email");
  EXPECT_EQ(c->value, "bob@example.org");
  c = parse_command("notify reminders 24,2");
  ASSERT_TRUE(c.ok()) << c.error();
  EXPECT_EQ(c->value, "24,2");
  EXPECT_TRUE(parse_command("notify reminders none").ok());
  EXPECT_TRUE(parse_command("notify secret").ok());
  EXPECT_TRUE(parse_command("notify moves off").ok());
  for (const char* bad : {"notify reminders 0", "notify reminders 24,,2", "notify reminders 400", "notify moves maybe",
                          "notify email", "notify colour red", "notify secret now", "notify email a b"})
    EXPECT_FALSE(parse_command(bad).ok()) << bad;
  EXPECT_TRUE(help_for("notify").has_value());
}

TEST(CommandLine, BlockUnblockAndBlocksTakeOneNameOrNone) {
  Command c = ok("block mallory");
  EXPECT_EQ(c.kind, Cmd::block);
  EXPECT_EQ(c.text, "mallory");
  EXPECT_EQ(ok("unblock mallory").kind, Cmd::unblock);
  EXPECT_EQ(ok("unblock mallory").text, "mallory");
  EXPECT_EQ(ok("blocks").kind, Cmd::blocks);
  EXPECT_NE(error("block").find("which player?"), std::string::npos);
  EXPECT_NE(error("block a b").find("one name at a time"), std::string::npos);
  EXPECT_NE(error("blocks mallory").find("unexpected 'mallory'"), std::string::npos);
  EXPECT_EQ(command_name(Cmd::block), "block");
  EXPECT_EQ(command_name(Cmd::blocks), "blocks");
}

TEST(CommandLine, ReportTakesANameAReasonAnyTextAndTheGameAndPly) {
  Command c = ok("report mallory Abuse insults in chat --game g12 --ply 31");
  EXPECT_EQ(c.kind, Cmd::report);
  EXPECT_EQ(c.text, "mallory");
  EXPECT_EQ(c.moderation.action, "abuse");
  EXPECT_EQ(c.moderation.reason, "insults in chat");
  EXPECT_EQ(c.moderation.game, "g12");
  EXPECT_EQ(c.moderation.ply, 31);
  c = ok("report bob --game g3 stalling");  // the flags anywhere after the name
  EXPECT_EQ(c.moderation.action, "stalling");
  EXPECT_EQ(c.moderation.reason, "");
  EXPECT_EQ(c.moderation.game, "g3");
  EXPECT_FALSE(c.moderation.ply);
  EXPECT_EQ(ok("report bob other \"he said 'x'\"").moderation.reason, "he said 'x'");
  for (const char* reason : {"abuse", "cheating", "sandbagging", "boosting", "stalling", "other"})
    EXPECT_EQ(ok(std::string("report bob ") + reason).moderation.action, reason);
  EXPECT_EQ(error("report bob rude"),
            "the reason is abuse, cheating, sandbagging, boosting, stalling or other, not 'rude' (usage: report NAME "
            "REASON [TEXT...] [--game ID] [--ply N])");
  EXPECT_NE(error("report bob").find("a player and a reason"), std::string::npos);
  EXPECT_NE(error("report").find("a player and a reason"), std::string::npos);
  EXPECT_NE(error("report bob abuse --ply").find("--ply needs a value"), std::string::npos);
  EXPECT_NE(error("report bob abuse --ply x").find("--ply expects a ply number"), std::string::npos);
  EXPECT_NE(error("report bob abuse --urgent").find("unknown flag --urgent"), std::string::npos);
  EXPECT_NE(error("report bob abuse " + std::string(501, 'x')).find("at most 500 bytes"), std::string::npos);
}

TEST(CommandLine, ReportsListsTheOpenOnesOrAll) {
  EXPECT_EQ(ok("reports").kind, Cmd::reports);
  EXPECT_FALSE(ok("reports").moderation.all);
  EXPECT_TRUE(ok("reports --all").moderation.all);
  EXPECT_NE(error("reports open").find("unexpected 'open'"), std::string::npos);
  EXPECT_NE(error("reports --all now").find("unexpected 'now'"), std::string::npos);
}

TEST(CommandLine, ModTakesAnActionATargetAReasonAndItsFlags) {
  Command c = ok("mod ban mallory threats in chat (report 12)");
  EXPECT_EQ(c.kind, Cmd::moderate);
  EXPECT_EQ(command_name(c.kind), "mod");
  EXPECT_EQ(c.moderation.action, "ban");
  EXPECT_EQ(c.text, "mallory");
  EXPECT_EQ(c.moderation.reason, "threats in chat (report 12)");
  EXPECT_FALSE(c.moderation.hours);
  c = ok("mod suspend bob --hours 48 stalling again");
  EXPECT_EQ(c.moderation.action, "suspend");
  EXPECT_EQ(c.moderation.hours, 48);
  EXPECT_EQ(c.moderation.reason, "stalling again");
  c = ok("mod grant-role olga abuse team lead --role Moderator");  // a hyphen for an underscore
  EXPECT_EQ(c.moderation.action, "grant_role");
  EXPECT_EQ(c.moderation.role, "moderator");
  EXPECT_EQ(c.moderation.reason, "abuse team lead");
  EXPECT_EQ(ok("mod block_address 10.0.0.0/8 spam").text, "10.0.0.0/8");
  EXPECT_EQ(ok("mod block_address 10.0.0.1 spam --hours 2").moderation.hours, 2);
  EXPECT_EQ(ok("mod close_report 12 handled").text, "12");
  for (const char* action : {"lift", "unblock_address", "refuse_name", "allow_name", "annul"})
    EXPECT_EQ(ok(std::string("mod ") + action + " x why").moderation.action, action);

  EXPECT_NE(error("mod").find("which action?"), std::string::npos);
  EXPECT_NE(error("mod kick bob rude").find("the action is suspend, ban, lift,"), std::string::npos);
  EXPECT_NE(error("mod ban").find("ban what?"), std::string::npos);
  EXPECT_NE(error("mod ban bob").find("a reason is required"), std::string::npos);
  EXPECT_NE(error("mod ban bob " + std::string(501, 'x')).find("at most 500 bytes"), std::string::npos);
  EXPECT_NE(error("mod suspend bob rude").find("--hours N (1 to 8760)"), std::string::npos);
  EXPECT_NE(error("mod suspend bob rude --hours 0").find("--hours expects 1 to 8760"), std::string::npos);
  EXPECT_NE(error("mod suspend bob rude --hours 8761").find("--hours expects 1 to 8760"), std::string::npos);
  EXPECT_NE(error("mod ban bob rude --hours 5").find("--hours is for suspend and block_address"), std::string::npos);
  EXPECT_NE(error("mod grant_role bob trusted").find("needs --role"), std::string::npos);
  EXPECT_NE(error("mod grant_role bob trusted --role king").find("moderator, admin or none"), std::string::npos);
  EXPECT_NE(error("mod ban bob rude --role admin").find("--role is for grant_role"), std::string::npos);
  EXPECT_NE(error("mod close_report r12 done").find("a report's id"), std::string::npos);
  EXPECT_NE(error("mod ban bob rude --now").find("unknown flag --now"), std::string::npos);
}

TEST(CommandLine, ModerationTakesAnAuditIdToGoBackFrom) {
  EXPECT_EQ(ok("moderation").kind, Cmd::moderation);
  EXPECT_FALSE(ok("moderation").moderation.before);
  EXPECT_EQ(ok("moderation --before 9000000000").moderation.before, 9000000000);
  EXPECT_NE(error("moderation --before").find("--before needs an audit id"), std::string::npos);
  EXPECT_NE(error("moderation --before x").find("an audit id (a number)"), std::string::npos);
  EXPECT_NE(error("moderation --before 0").find("an audit id (a number)"), std::string::npos);
  EXPECT_NE(error("moderation all").find("unexpected 'all'"), std::string::npos);
  for (const char* name : {"block", "unblock", "blocks", "report", "reports", "mod", "moderation"})
    EXPECT_TRUE(help_for(name).has_value()) << name;
}

TEST(ConnectArgs, DefaultsAndFlags) {
  auto parse = [](std::vector<std::string> a) { return parse_connect_args(a); };
  auto r = parse({});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->url, "ws://127.0.0.1:8080");
  EXPECT_EQ(r->mode, ConnectOptions::Mode::guest);

  r = parse({"ws://example.org:9000", "--login", "carol", "--json"});
  ASSERT_TRUE(r.ok());
  const auto& o = *r;
  EXPECT_EQ(o.url, "ws://example.org:9000");
  EXPECT_EQ(o.mode, ConnectOptions::Mode::login);
  EXPECT_EQ(o.name, "carol");
  EXPECT_TRUE(o.json);

  EXPECT_EQ(parse({"--register", "dave"})->mode, ConnectOptions::Mode::reg);
  EXPECT_EQ(parse({"--name"}).error(), "--name needs a name");
  EXPECT_EQ(parse({"--name", "a", "--login", "b"}).error(), "give only one of --name, --login and --register");
  EXPECT_EQ(parse({"http://x:1"}).error(), "the server URL must start with ws:// or wss://, not 'http://x:1'");
  EXPECT_NE(parse({"--colour"}).error().find("unknown flag --colour"), std::string::npos);
}

TEST(ConnectArgs, Urls) {
  auto u = *parse_url("ws://127.0.0.1:8080");
  EXPECT_EQ(u.host, "127.0.0.1");
  EXPECT_EQ(u.port, "8080");
  EXPECT_EQ(u.path, "/ws");
  u = *parse_url("ws://games.example/boardhall/ws");
  EXPECT_EQ(u.host, "games.example");
  EXPECT_EQ(u.port, "80");
  EXPECT_EQ(u.path, "/boardhall/ws");
  EXPECT_EQ(parse_url("ws://h:99999").error(), "bad port in 'ws://h:99999'");
  EXPECT_EQ(parse_url("ws://:80").error(), "no host in 'ws://:80'");
  EXPECT_FALSE(parse_url("ws://h:1")->tls);
}

TEST(ConnectArgs, WssUrls) {
  auto u = *parse_url("wss://games.example");
  EXPECT_TRUE(u.tls);
  EXPECT_EQ(u.host, "games.example");
  EXPECT_EQ(u.port, "443");
  EXPECT_EQ(u.path, "/ws");
  u = *parse_url("wss://127.0.0.1:8443/boardhall/ws/");
  EXPECT_TRUE(u.tls);
  EXPECT_EQ(u.host, "127.0.0.1");
  EXPECT_EQ(u.port, "8443");
  EXPECT_EQ(u.path, "/boardhall/ws");
  u = *parse_url("wss://[::1]");
  EXPECT_EQ(u.host, "::1");
  EXPECT_EQ(u.port, "443");
  EXPECT_EQ(parse_url("wss://h:0").error(), "bad port in 'wss://h:0'");
  EXPECT_EQ(parse_url("wss:///ws").error(), "no host in 'wss:///ws'");
  EXPECT_EQ(parse_url("WSS://h").error(), "the server URL must start with ws:// or wss://, not 'WSS://h'");
}

TEST(ConnectArgs, Insecure) {
  auto parse = [](std::vector<std::string> a) { return parse_connect_args(a); };
  EXPECT_FALSE(parse({"wss://h"})->insecure);
  const auto r = parse({"wss://h:8443", "--insecure", "--name", "x"});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(r->insecure);
  EXPECT_EQ(r->url, "wss://h:8443");
  // Nothing to skip on a plain connection: the flag there is a misunderstanding.
  EXPECT_EQ(parse({"ws://h", "--insecure"}).error(), "--insecure is for wss:// URLs only");
  EXPECT_EQ(parse({"--insecure"}).error(), "--insecure is for wss:// URLs only");
}

}  // namespace
}  // namespace bh::cli
