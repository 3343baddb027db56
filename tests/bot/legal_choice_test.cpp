// The engine never returns an illegal move: positions from random games of every game
// and option set, each answered at a low level (and some at a node-bounded one), the
// answer checked against the rules module's legal moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/engine.hpp"
#include "rules/registry.hpp"

namespace bh::bot {
namespace {

struct GameSetup {
  const char* game;
  rules::OptionText options;
};

class LegalChoice : public ::testing::TestWithParam<GameSetup> {};

TEST_P(LegalChoice, EveryChosenMoveIsOneOfTheLegalMoves) {
  const GameSetup& setup = GetParam();
  auto made = rules::make_ruleset(setup.game, setup.options);
  ASSERT_TRUE(made.ok());
  const auto rules = *made;
  std::mt19937_64 rng(7);
  int checked = 0;
  for (int g = 0; g < 15; ++g) {
    rules::GameState game(rules);
    Engine low(rules), mid(rules);
    while (!game.status().over() && game.ply() < 160) {
      const auto legal = game.legal_moves();
      SearchLimits limits;
      limits.level = 1 + static_cast<int>(rng() % 2);
      limits.seed = rng();
      const SearchResult r = low.choose(game, limits);
      ASSERT_NE(std::find(legal.begin(), legal.end(), r.move), legal.end())
          << rules->position_text(game.position()) << " " << rules->move_text(r.move);
      ++checked;
      if (game.ply() % 16 == 5) {  // now and then a deeper search, its TT and killers in play
        limits.level = 4;
        const SearchResult deep = mid.choose(game, limits);
        ASSERT_NE(std::find(legal.begin(), legal.end(), deep.move), legal.end())
            << rules->position_text(game.position()) << " " << rules->move_text(deep.move);
      }
      // Mostly random play, so the positions are varied (huff choices included).
      game.play(rng() % 4 == 0 ? r.move : legal[rng() % legal.size()]);
    }
  }
  EXPECT_GT(checked, 300);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, LegalChoice,
                         ::testing::Values(GameSetup{"tavlei", {}}, GameSetup{"tablut", {}}, GameSetup{"seatafl", {}},
                                           GameSetup{"seatafl", {{"size", "11"}}},
                                           GameSetup{"seatafl", {{"king_limit", "4"}, {"move_limit", "5"}}},
                                           GameSetup{"seatafl", {{"size", "11"}, {"move_limit", "3"}}},
                                           GameSetup{"copenhagen", {}}, GameSetup{"brandubh", {}},
                                           GameSetup{"draughts", {}}, GameSetup{"alquerque", {}}),
                         [](const ::testing::TestParamInfo<GameSetup>& p) {
                           return "Setup" + std::to_string(p.index);
                         });

}  // namespace
}  // namespace bh::bot
