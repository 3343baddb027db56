#include "explorer/opening_line.hpp"

#include <memory>
#include <optional>

#include "protocol/utf8.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::explorer {

namespace {

// FNV-1a, 64 bits: stable, fast, good enough for keys of short texts.
std::uint64_t fnv1a(std::string_view text) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return hash;
}

}  // namespace

std::string quoted(std::string_view text) {
  const auto shown = protocol::utf8::prefix(text, 64);
  return "'" + std::string(shown) + (shown.size() < text.size() ? "...'" : "'");
}

std::string variant_key(const rules::Ruleset& rules) {
  std::string out(rules.game_id());
  char separator = ':';
  for (const auto& [name, value] : rules.options()) {
    out += separator;
    out += name + "=" + std::to_string(value);
    separator = ',';
  }
  return out;
}

std::int64_t position_key(const rules::Ruleset& rules, const rules::Position& position) {
  return static_cast<std::int64_t>(fnv1a(rules.position_text(position)));
}

storage::OpeningLine opening_line(const storage::GameRecord& record) {
  storage::OpeningLine line;
  if (record.is_private || record.result == "aborted" || record.moves.empty()) return line;
  const rules::OptionText options(record.options.begin(), record.options.end());
  auto rules = rules::make_ruleset(record.game, options);
  if (!rules) return line;
  auto start = (*rules)->parse_position(record.start_position);
  if (!start) return line;
  rules::GameState state(*rules, *start);
  line.variant = variant_key(**rules);
  for (const storage::MoveRecord& move : record.moves) {
    if (line.positions.size() >= static_cast<std::size_t>(storage::kExplorerPlies)) break;
    const std::int64_t before = position_key(**rules, state.position());
    if (!state.play(move.text)) break;
    line.positions.push_back(before);
  }
  if (line.positions.empty()) line.variant.clear();
  return line;
}

Fallible<Walk> walk(std::string_view game, const std::map<std::string, std::string>& options,
                    const std::vector<std::string>& moves) {
  const rules::OptionText option_text(options.begin(), options.end());
  auto rules = rules::make_ruleset(game, option_text);
  if (!rules) return failure(rules.error().message);
  rules::GameState state(*rules);
  int ply = 0;
  for (const std::string& move : moves) {
    ++ply;
    if (auto played = state.play(move); !played)
      return failure("move " + std::to_string(ply) + " " + quoted(move) + ": " + played.error().message);
  }
  Walk out;
  out.game = std::string(game);
  out.options = options;
  out.moves = moves;
  out.variant = variant_key(**rules);
  out.position = position_key(**rules, state.position());
  out.position_text = (*rules)->position_text(state.position());
  out.to_move = std::string((*rules)->side_name(state.to_move()));
  return out;
}

}  // namespace bh::explorer
