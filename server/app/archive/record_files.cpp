#include "app/archive/record_files.hpp"

#include <algorithm>

#include "app/archive/archive.hpp"
#include "protocol/archived_record.hpp"

namespace bh::app {

bh::records::Record record_file(const storage::GameRecord& game) {
  auto record = protocol::archived_record(archived_game(game));
  if (game.tournament_name.empty()) return record;
  // A tournament's game: the event is the tournament, and its round is said.
  auto event =
      std::find_if(record.tags.begin(), record.tags.end(), [](const auto& tag) { return tag.first == "Event"; });
  if (event != record.tags.end()) event->second = game.tournament_name;
  record.tags.emplace_back("Round", std::to_string(game.tournament_round));
  return record;
}

}  // namespace bh::app
