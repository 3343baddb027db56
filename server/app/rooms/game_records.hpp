// A room's writes of its game, through the GameWriter (game_writer.hpp): the journal's
// next update (with the game's header, built from the session, when asked), the seats'
// absence deadlines (durable, so that a restart decides them: game::Reopen), and the
// game's end with the match's next game. Each answer comes back on the room's strand as
// the command its session decides next.
//
// Thread-safety: any thread; answers run on the strand given.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

#include "app/rooms/game_writer.hpp"
#include "game/commands.hpp"
#include "game/effects.hpp"
#include "game/session.hpp"

namespace bh::app {

class Identities;

class GameRecords {
 public:
  using Strand = GameWriter::Strand;
  // `tell_only_durable` (cluster mode): a live write that failed is written again until
  // it is durable (or lost: Persisted::lost), never answered as failed, so a move is
  // told only once committed. Otherwise a failure is answered and the game goes on.
  GameRecords(GameWriter& writer, const Identities& identities, const std::atomic<bool>& shutting_down,
              bool tell_only_durable)
      : writer_(writer),
        identities_(identities),
        shutting_down_(shutting_down),
        tell_only_durable_(tell_only_durable) {}

  // `answered(persisted, p.then)` once the store answered.
  void persist(const game::GameSession& s, game::Persist p, Strand strand,
               std::function<void(game::Persisted, game::Effects)> answered);
  // Not waited for: a failure is logged (the next change writes them again).
  void keep(const game::Keep& k, Strand strand);
  // `archived(command)` once the record is durable, or its write failed (then written
  // again later by the writer).
  void finish(const game::GameSession& s, game::Finish f, Strand strand, std::function<void(game::Archived)> archived);

  // The header of the session's live game `game_id` as the store keeps it: its seats
  // with what lets each player resume after a restart.
  storage::LiveGame live_header(const game::GameSession& session, const std::string& game_id, int first_slot,
                                std::int64_t started_ms, const game::MatchScore& score) const;

 private:
  using Answered = std::function<void(game::Persisted, game::Effects)>;
  // `refusals`: how many times the header was refused for a seat held elsewhere so far.
  void write_live(std::shared_ptr<const storage::LiveUpdate> update, game::Persisted answer, game::Effects then,
                  Strand strand, Answered answered, std::chrono::milliseconds delay, int refusals = 0);

  GameWriter& writer_;
  const Identities& identities_;
  const std::atomic<bool>& shutting_down_;
  const bool tell_only_durable_;
};

}  // namespace bh::app
