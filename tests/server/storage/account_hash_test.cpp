// Store::update_password_hash: a login's upgrade of an old hash is written only over the
// hash it replaces, for persons' and bot accounts alike.
#include <gtest/gtest.h>

#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage::testing {
namespace {

StoreError update(Store& store, Account account, const std::string& old_hash) {
  return await<StoreError>([&](auto done) { store.update_password_hash(std::move(account), old_hash, done); });
}

TEST_P(StoreAccounts, UpdateReplacesOnlyTheHashItWasGiven) {
  ASSERT_TRUE(create(*store, Account{"olga", "salt1", "hex1", 100000, 7}).ok());
  const Account upgraded{"olga", "", "$argon2id$v=19$m=19456,t=2,p=1$x$y", 0, 99};
  ASSERT_TRUE(update(*store, upgraded, "hex1").ok());
  auto found = find(*store, "olga");
  ASSERT_TRUE(found.error.ok()) << found.error.message;
  EXPECT_EQ(found.value->hash, upgraded.hash);
  EXPECT_EQ(found.value->salt, "");
  EXPECT_EQ(found.value->iterations, 0);
  EXPECT_EQ(found.value->created_ms, 7);  // the account is the same one
  // A second upgrade from the old hash finds it gone and changes nothing.
  EXPECT_EQ(update(*store, Account{"olga", "s", "other", 5, 0}, "hex1").code, StoreErrc::not_found);
  EXPECT_EQ(find(*store, "olga").value->hash, upgraded.hash);
  EXPECT_EQ(update(*store, upgraded, "hex1").code, StoreErrc::not_found);
  EXPECT_EQ(update(*store, Account{"nobody", "", "h", 0, 0}, "x").code, StoreErrc::not_found);
}

TEST_P(StoreAccounts, ABotAccountStaysABot) {
  ASSERT_TRUE(await<StoreError>([&](auto done) {
                store->save_bot_account(Account{"robo", "s", "h", 10, 1}, done);
              }).ok());
  ASSERT_TRUE(update(*store, Account{"robo", "", "$argon2id$new", 0, 0}, "h").ok());
  const auto found = find(*store, "robo");
  EXPECT_TRUE(found.value->bot);
  EXPECT_EQ(found.value->hash, "$argon2id$new");
}

}  // namespace
}  // namespace bh::storage::testing
