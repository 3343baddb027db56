#include "completion.hpp"

#include <algorithm>

#include "command_line.hpp"

namespace bh::cli {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

// The complete words before the last one, and the last one (empty after a space).
std::pair<std::vector<std::string>, std::string> split_last(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  for (char c : line) {
    if (!is_space(c)) {
      word += c;
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
  }
  return {std::move(words), std::move(word)};
}

void add(std::vector<std::string>& to, const std::vector<std::string>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// After `computer GAME`: a keyword, or the values of the keyword just typed.
std::vector<std::string> computer_words(const std::string& previous) {
  if (previous == "level") return {"1", "2", "3", "4", "5", "6", "7", "8"};
  if (previous == "side") return {"first", "second", "random"};
  if (previous == "clock") return {"none"};
  return {"level", "clock", "side"};
}

}  // namespace

std::vector<std::string> completions(std::string_view line, const KnownIds& known) {
  const auto [before, word] = split_last(line);
  std::vector<std::string> pool;
  if (before.empty()) {
    pool = command_names();
  } else if (before.size() == 1) {
    const std::string& command = before[0];
    if (command == "join") {
      pool = known.rooms;
    } else if (command == "watch") {
      pool = known.live;
      add(pool, known.followed);
    } else if (command == "replay" || command == "export") {
      pool = known.archived;
      add(pool, known.followed);
    } else if (command == "help") {
      pool = command_names();
    } else if (command == "rematch") {
      pool = {"no", "yes"};
    } else if (command == "create" || command == "seek" || command == "play" || command == "computer") {
      pool = known.game_types;
    } else if (command == "profile" || command == "block" || command == "unblock" || command == "report") {
      pool = known.players;
    } else if (command == "mod") {
      pool = {"suspend",     "ban",        "lift",         "block_address", "unblock_address",
              "refuse_name", "allow_name", "close_report", "annul",         "grant_role"};
    } else if (command == "reports") {
      pool = {"--all"};
    } else if (command == "top") {
      pool = kRatingKeys;
    } else if (command == "wait") {
      pool = {"turn", "end", "game", "event"};
    } else if (command == "takeback") {
      pool = {"yes", "no"};
    } else if (command == "accept" || command == "decline") {
      pool = {"draw", "takeback"};
    } else if (command == "tournament" || command == "join-tournament" || command == "withdraw-tournament" ||
               command == "start-tournament" || command == "add-computer" || command == "remove-computer") {
      pool = known.tournaments;
    } else if (command == "tournaments") {
      pool = {"upcoming", "running", "finished"};
    } else if (command == "create-tournament") {
      pool = {"round_robin", "swiss", "arena"};
    }
  }
  if (before.size() == 2 && before[0] == "create-tournament") pool = known.game_types;
  if (before.size() == 2 && before[0] == "report")
    pool = {"abuse", "cheating", "sandbagging", "boosting", "stalling", "other"};
  if (before.size() == 2 && before[0] == "mod" && before[1] != "close_report" && before[1] != "block_address" &&
      before[1] != "unblock_address")
    pool = known.players;
  if (before.size() >= 2 && before[0] == "computer") pool = computer_words(before.back());
  std::vector<std::string> out;
  for (auto& candidate : pool)
    if (candidate.starts_with(word)) out.push_back(std::move(candidate));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  // "jo" is join, as it always was: join-tournament (create-tournament) only once the
  // hyphen is typed, so a plain command is not held up by its longer namesake. An empty
  // word lists them all.
  if (before.empty() && !word.empty()) {
    const std::vector<std::string> all = out;  // sorted
    std::erase_if(out, [&](const std::string& c) {
      const auto dash = c.find('-');
      return dash != std::string::npos && dash >= word.size() &&
             std::binary_search(all.begin(), all.end(), c.substr(0, dash));
    });
  }
  return out;
}

}  // namespace bh::cli
