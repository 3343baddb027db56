// When the bot resigns, offers a draw and accepts one.
#include <gtest/gtest.h>

#include <vector>

#include "engine/policy.hpp"

namespace bh::bot {
namespace {

TEST(Policy, ResignsAfterThreeHopelessMovesAtLevelFiveAndAbove) {
  const std::vector<int> scores{-100, -900, -850, -1200};
  EXPECT_TRUE(should_resign(5, scores, false));
  EXPECT_TRUE(should_resign(8, scores, false));
  EXPECT_FALSE(should_resign(4, scores, false));
}

TEST(Policy, DoesNotResignAfterOneBadMoveOrARecovery) {
  EXPECT_FALSE(should_resign(8, std::vector<int>{-900, -900}, false));
  EXPECT_FALSE(should_resign(8, std::vector<int>{-900, -100, -900, -900}, false));
}

TEST(Policy, ResignsAForcedLossAtOnceButNotAtLowLevels) {
  EXPECT_TRUE(should_resign(6, std::vector<int>{0}, true));
  EXPECT_FALSE(should_resign(2, std::vector<int>{0}, true));
}

TEST(Policy, OffersADrawInALevelLatePosition) {
  const std::vector<int> level(20, 10);
  EXPECT_TRUE(should_offer_draw(level, 120, 1000));
  EXPECT_FALSE(should_offer_draw(level, 40, 1000));  // too early
  EXPECT_FALSE(should_offer_draw(level, 120, 5));    // offered a few moves ago
}

TEST(Policy, NoDrawOfferWhenOneSideStandsBetter) {
  std::vector<int> scores(20, 10);
  scores.back() = 200;
  EXPECT_FALSE(should_offer_draw(scores, 120, 1000));
}

TEST(Policy, AcceptsADrawUnlessBetter) {
  EXPECT_TRUE(should_accept_draw(0));
  EXPECT_TRUE(should_accept_draw(-300));
  EXPECT_FALSE(should_accept_draw(200));
}

}  // namespace
}  // namespace bh::bot
