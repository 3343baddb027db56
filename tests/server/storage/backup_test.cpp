// The online backup: a consistent copy of a database that a store is writing to.
#include <gtest/gtest.h>

#include "storage/backup.hpp"
#include "storage_test_util.hpp"

namespace bh::storage {
namespace {

using testing::TempDir;

TEST(Backup, CopiesALiveDatabaseWhileTheStoreIsOpen) {
  TempDir dir;
  auto opened = SqliteStore::open(dir.file("live.db"));
  ASSERT_TRUE(opened.error.ok()) << opened.error.message;
  auto& store = **opened.value;
  for (int i = 0; i < 20; ++i)
    ASSERT_TRUE(testing::save(store, testing::sample_game("g" + std::to_string(i), 1000 + i)).ok());

  const auto result = backup_database(dir.file("live.db"), dir.file("copy.db"));
  ASSERT_TRUE(result.ok()) << result.message;

  auto copy = SqliteStore::open(dir.file("copy.db"));
  ASSERT_TRUE(copy.error.ok()) << copy.error.message;
  const auto got = testing::get(**copy.value, "g7");
  ASSERT_TRUE(got.error.ok()) << got.error.message;
  EXPECT_EQ(*got.value, testing::sample_game("g7", 1007));
  EXPECT_EQ(testing::sql_rows(**copy.value, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
}

TEST(Backup, RefusesToOverwriteAndReportsAMissingSource) {
  TempDir dir;
  EXPECT_EQ(backup_database(dir.file("none.db"), dir.file("copy.db")).code, StoreErrc::unavailable);
  {
    auto opened = SqliteStore::open(dir.file("live.db"));
    ASSERT_TRUE(opened.error.ok());
  }
  ASSERT_TRUE(backup_database(dir.file("live.db"), dir.file("copy.db")).ok());
  const auto again = backup_database(dir.file("live.db"), dir.file("copy.db"));
  EXPECT_EQ(again.code, StoreErrc::unavailable);
  EXPECT_NE(again.message.find("exists"), std::string::npos);
}

}  // namespace
}  // namespace bh::storage
