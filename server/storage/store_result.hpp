// The result of a store call: an error code with a message, and a value when it is ok.
// Shared by every storage interface (live_games.hpp, archive.hpp, accounts.hpp,
// ratings.hpp) and their implementations.
//
// Thread-safety: plain values.
#pragma once

#include <optional>
#include <string>

namespace bh::storage {

// fenced: cluster mode only, the live game is another node's now (it took the game over
// after this node's lease lapsed); nothing was written.
enum class StoreErrc { ok, not_found, conflict, invalid_query, unavailable, fenced };

struct StoreError {
  StoreErrc code = StoreErrc::ok;
  std::string message;
  bool ok() const { return code == StoreErrc::ok; }
};

template <class T>
struct StoreResult {
  StoreError error;
  std::optional<T> value;  // set when error.ok()
};

}  // namespace bh::storage
