// Cluster mode's seeks across the nodes on PostgreSQL (storage/cluster_seeks.hpp): a
// seeker takes the seek it chooses among those waiting on nodes alive, or waits itself;
// two seekers of the same terms on two nodes at once are paired, never both left
// waiting and never both given one seek; one waiting seek per player.
#include <gtest/gtest.h>

#include <atomic>
#include <future>

#include "pg_backend.hpp"
#include "storage/pg/pg_store.hpp"
#include "storage_test_util.hpp"

namespace bh::storage::testing {
namespace {

using Taken = StoreResult<std::optional<SeekRow>>;

class PgSeeksTest : public PgNodesTest {
 protected:
  // A seek of `player` in room `room` that takes the oldest seek waiting, if any.
  static SeekJob job(const PgStore& store, const std::string& room, const std::string& player,
                     const std::string& terms = "tablut|-|rated:0") {
    SeekJob j;
    j.mine = SeekRow{room, terms, player, std::nullopt, store.epoch(), 0};
    j.choose = [](const std::vector<SeekRow>& waiting) -> std::optional<std::size_t> {
      if (waiting.empty()) return std::nullopt;
      return 0;
    };
    return j;
  }
  static Taken seek(PgStore& store, SeekJob j) {
    return await<Taken>([&](auto done) { store.take_or_add_seek(std::move(j), done); });
  }
};

TEST_F(PgSeeksTest, TheFirstSeekerWaitsAndASeekerOnAnotherNodeTakesItsSeek) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  bool added = false;
  auto first = job(*n1, "r-ann", "ann");
  first.when_added = [&] { added = true; };
  auto waits = seek(*n1, std::move(first));
  ASSERT_TRUE(waits.error.ok()) << waits.error.message;
  EXPECT_FALSE(*waits.value);
  EXPECT_TRUE(added);
  EXPECT_EQ(sql("SELECT room_id FROM seeks"), std::vector<std::string>{"r-ann"});

  auto other_terms = seek(*n2, job(*n2, "r-cy", "cy", "brandubh|-|rated:0"));
  ASSERT_TRUE(other_terms.error.ok());
  EXPECT_FALSE(*other_terms.value) << "other terms: not paired, waits too";

  auto paired = seek(*n2, job(*n2, "r-bob", "bob"));
  ASSERT_TRUE(paired.error.ok()) << paired.error.message;
  ASSERT_TRUE(*paired.value);
  EXPECT_EQ((*paired.value)->room_id, "r-ann");
  EXPECT_EQ((*paired.value)->player_key, "ann");
  EXPECT_EQ((*paired.value)->epoch, n1->epoch());
  EXPECT_GE((*paired.value)->waited_ms, 0);
  EXPECT_EQ(sql("SELECT room_id FROM seeks"), std::vector<std::string>{"r-cy"});
}

TEST_F(PgSeeksTest, TheChooserSeesRatingsAndWaitsAndMayTakeNone) {
  auto n1 = node("n1");
  ASSERT_TRUE(n1);
  auto rated = job(*n1, "r-ann", "ann");
  rated.mine.rating = 1800.0;
  ASSERT_TRUE(seek(*n1, std::move(rated)).error.ok());
  std::vector<SeekRow> seen;
  auto picky = job(*n1, "r-bob", "bob");
  picky.choose = [&](const std::vector<SeekRow>& waiting) -> std::optional<std::size_t> {
    seen = waiting;
    return std::nullopt;
  };
  auto waits = seek(*n1, std::move(picky));
  ASSERT_TRUE(waits.error.ok());
  EXPECT_FALSE(*waits.value);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].rating, 1800.0);
  EXPECT_EQ(sql("SELECT count(*) FROM seeks"), std::vector<std::string>{"2"}) << "both wait";
}

TEST_F(PgSeeksTest, ASeekOfANodeGoneIsNeverTakenAndItsPlayerMaySeekAgain) {
  auto n1 = node("n1", 120'000, 60'000);  // renews once a minute: its lease is ended by hand
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  ASSERT_TRUE(seek(*n1, job(*n1, "r-ann", "ann")).error.ok());
  lapse(*n1);
  auto waits = seek(*n2, job(*n2, "r-bob", "bob"));
  ASSERT_TRUE(waits.error.ok());
  EXPECT_FALSE(*waits.value) << "n1's seek is gone with n1";
  auto again = seek(*n2, job(*n2, "r-ann-2", "ann", "brandubh|-|rated:0"));
  EXPECT_TRUE(again.error.ok()) << "ann's seek on n1 no longer holds her key: " << again.error.message;
}

TEST_F(PgSeeksTest, OneWaitingSeekPerPlayerAndARemovedSeekIsNotTaken) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  ASSERT_TRUE(seek(*n1, job(*n1, "r-ann", "ann")).error.ok());
  bool added = false;
  auto twice = job(*n2, "r-ann-2", "ann", "brandubh|-|rated:0");
  twice.when_added = [&] { added = true; };
  EXPECT_EQ(seek(*n2, std::move(twice)).error.code, StoreErrc::conflict);
  EXPECT_FALSE(added);
  EXPECT_TRUE(await<StoreError>([&](auto done) { n1->remove_seek("r-ann", done); }).ok());
  auto waits = seek(*n2, job(*n2, "r-bob", "bob"));
  ASSERT_TRUE(waits.error.ok());
  EXPECT_FALSE(*waits.value);
}

TEST_F(PgSeeksTest, TwoSeekersAtOnceOnTwoNodesAreAlwaysPaired) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  for (int round = 0; round < 30; ++round) {
    const std::string r = std::to_string(round);
    std::promise<Taken> a, b;
    n1->take_or_add_seek(job(*n1, "r1-" + r, "p1-" + r, "terms-" + r), [&](Taken t) { a.set_value(std::move(t)); });
    n2->take_or_add_seek(job(*n2, "r2-" + r, "p2-" + r, "terms-" + r), [&](Taken t) { b.set_value(std::move(t)); });
    auto ta = a.get_future().get();
    auto tb = b.get_future().get();
    ASSERT_TRUE(ta.error.ok() && tb.error.ok()) << ta.error.message << tb.error.message;
    EXPECT_NE(ta.value->has_value(), tb.value->has_value()) << "round " << r << ": exactly one takes the other's";
  }
  EXPECT_EQ(sql("SELECT count(*) FROM seeks"), std::vector<std::string>{"0"});
}

}  // namespace
}  // namespace bh::storage::testing
