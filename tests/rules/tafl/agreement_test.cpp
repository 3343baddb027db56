// The fast engine against the naive referee on seeded random positions, and the perft
// table of the starts to depth 3 (depth 4, and depth 3 against the referee, in slow/).
#include <gtest/gtest.h>

#include "agreement.hpp"

namespace bh::rules::tafl_test {
namespace {

const Config& config(const std::string& name) {
  for (const auto& c : configs())
    if (name == c.name) return c;
  ADD_FAILURE() << name;
  return configs().front();
}

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

// Random play seldom builds a shieldwall, a fort or a ring: the positions of the rule
// tests (copenhagen_test.cpp, brandubh_test.cpp) before their moves, compared in every
// way with the referee, and perft 2 from each.
TEST(TaflAgreement, HandMadePositionsOfTheCopenhagenAndBrandubhRules) {
  const std::vector<std::pair<const char*, std::string>> cases{
      {"copenhagen",
       setup(11, {{"c1", 'a'}, {"d1", 'd'}, {"e1", 'd'}, {"d2", 'a'}, {"e2", 'a'}, {"f5", 'a'}, {"h9", 'k'}})},
      {"copenhagen", setup(11, {{"b1", 'd'}, {"c1", 'd'}, {"b2", 'a'}, {"c2", 'a'}, {"d5", 'a'}, {"h9", 'k'}})},
      {"copenhagen", setup(11, {{"c1", 'a'}, {"d1", 'd'}, {"e1", 'k'}, {"d2", 'a'}, {"e2", 'a'}, {"f5", 'a'}})},
      {"copenhagen",
       setup(11, {{"c1", 'k'}, {"d1", 'a'}, {"e1", 'a'}, {"d2", 'd'}, {"e2", 'd'}, {"f5", 'd'}, {"h9", 'a'}}, 'd')},
      {"copenhagen", setup(11, {{"k4", 'a'},
                                {"k5", 'd'},
                                {"k6", 'd'},
                                {"k7", 'd'},
                                {"j5", 'a'},
                                {"j6", 'a'},
                                {"j7", 'a'},
                                {"e8", 'a'},
                                {"c3", 'k'}})},
      {"copenhagen", setup(11, {{"d1", 'd'}, {"e2", 'd'}, {"f2", 'd'}, {"g5", 'd'}, {"e1", 'k'}, {"b9", 'a'}}, 'd')},
      {"copenhagen", setup(11, {{"e1", 'd'},
                                {"g1", 'd'},
                                {"e2", 'd'},
                                {"g2", 'd'},
                                {"e3", 'd'},
                                {"f3", 'd'},
                                {"f1", 'k'},
                                {"b9", 'a'},
                                {"f7", 'a'}})},
      {"copenhagen", setup(11,
                           {{"k4", 'd'},
                            {"j5", 'd'},
                            {"j6", 'd'},
                            {"k7", 'd'},
                            {"k8", 'd'},
                            {"k5", 'k'},
                            {"b9", 'a'},
                            {"j9", 'a'},
                            {"h7", 'a'}},
                           'd')},
      {"copenhagen",
       setup(11,
             {{"f4", 'a'}, {"e5", 'a'}, {"g5", 'a'}, {"e6", 'a'}, {"g6", 'a'}, {"f5", 'd'}, {"f6", 'k'}, {"b7", 'a'}})},
      {"copenhagen", setup(11, {{"f5", 'k'}, {"e5", 'a'}, {"g5", 'a'}, {"b4", 'a'}, {"h8", 'd'}})},
      {"brandubh", setup(7, {{"c2", 'a'},
                             {"e2", 'a'},
                             {"d1", 'a'},
                             {"c3", 'a'},
                             {"e3", 'a'},
                             {"c4", 'a'},
                             {"e4", 'a'},
                             {"a5", 'a'},
                             {"d3", 'd'},
                             {"d2", 'k'}})},
      {"brandubh", setup(7, {{"d5", 'k'}, {"c5", 'a'}, {"e5", 'a'}, {"a6", 'a'}, {"f2", 'd'}})},
      {"brandubh", setup(7, {{"b1", 'k'}, {"c6", 'a'}, {"g6", 'd'}, {"e4", 'a'}})},
  };
  for (const auto& [id, text] : cases) {
    const auto& c = config(id);
    const auto r = rules(c.id, c.options);
    expect_agreement(c, *r, text);
    EXPECT_EQ(r->perft(parse(*r, text), 2), naive::perft(naive_game(c), naive::parse(text, c.size), 2)) << text;
  }
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
