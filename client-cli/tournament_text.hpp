// What the client shows of a tournament (docs/tournaments.md), as pure functions of the
// server's views: a line of the `tournaments` list, the whole tournament (settings,
// standings with its format's tie-breaks, a round robin's crosstable, the current
// round's games), the few lines that say what changed between two views of it, and the
// line that tells a player of a new game. The session (session_tournaments.cpp) puts
// them into its replies and events; the strings in the views are already escaped
// (server_text.hpp).
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace bh::cli {

// "round robin", "Swiss", "arena" (the protocol's round_robin, swiss, arena).
std::string format_label(const std::string& format);
// The game with its options and the clock: "tablut 10+5", "seatafl size=11 3d a move".
std::string tournament_game_text(const protocol::server::TournamentSummary& t);
// A name for a tournament its creator did not name: "Swiss tablut 10+5".
std::string default_tournament_name(const std::string& format, const std::string& game, const std::string& clock);
// A game's result as a crosstable reads it: "1-0", "0-1", "½-½", "1-0 (forfeit)",
// "0-0 (both forfeited)", "bye"; "playing" while it is played.
std::string tournament_result_text(const std::optional<std::string>& result);
// Where it stands, `now_ms` being now: "starts in 2 h 5 min", "alice starts it",
// "round 3/6", "12 games, 25 min left", "winner alice".
std::string tournament_progress(const protocol::server::TournamentSummary& t, std::int64_t now_ms);
// One line of the `tournaments` list: id, name, format, game, clock, players (of at most
// how many, while it may be joined), where it stands.
std::string tournament_list_line(const protocol::server::TournamentSummary& t, std::int64_t now_ms);

// The whole tournament: its name and settings, where it stands, then before the start
// its players, after it the standings (the tie-breaks of its format: SB and the
// crosstable for a round robin, per group; Buchholz and its median for a Swiss; each
// game's points for an arena) and the current round's games (an arena's games being
// played), with their results.
std::vector<std::string> tournament_lines(const protocol::server::TournamentView& v, std::int64_t now_ms);
// The current round's games with their results under "Round R:" (an arena's games being
// played, at most 20, under "Playing now:"); empty when there are none.
std::vector<std::string> current_games_lines(const protocol::server::TournamentView& v);

// What changed from `before` to `after` (two views of one tournament), briefly: a start,
// players who joined or withdrew, results, a new round's pairings, and the standings
// rows whose rank or points moved. Empty when nothing shown changed.
std::vector<std::string> tournament_changes(const protocol::server::TournamentView& before,
                                            const protocol::server::TournamentView& after);

// "Tournament NAME, round R: you play OPPONENT with SIDE (game ID)", SIDE named as the
// game names it (`side_name`, e.g. "attackers"; empty: "the first side"). An arena's
// line has no round (its `round` counts the arena's games).
std::string paired_line(const protocol::server::TournamentPaired& p, const std::string& side_name, bool arena);

}  // namespace bh::cli
