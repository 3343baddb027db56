#include "session_state.hpp"

#include <algorithm>

#include "rules/registry.hpp"

namespace bh::cli {

std::shared_ptr<const rules::Ruleset> make_rules(const std::string& game, const protocol::OptionMap& options) {
  rules::OptionText text;
  for (const auto& [k, v] : options.values) text[k] = v;
  auto r = rules::make_ruleset(game, text);
  if (!r) return nullptr;
  return *r;
}

std::vector<std::string> huff_choices(const FollowedGame& g) {
  std::vector<std::string> out;
  if (!g.rules || !g.position) return out;
  rules::MoveList moves;
  g.rules->legal_moves(*g.position, moves);
  for (const auto& m : moves) {
    const std::string text = g.rules->move_text(m);
    if (!text.starts_with("huff ")) continue;
    const std::string square = text.substr(5, text.find(' ', 5) - 5);
    if (std::find(out.begin(), out.end(), square) == out.end()) out.push_back(square);
  }
  return out;
}

}  // namespace bh::cli
