#include "records/tafl_csv.hpp"

namespace bh::records {

namespace {

Outcome csv_outcome(std::string_view result) {
  if (result == "Black") return Outcome::first_won;  // the attackers, who move first
  if (result == "White") return Outcome::second_won;
  if (result == "Draw") return Outcome::draw;
  return Outcome::unknown;  // Ongoing, or nothing
}

ReadGame read_line(std::string_view line, int number, std::string_view game) {
  Record header;
  header.game = std::string(game);
  const auto comma = line.find(',');
  const auto last = line.rfind(',');
  auto refuse = [&](const std::string& why) {
    ReadGame out;
    out.line = number;
    out.refusal = "line " + std::to_string(number) + ": " + why;
    return out;
  };
  if (comma == std::string_view::npos || comma == last)
    return refuse("expected moves,attacker_captures,defender_captures,result");
  header.outcome = csv_outcome(line.substr(last + 1));
  std::vector<Token> moves;
  bool timeout = false;
  std::string_view rest = line.substr(0, comma);
  while (!rest.empty()) {
    const auto space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    if (word.empty()) continue;
    if (timeout) return refuse("a move after 'timeout'");
    if (word == "timeout") {
      timeout = true;
      continue;
    }
    moves.push_back(Token{std::string(word), number});
  }
  // Kept as the tag a Boardhall record says it with, so that the game's export, read
  // again, still ends on time and not by resignation.
  if (timeout) header.tags.emplace_back("Termination", "time");
  return replay_record(std::move(header), moves, number, timeout);
}

}  // namespace

std::vector<ReadGame> read_tafl_csv(std::string_view text, std::string_view game) {
  std::vector<ReadGame> out;
  int number = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    out.push_back(read_line(line, number, game));
  }
  return out;
}

}  // namespace bh::records
