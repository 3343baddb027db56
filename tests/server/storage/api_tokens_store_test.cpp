// Personal API tokens in the store (docs/api.md; SQLite schema 16, PostgreSQL 8): found
// by the hash of their secret only while not revoked, with their owner's bot mark; at
// most N per owner; revoked only by their owner; and the one-way upgrade to a bot
// account of an account that has played no game.
#include <gtest/gtest.h>

#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage::testing {
namespace {

ApiToken token(std::string id, std::string owner, std::string hash, std::int64_t at = 10) {
  ApiToken t;
  t.id = std::move(id);
  t.owner = std::move(owner);
  t.hash = std::move(hash);
  t.scopes = "play,read";
  t.label = "engine";
  t.created_ms = at;
  return t;
}

StoreError make(Store& store, ApiToken t, int max = 20) {
  return await<StoreError>([&](auto done) { store.create_token(std::move(t), max, done); });
}
StoreResult<ApiToken> by_hash(Store& store, const std::string& hash) {
  return await<StoreResult<ApiToken>>([&](auto done) { store.find_api_token(hash, done); });
}
StoreResult<std::vector<ApiToken>> of(Store& store, const std::string& owner) {
  return await<StoreResult<std::vector<ApiToken>>>([&](auto done) { store.list_tokens(owner, done); });
}
StoreError revoke(Store& store, const std::string& owner, const std::string& id) {
  return await<StoreError>([&](auto done) { store.revoke_token(owner, id, 99, done); });
}

TEST_P(StoreAccounts, ATokenIsFoundByItsHashUntilItIsRevokedByItsOwner) {
  ASSERT_TRUE(create(*store, Account{"ann", "s", "h", 10, 1}).ok());
  ASSERT_TRUE(create(*store, Account{"bob", "s", "h", 10, 1}).ok());
  ASSERT_TRUE(make(*store, token("t1", "ann", "hash1", 10)).ok());
  ASSERT_TRUE(make(*store, token("t2", "ann", "hash2", 20)).ok());
  EXPECT_EQ(make(*store, token("t3", "nobody", "hash3")).code, StoreErrc::not_found);
  EXPECT_EQ(make(*store, token("t1", "ann", "hash4")).code, StoreErrc::conflict);  // the id is taken

  auto found = by_hash(*store, "hash1");
  ASSERT_TRUE(found.error.ok()) << found.error.message;
  EXPECT_EQ(found.value->id, "t1");
  EXPECT_EQ(found.value->owner, "ann");
  EXPECT_EQ(found.value->scopes, "play,read");
  EXPECT_EQ(found.value->label, "engine");
  EXPECT_FALSE(found.value->bot);
  EXPECT_FALSE(found.value->last_used_ms);
  ASSERT_TRUE(await<StoreError>([&](auto done) { store->touch_token("t1", 55, done); }).ok());
  EXPECT_EQ(by_hash(*store, "hash1").value->last_used_ms, 55);

  auto listed = of(*store, "ann");
  ASSERT_TRUE(listed.error.ok());
  ASSERT_EQ(listed.value->size(), 2u);
  EXPECT_EQ((*listed.value)[0].id, "t2");  // newest first
  EXPECT_TRUE(of(*store, "bob").value->empty());

  EXPECT_EQ(revoke(*store, "bob", "t1").code, StoreErrc::not_found);  // not bob's
  ASSERT_TRUE(revoke(*store, "ann", "t1").ok());
  EXPECT_EQ(revoke(*store, "ann", "t1").code, StoreErrc::not_found);  // once
  EXPECT_EQ(by_hash(*store, "hash1").error.code, StoreErrc::not_found);
  EXPECT_EQ(of(*store, "ann").value->size(), 1u);
  EXPECT_EQ(by_hash(*store, "nothing").error.code, StoreErrc::not_found);
}

TEST_P(StoreAccounts, TokensMadeInTheSameMillisecondAreListedNewestFirst) {
  ASSERT_TRUE(create(*store, Account{"ann", "s", "h", 10, 1}).ok());
  // Ids are random: "tz" sorts after "ta", so an order by id would list the first first.
  ASSERT_TRUE(make(*store, token("tz", "ann", "h1", 30)).ok());
  ASSERT_TRUE(make(*store, token("ta", "ann", "h2", 30)).ok());
  ASSERT_TRUE(make(*store, token("tm", "ann", "h3", 30)).ok());
  auto listed = of(*store, "ann");
  ASSERT_TRUE(listed.error.ok());
  ASSERT_EQ(listed.value->size(), 3u);
  EXPECT_EQ((*listed.value)[0].id, "tm");
  EXPECT_EQ((*listed.value)[1].id, "ta");
  EXPECT_EQ((*listed.value)[2].id, "tz");
}

TEST_P(StoreAccounts, AnOwnerHoldsAtMostTheLimitOfTokensNotRevoked) {
  ASSERT_TRUE(create(*store, Account{"ann", "s", "h", 10, 1}).ok());
  ASSERT_TRUE(make(*store, token("t1", "ann", "h1"), 2).ok());
  ASSERT_TRUE(make(*store, token("t2", "ann", "h2"), 2).ok());
  EXPECT_EQ(make(*store, token("t3", "ann", "h3"), 2).code, StoreErrc::conflict);
  ASSERT_TRUE(revoke(*store, "ann", "t1").ok());
  EXPECT_TRUE(make(*store, token("t3", "ann", "h3"), 2).ok());
}

TEST_P(StoreAccounts, OnlyAnAccountThatHasPlayedNoGameBecomesABotForGood) {
  ASSERT_TRUE(create(*store, Account{"ann", "s", "h", 10, 1}).ok());
  ASSERT_TRUE(create(*store, Account{"bob", "s", "h", 10, 1}).ok());
  ASSERT_TRUE(make(*store, token("t1", "ann", "hash1")).ok());
  ASSERT_TRUE(save(*store, sample_game("g1", 100, "tablut", "bob", "cid")).ok());
  auto upgrade = [&](const std::string& name) {
    return await<StoreError>([&](auto done) { store->upgrade_to_bot(name, done); });
  };
  EXPECT_EQ(upgrade("bob").code, StoreErrc::conflict);
  EXPECT_FALSE(find(*store, "bob").value->bot);
  EXPECT_EQ(upgrade("nobody").code, StoreErrc::not_found);
  ASSERT_TRUE(upgrade("ann").ok());
  EXPECT_TRUE(find(*store, "ann").value->bot);
  EXPECT_TRUE(by_hash(*store, "hash1").value->bot);  // the token now says so
}

}  // namespace
}  // namespace bh::storage::testing
