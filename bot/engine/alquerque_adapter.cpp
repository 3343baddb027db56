// Alquerque keys and evaluation. The evaluation, for the side to move: material; a
// pending huff choice (the side to move removes one of the opponent's pieces with its
// move, nearly a piece); mobility (simple-move targets: forward, diagonally forward
// along a line, sideways; none from the far rank; Q4 ignored as cheap noise).
#include "alquerque_adapter.hpp"

#include <array>

#include "zobrist.hpp"

namespace bh::bot {

namespace {

namespace aq = rules::alquerque;

// Kinds: White, Black, Q4 from_west, Q4 from_east, pending huff.
constexpr auto keys = make_zobrist<5, 25>(0x616c71ULL);  // "alq"

constexpr int piece_value = 100;
constexpr int pending_huff_value = 85;
constexpr int mobility_value = 8;
// A piece on its far rank makes no simple move any more (Q5): it only waits to capture.
constexpr int far_rank_penalty = 30;

// targets[side][square]: the points a simple move of that side may go to (by lines).
constexpr std::array<std::array<std::uint32_t, 25>, 2> make_targets() {
  std::array<std::array<std::uint32_t, 25>, 2> t{};
  for (int side = 0; side < 2; ++side) {
    const int forward = side == 0 ? 1 : -1;
    const int far_rank = side == 0 ? 4 : 0;
    for (int s = 0; s < 25; ++s) {
      if (s / 5 == far_rank) continue;
      for (int d = 0; d < 25; ++d) {
        const int dr = d / 5 - s / 5;
        if (aq::joined(static_cast<rules::Square>(s), static_cast<rules::Square>(d)) && dr * forward >= 0)
          t[static_cast<std::size_t>(side)][static_cast<std::size_t>(s)] |= 1u << d;
      }
    }
  }
  return t;
}
constexpr auto targets = make_targets();

int mobility(std::uint32_t own, std::uint32_t empty, int side) {
  int n = 0;
  for (std::uint32_t b = own; b != 0; b &= b - 1)
    n +=
        __builtin_popcount(targets[static_cast<std::size_t>(side)][static_cast<std::size_t>(__builtin_ctz(b))] & empty);
  return n;
}

template <class F>
void each(std::uint32_t set, F&& f) {
  for (; set != 0; set &= set - 1) f(static_cast<std::size_t>(__builtin_ctz(set)));
}

}  // namespace

std::uint64_t AlquerqueAdapter::key(const Pos& p) {
  std::uint64_t k = p.to_move == rules::Side::second ? keys.second_to_move : 0;
  each(p.pieces[0], [&k](std::size_t s) { k ^= keys.piece[0][s]; });
  each(p.pieces[1], [&k](std::size_t s) { k ^= keys.piece[1][s]; });
  each(p.from_west, [&k](std::size_t s) { k ^= keys.piece[2][s]; });
  each(p.from_east, [&k](std::size_t s) { k ^= keys.piece[3][s]; });
  each(p.huff, [&k](std::size_t s) { k ^= keys.piece[4][s]; });
  return k;
}

int AlquerqueAdapter::evaluate(const Pos& p) {
  const int me = rules::index(p.to_move), them = 1 - me;
  const std::uint32_t empty = ~(p.pieces[0] | p.pieces[1]) & ((1u << 25) - 1);
  int s = piece_value * (__builtin_popcount(p.pieces[static_cast<std::size_t>(me)]) -
                         __builtin_popcount(p.pieces[static_cast<std::size_t>(them)]));
  if (p.huff != 0) s += pending_huff_value;
  s += mobility_value * (mobility(p.pieces[static_cast<std::size_t>(me)], empty, me) -
                         mobility(p.pieces[static_cast<std::size_t>(them)], empty, them));
  const std::uint32_t far[2] = {0x1F00000u, 0x1Fu};  // White's far rank is rank 5, Black's rank 1
  s -= far_rank_penalty * (__builtin_popcount(p.pieces[static_cast<std::size_t>(me)] & far[me]) -
                           __builtin_popcount(p.pieces[static_cast<std::size_t>(them)] & far[them]));
  return s;
}

}  // namespace bh::bot
