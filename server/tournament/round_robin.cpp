#include "tournament/round_robin.hpp"

#include <algorithm>

namespace bh::tournament {

namespace {

// One cycle by the Berger tables for an even `n`: in round k (from 0) seed n meets
// p = k*n/2 mod (n-1) + 1, with the first side when k is odd; the other seeds pair
// around p, p+j against p-j (mod n-1), p+j having the first side.
std::vector<Round> berger_cycle(int n) {
  const int m = n - 1;
  std::vector<Round> rounds;
  for (int k = 0; k < m; ++k) {
    Round round;
    const int p = (k * (n / 2)) % m + 1;
    round.push_back(k % 2 == 0 ? Pairing{p, n} : Pairing{n, p});
    for (int j = 1; j < n / 2; ++j) {
      const int a = (p - 1 + j) % m + 1;
      const int b = ((p - 1 - j) % m + m) % m + 1;
      round.push_back({a, b});
    }
    rounds.push_back(std::move(round));
  }
  return rounds;
}

}  // namespace

std::vector<Round> berger_schedule(int players, int cycles) {
  if (players < 2 || cycles < 1 || cycles > 2) return {};
  const bool bye = players % 2 == 1;
  auto rounds = berger_cycle(bye ? players + 1 : players);
  if (bye)  // the missing seed's opponent has the bye, listed last
    for (auto& round : rounds) {
      const auto at = std::find_if(round.begin(), round.end(),
                                   [&](const Pairing& p) { return p.first > players || p.second > players; });
      const Pairing free{at->first > players ? at->second : at->first, 0};
      round.erase(at);
      round.push_back(free);
    }
  if (cycles == 2) {
    // The first cycle's last two rounds exchanged (as the Handbook recommends): no seed
    // then has the same side three rounds running across the two cycles.
    const auto first_cycle = rounds;
    if (rounds.size() >= 2) std::swap(rounds[rounds.size() - 1], rounds[rounds.size() - 2]);
    for (const auto& round : first_cycle) {
      Round swapped;
      for (const auto& p : round) swapped.push_back(p.second == 0 ? p : Pairing{p.second, p.first});
      rounds.push_back(std::move(swapped));
    }
  }
  return rounds;
}

std::vector<std::vector<int>> snake_groups(int players, int max_size) {
  if (players < 1 || max_size < 2) return {};
  const int count = (players + max_size - 1) / max_size;
  std::vector<std::vector<int>> groups(static_cast<std::size_t>(count));
  for (int seed = 1; seed <= players; ++seed) {
    const int lap = (seed - 1) / count, at = (seed - 1) % count;
    groups[static_cast<std::size_t>(lap % 2 == 0 ? at : count - 1 - at)].push_back(seed);
  }
  return groups;
}

}  // namespace bh::tournament
