#include "record_export.hpp"

#include "records/export.hpp"

namespace bh::cli {

records::Record record_file(const protocol::server::Record& r) {
  records::Record out;
  out.game = r.game;
  out.options = r.options.values;
  out.start_position = r.start_position;
  out.first_player = r.first_player;
  out.second_player = r.second_player;
  out.outcome = r.result == "first"    ? records::Outcome::first_won
                : r.result == "second" ? records::Outcome::second_won
                : r.result == "draw"   ? records::Outcome::draw
                                       : records::Outcome::unknown;
  if (r.imported.value_or(false)) {
    if (r.tags)
      for (const auto& tag : r.tags->values) out.tags.push_back(tag);
  } else {
    std::optional<std::pair<std::int64_t, std::int64_t>> clock;
    if (r.clock) clock.emplace(r.clock->initial_ms, r.clock->increment_ms);
    out.tags = records::boardhall_tags(r.ended_ms, clock, r.reason);
  }
  for (const auto& move : r.moves) out.moves.push_back(move.move);
  return out;
}

rules::Result<std::string> record_text(const protocol::server::Record& record) {
  return records::format_record(record_file(record));
}

}  // namespace bh::cli
