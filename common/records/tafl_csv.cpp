#include "records/tafl_csv.hpp"

#include <sstream>

#include "records/line_reader.hpp"

namespace bh::records {

namespace {

Outcome csv_outcome(std::string_view result) {
  if (result == "Black") return Outcome::first_won;  // the attackers, who move first
  if (result == "White") return Outcome::second_won;
  if (result == "Draw") return Outcome::draw;
  return Outcome::unknown;  // Ongoing, or nothing
}

ReadGame refuse(int number, const std::string& why) {
  ReadGame out;
  out.line = number;
  out.refusal = "line " + std::to_string(number) + ": " + why;
  return out;
}

ReadGame read_line(std::string_view line, int number, std::string_view game, const ReadLimits& limits) {
  Record header;
  header.game = std::string(game);
  const auto comma = line.find(',');
  const auto last = line.rfind(',');
  if (comma == std::string_view::npos || comma == last)
    return refuse(number, "expected moves,attacker_captures,defender_captures,result");
  header.outcome = csv_outcome(line.substr(last + 1));
  std::vector<Token> moves;
  bool timeout = false;
  std::string_view rest = line.substr(0, comma);
  while (!rest.empty()) {
    const auto space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    if (word.empty()) continue;
    if (timeout) return refuse(number, "a move after 'timeout'");
    if (word == "timeout") {
      timeout = true;
      continue;
    }
    if (moves.size() >= limits.moves)
      return refuse(number, "the game has more than " + std::to_string(limits.moves) + " moves");
    moves.push_back(Token{std::string(word), number});
  }
  // Kept as the tag a Boardhall record says it with, so that the game's export, read
  // again, still ends on time and not by resignation.
  if (timeout) header.tags.emplace_back("Termination", "time");
  return replay_record(std::move(header), moves, number, timeout);
}

}  // namespace

bool read_tafl_csv(std::istream& in, std::string_view game, const ReadLimits& limits,
                   const std::function<void(ReadGame)>& each) {
  LineReader lines(in, limits.line_bytes);
  while (const auto line = lines.next()) {
    if (line->too_long) {
      each(refuse(line->number, "the line is longer than " + std::to_string(limits.line_bytes) + " bytes (not read)"));
      continue;
    }
    if (line->text.find_first_not_of(" \t") == std::string_view::npos) continue;
    each(read_line(line->text, line->number, game, limits));
  }
  return !lines.failed();
}

std::vector<ReadGame> read_tafl_csv(std::string_view text, std::string_view game, const ReadLimits& limits) {
  std::vector<ReadGame> out;
  std::istringstream in{std::string(text)};
  read_tafl_csv(in, game, limits, [&out](ReadGame read) { out.push_back(std::move(read)); });
  return out;
}

}  // namespace bh::records
