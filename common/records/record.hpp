// A game record as the export and import formats see it (docs/records.md): which game,
// who played it, how it ended, the tags a record file carries, and the moves in the
// rules module's text. Plain values; no storage, JSON or sockets here, so the server
// (export, import) and the terminal client (export) share one formatter.
//
// Thread-safety: plain values; safe to copy across threads.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh::records {

// How a game ended, as a record's Result tag can say it.
enum class Outcome { first_won, second_won, draw, unknown };

struct Record {
  std::string game;                            // rules id: draughts, tablut, copenhagen...
  std::map<std::string, std::string> options;  // as the registry takes them (`size` = "11")
  std::string start_position;                  // the rules' position text; empty: the game's start
  std::string first_player;                    // the side that moves first (white; the attackers)
  std::string second_player;
  Outcome outcome = Outcome::unknown;
  // Tags kept as written (Event, Site, Date, Round, Opening...), in file order; the
  // tags this module writes itself (players, Result, GameType, Game, FEN...) never
  // appear here.
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> moves;  // the rules module's text, e.g. "c3:e5:g3", "e1-e3"
  friend bool operator==(const Record&, const Record&) = default;
};

// A clock's TimeControl tag: seconds + increment ("300+3", "0.5+0").
std::string clock_tag(std::int64_t initial_ms, std::int64_t increment_ms);
// The tags of a game played on a Boardhall server, for its record file: Event and Site
// "Boardhall", Date (of its end, UTC, YYYY.MM.DD), TimeControl when it had one (a clock's,
// clock_tag; a correspondence game's "1/259200": one move per 3 days, as PGN spells it),
// Termination (its end reason, e.g. "resignation").
std::vector<std::pair<std::string, std::string>> boardhall_tags(std::int64_t ended_ms,
                                                                const std::optional<std::string>& time_control,
                                                                std::string_view reason);

// The day a record's Date tag names (`1947.03.10`; `??` for an unknown month or day
// counts as the first), as unix ms at midnight UTC; nullopt without a Date tag, with an
// unknown year or with one that is not a date.
std::optional<std::int64_t> date_tag_ms(const Record& record);

// The value of tag `name` in `record.tags`, or `fallback`.
std::string tag_or(const Record& record, std::string_view name, std::string fallback);

// The tags a reader takes from a file but that export writes from the record's own
// fields, so they are never kept in Record::tags.
bool is_generated_tag(std::string_view name);

}  // namespace bh::records
