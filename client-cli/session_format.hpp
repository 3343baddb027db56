// Text the session shows, as pure functions of values: clocks, scores, reasons, room
// options, move lists and the small phrases around them. No session state here, so
// each is testable alone; session_*.cpp put the pieces together.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.hpp"
#include "rules/types.hpp"

namespace bh::cli {

// A clock reading: "4.3" under ten seconds (tenths), else "4:59" or "1:02:03".
// Negative times show as 0.0.
std::string format_ms(std::int64_t ms);
// A day in UTC, "2026-11-29", of unix milliseconds.
std::string format_date(std::int64_t unix_ms);
// A moment in UTC to the minute, "2026-11-29 14:05", of unix milliseconds.
std::string format_time(std::int64_t unix_ms);
// API token scopes as listed: "bot:play, challenge".
std::string join_scopes(const std::vector<std::string>& scopes);
// A score or amount: "1" for whole numbers, else the shortest "%g" form ("0.5").
std::string format_number(double v);
// A time control as minutes+seconds ("5+3", "0.5+0"), a correspondence game's as "3d a
// move" or "bank 7d +12h min 2h"; "none" without one.
std::string format_clock(const std::optional<protocol::ClockMs>& c,
                         const std::optional<protocol::Correspondence>& correspondence = std::nullopt);
// What a correspondence game's side to move has left: "2 days 3 h", "5 h 20 min",
// "40 min", "under a minute"; "no time" once it has run out.
std::string time_left_text(std::int64_t ms);
// Room options as "size=11,king_limit=4" (the map's order).
std::string options_text(const protocol::OptionMap& o);
// An end reason code read aloud: "king_captured" -> "king captured".
std::string reason_text(std::string r);
// A rating as shown beside a name: "1742", "1500?" while provisional; "" for none (a
// guest, or a server without ratings).
std::string rating_text(const std::optional<protocol::RatingView>& r);
// A name with its rating when it has one: "bob 1742?".
std::string rated_name(const std::string& name, const std::optional<protocol::RatingView>& r);
// A player's name with the bot mark when `bots` lists it: "computer (bot, level 6)" in a
// game against the computer at level 6, "computer (bot)" when the level is not known;
// anyone else's name as it is.
std::string player_name(const std::string& name, const std::optional<std::vector<std::string>>& bots,
                        const std::optional<int>& level);
// `bots` as one field for scripts: "computer" or "a,b"; "" for none.
std::string bots_text(const std::optional<std::vector<std::string>>& bots);
// What to tell a player whose play_computer found no bot on the server (error
// no_computer), and whose room the bot never came to (room_cancelled, reason no_computer).
std::string no_computer_text();
std::string computer_did_not_come_text();
// Why a room of ours was cancelled (room_cancelled's reason; none: we cancelled it).
std::string room_cancelled_text(const std::string& room_id, const std::optional<std::string>& reason,
                                const std::optional<std::string>& decline_reason = std::nullopt);
// "alice challenges you: tablut, 5+3, rated (room r1)."
std::string challenge_text(const protocol::server::RoomInfo& room, const std::string& whom);
// A rating change as "1500 -> 1742 (+242)".
std::string rating_change_text(const protocol::server::RatingChange& c);
// "rated" / "casual"; "" when a server without ratings did not say.
std::string rated_text(const std::optional<bool>& rated);
// The first-move rule as the board says it, `deadline_ms` and `now_ms` Unix times:
// "12 s to make the first move, or the game is aborted" (0 s once it has passed); in a
// tournament's game (`forfeit`) "... or the game is lost by forfeit".
std::string first_move_text(std::int64_t deadline_ms, std::int64_t now_ms, bool forfeit = false);
// "first" / "second" as a side; nullopt for anything else.
std::optional<rules::Side> side_of(const std::string& s);

// Moves as "1. e1-e3 e9-e7  2. ..." with the move at `current` (1-based ply) bracketed;
// "(no moves)" for none.
std::vector<std::string> move_list(const std::vector<std::string>& moves, int current);
// "a3", "a3 or b4", "a3, b4 or d4".
std::string or_list(const std::vector<std::string>& items);
// "A vs B" as one header item, or two that may wrap apart when it alone passes 80
// columns (names have up to 32 characters).
std::vector<std::string> versus(const std::string& first, const std::string& second);
// Counts are of plies (one side's move each), as the server's `ply` and `goto N` are;
// only the move list numbers full moves, as players write them.
std::string plies(int n);
// Ply `ply` (from 1) as the move list numbers it: "2. e1-e3" for the first side's,
// "2... e9-e7" for the second side's.
std::string numbered(int ply, const std::string& move);

// Moderation (docs/protocol.md, "Moderation"); times in UTC.
// What the server's identity says of a moderator or an admin, once at login:
// "You are a moderator here (reports, moderation and mod: see help mod)."
std::string role_text(const std::string& role);
// A report as listed by `reports`: "#12  2026-11-29 14:05  ann -> mallory  abuse  (game
// g12, ply 31)", the reporter's text, the chat lines sent with it ("  14:03 mallory:
// ..."), then "closed by olga 2026-11-29 15:00" or "open".
std::vector<std::string> report_lines(const protocol::server::ReportInfo& r);
// A sanction in force: "mallory  banned, no end  (since 2026-11-29 14:05: threats)",
// "bob  suspended, until 2026-12-01 10:00  (since ...: ...)".
std::string sanction_line(const protocol::server::SanctionInfo& s);
// A blocked address: "10.0.0.0/8  until 2026-12-01 10:00  (since ...: ...)" ("no end").
std::string address_block_line(const protocol::server::AddressBlockInfo& b);
// A refused name: "alice  (since 2026-11-29 14:05: impersonation)".
std::string refused_name_line(const protocol::server::RefusedNameInfo& n);
// An audit entry: "#3  2026-11-29 14:05  olga  ban mallory: threats in chat [detail]".
std::string audit_line(const protocol::server::AuditInfo& a);
// What `mod` did: "ban mallory: done (1)"; annul counts the games: "annul bob: done (3
// games)".
std::string moderated_text(const protocol::server::Moderated& m);

// Untrusted text made harmless for a terminal: bytes that are not UTF-8 become U+FFFD,
// and so does every control character (C0 with tab and newline, DEL, C1, U+2028/U+2029)
// and every bidi override or isolate (U+202A..U+202E, U+2066..U+2069), so no escape
// sequence, line break or reordering reaches the screen.
std::string plain_text(std::string_view s);
// A chat line as shown: "alice: gg" from a player, "[spectator] sam: what a move" from
// a spectator; both parts through plain_text.
std::string chat_line(const protocol::server::Chat& m);

}  // namespace bh::cli
