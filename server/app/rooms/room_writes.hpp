// A room's writes of its game, through the GameWriter (game_writer.hpp): the journal's
// next update (with the game's header, built from the session, when asked), the seats'
// absence deadlines, and the game's end with the match's next game. Each answer comes
// back on the room's strand as the command its session decides next.
//
// Thread-safety: called on the room's strand; answers run there.
#pragma once

#include <functional>

#include "app/app_context.hpp"
#include "game/commands.hpp"
#include "game/effects.hpp"
#include "game/session.hpp"

namespace bh::app::room_writes {

using Strand = GameWriter::Strand;

// `answered(persisted, p.then)` once the store answered.
void persist(Context& ctx, const game::GameSession& s, game::Persist p, Strand strand,
             std::function<void(game::Persisted, game::Effects)> answered);
// Not waited for: a failure is logged (the next change writes them again).
void keep_absences(Context& ctx, const game::KeepAbsences& k, Strand strand);
// `archived(command)` once the record is durable, or its write failed (then written
// again later by the writer).
void finish(Context& ctx, const game::GameSession& s, game::Finish f, Strand strand,
            std::function<void(game::Archived)> archived);

}  // namespace bh::app::room_writes
