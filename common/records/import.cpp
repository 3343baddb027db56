#include "records/import.hpp"

#include <algorithm>

#include "records/draughts_squares.hpp"
#include "records/move_text.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"
#include "text/control_chars.hpp"

namespace bh::records {

namespace {

using Tags = std::vector<std::pair<std::string, std::string>>;

std::string at_line(int line) { return "line " + std::to_string(line) + ": "; }

ReadGame refused(int line, std::string title, const std::string& why) {
  ReadGame out;
  out.line = line;
  out.title = std::move(title);
  out.refusal = at_line(line) + why;
  return out;
}

Outcome outcome_of(std::string_view token) {
  if (token == "1-0" || token == "2-0") return Outcome::first_won;
  if (token == "0-1" || token == "0-2") return Outcome::second_won;
  if (token == "1/2-1/2" || token == "1-1") return Outcome::draw;
  return Outcome::unknown;
}

// "?", "-", "????.??.??": how PDN writes what it does not know (and export writes for a
// tag the record lacks), kept as no tag at all.
bool is_placeholder(std::string_view value) { return value.find_first_not_of("?.-") == std::string_view::npos; }

// "?" is how PDN writes a name it does not know: no name. Control characters are
// removed: a name is shown in terminals and files.
std::string player(const Tags& tags, std::string_view name) {
  const std::string* value = find_tag(tags, name);
  return value == nullptr || *value == "?" ? std::string() : text::without_controls(*value);
}

std::string first_number(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c < '0' || c > '9') break;
    out += c;
  }
  return out;
}

// `size=11,king_limit=3` as options; nullopt when malformed.
std::optional<std::map<std::string, std::string>> parse_options(std::string_view text) {
  std::map<std::string, std::string> out;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    const auto equals = item.find('=');
    if (equals == std::string_view::npos || equals == 0) return std::nullopt;
    out[std::string(item.substr(0, equals))] = std::string(item.substr(equals + 1));
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
  }
  return out;
}

ReadGame read_one(const RawGame& raw, const ReadOptions& options) {
  const auto& tags = raw.tags;
  std::string title = (player(tags, "White").empty() ? player(tags, "Attackers") : player(tags, "White")) + " - " +
                      (player(tags, "Black").empty() ? player(tags, "Defenders") : player(tags, "Black"));
  // The title of a refusal names the players; a name past the limit is cut there.
  const std::size_t title_chars = 2 * options.limits.name_chars + 3;
  if (text::code_points(title) > title_chars) title = std::string(text::first_code_points(title, title_chars)) + "...";
  if (!raw.error.empty()) {
    ReadGame out;
    out.line = raw.line;
    out.title = title;
    out.refusal = raw.error;
    return out;
  }
  Record header;
  if (const std::string* game = find_tag(tags, "Game")) {
    header.game = *game;
  } else if (const std::string* type = find_tag(tags, "GameType")) {
    if (first_number(*type) != "25")
      return refused(raw.line, title, "GameType '" + *type + "' is not Russian draughts (25)");
    header.game = "draughts";
  } else {
    header.game = options.default_game;
  }
  if (header.game.empty())
    return refused(raw.line, title, "the record names no game (no Game or GameType tag); give one with --game");
  if (const std::string* text = find_tag(tags, "Options")) {
    auto parsed = parse_options(*text);
    if (!parsed) return refused(raw.line, title, "bad Options tag '" + *text + "' (expected name=value,...)");
    header.options = std::move(*parsed);
  }
  rules::OptionText option_text(header.options.begin(), header.options.end());
  auto made = rules::make_ruleset(header.game, option_text);
  if (!made) return refused(raw.line, title, made.error().message);
  const Family family = family_of(**made);
  if (family == Family::tafl) {
    // Boardhall's tafl records name the sides; the tafl sites' Black is the attackers.
    header.first_player = find_tag(tags, "Attackers") ? player(tags, "Attackers") : player(tags, "Black");
    header.second_player = find_tag(tags, "Defenders") ? player(tags, "Defenders") : player(tags, "White");
  } else {
    header.first_player = player(tags, "White");
    header.second_player = player(tags, "Black");
  }
  for (const std::string* name : {&header.first_player, &header.second_player}) {
    if (text::code_points(*name) > options.limits.name_chars) {
      return refused(raw.line, title,
                     "a player's name is longer than " + std::to_string(options.limits.name_chars) + " characters");
    }
  }
  if (family == Family::draughts) {
    if (const std::string* fen = find_tag(tags, "FEN")) {
      const auto text = fen_to_position_text(*fen);
      if (!text) return refused(raw.line, title, "unreadable FEN tag '" + *fen + "'");
      header.start_position = *text;
    }
  } else if (const std::string* position = find_tag(tags, "Position")) {
    header.start_position = *position;
  }
  header.outcome = outcome_of(raw.result);
  if (header.outcome == Outcome::unknown) {
    if (const std::string* result = find_tag(tags, "Result")) header.outcome = outcome_of(*result);
  }
  for (const auto& [name, value] : tags) {
    if (!is_generated_tag(name) && !is_placeholder(value))
      header.tags.emplace_back(text::without_controls(name), text::without_controls(value));
  }
  ReadGame out = replay_record(std::move(header), raw.moves, raw.line);
  out.title = title;
  return out;
}

}  // namespace

bool read_records(std::istream& in, const ReadOptions& options, const std::function<void(ReadGame)>& each) {
  return read_tag_pairs(in, options.limits, [&](RawGame raw) { each(read_one(raw, options)); });
}

std::vector<ReadGame> read_records(std::string_view text, const ReadOptions& options) {
  std::vector<ReadGame> out;
  for (const RawGame& raw : read_tag_pairs(text, options.limits)) out.push_back(read_one(raw, options));
  return out;
}

ReadGame replay_record(Record header, const std::vector<Token>& moves, int line, bool lost_on_time) {
  std::string title = header.first_player + " - " + header.second_player;
  rules::OptionText option_text(header.options.begin(), header.options.end());
  auto made = rules::make_ruleset(header.game, option_text);
  if (!made) return refused(line, title, made.error().message);
  const auto& rules = *made;
  rules::Position start = rules->start();
  if (!header.start_position.empty()) {
    auto parsed = rules->parse_position(header.start_position);
    if (!parsed) return refused(line, title, "bad start position: " + parsed.error().message);
    start = *parsed;
  }
  // One text per position, so that the same game written two ways is the same record.
  header.start_position = start == rules->start() ? std::string() : rules->position_text(start);
  if (moves.empty()) return refused(line, title, "the record has no moves");
  if (std::all_of(moves.begin(), moves.end(), [](const Token& t) { return t.text == "-"; }))
    return refused(line, title, "the record has no moves (every move is written '-')");

  rules::GameState state(rules, start);
  header.moves.clear();
  const bool first_starts = state.to_move() == rules::Side::first;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Token& token = moves[i];
    const std::size_t ply = i + (first_starts ? 0 : 1);
    const std::string which = "move " + std::to_string(ply / 2 + 1) + " (" +
                              std::string(rules->side_name(state.to_move())) + ") '" + token.text + "'";
    if (token.text == "-") return refused(token.line, title, which + " is not written");
    if (state.status().over()) {
      return refused(token.line, title,
                     which + " follows the end of the game (" + std::string(to_string(state.status().reason)) + ")");
    }
    auto move = read_written_move(*rules, state.position(), token.text);
    if (!move) return refused(token.line, title, which + ": " + move.error().message);
    state.play(*move);
    header.moves.push_back(rules->move_text(*move));
  }

  const int last_line = moves.back().line;
  const rules::Status by_rules = state.status();
  rules::Status end;
  if (lost_on_time) {
    if (by_rules.over()) return refused(last_line, title, "a timeout after the end of the game");
    end = rules::Status::win(rules::other(state.to_move()), rules::EndReason::time);
  } else if (by_rules.over()) {
    end = by_rules;
  } else if (header.outcome == Outcome::first_won || header.outcome == Outcome::second_won) {
    // A Boardhall record says how a game the rules did not end was won (Termination).
    const auto said = rules::end_reason_from_string(tag_or(header, "Termination", ""));
    const bool known = said == rules::EndReason::time || said == rules::EndReason::abandonment;
    end = rules::Status::win(header.outcome == Outcome::first_won ? rules::Side::first : rules::Side::second,
                             known ? *said : rules::EndReason::resignation);
  } else if (header.outcome == Outcome::draw) {
    end = rules::Status::draw(rules::EndReason::agreement);
  } else {
    return refused(line, title, "the record gives no result and the rules do not end the game");
  }
  const Outcome ended = end.kind == rules::Status::Kind::draw ? Outcome::draw
                        : end.winner == rules::Side::first    ? Outcome::first_won
                                                              : Outcome::second_won;
  if (header.outcome != Outcome::unknown && header.outcome != ended) {
    const std::string how =
        end.kind == rules::Status::Kind::draw ? "a draw" : "a win for " + std::string(rules->side_name(end.winner));
    return refused(last_line, title,
                   "the game ends in " + how + " (" + std::string(to_string(end.reason)) + ") but the record says " +
                       std::string(header.outcome == Outcome::draw        ? "a draw"
                                   : header.outcome == Outcome::first_won ? "the first side won"
                                                                          : "the second side won"));
  }
  header.outcome = ended;
  ReadGame out;
  out.line = line;
  out.title = std::move(title);
  out.end = end;
  out.points = rules->points(state.position(), end);
  out.record = std::move(header);
  return out;
}

std::string content_key(const Record& record) {
  std::string key = "boardhall-record-1\n" + record.game + "\n";
  for (const auto& [name, value] : record.options) key += name + "=" + value + ";";
  key += "\n" + record.start_position + "\n" + record.first_player + "\n" + record.second_player + "\n";
  key += std::to_string(static_cast<int>(record.outcome)) + "\n";
  for (const auto& move : record.moves) key += move + " ";
  return key;
}

}  // namespace bh::records
