// The gate on archive reads in flight (app/archive/read_gate.hpp): past its limit a
// read waits, in order, until a permit is given back; a permit may outlive the gate.
#include "app/archive/read_gate.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace bh::app {
namespace {

// Gives back the oldest permit held (moved out first: giving it back may start a read
// that holds another).
void give_back_oldest(std::vector<ReadGate::Permit>& held) {
  ReadGate::Permit oldest = std::move(held.front());
  held.erase(held.begin());
  oldest.reset();
}

TEST(ReadGate, PastTheLimitReadsWaitInOrderUntilAPermitIsGivenBack) {
  ReadGate gate(2);
  std::vector<ReadGate::Permit> held;
  std::vector<int> started;
  for (int i = 0; i < 5; ++i)
    gate.run([&, i](ReadGate::Permit p) {
      started.push_back(i);
      held.push_back(std::move(p));
    });
  EXPECT_EQ(started, (std::vector<int>{0, 1}));
  EXPECT_EQ(gate.waiting(), 3u);
  give_back_oldest(held);  // the first answer handled: the third read starts
  EXPECT_EQ(started, (std::vector<int>{0, 1, 2}));
  give_back_oldest(held);
  give_back_oldest(held);
  EXPECT_EQ(started, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(gate.waiting(), 0u);
  EXPECT_EQ(held.size(), 2u);
}

TEST(ReadGate, ACopyOfAPermitHoldsItAndADroppedStartGivesItBack) {
  ReadGate gate(1);
  ReadGate::Permit kept;
  gate.run([&](ReadGate::Permit p) {
    kept = p;  // copies: the permit goes with the last
  });
  int runs = 0;
  gate.run([&](ReadGate::Permit) { ++runs; });  // waits, then drops its permit at once
  EXPECT_EQ(runs, 0);
  kept.reset();
  EXPECT_EQ(runs, 1);
  gate.run([&](ReadGate::Permit) { ++runs; });
  EXPECT_EQ(runs, 2);
}

TEST(ReadGate, APermitMayOutliveTheGate) {
  ReadGate::Permit kept;
  {
    ReadGate gate(1);
    gate.run([&](ReadGate::Permit p) { kept = std::move(p); });
    gate.run([](ReadGate::Permit) {});
  }
  kept.reset();  // gives back to the gate's state, which it keeps alive
  SUCCEED();
}

}  // namespace
}  // namespace bh::app
