// The fast engine against the naive referee on seeded random positions, and the perft
// table of the starts to depth 3 (depth 4, and depth 3 against the referee, in slow/).
#include <gtest/gtest.h>

#include "agreement.hpp"

namespace bh::rules::tafl_test {
namespace {

TEST(TaflAgreement, MovesChildrenAndStatusOnRandomPositions) {
  std::set<std::string> endings;
  for (const auto& c : configs()) {
    const auto r = rules(c.id, c.options);
    std::size_t moves = 0;
    const auto positions = random_positions(*r, 20261122, 6, 200, 8, &endings);
    for (const auto& text : positions) moves += expect_agreement(c, *r, text);
    EXPECT_GT(moves, 500U) << c.name;
  }
  // The playouts reach both ways of ending by the king.
  EXPECT_TRUE(endings.contains("a king_captured"));
  EXPECT_TRUE(endings.contains("d king_escaped"));
}

TEST(TaflAgreement, PerftDepthTwoOnRandomPositions) {
  for (const auto& c : configs()) {
    const auto r = rules(c.id, c.options);
    const auto g = naive_game(c);
    for (const auto& text : random_positions(*r, 7, 3, 120, 10))
      EXPECT_EQ(r->perft(parse(*r, text), 2), naive::perft(g, naive::parse(text, c.size), 2)) << c.name << " " << text;
  }
}

struct PerftCase {
  const char* config;
  int depth;
  std::uint64_t count;
};

// Counts from the engine; slow/ checks every one of them against the naive referee.
const PerftCase start_table[] = {
    {"tavlei", 1, 72},        {"tavlei", 2, 3944},        {"tavlei", 3, 285728},        {"tablut", 1, 80},
    {"tablut", 2, 4400},      {"tablut", 3, 353200},      {"seatafl", 1, 80},           {"seatafl", 2, 4400},
    {"seatafl", 3, 353200},   {"seatafl11", 1, 124},      {"seatafl11", 2, 7276},       {"seatafl11", 3, 920688},
    {"seatafl_k4_m5", 1, 80}, {"seatafl_k4_m5", 2, 4400}, {"seatafl_k4_m5", 3, 350096}, {"copenhagen", 1, 116},
    {"copenhagen", 2, 6788},  {"copenhagen", 3, 806344},  {"brandubh", 1, 40},          {"brandubh", 2, 960},
    {"brandubh", 3, 39512},
};

const Config& config(const std::string& name) {
  for (const auto& c : configs())
    if (name == c.name) return c;
  ADD_FAILURE() << name;
  return configs().front();
}

TEST(TaflPerft, FromTheStartsToDepthThree) {
  for (const auto& pc : start_table) {
    const auto& c = config(pc.config);
    const auto r = rules(c.id, c.options);
    EXPECT_EQ(r->perft(r->start(), pc.depth), pc.count) << pc.config << " depth " << pc.depth;
  }
}

TEST(TaflPerft, DepthTwoAgreesWithTheNaiveReferee) {
  for (const auto& c : configs()) {
    const auto r = rules(c.id, c.options);
    const auto g = naive_game(c);
    EXPECT_EQ(r->perft(r->start(), 2), naive::perft(g, naive::parse(r->position_text(r->start()), c.size), 2))
        << c.name;
  }
}

TEST(TaflPerft, DepthZeroIsOneAndEndedPositionsCountZero) {
  const auto r = rules("seatafl");
  EXPECT_EQ(r->perft(r->start(), 0), 1U);
  const Position escaped = parse(*r, "4k4/9/9/9/9/9/9/9/4a4 a");
  EXPECT_EQ(r->perft(escaped, 1), 0U);
  EXPECT_EQ(r->perft(escaped, 2), 0U);
}

}  // namespace
}  // namespace bh::rules::tafl_test
