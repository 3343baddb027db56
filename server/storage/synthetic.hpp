// Synthetic finished games for benchmarks and load tests: fills an archive file with
// `count` plausible games (skewed player popularity, ties on ended_ms, a few moves each).
//
// Thread-safety: a plain function. It opens its own connection, so no store may have the
// file open meanwhile (its journal switch and single long transaction would block it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "storage/store.hpp"

namespace bh::storage {

struct SyntheticOptions {
  int moves_per_game = 2;
  int players = 10000;  // player names synthetic_player(0 .. players-1); low numbers play most
  std::int64_t first_ended_ms = 1'700'000'000'000;  // used when the archive is empty
};

// Creates or migrates the file, then appends `count` games in one transaction with the
// fsyncs off (rollback journal while it runs, WAL again after). Ids are
// "s<seed>-<number>"; games end after the newest one stored, two per minute of game
// time, in pairs sharing an ended_ms. Deterministic for a seed. Errors: unavailable;
// conflict when this seed already filled this file (nothing is written then).
StoreError fill_synthetic(const std::string& path, std::int64_t count, std::uint64_t seed,
                          SyntheticOptions options = {});

std::string synthetic_player(int number);
// The rules ids the synthetic games use.
const std::vector<std::string>& synthetic_games();

}  // namespace bh::storage
