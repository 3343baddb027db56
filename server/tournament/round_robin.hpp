// Round-robin schedules (issue 31, docs/tournaments.md): who meets whom in which round,
// and who has the first side, as the FIDE Handbook's Berger tables give them (C.05,
// Annex 1), so that a published schedule and ours agree. Pure: players are their seeds
// 1..n; an odd field gets a bye (the missing seed n+1). A double round robin plays the
// first cycle again with the sides swapped, as the tafl games need (each pair plays
// both sides of an asymmetric game). And groups: a large field split by seed into
// groups of at most a given size, snake-wise, so the groups are even in strength.
#pragma once

#include <vector>

namespace bh::tournament {

struct Pairing {
  int first = 0;   // the seed with the first side (white, the attackers...)
  int second = 0;  // the seed with the second side; 0: `first` has the bye
  friend bool operator==(const Pairing&, const Pairing&) = default;
};
using Round = std::vector<Pairing>;

// The rounds of a round robin of `players` seeds (2 or more), `cycles` times (1 or 2):
// n-1 rounds a cycle for an even n, n for an odd one (a bye each round). The second
// cycle plays the first's pairings with the sides swapped; the first cycle's last two
// rounds are then exchanged, as the Handbook recommends, so that no seed has the same
// side three rounds running where the cycles meet. Empty for fewer than 2 players or cycles outside 1..2.
std::vector<Round> berger_schedule(int players, int cycles = 1);

// Seeds 1..players (1 the strongest) dealt into the fewest groups of at most
// `max_size`, snake-wise (with three groups: seeds 1, 2, 3 to groups 1, 2, 3, then 4, 5,
// 6 to groups 3, 2, 1, and so on), the group sizes differing by one at most. Each group
// lists its seeds in order. Empty for no players or a size < 2.
std::vector<std::vector<int>> snake_groups(int players, int max_size);

}  // namespace bh::tournament
