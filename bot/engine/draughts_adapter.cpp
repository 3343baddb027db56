// Draughts evaluation, from White's side then signed for the side to move: men 100,
// kings 300; men's advancement (a man near the crown is worth more); the back rank kept
// while the opponent still has men (it stops crowning); the centre.
#include "draughts_adapter.hpp"

namespace bh::bot {

namespace {

constexpr int man_value = 100;
constexpr int king_value = 300;
constexpr int advance_value = 4;  // per rank advanced
constexpr int back_rank_value = 10;
constexpr int centre_value = 6;

constexpr std::uint64_t rank_mask(int r) { return std::uint64_t{0xFF} << (8 * r); }
// Files c..f of ranks 3..6.
constexpr std::uint64_t centre = 0x00003C3C3C3C0000ULL;

int side_score(std::uint64_t men, std::uint64_t kings, bool white, bool enemy_has_men) {
  int s = man_value * __builtin_popcountll(men) + king_value * __builtin_popcountll(kings);
  for (int r = 1; r < 7; ++r) {
    const int advanced = white ? r : 7 - r;
    s += advance_value * advanced * __builtin_popcountll(men & rank_mask(r));
  }
  if (enemy_has_men) s += back_rank_value * __builtin_popcountll(men & rank_mask(white ? 0 : 7));
  s += centre_value * __builtin_popcountll((men | kings) & centre);
  return s;
}

}  // namespace

int DraughtsAdapter::evaluate(const Pos& p) {
  const std::uint64_t wm = p.white & ~p.kings, bm = p.black & ~p.kings;
  const int s = side_score(wm, p.white & p.kings, true, bm != 0) - side_score(bm, p.black & p.kings, false, wm != 0);
  return p.to_move == rules::Side::first ? s : -s;
}

}  // namespace bh::bot
