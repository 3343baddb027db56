// Quick pairing's pure parts: the rating range, compatibility, and the list of seeks
// (oldest first, never one's own, never one a block keeps apart).
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "app/moderation/moderation_book.hpp"
#include "app/rooms/pairing.hpp"
#include "app/rooms/seeks.hpp"

namespace bh::app {
namespace {

pairing::Terms tablut(std::int64_t initial_ms = 300'000, bool rated = false) {
  return {"tablut", pairing::normal_options("tablut", {}), protocol::ClockMs{initial_ms, 3'000}, rated, std::nullopt};
}

TEST(Pairing, RatingRangeWidensBy25ASecondFrom150AndIsUnlimitedAfter60Seconds) {
  EXPECT_EQ(pairing::rating_range(0), 150.0);
  EXPECT_EQ(pairing::rating_range(999), 150.0);
  EXPECT_EQ(pairing::rating_range(1'000), 175.0);
  EXPECT_EQ(pairing::rating_range(10'500), 400.0);
  EXPECT_EQ(pairing::rating_range(59'999), 150.0 + 25.0 * 59);
  EXPECT_FALSE(pairing::rating_range(60'000).has_value());
}

TEST(Pairing, SameGameOptionsClockAndRatedNessAreNeeded) {
  EXPECT_TRUE(pairing::compatible(tablut(), std::nullopt, 0, tablut(), std::nullopt));
  EXPECT_FALSE(pairing::compatible(tablut(), std::nullopt, 0, tablut(180'000), std::nullopt));
  EXPECT_FALSE(pairing::compatible(tablut(300'000, true), std::nullopt, 0, tablut(), std::nullopt));
  auto untimed = tablut();
  untimed.clock.reset();
  EXPECT_FALSE(pairing::compatible(tablut(), std::nullopt, 0, untimed, std::nullopt));
  auto other = tablut();
  other.game = "tavlei";
  EXPECT_FALSE(pairing::compatible(tablut(), std::nullopt, 0, other, std::nullopt));
}

TEST(Pairing, TheTermsKeyIsEqualExactlyWhenTheTermsAre) {
  const auto key = pairing::terms_key(tablut());
  EXPECT_EQ(key, pairing::terms_key(tablut()));
  EXPECT_NE(key, pairing::terms_key(tablut(180'000)));
  EXPECT_NE(key, pairing::terms_key(tablut(300'000, true)));
  auto untimed = tablut();
  untimed.clock.reset();
  EXPECT_NE(key, pairing::terms_key(untimed));
  auto other = tablut();
  other.game = "tavlei";
  EXPECT_NE(key, pairing::terms_key(other));
  protocol::OptionMap nine, eleven;
  nine.values["size"] = "9";
  eleven.values["size"] = "11";
  const pairing::Terms sea{"seatafl", pairing::normal_options("seatafl", {}), std::nullopt, false, std::nullopt};
  EXPECT_EQ(pairing::terms_key(sea), pairing::terms_key({"seatafl", pairing::normal_options("seatafl", nine),
                                                         std::nullopt, false, std::nullopt}));
  EXPECT_NE(pairing::terms_key(sea), pairing::terms_key({"seatafl", pairing::normal_options("seatafl", eleven),
                                                         std::nullopt, false, std::nullopt}));
}

TEST(Pairing, ACorrespondenceSeekPairsOnlyWithTheSameTimeControl) {
  auto days3 = tablut();
  days3.clock.reset();
  days3.correspondence = protocol::Correspondence{3, std::nullopt, std::nullopt, std::nullopt};
  auto days5 = days3;
  days5.correspondence->days_per_move = 5;
  auto bank = days3;
  bank.correspondence = protocol::Correspondence{std::nullopt, 7, 12, 2};
  auto untimed = tablut();
  untimed.clock.reset();
  EXPECT_TRUE(pairing::same_terms(days3, days3));
  for (const auto* other : {&days5, &bank, &untimed}) {
    EXPECT_FALSE(pairing::same_terms(days3, *other));
    EXPECT_NE(pairing::terms_key(days3), pairing::terms_key(*other));
  }
  EXPECT_EQ(pairing::terms_key(untimed).find("days"), std::string::npos);  // a live seek's key as before
}

TEST(Pairing, DefaultOptionsCountAsGiven) {
  protocol::OptionMap nine;
  nine.values["size"] = "9";
  EXPECT_EQ(pairing::normal_options("seatafl", {}), pairing::normal_options("seatafl", nine));
  protocol::OptionMap eleven;
  eleven.values["size"] = "11";
  EXPECT_NE(pairing::normal_options("seatafl", {}), pairing::normal_options("seatafl", eleven));
}

TEST(Pairing, RatingRangeAppliesOnlyWhenBothRatingsAreKnown) {
  EXPECT_FALSE(pairing::compatible(tablut(), 1500.0, 0, tablut(), 1700.0));
  EXPECT_TRUE(pairing::compatible(tablut(), 1500.0, 2'000, tablut(), 1700.0));  // 200 apart
  EXPECT_TRUE(pairing::compatible(tablut(), 1500.0, 0, tablut(), 1650.0));
  EXPECT_TRUE(pairing::compatible(tablut(), 1500.0, 60'000, tablut(), 2900.0));
  EXPECT_TRUE(pairing::compatible(tablut(), std::nullopt, 0, tablut(), 2900.0));
  EXPECT_TRUE(pairing::compatible(tablut(), 1500.0, 0, tablut(), std::nullopt));
}

TEST(Seeks, TheOldestCompatibleIsTakenNeverOnesOwn) {
  Seeks seeks;
  EXPECT_FALSE(seeks.take_or_add({"r1", "alice", tablut(), 1500.0, 0, {}}, 0, nullptr));
  EXPECT_FALSE(seeks.take_or_add({"r2", "carol", tablut(), 1900.0, 0, {}}, 1'000, nullptr));  // 400 apart: both wait
  EXPECT_FALSE(seeks.take_or_add({"r3", "erin", tablut(180'000), std::nullopt, 0, {}}, 1'000, nullptr));
  EXPECT_EQ(seeks.size(), 3u);
  // alice again (another connection, say): her own seek is not hers to join, carol's
  // (1 s old: range 175) is too far, erin's has another clock.
  EXPECT_FALSE(seeks.take_or_add({"r4", "alice", tablut(), 1500.0, 0, {}}, 2'000, nullptr));
  seeks.remove("r4");
  EXPECT_EQ(seeks.size(), 3u);
  // 20 s on, dave (1700) fits alice's and carol's: alice's is the oldest.
  auto dave = seeks.take_or_add({"r5", "dave", tablut(), 1700.0, 0, {}}, 20'000, nullptr);
  ASSERT_TRUE(dave.has_value());
  EXPECT_EQ(dave->room_id, "r1");
  auto frank = seeks.take_or_add({"r6", "frank", tablut(), 1700.0, 0, {}}, 20'000, nullptr);
  ASSERT_TRUE(frank.has_value());
  EXPECT_EQ(frank->room_id, "r2");
  EXPECT_EQ(seeks.size(), 1u);
}

// Over random sequences of seeks, withdrawals and blocks made meanwhile, no two players
// a block keeps apart (either way, made before the later seek) are ever paired, and a
// seeker waits only when no compatible seek it may meet was waiting.
TEST(Seeks, PlayersABlockKeepsApartAreNeverPairedOverRandomSequences) {
  std::mt19937 random(20261129);
  const std::vector<std::string> names = {"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"};
  int pairs = 0, kept_apart_waits = 0;
  for (int run = 0; run < 300; ++run) {
    Seeks seeks;
    ModerationBook book;
    std::set<std::string> waiting;  // players with a seek in the list
    int room = 0;
    for (int step = 0; step < 60; ++step) {
      const auto& player = names[random() % names.size()];
      const auto& other = names[random() % names.size()];
      const int roll = static_cast<int>(random() % 10);
      if (roll < 2) {
        if (player != other) book.set_block(player, other, true);
        continue;
      }
      if (roll == 2) {
        for (const auto& e : seeks.waiting())
          if (e.player == player) seeks.remove(e.room_id);
        waiting.erase(player);
        continue;
      }
      if (waiting.contains(player)) continue;  // one seek at a time, as the server's seats
      const auto avoid = book.kept_apart_from(player);
      Seeks::Entry mine{"r" + std::to_string(++room), player, tablut(), std::nullopt, 0, avoid};
      const auto before = seeks.waiting();
      auto found = seeks.take_or_add(mine, step * 1'000, nullptr);
      if (found) {
        ASSERT_FALSE(book.apart(player, found->player)) << player << " met " << found->player;
        ASSERT_NE(found->player, player);
        waiting.erase(found->player);
        ++pairs;
      } else {
        for (const auto& e : before) {
          if (e.player == player) continue;
          ASSERT_TRUE(book.apart(player, e.player)) << player << " waits beside " << e.player;
          ++kept_apart_waits;
        }
        waiting.insert(player);
      }
    }
  }
  EXPECT_GT(pairs, 1000);            // the sequences pair often...
  EXPECT_GT(kept_apart_waits, 100);  // ...and blocks do keep seekers waiting
}

}  // namespace
}  // namespace bh::app
