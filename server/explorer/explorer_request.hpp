// An explorer request (docs/explorer.md) checked before it reaches the store: from the
// WebSocket's `explore` or GET /api/explorer's parameters to the position the moves lead
// to and the store's query. Every refusal says what is wrong in words a client can show.
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "base/fallible.hpp"
#include "explorer/opening_line.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"

namespace bh::explorer {

// Bounds on what a client may send: moves past the index are useless, and the replay
// runs on a network thread.
inline constexpr std::size_t kMaxMoves = 200;
inline constexpr std::size_t kMaxMoveBytes = 64;

struct Lookup {
  Walk walk;
  storage::ExplorerQuery query;
};
Fallible<Lookup> lookup(const protocol::client::Explore& request);

// Options as an HTTP parameter writes them, "name:value,..." (also the HTTP API's,
// docs/api.md); "" is none.
Fallible<protocol::OptionMap> options_from_text(std::string_view text);

// GET /api/explorer's parameters: game, options (name:value,...), moves (comma-separated),
// source, rating, since, until; anything else is refused.
Fallible<protocol::client::Explore> explore_from_query(const std::map<std::string, std::string>& query);

}  // namespace bh::explorer
