// Cluster mode's names across the nodes on PostgreSQL (storage/cluster_names.hpp): a name
// key is one token's, on the node where its player is; another player takes it only once
// that node is gone, the same player takes it anywhere, a login of the account takes it
// from an older login, and a node gives back only what it still holds.
#include <gtest/gtest.h>

#include "pg_backend.hpp"
#include "storage/pg/pg_store.hpp"
#include "storage_test_util.hpp"

namespace bh::storage::testing {
namespace {

class PgNamesTest : public PgNodesTest {
 protected:
  static bool claim(PgStore& store, const std::string& name, const std::string& token, bool registered = false) {
    NameClaim c{name, "key:" + name, token, registered, false, store.epoch()};
    auto result = await<StoreResult<bool>>([&](auto done) { store.claim_name(c, done); });
    EXPECT_TRUE(result.error.ok()) << result.error.message;
    return result.error.ok() && *result.value;
  }
  static StoreResult<NameHolder> holder(PgStore& store, const std::string& token) {
    return await<StoreResult<NameHolder>>([&](auto done) { store.find_token(token, done); });
  }
};

TEST_F(PgNamesTest, ANameIsOneTokensOnAllNodes) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  EXPECT_TRUE(claim(*n1, "bob", "t-bob"));
  EXPECT_FALSE(claim(*n2, "bob", "t-other")) << "another guest on another node";
  EXPECT_FALSE(claim(*n1, "bob", "t-other")) << "or on the same";
  auto found = holder(*n2, "t-bob");
  ASSERT_TRUE(found.error.ok()) << found.error.message;
  EXPECT_EQ(found.value->name, "bob");
  EXPECT_EQ(found.value->epoch, n1->epoch());
  EXPECT_TRUE(found.value->alive);
  EXPECT_EQ(holder(*n2, "t-nobody").error.code, StoreErrc::not_found);
  // Found by its key too, with the token that holds it.
  auto by_name = await<StoreResult<NameHolder>>([&](auto done) { n2->find_name("key:bob", done); });
  ASSERT_TRUE(by_name.error.ok()) << by_name.error.message;
  EXPECT_EQ(by_name.value->token, "t-bob");
  EXPECT_EQ(by_name.value->epoch, n1->epoch());
  EXPECT_EQ(await<StoreResult<NameHolder>>([&](auto done) { n2->find_name("key:nobody", done); }).error.code,
            StoreErrc::not_found);
}

TEST_F(PgNamesTest, TheSamePlayerTakesItsNameOnAnotherNode) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  ASSERT_TRUE(claim(*n1, "bob", "t-bob"));
  EXPECT_TRUE(claim(*n2, "bob", "t-bob"));  // moved with its connection
  EXPECT_EQ(holder(*n1, "t-bob").value->epoch, n2->epoch());
  // n1 forgetting bob later gives back nothing: the name is n2's now.
  EXPECT_TRUE(await<StoreError>([&](auto done) { n1->release_name("key:bob", "t-bob", n1->epoch(), done); }).ok());
  EXPECT_TRUE(holder(*n1, "t-bob").error.ok());
  EXPECT_TRUE(await<StoreError>([&](auto done) { n2->release_name("key:bob", "t-bob", n2->epoch(), done); }).ok());
  EXPECT_EQ(holder(*n1, "t-bob").error.code, StoreErrc::not_found);
  EXPECT_TRUE(claim(*n1, "bob", "t-new")) << "free again";
}

TEST_F(PgNamesTest, ANameHeldOnANodeThatIsGoneIsFree) {
  auto n1 = node("n1", 120'000, 60'000);  // renews once a minute: its lease is ended by hand
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  ASSERT_TRUE(claim(*n1, "bob", "t-bob"));
  lapse(*n1);
  EXPECT_FALSE(holder(*n2, "t-bob").value->alive);
  EXPECT_TRUE(claim(*n2, "bob", "t-other"));
  EXPECT_EQ(holder(*n2, "t-bob").error.code, StoreErrc::not_found);
}

TEST_F(PgNamesTest, AnAccountsNewerLoginTakesItsNameAGuestNever) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  ASSERT_TRUE(claim(*n1, "ann", "t-ann-1", /*registered=*/true));
  EXPECT_TRUE(claim(*n2, "ann", "t-ann-2", /*registered=*/true));
  EXPECT_EQ(holder(*n1, "t-ann-1").error.code, StoreErrc::not_found);
  ASSERT_TRUE(claim(*n1, "gus", "t-gus"));
  EXPECT_FALSE(claim(*n2, "gus", "t-gus-account", /*registered=*/true)) << "a guest holds it";
}

TEST_F(PgNamesTest, TwoNodesClaimingOneNameAtOnceGiveItToOne) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  ASSERT_TRUE(n1 && n2);
  for (int round = 0; round < 20; ++round) {
    const std::string name = "race" + std::to_string(round);
    std::promise<StoreResult<bool>> a, b;
    n1->claim_name({name, "key:" + name, name + "-1", false, false, n1->epoch()}, [&](auto r) { a.set_value(r); });
    n2->claim_name({name, "key:" + name, name + "-2", false, false, n2->epoch()}, [&](auto r) { b.set_value(r); });
    auto ra = a.get_future().get();
    auto rb = b.get_future().get();
    ASSERT_TRUE(ra.error.ok() && rb.error.ok()) << ra.error.message << rb.error.message;
    EXPECT_NE(*ra.value, *rb.value) << name;
  }
}

}  // namespace
}  // namespace bh::storage::testing
