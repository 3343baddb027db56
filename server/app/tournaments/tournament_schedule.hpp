// The operator's tournaments (docs/tournaments.md, "The operator's tournaments"): a file
// (--tournament-schedule) lists them, each a create_tournament body with a key, and
// either a start ("starts": "2026-12-20T18:00Z", made once) or a period ("every_min": 60,
// one always announced, starting on the period's next boundary counted from midnight UTC).
// Read and checked once at start-up; the director makes each one when it is due.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/fallible.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

struct TournamentPlan {
  std::string key;                             // [a-z0-9-], 1..32: the ids of its tournaments start with it
  std::int64_t every_ms = 0;                   // 0: made once, starting at starts_ms
  std::int64_t starts_ms = 0;                  // once: when it starts
  protocol::client::CreateTournament request;  // without starts_ms
};

// The file's text as plans, or what is wrong with it (which entry, and why): each entry
// checked as a player's create_tournament would be (`bots`: --tournament-bots).
Fallible<std::vector<TournamentPlan>> read_tournament_plans(std::string_view text, bool bots, std::int64_t now_ms);

// When the plan's next tournament starts, seen at `now_ms`: its one start while in the
// future; a period's next boundary at least a minute ahead. None: nothing more to make.
std::optional<std::int64_t> next_planned_start(const TournamentPlan& plan, std::int64_t now_ms);

// The id of the plan's tournament starting at `starts_ms` ("t" + key + "-" + the UTC
// minute, 202612201800): the same after a restart, so it is made once.
std::string planned_tournament_id(const TournamentPlan& plan, std::int64_t starts_ms);
// Whether `tournament_id` is one of the plan's.
bool is_planned_by(const TournamentPlan& plan, const std::string& tournament_id);

}  // namespace bh::app
