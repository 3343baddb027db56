// Deep perft from every tafl start, each count checked against the naive referee
// (naive.hpp), plus depth 3 against the referee on many seeded random positions.
#include <gtest/gtest.h>

#include "../agreement.hpp"

namespace bh::rules::tafl_test {
namespace {

struct PerftCase {
  const char* config;
  int depth;
  std::uint64_t count;
};

const PerftCase start_table[] = {
    {"tavlei", 4, 15951824},     {"tablut", 4, 19913864},        {"seatafl", 4, 19913864},
    {"seatafl11", 4, 57885012},  {"seatafl_k4_m5", 4, 19420568}, {"seatafl11_m3", 4, 27590348},
    {"copenhagen", 4, 50456804}, {"brandubh", 4, 1007392},
};

const Config& config(const std::string& name) {
  for (const auto& c : configs())
    if (name == c.name) return c;
  ADD_FAILURE() << name;
  return configs().front();
}

TEST(TaflPerftSlow, DepthFourFromTheStartsAgreesWithTheNaiveReferee) {
  for (const auto& pc : start_table) {
    const auto& c = config(pc.config);
    const auto r = rules(c.id, c.options);
    const std::uint64_t engine = r->perft(r->start(), pc.depth);
    EXPECT_EQ(engine, pc.count) << pc.config;
    EXPECT_EQ(engine, naive::perft(naive_game(c), naive::parse(r->position_text(r->start()), c.size), pc.depth))
        << pc.config;
  }
}

TEST(TaflPerftSlow, DepthThreeOnRandomPositionsAgreesWithTheNaiveReferee) {
  for (const auto& c : configs()) {
    const auto r = rules(c.id, c.options);
    const auto g = naive_game(c);
    int checked = 0;
    for (const auto& text : random_positions(*r, 99, 6, 160, 10)) {
      EXPECT_EQ(r->perft(parse(*r, text), 3), naive::perft(g, naive::parse(text, c.size), 3)) << c.name << " " << text;
      ++checked;
    }
    EXPECT_GT(checked, 30) << c.name;
  }
}

TEST(TaflAgreementSlow, MovesChildrenAndStatusOnManyRandomPositions) {
  for (const auto& c : configs()) {
    const auto r = rules(c.id, c.options);
    for (const auto& text : random_positions(*r, 4242, 25, 300, 4)) expect_agreement(c, *r, text);
  }
}

}  // namespace
}  // namespace bh::rules::tafl_test
