#include "records/export.hpp"

#include "records/draughts_squares.hpp"
#include "records/move_text.hpp"
#include "records/tag_text.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::records {

namespace {

// PDN 3.0's seven-tag roster asks for these; "?" where the record does not know.
constexpr std::string_view kUnknown = "?";

std::string options_text(const std::map<std::string, std::string>& options) {
  std::string out;
  for (const auto& [name, value] : options) out += (out.empty() ? "" : ",") + name + "=" + value;
  return out;
}

// Lines of at most 80 columns (PGN's export rule), moves never split.
class Movetext {
 public:
  void add(const std::string& word) {
    if (!line_.empty() && line_.size() + 1 + word.size() > 79) flush();
    if (!line_.empty()) line_ += ' ';
    line_ += word;
  }
  std::string finish() {
    flush();
    return std::move(text_);
  }

 private:
  void flush() {
    if (line_.empty()) return;
    text_ += line_ + "\n";
    line_.clear();
  }
  std::string line_, text_;
};

}  // namespace

std::string_view result_token(Outcome outcome) {
  switch (outcome) {
    case Outcome::first_won:
      return "1-0";
    case Outcome::second_won:
      return "0-1";
    case Outcome::draw:
      return "1/2-1/2";
    case Outcome::unknown:
      break;
  }
  return "*";
}

std::string_view record_extension(std::string_view game) { return game == "draughts" ? "pdn" : "txt"; }

rules::Result<std::string> format_record(const Record& record) {
  rules::OptionText options(record.options.begin(), record.options.end());
  auto made = rules::make_ruleset(record.game, options);
  if (!made) return made.error();
  const auto& rules = *made;
  const Family family = family_of(*rules);
  rules::Position start = rules->start();
  if (!record.start_position.empty()) {
    auto parsed = rules->parse_position(record.start_position);
    if (!parsed) return parsed.error();
    start = *parsed;
  }

  std::string out;
  out += tag_pair("Event", tag_or(record, "Event", std::string(kUnknown)));
  out += tag_pair("Site", tag_or(record, "Site", std::string(kUnknown)));
  out += tag_pair("Date", tag_or(record, "Date", "????.??.??"));
  out += tag_pair("Round", tag_or(record, "Round", "-"));
  const bool tafl = family == Family::tafl;
  out += tag_pair(tafl ? "Attackers" : "White", record.first_player);
  out += tag_pair(tafl ? "Defenders" : "Black", record.second_player);
  out += tag_pair("Result", result_token(record.outcome));
  if (family == Family::draughts) {
    out += tag_pair("GameType", "25");
  } else {
    out += tag_pair("Game", record.game);
    if (!record.options.empty()) out += tag_pair("Options", options_text(record.options));
  }
  if (!(start == rules->start())) {
    if (family == Family::draughts) {
      const auto fen = position_text_to_fen(rules->position_text(start));
      if (!fen) return rules::make_error(rules::Errc::bad_position, "the start position has no PDN FEN");
      out += tag_pair("SetUp", "1");
      out += tag_pair("FEN", *fen);
    } else {
      out += tag_pair("Position", rules->position_text(start));
    }
  }
  for (const auto& [name, value] : record.tags) {
    if (name == "Event" || name == "Site" || name == "Date" || name == "Round" || is_generated_tag(name)) continue;
    out += tag_pair(name, value);
  }
  out += '\n';

  rules::GameState state(rules, start);
  Movetext text;
  int number = 1;
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const bool first_side = state.to_move() == rules::Side::first;
    // A move number stays on the line of its move.
    std::string word = first_side ? std::to_string(number) + ". " : i == 0 ? std::to_string(number) + "... " : "";
    if (state.status().over()) {
      return rules::make_error(rules::Errc::game_over,
                               "move " + std::to_string(i + 1) + " '" + record.moves[i] + "' follows the end");
    }
    auto move = state.rules().legal_move_from_text(state.position(), record.moves[i]);
    if (!move) {
      return rules::make_error(move.error().code,
                               "move " + std::to_string(i + 1) + " '" + record.moves[i] + "': " + move.error().message);
    }
    text.add(word + written_move(*rules, state.position(), *move));
    state.play(*move);
    if (!first_side) ++number;
  }
  text.add(std::string(result_token(record.outcome)));
  out += text.finish();
  out += '\n';
  return out;
}

}  // namespace bh::records
