#include "base/fallible.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bh {
namespace {

Fallible<int> half(int n) {
  if (n % 2 != 0) return failure("odd: " + std::to_string(n));
  return n / 2;
}

struct Problem {
  int line = 0;
};

TEST(Fallible, HoldsAValueOrItsReason) {
  const auto good = half(8);
  ASSERT_TRUE(good.ok());
  EXPECT_EQ(*good, 4);
  const auto bad = half(7);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "odd: 7");
}

TEST(Fallible, TextAsTheValueIsNeverTakenForTheReason) {
  const Fallible<std::string> name = std::string("alice");
  ASSERT_TRUE(name.ok());
  EXPECT_EQ(*name, "alice");
  const Fallible<std::string> none = failure("no name");
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error(), "no name");
}

TEST(Fallible, AReasonOfItsOwnType) {
  const Fallible<std::vector<int>, Problem> bad = failure(Problem{3});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().line, 3);
  Fallible<std::vector<int>, Problem> good = std::vector<int>{1, 2};
  EXPECT_EQ(good->size(), 2U);
  const std::vector<int> moved = std::move(good).value();
  EXPECT_EQ(moved.size(), 2U);
}

}  // namespace
}  // namespace bh
