#include "protocol/archived_record.hpp"

#include <cstdint>
#include <optional>
#include <utility>

namespace bh::protocol {

records::Record archived_record(const server::ArchivedGame& game) {
  records::Record out;
  out.game = game.game;
  out.options = game.options.values;
  out.start_position = game.start_position;
  out.first_player = game.first_player;
  out.second_player = game.second_player;
  out.outcome = game.result == "first"    ? records::Outcome::first_won
                : game.result == "second" ? records::Outcome::second_won
                : game.result == "draw"   ? records::Outcome::draw
                                          : records::Outcome::unknown;
  if (game.imported.value_or(false)) {
    if (game.tags)
      for (const auto& tag : game.tags->values) out.tags.push_back(tag);
  } else {
    std::optional<std::pair<std::int64_t, std::int64_t>> clock;
    if (game.clock) clock.emplace(game.clock->initial_ms, game.clock->increment_ms);
    out.tags = records::boardhall_tags(game.ended_ms, clock, game.reason);
  }
  for (const auto& move : game.moves) out.moves.push_back(move.move);
  return out;
}

}  // namespace bh::protocol
