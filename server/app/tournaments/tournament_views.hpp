// A tournament as the protocol shows it (docs/tournaments.md): its summary in a list,
// and the whole view (players, standings with the tie-breaks of its format, a round
// robin's crosstable, the games by round) computed from its value. Pure.
//
// Thread-safety: pure functions.
#pragma once

#include "protocol/messages.hpp"
#include "tournament/tournament.hpp"

namespace bh::app {

protocol::server::TournamentSummary tournament_summary(const tournament::Tournament& t);
// `creator_view`: its creator's, with a private tournament's invite code.
protocol::server::TournamentView tournament_view(const tournament::Tournament& t, bool creator_view);
// The rounds of a round robin or a Swiss (the planned ones), 0 for an arena.
int planned_rounds(const tournament::Tournament& t);

}  // namespace bh::app
