#include "app/record_files.hpp"

namespace bh::app {

bh::records::Record record_file(const storage::GameRecord& game) {
  bh::records::Record out;
  out.game = game.game;
  out.options = game.options;
  out.start_position = game.start_position;
  out.first_player = game.first_player;
  out.second_player = game.second_player;
  out.outcome = game.result == "first"    ? bh::records::Outcome::first_won
                : game.result == "second" ? bh::records::Outcome::second_won
                : game.result == "draw"   ? bh::records::Outcome::draw
                                          : bh::records::Outcome::unknown;
  if (game.imported) {
    for (const auto& tag : game.tags) out.tags.push_back(tag);
  } else {
    std::optional<std::pair<std::int64_t, std::int64_t>> clock;
    if (game.clock) clock.emplace(game.clock->initial_ms, game.clock->increment_ms);
    out.tags = bh::records::boardhall_tags(game.ended_ms, clock, game.reason);
  }
  for (const auto& move : game.moves) out.moves.push_back(move.text);
  return out;
}

}  // namespace bh::app
