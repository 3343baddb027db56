// The engine against the naive referee (naive.hpp): configurations, seeded random
// playouts, and one position compared in every observable way.
#pragma once

#include <random>
#include <set>

#include "helpers.hpp"

namespace bh::rules::tafl_test {

struct Config {
  const char* name;
  const char* id;
  OptionValues options;
  int size;
  int king_limit_opt;
  int move_limit_opt;
};

inline const std::vector<Config>& configs() {
  static const std::vector<Config> all{
      {"tavlei", "tavlei", {}, 9, 0, 0},
      {"tablut", "tablut", {}, 9, 0, 0},
      {"seatafl", "seatafl", {{"size", 9}}, 9, 0, 0},
      {"seatafl11", "seatafl", {{"size", 11}}, 11, 0, 0},
      {"seatafl_k4_m5", "seatafl", {{"size", 9}, {"king_limit", 4}, {"move_limit", 5}}, 9, 4, 5},
      {"seatafl11_m3", "seatafl", {{"size", 11}, {"move_limit", 3}}, 11, 0, 3},
      {"copenhagen", "copenhagen", {}, 11, 0, 0},
      {"brandubh", "brandubh", {}, 7, 0, 0},
  };
  return all;
}

inline naive::Game naive_game(const Config& c) { return naive::game(c.id, c.size, c.king_limit_opt, c.move_limit_opt); }

inline std::string naive_status(const Status& s) {
  if (!s.over()) return "ongoing";
  return status_text(s);
}

// Positions met on `playouts` seeded random games of at most `plies` plies, every
// `every`-th ply, ended positions included.
inline std::vector<std::string> random_positions(const Ruleset& r, unsigned seed, int playouts, int plies, int every,
                                                 std::set<std::string>* endings = nullptr) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  for (int g = 0; g < playouts; ++g) {
    Position p = r.start();
    for (int ply = 0; ply < plies; ++ply) {
      if (ply % every == 0) out.push_back(r.position_text(p));
      MoveList moves;
      r.legal_moves(p, moves);
      if (moves.empty()) {
        if (endings) endings->insert(status_text(r.status(p)));
        if (ply % every != 0) out.push_back(r.position_text(p));
        break;
      }
      p = r.apply(p, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  return out;
}

// Moves, every child, status and round trip; returns the number of moves checked.
inline std::size_t expect_agreement(const Config& c, const Ruleset& r, const std::string& text) {
  const naive::Game g = naive_game(c);
  const naive::Board nb = naive::parse(text, c.size);
  const Position p = parse(r, text);
  EXPECT_EQ(r.position_text(p), text);
  EXPECT_EQ(naive_status(r.status(p)), naive::status(g, nb)) << c.name << " " << text;
  MoveList moves;
  r.legal_moves(p, moves);
  std::vector<std::string> engine, reference;
  for (const auto& m : moves) engine.push_back(r.move_text(m) + " " + r.position_text(r.apply(p, m)));
  for (const auto& m : naive::moves(g, nb))
    reference.push_back(naive::name(m.first, c.size) + "-" + naive::name(m.second, c.size) + " " +
                        naive::print(naive::apply(g, nb, m)));
  EXPECT_EQ(sorted(engine), sorted(reference)) << c.name << " " << text;
  return moves.size();
}

}  // namespace bh::rules::tafl_test
