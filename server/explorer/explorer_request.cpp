#include "explorer/explorer_request.hpp"

#include <charconv>
#include <optional>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "protocol/utf8.hpp"

namespace bh::explorer {

namespace {

std::optional<int> whole_number(std::string_view text, int most) {
  int value = 0;
  if (text.empty() || text.size() > 9) return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0 || value > most) return std::nullopt;
  return value;
}

// "2024-03" as 202403.
std::optional<int> month(std::string_view text) {
  if (text.size() != 7 || text[4] != '-') return std::nullopt;
  const auto year = whole_number(text.substr(0, 4), 9999);
  const auto number = whole_number(text.substr(5, 2), 12);
  if (!year || !number || *year < 1 || *number < 1) return std::nullopt;
  return *year * 100 + *number;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  while (true) {
    const auto at = text.find(separator);
    out.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return out;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

Fallible<Lookup> lookup(const protocol::client::Explore& r) {
  static const std::vector<std::string> kNone;
  const std::vector<std::string>& moves = r.moves ? *r.moves : kNone;
  if (moves.size() > kMaxMoves)
    return failure("at most " + std::to_string(kMaxMoves) + " moves, not " + std::to_string(moves.size()));
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i].empty() || moves[i].size() > kMaxMoveBytes || !protocol::utf8::is_valid(moves[i]))
      return failure("move " + std::to_string(i + 1) + " " + quoted(moves[i]) + " is not a move");
  }
  Lookup out;
  if (r.source && *r.source != "all") {
    if (*r.source != "here" && *r.source != "imported")
      return failure("source must be all, here or imported, not " + quoted(*r.source));
    out.query.imported = *r.source == "imported";
  }
  if (r.rating) {
    const std::string_view text = *r.rating;
    const auto dash = text.find('-');
    const auto low = dash == std::string_view::npos ? text : text.substr(0, dash);
    const auto high = dash == std::string_view::npos ? std::string_view() : text.substr(dash + 1);
    if (dash == std::string_view::npos || (low.empty() && high.empty()))
      return failure("rating must be MIN-MAX, MIN- or -MAX, not " + quoted(text));
    if (!low.empty()) out.query.min_rating = whole_number(low, 10000);
    if (!high.empty()) out.query.max_rating = whole_number(high, 10000);
    if ((!low.empty() && !out.query.min_rating) || (!high.empty() && !out.query.max_rating))
      return failure("rating must be MIN-MAX with whole numbers from 0 to 10000, not " + quoted(text));
    if (out.query.min_rating && out.query.max_rating && *out.query.min_rating > *out.query.max_rating)
      return failure("rating " + quoted(text) + ": the lowest is above the highest");
  }
  for (const auto& [name, text, field] :
       {std::tuple{"since", &r.since, &out.query.since_month}, std::tuple{"until", &r.until, &out.query.until_month}}) {
    if (!*text) continue;
    *field = month(**text);
    if (!*field) return failure(std::string(name) + " must be a month as YYYY-MM, not " + quoted(**text));
  }
  if (out.query.since_month && out.query.until_month && *out.query.since_month > *out.query.until_month)
    return failure("since is after until");
  // The rules quote an unknown game whole: a long one is refused here, cut.
  if (r.game.size() > 32) return failure("unknown game " + quoted(r.game));
  auto walked = walk(r.game, r.options ? r.options->values : std::map<std::string, std::string>{}, moves);
  if (!walked) return failure(walked.error());
  out.walk = std::move(walked).value();
  out.query.variant = out.walk.variant;
  out.query.position = out.walk.position;
  return out;
}

Fallible<protocol::OptionMap> options_from_text(std::string_view text) {
  protocol::OptionMap options;
  for (const std::string_view pair : split(text, ',')) {
    const auto colon = pair.find(':');
    if (colon == std::string_view::npos || colon == 0)
      return failure("options must be name:value,..., not " + quoted(text));
    options.values[std::string(pair.substr(0, colon))] = std::string(pair.substr(colon + 1));
  }
  return options;
}

Fallible<protocol::client::Explore> explore_from_query(const std::map<std::string, std::string>& query) {
  protocol::client::Explore r;
  for (const auto& [name, value] : query) {
    if (name == "game") {
      r.game = value;
    } else if (name == "options") {
      if (value.empty()) continue;
      auto options = options_from_text(value);
      if (!options) return failure(options.error());
      r.options = std::move(options).value();
    } else if (name == "moves") {
      if (value.empty()) continue;
      const auto moves = split(value, ',');
      if (moves.size() > kMaxMoves)
        return failure("at most " + std::to_string(kMaxMoves) + " moves, not " + std::to_string(moves.size()));
      r.moves.emplace();
      for (const std::string_view m : moves) r.moves->emplace_back(m);
    } else if (name == "source") {
      r.source = value;
    } else if (name == "rating") {
      r.rating = value;
    } else if (name == "since") {
      r.since = value;
    } else if (name == "until") {
      r.until = value;
    } else {
      return failure("unknown parameter " + quoted(name) +
                     " (the explorer's: game, options, moves, source, rating, since, until)");
    }
  }
  if (r.game.empty()) return failure("game is required");
  return r;
}

}  // namespace bh::explorer
