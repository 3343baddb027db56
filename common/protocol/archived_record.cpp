#include "protocol/archived_record.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace bh::protocol {

namespace {

// PGN has no time bank: a bank is written as its start and increment ("604800+43200"),
// its protected minimum left out.
std::optional<std::string> time_control_tag(const server::ArchivedGame& game) {
  constexpr std::int64_t kDay = 86'400, kHour = 3'600;
  if (game.clock) return records::clock_tag(game.clock->initial_ms, game.clock->increment_ms);
  if (!game.correspondence) return std::nullopt;
  const auto& c = *game.correspondence;
  if (c.days_per_move) return "1/" + std::to_string(*c.days_per_move * kDay);
  return std::to_string(c.bank_days.value_or(0) * kDay) + "+" + std::to_string(c.increment_hours.value_or(0) * kHour);
}

}  // namespace

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
    out.tags = records::boardhall_tags(game.ended_ms, time_control_tag(game), game.reason);
  }
  for (const auto& move : game.moves) out.moves.push_back(move.move);
  return out;
}

}  // namespace bh::protocol
