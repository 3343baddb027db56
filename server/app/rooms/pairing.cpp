#include "app/rooms/pairing.hpp"

#include <cmath>

#include "rules/registry.hpp"

namespace bh::app::pairing {

std::map<std::string, std::string> normal_options(const std::string& game, const protocol::OptionMap& options) {
  std::map<std::string, std::string> out(options.values.begin(), options.values.end());
  if (const auto* entry = rules::find_game(game))
    for (const auto& o : entry->options)
      if (o.fallback && !out.contains(o.name)) out[o.name] = std::to_string(*o.fallback);
  return out;
}

bool same_terms(const Terms& a, const Terms& b) {
  const bool same_clock =
      a.clock.has_value() == b.clock.has_value() &&
      (!a.clock || (a.clock->initial_ms == b.clock->initial_ms && a.clock->increment_ms == b.clock->increment_ms));
  return a.game == b.game && a.options == b.options && same_clock && a.rated == b.rated &&
         a.correspondence == b.correspondence;
}

std::string terms_key(const Terms& terms) {
  // Names and values are the catalogue's (checked before a seek is made): no '|', ',' or '='.
  std::string key = terms.game + "|";
  for (const auto& [name, value] : terms.options) key += name + "=" + value + ",";
  key += "|";
  key += terms.clock ? std::to_string(terms.clock->initial_ms) + "+" + std::to_string(terms.clock->increment_ms) : "-";
  key += terms.rated ? "|rated" : "|casual";
  if (const auto& c = terms.correspondence) {  // none in a live seek's key: keys stay as they were
    key += c->days_per_move ? "|days" + std::to_string(*c->days_per_move)
                            : "|bank" + std::to_string(c->bank_days.value_or(0)) + "+" +
                                  std::to_string(c->increment_hours.value_or(0)) + "/" +
                                  std::to_string(c->minimum_hours.value_or(0));
  }
  return key;
}

std::optional<double> rating_range(std::int64_t waited_ms) {
  if (waited_ms >= 60'000) return std::nullopt;
  const std::int64_t seconds = std::max<std::int64_t>(0, waited_ms / 1000);
  return 150.0 + 25.0 * static_cast<double>(seconds);
}

bool compatible(const Terms& waiting, std::optional<double> waiting_rating, std::int64_t waited_ms, const Terms& seeker,
                std::optional<double> seeker_rating) {
  if (!same_terms(waiting, seeker)) return false;
  if (!waiting_rating || !seeker_rating) return true;
  const auto range = rating_range(waited_ms);
  return !range || std::fabs(*waiting_rating - *seeker_rating) <= *range;
}

}  // namespace bh::app::pairing
