// The archive as the protocol shows it: storage records turned into protocol values,
// the positions of a record recomputed by replaying it through the rules module, and
// archive queries checked before they reach the store.
//
// Thread-safety: pure functions.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/fallible.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"

namespace bh::app {

// The `bots` mark: the names of the players that are bot accounts, null when none.
std::optional<std::vector<std::string>> bot_names(const std::string& first, bool first_bot, const std::string& second,
                                                  bool second_bot);
protocol::server::GameSummary summary_view(const storage::GameSummary& summary);
// A page of the archive as list entries, with the cursor of the next page.
protocol::server::Games games_view(const storage::ArchivePage& page);
// The stored game as the protocol carries it, without the replay: the moves without
// their positions, and no board (what a record file needs: protocol/archived_record.hpp).
protocol::server::ArchivedGame archived_game(const storage::GameRecord& record);
// Every move with the position after it. A move the rules refuse on replay (a corrupt
// record) leaves the positions from there on empty and sets `replay_error`.
protocol::server::ArchivedGame record_view(const storage::GameRecord& record, std::string* replay_error = nullptr);

// A list_games request (from WebSocket or HTTP) as a store query, or why it is bad.
Fallible<storage::ArchiveQuery> archive_query(const protocol::client::ListGames& request);
// The HTTP query parameters as a list_games request, or why they are bad.
Fallible<protocol::client::ListGames> list_games_from_query(const std::map<std::string, std::string>& query);

}  // namespace bh::app
