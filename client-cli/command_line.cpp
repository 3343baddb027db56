#include "command_line.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <ctime>

namespace bh::cli {
namespace {

struct HelpEntry {
  Cmd kind;
  std::string_view name;
  std::string_view usage;
  std::string_view summary;
  std::string_view details;  // lines separated by '\n'
};

constexpr std::array<HelpEntry, 60> help_table{{
    {Cmd::help, "help", "help [COMMAND]", "this list, or one command in detail", ""},
    {Cmd::games, "games", "games", "the games this server offers, with their options",
     "Options are given to create as --option NAME=VALUE."},
    {Cmd::rooms, "rooms", "rooms", "rooms waiting for an opponent, and live games to watch", ""},
    {Cmd::mygames, "mygames", "mygames", "your games in progress, those where it is your turn first",
     "Live and correspondence games (create --clock 3d). A correspondence game waits\n"
     "for you while you are away; each line says how long the side to move has left.\n"
     "Show one with: watch GAME (you play it there, as in any game of yours)."},
    {Cmd::notify, "notify", "notify [email ADDR|webhook URL|moves on|reminders 24,2|secret]",
     "how the server tells you of your turns in correspondence games while you are away",
     "notify: your settings. Registered players only.\n"
     "notify email bob@example.org: mail to that address, once you open the link sent\n"
     "there (notify email off: none). notify webhook https://...: a signed POST to your\n"
     "URL (off: none; notify secret: a new signing secret). notify moves off: no mail\n"
     "for each move, reminders only. notify reminders 24,2: hours before a deadline\n"
     "(none: no reminders). Every mail has a link to stop them."},
    {Cmd::create, "create", "create GAME [--option K=V]... [--clock M+S|Nd] [--side S] [--match N] [--private]",
     "open a room and wait for an opponent",
     "--clock 5+3: 5 minutes each and 3 seconds added per move (default: no clock).\n"
     "--clock 3d: a correspondence game, 3 days a move (1, 2, 3, 5, 7, 10 or 14);\n"
     "--clock 7d+12h/2h: one with a time bank (7 days, 12 hours added a move, at\n"
     "least 2 hours a move). Nobody loses for being away; see mygames.\n"
     "--side: first, second, a side name (white, defenders...) or random (default).\n"
     "--match N: play N games, sides alternating. --private: joined only with the\n"
     "invite code shown."},
    {Cmd::join, "join", "join ROOM [INVITE]", "join a room (the invite code for a private one)",
     "The game starts at once."},
    {Cmd::seek, "seek", "seek GAME [K=V]... [M+S] [rated|casual]  (or: play ...)",
     "play now: join a waiting player of the same game, or wait for one",
     "Joins the oldest room opened by another seek with the same game, options\n"
     "(K=V or --option K=V), clock (5+3: 5 minutes and 3 seconds a move; none by\n"
     "default) and rated-ness; otherwise opens one and waits (cancel withdraws it).\n"
     "One game, sides drawn at random."},
    {Cmd::computer, "computer", "computer GAME [level N] [clock M+S|none] [side S] [K=V]...",
     "play the computer (a bot the server runs) at a level from 1 to 8",
     "level 1 is a beginner who blunders, 8 the strongest the machine gives (default 4).\n"
     "clock 5+3: 5 minutes and 3 seconds a move (default: none). side: first, second,\n"
     "a side name (white, defenders...) or random (default). Options as K=V or\n"
     "--option K=V. A casual game, never rated; cancel while you wait withdraws it.\n"
     "The --level, --clock and --side spellings of create work too."},
    {Cmd::cancel, "cancel", "cancel", "cancel the room you opened", ""},
    {Cmd::watch, "watch", "watch GAME", "watch a live game (see rooms)", ""},
    {Cmd::unwatch, "unwatch", "unwatch", "stop watching", ""},
    {Cmd::board, "board", "board", "show the board of the current game again", ""},
    {Cmd::flip, "flip", "flip", "turn the board round (for the rest of the session)",
     "Boards are drawn from your own side: the second player (black, the defenders)\n"
     "sees the board turned round, a spectator sees the first player's side. flip\n"
     "turns every board after it round once more; flip again to undo."},
    {Cmd::moves, "moves", "moves", "the legal moves in the current position", ""},
    {Cmd::move, "move", "MOVE  (or: move MOVE)", "play a move: e1-e3, c3:e5:g3, huff b2 c2-c3",
     "The move is checked here first; the server has the last word."},
    {Cmd::huff, "huff", "huff SQ", "Alquerque: name the piece your opponent loses, then type your move",
     "After your opponent left a capture untaken and more than one of their pieces could\n"
     "have taken, you name the one they lose as part of your move: huff b2 c2-c3, or huff b2\n"
     "and then c2-c3. The board says when, and which pieces."},
    {Cmd::resign, "resign", "resign", "resign the current game", ""},
    {Cmd::draw, "draw", "draw", "offer a draw", ""},
    {Cmd::accept, "accept", "accept [takeback]", "accept the opponent's draw offer (or takeback request)", ""},
    {Cmd::decline, "decline", "decline [takeback]", "decline the opponent's draw offer (or takeback request)", ""},
    {Cmd::say, "say", "say TEXT", "chat in the current game (players with players, spectators with spectators)",
     "The rest of the line is sent as it is (no quotes needed), 1 to 140 characters;\n"
     "at most 5 lines in 10 seconds. Players do not see the spectators' lines while\n"
     "they play. Lines are not kept: the archive has no chat."},
    {Cmd::mute, "mute", "mute", "stop seeing your opponent's chat lines (they are not told)", ""},
    {Cmd::unmute, "unmute", "unmute", "see your opponent's chat lines again", ""},
    {Cmd::rematch, "rematch", "rematch [no]", "after a match: offer a rematch, or accept the one offered",
     "The new game keeps the game, options, clock and match length, with the sides\n"
     "swapped. 'rematch no' declines your opponent's offer. The offer lapses when\n"
     "either player leaves, disconnects or sits down elsewhere, or after 10 minutes."},
    {Cmd::leave, "leave", "leave", "after a match: leave the room (no rematch)", ""},
    {Cmd::takeback, "takeback", "takeback [yes|no]", "ask to take back your last move; yes/no answers a request",
     "Takes back your last move, and your opponent's answer if they have moved since,\n"
     "once your opponent accepts. One request at a time; a move lapses it.\n"
     "takeback yes (or: accept takeback) and takeback no (or: decline takeback)\n"
     "answer your opponent's request."},
    {Cmd::abort, "abort", "abort", "end the game without result before both sides have moved",
     "Only while a side has not yet made its first move. A side that does not make its\n"
     "first move in time (30 seconds unless the server says otherwise) has the game\n"
     "aborted by the server; the clocks do not run until then."},
    {Cmd::archive, "archive",
     "archive [--game G] [--player P] [--winner P] [--result first|second|draw|aborted] [--page]",
     "finished games, newest first", "--page: the next page of the last listing."},
    {Cmd::replay, "replay", "replay GAME", "step through a finished game",
     "Then: next, prev, first, last, goto N. A ply is one side's move: a full move\n"
     "(1. e1-e3 e9-e7) has two."},
    {Cmd::export_game, "export", "export GAME [FILE]", "a finished game as a record file (PDN for Russian draughts)",
     "Writes FILE (replacing it), or prints the record without one. Russian draughts is\n"
     "PDN (GameType 25); tafl and Alquerque use the same tag pairs with their own move\n"
     "text (docs/records.md). The server gives the same text at /api/games/GAME/export."},
    {Cmd::profile, "profile", "profile NAME", "a player's ratings and recent games",
     "A rating is shown with its deviation (rd); '?' marks a provisional one (rd over\n"
     "110: too few games to be sure). Guests have no ratings."},
    {Cmd::top, "top", "top GAME [N]", "the best rated players of a game (N: 1 to 100, default 20)",
     "GAME is a rating key: tavlei, tablut, seatafl-9x9, seatafl-11x11, copenhagen,\n"
     "brandubh, draughts or alquerque. Provisional players are left out."},
    {Cmd::explore, "explore",
     "explore GAME [MOVE]... [K=V]... [source=here|imported] [rating=MIN-MAX] [since=YYYY-MM] [until=YYYY-MM]",
     "the moves played from a position in the archive's games, and how they went",
     "The position is GAME's start after the MOVEs (e.g. explore copenhagen h1-h3). One\n"
     "line per move played from it: games, the first side's wins, draws, the second\n"
     "side's wins, the players' average rating (rated games only), then the newest games\n"
     "through it (replay ID). K=V: the game's options (size=11). The explorer covers the\n"
     "first 40 plies (docs/explorer.md)."},
    {Cmd::challenge, "challenge", "challenge NAME GAME [create's flags] [--rated|--casual]",
     "offer a game to one player by name",
     "A private room whose other seat is kept for NAME, who is told at once (or sees it\n"
     "with challenges later) and accepts with join ROOM or says no with decline-challenge.\n"
     "The flags are create's (--clock, --side, --option, --match). Unanswered, it lapses\n"
     "after 3 minutes (3 days for a correspondence game); cancel withdraws it."},
    {Cmd::challenges, "challenges", "challenges", "the challenges waiting for you, and yours", ""},
    {Cmd::decline_challenge, "decline-challenge", "decline-challenge ROOM [REASON]", "say no to a challenge",
     "REASON (told to the challenger): generic, later, too_fast, too_slow, time_control,\n"
     "rated, casual, variant, no_bot or only_bot."},
    {Cmd::token, "token", "token [list] | token new LABEL SCOPE... | token revoke ID",
     "your personal API tokens, for programs that play for you",
     "A program holding a token uses the HTTP API (docs/api.md) as you. SCOPE: read,\n"
     "play (your own games, through a program), bot:play (a bot account's games) and\n"
     "challenge (start games). A new token's secret is shown once: keep it then.\n"
     "Registered players only."},
    {Cmd::block, "block", "block NAME", "stop a player from challenging you, meeting you in pairings and chatting",
     "They are not told. Neither of you can challenge the other, seek and arenas never\n"
     "pair you, and in a game you still play together (a private room, a round robin)\n"
     "the chat is muted both ways. unblock NAME undoes it. Registered players only; at\n"
     "most 500."},
    {Cmd::unblock, "unblock", "unblock NAME", "undo a block", ""},
    {Cmd::blocks, "blocks", "blocks", "the players you have blocked", ""},
    {Cmd::report, "report", "report NAME REASON [TEXT...] [--game ID] [--ply N]",
     "tell the server's moderators about a player",
     "REASON: abuse, cheating, sandbagging, boosting, stalling or other. TEXT (up to 500\n"
     "bytes) says what happened; --game and --ply name the game and the move. When the\n"
     "game is being played here, its last 30 chat lines go with the report, kept only\n"
     "for the moderators and dropped after some days. Registered players only; at most\n"
     "10 reports an hour. report mallory abuse insults in chat --game g12"},
    {Cmd::reports, "reports", "reports [--all]", "moderators: the open reports, newest first (--all: closed ones too)",
     "Each with its id, time (UTC), who reported whom and why, what they wrote, the game\n"
     "and ply, the chat lines that came with it, and who closed it and when. Close one\n"
     "with: mod close_report ID REASON."},
    {Cmd::moderate, "mod", "mod ACTION TARGET REASON... [--hours N] [--role moderator|admin|none]",
     "moderators: suspend, ban, block an address, refuse a name, close a report...",
     "ACTION TARGET: suspend NAME --hours N (1 to 8760), ban NAME, lift NAME (ends\n"
     "either), block_address ADDRESS|CIDR [--hours N], unblock_address ADDRESS|CIDR,\n"
     "refuse_name NAME, allow_name NAME, close_report ID, annul NAME (their rated games\n"
     "stop counting; opponents get back what they lost), grant_role NAME --role\n"
     "moderator|admin|none (admins only). The rest of the line is the reason (1 to 500\n"
     "bytes), required; it is written to the audit log with the action.\n"
     "mod ban mallory threats in chat (report 12)"},
    {Cmd::moderation, "moderation", "moderation [--before AUDIT_ID]",
     "moderators: staff, sanctions in force, blocked addresses, refused names, audit log",
     "The audit log comes last, 100 entries, newest first; --before AUDIT_ID shows the\n"
     "100 before that entry. Times are UTC."},
    {Cmd::tournaments, "tournaments", "tournaments [upcoming|running|finished]",
     "tournaments open to join, under way and just finished",
     "One line each: id, name, format, game and clock, players, and where it stands\n"
     "(when it starts, round x/y, or its winner). Private ones are not listed.\n"
     "Show one with: tournament ID."},
    {Cmd::tournament, "tournament", "tournament [ID]", "a tournament's standings and games; its changes follow",
     "Its settings, the standings with its format's tie-breaks (round robin:\n"
     "Sonneborn-Berger, SB, and the crosstable; Swiss: Buchholz, Buch, and median\n"
     "Buchholz, Med; arena: each game's points, * while on a streak) and the current\n"
     "round's games. Then each change as it comes, in a line or two: results, a new\n"
     "round, the standings rows that moved. Without ID: the last one shown."},
    {Cmd::create_tournament, "create-tournament", "create-tournament FORMAT GAME CLOCK [K=V]... [name=TEXT]",
     "organise a tournament (registered players)",
     "FORMAT: round_robin, swiss or arena. CLOCK: 10+5 (minutes+seconds) or 3d\n"
     "(days a move; not for an arena). Game options as K=V (size=11), and the\n"
     "tournament's: name=\"Spring cup\", rounds=N (swiss; default 5), cycles=1|2\n"
     "(round robin; 2 in the tafl games, each pair playing both sides),\n"
     "group_size=N (round robin in groups), duration_min=N (arena; default 60),\n"
     "max_players=N, min_rating=N, bye_points=0|0.5|1 and mini_match=yes|no\n"
     "(swiss), rated or casual, private, starts=+30m|18:30|2025-06-01T18:30\n"
     "(without it, you start it: start-tournament). Creating one does not enter\n"
     "you in it: join-tournament ID."},
    {Cmd::join_tournament, "join-tournament", "join-tournament ID [INVITE]",
     "enter a tournament before it starts (a private one's invite code)",
     "Registered players only. Your games start by themselves as rounds are paired:\n"
     "'Tournament NAME, round R: you play ...', then the board."},
    {Cmd::withdraw_tournament, "withdraw-tournament", "withdraw-tournament ID", "leave a tournament",
     "Before the start you are simply out. Once it runs you are paired no more;\n"
     "a game in progress goes on (a round robin's games not yet made are forfeited)."},
    {Cmd::start_tournament, "start-tournament", "start-tournament ID", "start a tournament you created (2+ players)",
     "The first round is paired at once; an arena then pairs its free players every\n"
     "few seconds until its time is up."},
    {Cmd::add_computer, "add-computer", "add-computer ID [LEVEL]",
     "enter the computer in a tournament you created (level 1 to 8, default 4)",
     "Before the start, when the server lets bots into tournaments. The computer\n"
     "plays its games by itself at that level; remove-computer ID NAME takes it out."},
    {Cmd::remove_computer, "remove-computer", "remove-computer ID NAME",
     "take the computer out of a tournament you created, before the start", ""},
    {Cmd::next, "next", "next", "replay: one ply forward", ""},
    {Cmd::prev, "prev", "prev", "replay: one ply back", ""},
    {Cmd::first, "first", "first", "replay: the start position", ""},
    {Cmd::last, "last", "last", "replay: the final position", ""},
    {Cmd::go_to, "goto", "goto N", "replay: the position after ply N", ""},
    {Cmd::wait, "wait", "wait turn|end|game|event TYPE [SECONDS]",
     "wait for your turn, the end of the game, a game to start, or an event",
     "Fails after SECONDS (default 30). 'wait event TYPE' takes the first event of\n"
     "that type not yet taken by an earlier wait (move, draw_offered, game_over...)."},
    {Cmd::quit, "quit", "quit", "leave (a game in progress goes on; reconnect to resume)", ""},
}};

const HelpEntry& entry(Cmd kind) {
  for (const auto& e : help_table)
    if (e.kind == kind) return e;
  return help_table[0];
}

Failure<std::string> usage_error(Cmd kind, std::string_view why) {
  return failure(std::string(why) + " (usage: " + std::string(entry(kind).usage) + ")");
}

std::optional<int> to_int(std::string_view s) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<double> to_double(std::string_view s) {
  if (s.empty()) return std::nullopt;
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::string lower(std::string_view s) {
  std::string out;
  for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A square or point name: a letter a-k, then 1 to 2 digits.
bool is_square(std::string_view w) {
  if (w.size() < 2 || w.size() > 3 || w[0] < 'a' || w[0] > 'k') return false;
  return std::all_of(w.begin() + 1, w.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

// One word of squares joined by '-' or ':' ("e1-e3", "c3:e5:g3").
bool is_move_word(std::string_view w) {
  std::size_t start = 0, parts = 0;
  while (start <= w.size()) {
    const auto sep = std::min(w.find_first_of("-:", start), w.size());
    if (!is_square(w.substr(start, sep - start))) return false;
    ++parts;
    start = sep + 1;
  }
  return parts >= 2;
}

// A word that starts like a square but is no move: "e1e3", "e1/e3".
bool almost_a_move(const std::vector<std::string>& words) {
  if (words.size() != 1) return false;
  const std::string w = lower(words[0]);
  return w.size() >= 3 && w[0] >= 'a' && w[0] <= 'k' && std::isdigit(static_cast<unsigned char>(w[1])) != 0;
}

std::string join(const std::vector<std::string>& words, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < words.size(); ++i) {
    if (!out.empty()) out += ' ';
    out += words[i];
  }
  return out;
}

Fallible<Command> parse_create(Command c, const std::vector<std::string>& w) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& a = w[i];
    const bool has_value = i + 1 < w.size();
    if (a == "--private") {
      c.create.is_private = true;
    } else if (a == "--option" || a == "--clock" || a == "--side" || a == "--match") {
      if (!has_value) return usage_error(c.kind, a + " needs a value");
      const std::string& v = w[++i];
      if (a == "--option") {
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0)
          return usage_error(c.kind, "--option expects NAME=VALUE, not '" + v + "'");
        c.create.options[v.substr(0, eq)] = v.substr(eq + 1);
      } else if (a == "--clock") {
        c.create.clock = parse_clock(v);
        if (!c.create.clock)
          return usage_error(
              c.kind,
              "--clock expects MINUTES+SECONDS like 5+3, DAYSd like 3d or a bank like 7d+12h/2h, not '" + v + "'");
      } else if (a == "--side") {
        c.create.side = v;
      } else {
        const auto n = to_int(v);
        if (!n || *n < 1 || *n > 99)
          return usage_error(c.kind, "--match expects a number of games 1-99, not '" + v + "'");
        c.create.match = *n;
      }
    } else if (a.starts_with("--")) {
      return usage_error(c.kind, "unknown flag " + a);
    } else if (c.create.game.empty()) {
      c.create.game = a;
    } else {
      return usage_error(c.kind, "unexpected '" + a + "'");
    }
  }
  if (c.create.game.empty()) return usage_error(c.kind, "which game?");
  return c;
}

Fallible<Command> parse_explore(Command c, const std::vector<std::string>& w) {
  if (w.size() < 2) return usage_error(c.kind, "which game?");
  c.create.game = lower(w[1]);
  for (std::size_t i = 2; i < w.size(); ++i) {
    const std::string& a = w[i];
    const auto eq = a.find('=');
    if (eq == std::string::npos) {
      const auto move = normalize_move({a});
      if (!move) return usage_error(c.kind, "'" + a + "' is not a move");
      c.explore.moves.push_back(*move);
      continue;
    }
    if (eq == 0) return usage_error(c.kind, "a filter or an option is NAME=VALUE, not '" + a + "'");
    const std::string name = a.substr(0, eq), value = a.substr(eq + 1);
    if (name == "source") c.explore.source = value;
    else if (name == "rating") c.explore.rating = value;
    else if (name == "since") c.explore.since = value;
    else if (name == "until") c.explore.until = value;
    else c.create.options[name] = value;
  }
  return c;
}

Fallible<Command> parse_seek(Command c, const std::vector<std::string>& w) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& a = w[i];
    if (a == "rated" || a == "casual") {
      c.rated = a == "rated";
    } else if (a == "--option" || a == "--clock") {
      if (i + 1 >= w.size()) return usage_error(c.kind, a + " needs a value");
      const std::string& v = w[++i];
      if (a == "--clock") {
        c.create.clock = parse_clock(v);
        if (!c.create.clock)
          return usage_error(
              c.kind,
              "--clock expects MINUTES+SECONDS like 5+3, DAYSd like 3d or a bank like 7d+12h/2h, not '" + v + "'");
        continue;
      }
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0) return usage_error(c.kind, "an option is NAME=VALUE, not '" + v + "'");
      c.create.options[v.substr(0, eq)] = v.substr(eq + 1);
    } else if (a.starts_with("--")) {
      return usage_error(c.kind, "unknown flag " + a);
    } else if (c.create.game.empty()) {
      c.create.game = a;
    } else if (const auto eq = a.find('='); eq != std::string::npos && eq > 0) {
      c.create.options[a.substr(0, eq)] = a.substr(eq + 1);
    } else if (auto clock = parse_clock(a); clock && !c.create.clock) {
      c.create.clock = clock;
    } else {
      return usage_error(c.kind, "unexpected '" + a + "'");
    }
  }
  if (c.create.game.empty()) return usage_error(c.kind, "which game?");
  return c;
}

// computer GAME [level N] [clock M+S|none] [side S] [K=V]...; the create spellings
// (--level, --clock, --side, --option) are taken too, so either habit works.
Fallible<Command> parse_computer(Command c, const std::vector<std::string>& w) {
  bool have_clock = false, have_level = false, have_side = false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const bool flag = w[i].starts_with("--");
    const std::string a = flag ? w[i].substr(2) : w[i];
    const bool keyword = a == "level" || a == "clock" || a == "side" || a == "option";
    if (keyword) {
      if (i + 1 >= w.size()) return usage_error(c.kind, a + " needs a value");
      const std::string& v = w[++i];
      if (a == "level") {
        if (have_level) return usage_error(c.kind, "one level at a time");
        const auto n = to_int(v);
        if (!n || *n < 1 || *n > 8) return usage_error(c.kind, "the level is a number from 1 to 8, not '" + v + "'");
        c.create.level = *n;
        have_level = true;
      } else if (a == "clock") {
        if (have_clock) return usage_error(c.kind, "one clock at a time");
        have_clock = true;
        if (lower(v) == "none") continue;
        c.create.clock = parse_clock(v);
        if (!c.create.clock)
          return usage_error(c.kind, "the clock is MINUTES+SECONDS like 5+3, or none, not '" + v + "'");
      } else if (a == "side") {
        if (have_side) return usage_error(c.kind, "one side at a time");
        have_side = true;
        if (lower(v) != "random") c.create.side = v;
      } else {
        const auto eq = v.find('=');
        if (eq == std::string::npos || eq == 0) return usage_error(c.kind, "an option is NAME=VALUE, not '" + v + "'");
        c.create.options[v.substr(0, eq)] = v.substr(eq + 1);
      }
    } else if (flag) {
      return usage_error(c.kind, "unknown flag " + w[i]);
    } else if (const auto eq = a.find('='); eq != std::string::npos && eq > 0) {
      c.create.options[a.substr(0, eq)] = a.substr(eq + 1);
    } else if (c.create.game.empty()) {
      c.create.game = a;
    } else {
      return usage_error(c.kind, "unexpected '" + a + "' (level, clock, side or an option K=V)");
    }
  }
  if (c.create.game.empty()) return usage_error(c.kind, "which game?");
  return c;
}

std::optional<bool> yes_no(std::string_view v) {
  const std::string l = lower(v);
  if (l == "yes" || l == "true" || l == "on") return true;
  if (l == "no" || l == "false" || l == "off") return false;
  return std::nullopt;
}

std::optional<std::string> tournament_format(std::string_view w) {
  const std::string l = lower(w);
  if (l == "round_robin" || l == "round-robin" || l == "roundrobin" || l == "rr") return "round_robin";
  if (l == "swiss" || l == "arena") return l;
  return std::nullopt;
}

// One K=V of create-tournament naming a tournament setting: "" when the value is taken,
// else what is wrong with it. nullopt: the key is none of the tournament's (a game
// option, then).
std::optional<std::string> tournament_setting(TournamentArgs& t, const std::string& key, const std::string& v) {
  struct Whole {
    std::string_view key;
    std::optional<int> TournamentArgs::*field;
    int low, high;
  };
  static constexpr std::array<Whole, 6> wholes{{{"rounds", &TournamentArgs::rounds, 1, 30},
                                                {"cycles", &TournamentArgs::cycles, 1, 2},
                                                {"group_size", &TournamentArgs::group_size, 3, 30},
                                                {"duration_min", &TournamentArgs::duration_min, 1, 1440},
                                                {"max_players", &TournamentArgs::max_players, 2, 1000},
                                                {"min_rating", &TournamentArgs::min_rating, 0, 4000}}};
  for (const auto& whole : wholes) {
    if (whole.key != key) continue;
    const auto n = to_int(v);
    if (!n || *n < whole.low || *n > whole.high)
      return key + " is a number from " + std::to_string(whole.low) + " to " + std::to_string(whole.high) + ", not '" +
             v + "'";
    t.*whole.field = *n;
    return "";
  }
  if (key == "name") {
    if (v.empty() || v.size() > 80) return std::string("a name has 1 to 80 characters");
    t.name = v;
    return "";
  }
  if (key == "rated" || key == "private" || key == "mini_match") {
    const auto b = yes_no(v);
    if (!b) return key + " is yes or no, not '" + v + "'";
    (key == "rated" ? t.rated : key == "private" ? t.is_private : t.mini_match) = *b;
    return "";
  }
  if (key == "bye_points") {
    const auto d = to_double(v);
    if (!d || (*d != 0 && *d != 0.5 && *d != 1)) return "bye_points is 0, 0.5 or 1, not '" + v + "'";
    t.bye_points = *d;
    return "";
  }
  if (key == "starts") {
    t.starts = parse_start_time(v);
    if (!t.starts) return "starts is +30m, +2h, +1d, 18:30 or 2025-06-01T18:30 (local time), not '" + v + "'";
    return "";
  }
  return std::nullopt;
}

// create-tournament FORMAT GAME CLOCK [K=V]...: the format and the game first; then the
// clock, the game's options and the tournament's settings in any order. create's
// spellings (--clock M+S, --option K=V) work too.
Fallible<Command> parse_create_tournament(Command c, const std::vector<std::string>& w) {
  TournamentArgs& t = c.tournament;
  if (w.size() < 2) return usage_error(c.kind, "which format? round_robin, swiss or arena");
  const auto format = tournament_format(w[1]);
  if (!format) return usage_error(c.kind, "the format is round_robin, swiss or arena, not '" + w[1] + "'");
  t.format = *format;
  if (w.size() < 3 || w[2].find('=') != std::string::npos || w[2].starts_with("--") || parse_clock(w[2]))
    return usage_error(c.kind, "which game? (after the format: create-tournament swiss tablut 10+5)");
  c.create.game = w[2];
  auto set_clock = [&](const std::string& v) -> std::optional<std::string> {
    if (c.create.clock) return "one clock at a time";
    c.create.clock = parse_clock(v);
    if (!c.create.clock) return "the clock is MINUTES+SECONDS like 10+5, or DAYSd like 3d, not '" + v + "'";
    if (c.create.clock->bank_days > 0) return "a tournament's correspondence clock is days a move (3d), not a bank";
    return std::nullopt;
  };
  for (std::size_t i = 3; i < w.size(); ++i) {
    const std::string& a = w[i];
    if (a == "--clock" || a == "--option") {
      if (i + 1 >= w.size()) return usage_error(c.kind, a + " needs a value");
      const std::string& v = w[++i];
      if (a == "--clock") {
        if (auto why = set_clock(v)) return usage_error(c.kind, *why);
        continue;
      }
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0) return usage_error(c.kind, "an option is NAME=VALUE, not '" + v + "'");
      c.create.options[v.substr(0, eq)] = v.substr(eq + 1);
    } else if (a.starts_with("--")) {
      return usage_error(c.kind, "unknown flag " + a);
    } else if (a == "rated" || a == "casual") {
      t.rated = a == "rated";
    } else if (a == "private") {
      t.is_private = true;
    } else if (const auto eq = a.find('='); eq != std::string::npos && eq > 0) {
      const std::string key = lower(a.substr(0, eq));
      const auto why = tournament_setting(t, key, a.substr(eq + 1));
      if (!why) c.create.options[a.substr(0, eq)] = a.substr(eq + 1);  // a game option
      else if (!why->empty()) return usage_error(c.kind, *why);
    } else if (parse_clock(a) && !c.create.clock) {
      if (auto why = set_clock(a)) return usage_error(c.kind, *why);
    } else {
      return usage_error(c.kind, "unexpected '" + a + "'");
    }
  }
  if (!c.create.clock)
    return usage_error(c.kind, "a tournament needs a clock: 10+5 (minutes+seconds) or 3d (days a move)");
  const bool swiss = t.format == "swiss", robin = t.format == "round_robin", arena = t.format == "arena";
  auto only = [&](bool set, bool fits, std::string_view key, std::string_view whose) -> std::optional<std::string> {
    if (set && !fits) return std::string(key) + " is for " + std::string(whose) + " only";
    return std::nullopt;
  };
  for (const auto& why :
       {only(t.rounds.has_value(), swiss, "rounds", "a Swiss"),
        only(t.mini_match.has_value(), swiss, "mini_match", "a Swiss"),
        only(t.bye_points.has_value(), swiss, "bye_points", "a Swiss (a round robin's bye scores nothing)"),
        only(t.cycles.has_value(), robin, "cycles", "a round robin"),
        only(t.group_size.has_value(), robin, "group_size", "a round robin"),
        only(t.duration_min.has_value(), arena, "duration_min", "an arena")})
    if (why) return usage_error(c.kind, *why);
  if (arena && c.create.clock->days_per_move > 0)
    return usage_error(c.kind, "an arena is played live: a clock like 3+2, not days a move");
  return c;
}

Fallible<Command> parse_archive(Command c, const std::vector<std::string>& w) {
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& a = w[i];
    if (a == "--page") {
      c.archive.next_page = true;
    } else if (a == "--game" || a == "--player" || a == "--winner" || a == "--result") {
      if (i + 1 >= w.size()) return usage_error(c.kind, a + " needs a value");
      const std::string& v = w[++i];
      if (a == "--game") c.archive.game = v;
      else if (a == "--player") c.archive.player = v;
      else if (a == "--winner") c.archive.winner = v;
      else {
        if (v != "first" && v != "second" && v != "draw" && v != "aborted")
          return usage_error(c.kind, "--result is first, second, draw or aborted, not '" + v + "'");
        c.archive.result = v;
      }
    } else {
      return usage_error(c.kind, "unexpected '" + a + "'");
    }
  }
  return c;
}

Fallible<Command> parse_wait(Command c, const std::vector<std::string>& w) {
  if (w.size() < 2) return usage_error(c.kind, "wait for what?");
  std::size_t next = 2;
  if (w[1] == "turn") c.wait.what = WaitArgs::What::turn;
  else if (w[1] == "end") c.wait.what = WaitArgs::What::end;
  else if (w[1] == "game") c.wait.what = WaitArgs::What::game;
  else if (w[1] == "event") {
    if (w.size() < 3) return usage_error(c.kind, "wait event needs an event type");
    c.wait.what = WaitArgs::What::event;
    c.wait.event_type = w[2];
    next = 3;
  } else {
    return usage_error(c.kind, "cannot wait for '" + w[1] + "'");
  }
  if (next < w.size()) {
    const auto s = to_double(w[next]);
    if (!s || *s <= 0 || *s > 3600)
      return usage_error(c.kind, "the timeout is a number of seconds, not '" + w[next] + "'");
    c.wait.timeout_s = *s;
    ++next;
  }
  if (next < w.size()) return usage_error(c.kind, "unexpected '" + w[next] + "'");
  return c;
}

}  // namespace

Fallible<std::vector<std::string>> split_words(std::string_view line) {
  std::vector<std::string> words;
  std::string current;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (ch == '\\' && i + 1 < line.size() && quote != '\'') {
      current += line[++i];
      in_word = true;
    } else if (quote != 0) {
      if (ch == quote) quote = 0;
      else current += ch;
    } else if (ch == '"' || ch == '\'') {
      quote = ch;
      in_word = true;
    } else if (std::isspace(static_cast<unsigned char>(ch))) {
      if (in_word) words.push_back(std::move(current));
      current.clear();
      in_word = false;
    } else {
      current += ch;
      in_word = true;
    }
  }
  if (quote != 0) return failure("unterminated quote");
  if (in_word) words.push_back(std::move(current));
  return words;
}

Fallible<ConnectOptions> parse_connect_args(std::span<const std::string> args) {
  ConnectOptions o;
  bool have_url = false, have_name = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--name" || a == "--login" || a == "--register") {
      if (i + 1 >= args.size()) return failure(a + " needs a name");
      if (have_name) return failure("give only one of --name, --login and --register");
      have_name = true;
      o.name = args[++i];
      if (o.name.empty()) return failure(a + " needs a name");
      o.mode = a == "--name"    ? ConnectOptions::Mode::guest
               : a == "--login" ? ConnectOptions::Mode::login
                                : ConnectOptions::Mode::reg;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--fresh") {
      o.fresh = true;
    } else if (a == "--insecure") {
      o.insecure = true;
    } else if (a == "--script") {
      o.script = true;
    } else if (a == "--interactive") {
      o.script = false;
    } else if (a.starts_with("-")) {
      return failure("unknown flag " + a +
                     " (usage: boardhall connect [ws[s]://HOST:PORT] [--name N | --login N | --register N] [--json] "
                     "[--insecure])");
    } else if (!have_url) {
      auto url = parse_url(a);
      if (!url) return failure(url.error());
      o.url = a;
      have_url = true;
    } else {
      return failure("unexpected '" + a + "'");
    }
  }
  if (o.insecure && !parse_url(o.url)->tls) return failure("--insecure is for wss:// URLs only");
  return o;
}

Fallible<Url> parse_url(std::string_view url) {
  Url u;
  u.tls = url.starts_with("wss://");
  if (!u.tls && !url.starts_with("ws://")) {
    return failure("the server URL must start with ws:// or wss://, not '" + std::string(url) + "'");
  }
  const std::string default_port = u.tls ? "443" : "80";
  std::string_view rest = url.substr(u.tls ? 6 : 5);
  const auto slash = rest.find('/');
  u.path = slash == std::string_view::npos ? "/ws" : std::string(rest.substr(slash));
  while (u.path.size() > 1 && u.path.back() == '/') u.path.pop_back();  // ".../ws/" is ".../ws"
  if (u.path == "/") u.path = "/ws";
  rest = rest.substr(0, slash);
  if (rest.starts_with('[')) {  // an IPv6 address: [::1]:8080
    const auto close = rest.find(']');
    if (close == std::string_view::npos) return failure("bad IPv6 address in '" + std::string(url) + "'");
    u.host = std::string(rest.substr(1, close - 1));
    u.port = default_port;
    if (close + 1 < rest.size()) {
      if (rest[close + 1] != ':') return failure("bad port in '" + std::string(url) + "'");
      u.port = std::string(rest.substr(close + 2));
      const auto p = to_int(u.port);
      if (!p || *p < 1 || *p > 65535) return failure("bad port in '" + std::string(url) + "'");
    }
    if (u.host.empty()) return failure("no host in '" + std::string(url) + "'");
    return u;
  }
  const auto colon = rest.rfind(':');
  if (colon == std::string_view::npos) {
    u.host = std::string(rest);
    u.port = default_port;
  } else {
    u.host = std::string(rest.substr(0, colon));
    u.port = std::string(rest.substr(colon + 1));
    const auto p = to_int(u.port);
    if (!p || *p < 1 || *p > 65535) return failure("bad port in '" + std::string(url) + "'");
  }
  if (u.host.empty()) return failure("no host in '" + std::string(url) + "'");
  return u;
}

std::string server_key(const Url& url) {
  std::string host;
  for (char c : url.host) host += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  const bool loopback = host == "localhost" || host.starts_with("127.") || host == "::1" || host == "0:0:0:0:0:0:0:1" ||
                        host.starts_with("::ffff:127.");
  if (loopback) host = "localhost";
  if (host.find(':') != std::string::npos) host = "[" + host + "]";
  std::string path = url.path.empty() ? "/ws" : url.path;
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  if (path == "/") path = "/ws";
  return (url.tls ? "wss://" : "ws://") + host + ":" + url.port + path;
}

std::optional<StartTime> parse_start_time(std::string_view text) {
  StartTime t;
  if (text.starts_with('+')) {
    if (text.size() < 3) return std::nullopt;
    const char unit = text.back();
    const auto n = to_int(text.substr(1, text.size() - 2));
    const std::int64_t per = unit == 'm' ? 60'000 : unit == 'h' ? 3'600'000 : unit == 'd' ? 86'400'000 : 0;
    if (!n || *n <= 0 || per == 0 || *n > 90LL * 86'400'000 / per) return std::nullopt;
    t.in_ms = *n * per;
    return t;
  }
  auto two = [](std::string_view s) -> std::optional<int> {
    if (s.size() != 2 || !std::isdigit(static_cast<unsigned char>(s[0]))) return std::nullopt;
    return to_int(s);
  };
  // "YYYY-MM-DDTHH:MM" (or a space for the T), else "HH:MM".
  if (text.size() == 16 && text[4] == '-' && text[7] == '-' && (text[10] == 'T' || text[10] == ' ')) {
    const auto year = to_int(text.substr(0, 4));
    const auto month = two(text.substr(5, 2));
    const auto day = two(text.substr(8, 2));
    if (!year || !month || !day || *year < 2000 || *month < 1 || *month > 12 || *day < 1 || *day > 31)
      return std::nullopt;
    t.year = *year;
    t.month = *month;
    t.day = *day;
    text.remove_prefix(11);
  }
  if (text.size() != 5 || text[2] != ':') return std::nullopt;
  const auto hour = two(text.substr(0, 2));
  const auto minute = two(text.substr(3, 2));
  if (!hour || !minute || *hour > 23 || *minute > 59) return std::nullopt;
  t.hour = *hour;
  t.minute = *minute;
  return t;
}

std::optional<std::int64_t> start_time_ms(const StartTime& t, std::int64_t now_ms) {
  if (t.in_ms > 0) return now_ms + t.in_ms;
  const std::time_t now = static_cast<std::time_t>(now_ms / 1000);
  std::tm local{};
  if (::localtime_r(&now, &local) == nullptr) return std::nullopt;
  for (int days_on = 0; days_on < 2; ++days_on) {
    std::tm want = local;
    want.tm_sec = 0;
    want.tm_hour = t.hour;
    want.tm_min = t.minute;
    want.tm_isdst = -1;  // whatever the date's own is
    if (t.year != 0) {
      want.tm_year = t.year - 1900;
      want.tm_mon = t.month - 1;
      want.tm_mday = t.day;
    } else {
      want.tm_mday += days_on;  // mktime carries it into the next month
    }
    const std::time_t at = std::mktime(&want);
    if (at == static_cast<std::time_t>(-1)) return std::nullopt;
    // mktime makes 30 February 2 March: a date that does not exist is refused.
    if (t.year != 0 && (want.tm_mday != t.day || want.tm_mon != t.month - 1)) return std::nullopt;
    const std::int64_t ms = static_cast<std::int64_t>(at) * 1000;
    if (t.year != 0 || ms > now_ms) return ms;
  }
  return std::nullopt;
}

namespace {

// "7d" and "12h": a whole number and its unit.
std::optional<int> count_of(std::string_view text, char unit) {
  if (text.size() < 2 || text.back() != unit) return std::nullopt;
  return to_int(text.substr(0, text.size() - 1));
}

std::optional<ClockSpec> parse_correspondence(std::string_view text) {
  ClockSpec c;
  const auto plus = text.find('+');
  if (plus == std::string_view::npos) {
    const auto days = count_of(text, 'd');
    if (!days || *days <= 0) return std::nullopt;
    c.days_per_move = *days;
    return c;
  }
  const auto slash = text.find('/', plus);
  if (slash == std::string_view::npos) return std::nullopt;
  const auto bank = count_of(text.substr(0, plus), 'd');
  const auto increment = count_of(text.substr(plus + 1, slash - plus - 1), 'h');
  const auto minimum = count_of(text.substr(slash + 1), 'h');
  if (!bank || !increment || !minimum || *bank <= 0 || *increment < 0 || *minimum <= 0) return std::nullopt;
  c.bank_days = *bank;
  c.increment_hours = *increment;
  c.minimum_hours = *minimum;
  return c;
}

}  // namespace

std::optional<ClockSpec> parse_clock(std::string_view text) {
  if (text.find('d') != std::string_view::npos) return parse_correspondence(text);
  const auto plus = text.find('+');
  const auto minutes = to_double(text.substr(0, plus));
  if (!minutes || *minutes <= 0) return std::nullopt;
  ClockSpec c;
  c.initial_s = *minutes * 60;
  if (plus != std::string_view::npos) {
    const auto inc = to_double(text.substr(plus + 1));
    if (!inc || *inc < 0) return std::nullopt;
    c.increment_s = *inc;
  }
  return c;
}

std::optional<std::string> normalize_move(const std::vector<std::string>& words) {
  if (words.empty()) return std::nullopt;
  std::vector<std::string> w;
  for (const auto& word : words) w.push_back(lower(word));
  if (w[0] == "huff") {
    if (w.size() < 3 || !is_square(w[1])) return std::nullopt;
    auto rest = normalize_move(std::vector<std::string>(w.begin() + 2, w.end()));
    if (!rest) return std::nullopt;
    return "huff " + w[1] + " " + *rest;
  }
  if (w.size() == 1) {
    std::string text = w[0];
    std::replace(text.begin(), text.end(), 'x', ':');  // PDN writes captures with x too
    if (!is_move_word(text)) return std::nullopt;
    return text;
  }
  if (!std::all_of(w.begin(), w.end(), [](const std::string& s) { return is_square(s); })) return std::nullopt;
  std::string text = w[0];
  for (std::size_t i = 1; i < w.size(); ++i) text += "-" + w[i];  // "a6 c6": the caller may read it as a capture
  return text;
}

// notify [email ADDR|off] [webhook URL|off] [moves on|off] [reminders H,H|none] [secret]
Fallible<Command> parse_notify(Command c, const std::vector<std::string>& w) {
  if (w.size() == 1) return c;
  c.text = lower(w[1]);
  if (c.text == "secret") {
    if (w.size() > 2) return usage_error(c.kind, "unexpected '" + w[2] + "'");
    return c;
  }
  const bool known = c.text == "email" || c.text == "webhook" || c.text == "moves" || c.text == "reminders";
  if (!known) return usage_error(c.kind, "email, webhook, moves, reminders or secret, not '" + w[1] + "'");
  if (w.size() != 3) return usage_error(c.kind, w.size() < 3 ? c.text + " needs a value" : "too many words");
  c.value = w[2];
  if (c.text == "moves" && c.value != "on" && c.value != "off") return usage_error(c.kind, "moves on or moves off");
  if (c.text == "reminders" && c.value != "none") {
    std::string_view rest = c.value;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      const auto n = to_int(std::string(rest.substr(0, comma)));
      if (!n || *n < 1 || *n > 336) return usage_error(c.kind, "reminders: hours from 1 to 336, e.g. 24,2");
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
  }
  return c;
}

// challenge NAME GAME [create's flags] [--rated|--casual]
Fallible<Command> parse_challenge(Command c, const std::vector<std::string>& w) {
  if (w.size() < 3) return usage_error(c.kind, "challenge NAME GAME: a player and a game");
  c.text = w[1];
  std::vector<std::string> rest{w[0]};
  for (std::size_t i = 2; i < w.size(); ++i) {
    if (w[i] == "--rated" || w[i] == "--casual") {
      c.rated = w[i] == "--rated";
    } else if (w[i] == "--private") {
      return usage_error(c.kind, "a challenge is private already");
    } else {
      rest.push_back(w[i]);
    }
  }
  return parse_create(c, rest);
}

Fallible<Command> parse_token(Command c, const std::vector<std::string>& w) {
  c.text = w.size() > 1 ? lower(w[1]) : "list";
  if (c.text == "list") {
    if (w.size() > 2) return usage_error(c.kind, "unexpected '" + w[2] + "'");
  } else if (c.text == "new") {
    if (w.size() < 4) return usage_error(c.kind, "token new LABEL SCOPE...: a label and at least one scope");
    c.value = w[2];
    c.scopes.assign(w.begin() + 3, w.end());
  } else if (c.text == "revoke") {
    if (w.size() != 3) return usage_error(c.kind, "token revoke ID: one token's id (token list)");
    c.value = w[2];
  } else {
    return usage_error(c.kind, "list, new or revoke, not '" + w[1] + "'");
  }
  return c;
}

namespace {

constexpr std::array<std::string_view, 6> kReportReasons{"abuse",    "cheating", "sandbagging",
                                                         "boosting", "stalling", "other"};
constexpr std::array<std::string_view, 10> kModerationActions{
    "suspend",     "ban",        "lift",         "block_address", "unblock_address",
    "refuse_name", "allow_name", "close_report", "annul",         "grant_role"};
constexpr std::size_t kMaxModerationBytes = 500;  // a report's text, an action's reason

template <std::size_t N>
std::string word_list(const std::array<std::string_view, N>& words) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) out += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(words[i]);
  return out;
}

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

// report NAME REASON [TEXT...] [--game ID] [--ply N]: the flags anywhere after NAME.
Fallible<Command> parse_report(Command c, const std::vector<std::string>& w) {
  const std::string reasons = word_list(kReportReasons);
  std::vector<std::string> words;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& a = w[i];
    if (a == "--game" || a == "--ply") {
      if (i + 1 >= w.size()) return usage_error(c.kind, a + " needs a value");
      const std::string& v = w[++i];
      if (a == "--game") {
        c.moderation.game = v;
      } else {
        const auto n = to_int(v);
        if (!n || *n < 0) return usage_error(c.kind, "--ply expects a ply number, not '" + v + "'");
        c.moderation.ply = *n;
      }
    } else if (a.starts_with("--")) {
      return usage_error(c.kind, "unknown flag " + a);
    } else {
      words.push_back(a);
    }
  }
  if (words.size() < 2) return usage_error(c.kind, "report NAME REASON: a player and a reason (" + reasons + ")");
  c.text = words[0];
  c.moderation.action = lower(words[1]);
  if (!one_of(kReportReasons, c.moderation.action))
    return usage_error(c.kind, "the reason is " + reasons + ", not '" + words[1] + "'");
  c.moderation.reason = join(words, 2);
  if (c.moderation.reason.size() > kMaxModerationBytes)
    return usage_error(c.kind, "the text is at most 500 bytes, not " + std::to_string(c.moderation.reason.size()));
  return c;
}

// mod ACTION TARGET REASON... [--hours N] [--role R]: the flags anywhere after ACTION.
Fallible<Command> parse_moderate(Command c, const std::vector<std::string>& w) {
  const std::string actions = word_list(kModerationActions);
  std::vector<std::string> words;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& a = w[i];
    if (a == "--hours" || a == "--role") {
      if (i + 1 >= w.size()) return usage_error(c.kind, a + " needs a value");
      const std::string& v = w[++i];
      if (a == "--hours") {
        const auto n = to_int(v);
        if (!n || *n < 1 || *n > 8760) return usage_error(c.kind, "--hours expects 1 to 8760, not '" + v + "'");
        c.moderation.hours = *n;
      } else {
        c.moderation.role = lower(v);
        if (*c.moderation.role != "moderator" && *c.moderation.role != "admin" && *c.moderation.role != "none")
          return usage_error(c.kind, "--role is moderator, admin or none, not '" + v + "'");
      }
    } else if (a.starts_with("--")) {
      return usage_error(c.kind, "unknown flag " + a);
    } else {
      words.push_back(a);
    }
  }
  if (words.empty()) return usage_error(c.kind, "which action? " + actions);
  std::string action = lower(words[0]);
  std::replace(action.begin(), action.end(), '-', '_');  // close-report as well as close_report
  if (!one_of(kModerationActions, action))
    return usage_error(c.kind, "the action is " + actions + ", not '" + words[0] + "'");
  c.moderation.action = action;
  if (words.size() < 2) return usage_error(c.kind, action + " what? a name, an address or a report's id");
  c.text = words[1];
  c.moderation.reason = join(words, 2);
  if (c.moderation.reason.empty()) return usage_error(c.kind, "why? a reason is required (it goes to the audit log)");
  if (c.moderation.reason.size() > kMaxModerationBytes)
    return usage_error(c.kind, "the reason is at most 500 bytes, not " + std::to_string(c.moderation.reason.size()));
  if (action == "suspend" && !c.moderation.hours)
    return usage_error(c.kind, "suspend for how long? --hours N (1 to 8760); ban has no end");
  if (c.moderation.hours && action != "suspend" && action != "block_address")
    return usage_error(c.kind, "--hours is for suspend and block_address");
  if (action == "grant_role" && !c.moderation.role)
    return usage_error(c.kind, "grant_role needs --role moderator, admin or none");
  if (c.moderation.role && action != "grant_role") return usage_error(c.kind, "--role is for grant_role");
  if (action == "close_report" &&
      !std::all_of(c.text.begin(), c.text.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
    return usage_error(c.kind, "close_report takes a report's id (a number; see reports), not '" + c.text + "'");
  return c;
}

// moderation [--before AUDIT_ID]
Fallible<Command> parse_moderation(Command c, const std::vector<std::string>& w) {
  if (w.size() == 1) return c;
  if (w[1] != "--before") return usage_error(c.kind, "unexpected '" + w[1] + "'");
  if (w.size() != 3) return usage_error(c.kind, w.size() < 3 ? "--before needs an audit id" : "too many words");
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(w[2].data(), w[2].data() + w[2].size(), id);
  if (ec != std::errc{} || end != w[2].data() + w[2].size() || id < 1)
    return usage_error(c.kind, "--before expects an audit id (a number), not '" + w[2] + "'");
  c.moderation.before = id;
  return c;
}

}  // namespace

Fallible<Command> parse_command(std::string_view line) {
  // `say` takes the rest of the line as it is: quotes and backslashes are chat.
  const auto start = line.find_first_not_of(" \t");
  if (start != std::string_view::npos && line.substr(start).starts_with("say") &&
      (line.size() == start + 3 || line[start + 3] == ' ' || line[start + 3] == '\t')) {
    Command c;
    c.kind = Cmd::say;
    std::string_view rest = line.substr(start + 3);
    const auto first = rest.find_first_not_of(" \t");
    if (first == std::string_view::npos) return usage_error(c.kind, "say what?");
    c.text = std::string(rest.substr(first));
    while (!c.text.empty() && (c.text.back() == ' ' || c.text.back() == '\t')) c.text.pop_back();
    return c;
  }
  auto split = split_words(line);
  if (!split) return failure(split.error());
  const auto& w = *split;
  if (w.empty()) return failure(std::string());
  Command c;
  if (auto move = normalize_move(w)) {
    c.kind = Cmd::move;
    c.text = *move;
    return c;
  }
  const HelpEntry* found = nullptr;
  for (const auto& e : help_table)
    if (e.name == w[0] && e.kind != Cmd::move) found = &e;
  if (w[0] == "move") found = &entry(Cmd::move);
  if (w[0] == "exit") found = &entry(Cmd::quit);
  if (w[0] == "play") found = &entry(Cmd::seek);
  if (found == nullptr && almost_a_move(w))
    return failure("unknown command '" + w[0] +
                   "': a move is written e1-e3, and a capture c3:e5 or c3xe5 (try: moves)");
  if (found == nullptr) return failure("unknown command '" + w[0] + "' (try: help)");
  c.kind = found->kind;
  auto no_args = [&]() -> Fallible<Command> {
    if (w.size() > 1) return usage_error(c.kind, "unexpected '" + w[1] + "'");
    return c;
  };
  switch (c.kind) {
    case Cmd::help:
      if (w.size() > 2) return usage_error(c.kind, "one command at a time");
      if (w.size() == 2) c.text = w[1];
      return c;
    case Cmd::create:
      return parse_create(c, w);
    case Cmd::archive:
      return parse_archive(c, w);
    case Cmd::seek:
      return parse_seek(c, w);
    case Cmd::explore:
      return parse_explore(c, w);
    case Cmd::computer:
      return parse_computer(c, w);
    case Cmd::rematch:
      if (w.size() > 2) return usage_error(c.kind, "unexpected '" + w[2] + "'");
      if (w.size() == 2) {
        if (w[1] != "no" && w[1] != "yes") return usage_error(c.kind, "rematch, rematch yes or rematch no");
        if (w[1] == "no") c.text = "no";
      }
      return c;
    case Cmd::wait:
      return parse_wait(c, w);
    case Cmd::join:
      if (w.size() < 2 || w.size() > 3) return usage_error(c.kind, w.size() < 2 ? "which room?" : "too many words");
      c.text = w[1];
      if (w.size() == 3) c.invite = w[2];
      return c;
    case Cmd::huff:
      if (w.size() != 2 || !is_square(lower(w[1])))
        return usage_error(c.kind, "name one point, e.g. huff b2 (or the whole move: huff b2 c2-c3)");
      c.text = lower(w[1]);
      return c;
    case Cmd::profile:
      if (w.size() != 2) return usage_error(c.kind, w.size() < 2 ? "whose profile?" : "one name at a time");
      c.text = w[1];
      return c;
    case Cmd::top: {
      if (w.size() < 2 || w.size() > 3) return usage_error(c.kind, w.size() < 2 ? "which game?" : "too many words");
      c.text = lower(w[1]);
      if (w.size() == 3) {
        const auto n = to_int(w[2]);
        if (!n || *n < 1 || *n > 100) return usage_error(c.kind, "'" + w[2] + "' is not a number from 1 to 100");
        c.number = *n;
      }
      return c;
    }
    case Cmd::watch:
    case Cmd::replay:
      if (w.size() != 2) return usage_error(c.kind, w.size() < 2 ? "which game?" : "too many words");
      c.text = w[1];
      return c;
    case Cmd::export_game:
      if (w.size() < 2 || w.size() > 3) return usage_error(c.kind, w.size() < 2 ? "which game?" : "too many words");
      c.text = w[1];
      if (w.size() == 3) c.file = w[2];
      return c;
    case Cmd::move: {
      if (w.size() < 2) return usage_error(c.kind, "which move?");
      const std::vector<std::string> rest(w.begin() + 1, w.end());
      c.text = normalize_move(rest).value_or(join(w, 1));
      return c;
    }
    case Cmd::takeback:
      if (w.size() > 2) return usage_error(c.kind, "too many words");
      if (w.size() == 2) {
        c.text = lower(w[1]);
        if (c.text != "yes" && c.text != "no") return usage_error(c.kind, "unexpected '" + w[1] + "': yes or no");
      }
      return c;
    case Cmd::accept:
    case Cmd::decline:
      if (w.size() > 2) return usage_error(c.kind, "too many words");
      if (w.size() == 2) {
        c.text = lower(w[1]);
        if (c.text == "draw") c.text.clear();
        else if (c.text != "takeback") return usage_error(c.kind, "unexpected '" + w[1] + "': draw or takeback");
      }
      return c;
    case Cmd::notify:
      return parse_notify(c, w);
    case Cmd::token:
      return parse_token(c, w);
    case Cmd::challenge:
      return parse_challenge(c, w);
    case Cmd::decline_challenge:
      if (w.size() < 2 || w.size() > 3) return usage_error(c.kind, "decline-challenge ROOM [REASON]");
      c.text = w[1];
      if (w.size() == 3) c.value = lower(w[2]);
      return c;
    case Cmd::block:
    case Cmd::unblock:
      if (w.size() != 2) return usage_error(c.kind, w.size() < 2 ? "which player?" : "one name at a time");
      c.text = w[1];
      return c;
    case Cmd::report:
      return parse_report(c, w);
    case Cmd::reports:
      if (w.size() > 2 || (w.size() == 2 && w[1] != "--all"))
        return usage_error(c.kind, "unexpected '" + w.back() + "'");
      c.moderation.all = w.size() == 2;
      return c;
    case Cmd::moderate:
      return parse_moderate(c, w);
    case Cmd::moderation:
      return parse_moderation(c, w);
    case Cmd::create_tournament:
      return parse_create_tournament(c, w);
    case Cmd::tournaments:
      if (w.size() > 2) return usage_error(c.kind, "unexpected '" + w[2] + "'");
      if (w.size() == 2) {
        c.text = lower(w[1]);
        if (c.text != "upcoming" && c.text != "running" && c.text != "finished")
          return usage_error(c.kind, "upcoming, running or finished, not '" + w[1] + "'");
      }
      return c;
    case Cmd::tournament:
      if (w.size() > 2) return usage_error(c.kind, "one tournament at a time");
      if (w.size() == 2) c.text = w[1];
      return c;
    case Cmd::join_tournament:
      if (w.size() < 2 || w.size() > 3)
        return usage_error(c.kind, w.size() < 2 ? "which tournament?" : "too many words");
      c.text = w[1];
      if (w.size() == 3) c.invite = w[2];
      return c;
    case Cmd::withdraw_tournament:
    case Cmd::start_tournament:
      if (w.size() != 2) return usage_error(c.kind, w.size() < 2 ? "which tournament?" : "too many words");
      c.text = w[1];
      return c;
    case Cmd::add_computer: {
      if (w.size() < 2 || w.size() > 3)
        return usage_error(c.kind, w.size() < 2 ? "which tournament?" : "too many words");
      c.text = w[1];
      c.number = 4;
      if (w.size() == 3) {
        const auto n = to_int(w[2]);
        if (!n || *n < 1 || *n > 8) return usage_error(c.kind, "the level is a number from 1 to 8, not '" + w[2] + "'");
        c.number = *n;
      }
      return c;
    }
    case Cmd::remove_computer:
      if (w.size() != 3)
        return usage_error(c.kind, w.size() < 3 ? "which tournament, and which computer?" : "too many words");
      c.text = w[1];
      c.invite = w[2];
      return c;
    case Cmd::go_to: {
      if (w.size() != 2) return usage_error(c.kind, "goto needs a move number");
      const auto n = to_int(w[1]);
      if (!n || *n < 0) return usage_error(c.kind, "'" + w[1] + "' is not a move number");
      c.number = *n;
      return c;
    }
    default:
      return no_args();
  }
}

std::vector<std::string> help_overview() {
  std::vector<std::string> lines;
  for (const auto& e : help_table) {
    std::string usage(e.usage);
    if (usage.size() < 24) usage.resize(24, ' ');
    else usage += "  ";
    lines.push_back("  " + usage + std::string(e.summary));
  }
  lines.push_back("help COMMAND for details.");
  return lines;
}

std::optional<std::vector<std::string>> help_for(std::string_view command) {
  for (const auto& e : help_table) {
    if (e.name != command) continue;
    std::vector<std::string> lines{std::string(e.usage), "  " + std::string(e.summary)};
    std::string_view d = e.details;
    while (!d.empty()) {
      const auto nl = d.find('\n');
      lines.push_back("  " + std::string(d.substr(0, nl)));
      if (nl == std::string_view::npos) break;
      d.remove_prefix(nl + 1);
    }
    return lines;
  }
  return std::nullopt;
}

std::string_view command_name(Cmd kind) { return entry(kind).name; }

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& e : help_table) names.emplace_back(e.name);
  return names;
}

}  // namespace bh::cli
