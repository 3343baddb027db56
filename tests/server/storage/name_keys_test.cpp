// Accounts unique by their name key (schema version 8, storage/name_keys): a name that
// looks like an account's is refused (create, bot), found (find_account_like), and an
// older file's accounts get their keys, the older of two look-alikes keeping its key.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>

#include "names/player_names.hpp"
#include "storage/name_keys.hpp"
#include "storage/schema.hpp"
#include "storage_test_util.hpp"

namespace bh::storage {
namespace {

using namespace bh::storage::testing;

StoreError save_bot(Store& store, Account account) {
  return await<StoreError>([&](auto done) { store.save_bot_account(std::move(account), done); });
}
StoreResult<Account> find_like(Store& store, const std::string& name) {
  return await<StoreResult<Account>>([&](auto done) { store.find_account_like(name, done); });
}

const std::string kCyrillicAlice = "\xD0\xB0lice";  // а (U+0430), then Latin

TEST(NameKeys, AnAccountLikeAnotherIsAConflict) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  ASSERT_TRUE(create(*store, Account{"alice", "s", "h", 10, 1}).ok());
  for (const std::string& like : {std::string("Alice"), std::string("ALICE"), kCyrillicAlice, std::string("a1ice")})
    EXPECT_EQ(create(*store, Account{like, "s", "h", 10, 2}).code, StoreErrc::conflict) << like;
  EXPECT_TRUE(create(*store, Account{"alicia", "s", "h", 10, 2}).ok());
  // Found by any of them; the exact lookup (login) finds only the exact name.
  for (const std::string& like : {std::string("alice"), std::string("ALICE"), kCyrillicAlice}) {
    auto found = find_like(*store, like);
    ASSERT_TRUE(found.error.ok()) << like << ": " << found.error.message;
    EXPECT_EQ(found.value->name, "alice");
  }
  EXPECT_EQ(find_like(*store, "bob").error.code, StoreErrc::not_found);
  EXPECT_EQ(find(*store, "Alice").error.code, StoreErrc::not_found);
}

TEST(NameKeys, ABotNameIsNoOnesLookAlike) {
  TempDir dir;
  auto store = open_store(dir.file("a.db"));
  ASSERT_TRUE(save_bot(*store, Account{"computer", "s", "h", 10, 1}).ok());
  for (const char* like : {"Computer", "COMPUTER", "c0mputer"}) {
    EXPECT_EQ(create(*store, Account{like, "s", "h", 10, 2}).code, StoreErrc::conflict) << like;
    EXPECT_EQ(save_bot(*store, Account{like, "s", "h", 10, 2}).code, StoreErrc::conflict) << like;
    EXPECT_EQ(find_like(*store, like).value->name, "computer");
  }
  // The bot itself is given a new password as before.
  EXPECT_TRUE(save_bot(*store, Account{"computer", "s2", "h2", 10, 3}).ok());
  EXPECT_EQ(find(*store, "computer").value->hash, "h2");
}

void exec_raw(sqlite3* db, const std::string& text) {
  char* error = nullptr;
  ASSERT_EQ(sqlite3_exec(db, text.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "") << "\n"
                                                                                 << text;
}

// Accounts a version-1 server could make: ASCII names, compared exactly, so `alice`,
// `Alice` and `ALICE` could all be registered.
void write_old_accounts(const std::string& path) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  exec_raw(db, std::string(sql::kSchemaV1));
  exec_raw(db,
           "INSERT INTO accounts VALUES ('alice', 's1', 'h1', 1000, 5);"
           "INSERT INTO accounts VALUES ('ALICE', 's2', 'h2', 1000, 3);"  // the oldest of the three
           "INSERT INTO accounts VALUES ('Alice', 's3', 'h3', 1000, 7);"
           "INSERT INTO accounts VALUES ('bob', 's4', 'h4', 1000, 1);"
           "INSERT INTO accounts VALUES ('c0mputer', 's5', 'h5', 1000, 9);"
           "INSERT INTO accounts VALUES ('computer', 's6', 'h6', 1000, 8);"
           "PRAGMA user_version = 1;");
  sqlite3_close(db);
}

TEST(NameKeys, MigrationKeysOldAccountsTheOlderKeepsTheKey) {
  TempDir dir;
  const std::string path = dir.file("old.db");
  write_old_accounts(path);
  std::vector<std::string> log;
  SqliteOptions options;
  options.log = [&log](const std::string& line) { log.push_back(line); };
  auto store = open_store(path, options);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(sql_rows(*store, "PRAGMA user_version"), std::vector<std::string>{std::to_string(sql::kSchemaVersion)});

  // Every account keeps its name and its password: each logs in by its exact name.
  for (const auto& [name, hash] : std::vector<std::pair<std::string, std::string>>{
           {"alice", "h1"}, {"ALICE", "h2"}, {"Alice", "h3"}, {"bob", "h4"}, {"c0mputer", "h5"}, {"computer", "h6"}}) {
    auto found = find(*store, name);
    ASSERT_TRUE(found.error.ok()) << name;
    EXPECT_EQ(found.value->hash, hash) << name;
  }
  // The oldest of each look-alike group holds the key; the newer ones are kept apart.
  EXPECT_EQ(find_like(*store, "alice").value->name, "ALICE");
  EXPECT_EQ(find_like(*store, kCyrillicAlice).value->name, "ALICE");
  EXPECT_EQ(find_like(*store, "COMPUTER").value->name, "computer");
  EXPECT_EQ(find_like(*store, "BOB").value->name, "bob");
  const std::string key = names::name_key("alice");
  EXPECT_EQ(sql_rows(*store, "SELECT name_key = '" + key +
                                 "' || char(31) || name FROM accounts "
                                 "WHERE name IN ('alice', 'Alice') ORDER BY name"),
            (std::vector<std::string>{"1", "1"}));
  EXPECT_EQ(sql_rows(*store, "SELECT count(*) FROM accounts WHERE name_key IS NULL"), std::vector<std::string>{"0"});
  EXPECT_EQ(
      std::count_if(log.begin(), log.end(),
                    [](const std::string& line) { return line.find("looks like an older") != std::string::npos; }),
      3);
  // No new look-alike, whatever the old ones.
  EXPECT_EQ(create(*store, Account{"aLiCe", "s", "h", 10, 20}).code, StoreErrc::conflict);
  EXPECT_EQ(create(*store, Account{"C0MPUTER", "s", "h", 10, 20}).code, StoreErrc::conflict);
  EXPECT_TRUE(create(*store, Account{"carol", "s", "h", 10, 20}).ok());
  EXPECT_EQ(sql_rows(*store, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});

  // Reopened with the same ICU: nothing computed again.
  store->close();
  log.clear();
  store = open_store(path, options);
  ASSERT_NE(store, nullptr);
  EXPECT_TRUE(log.empty()) << log.front();
  EXPECT_EQ(find_like(*store, "alice").value->name, "ALICE");
}

TEST(NameKeys, KeysOfAnotherIcuAreComputedAgain) {
  TempDir dir;
  const std::string path = dir.file("a.db");
  auto store = open_store(path);
  ASSERT_NE(store, nullptr);
  ASSERT_TRUE(create(*store, Account{"bob", "s", "h", 10, 1}).ok());
  // As if an older ICU had given bob another key.
  sql_rows(*store, "UPDATE accounts SET name_key = 'stale'");
  sql_rows(*store, "UPDATE name_keys SET version = 'keys 1, ICU 1.0, Unicode 1.0'");
  EXPECT_EQ(find_like(*store, "BOB").error.code, StoreErrc::not_found);
  store->close();
  store = open_store(path);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(find_like(*store, "BOB").value->name, "bob");
  EXPECT_EQ(sql_rows(*store, "SELECT version FROM name_keys"), std::vector<std::string>{names::key_version()});
}

}  // namespace
}  // namespace bh::storage
