// The online backup: a consistent copy of a database that a store is writing to.
#include <gtest/gtest.h>

#include <filesystem>
#include <future>

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

// --db-lock exclusive: the store's connections share the file in memory (the readers
// read beside the writer), and its backup goes through the store itself.
TEST(Backup, AStoreHoldingItsFileAloneReadsBesideItsWriterAndBacksItselfUp) {
  TempDir dir;
  SqliteOptions options;
  options.process_exclusive = true;
  options.readers = 2;
  auto store = testing::open_store(dir.file("live.db"), options);
  ASSERT_TRUE(store);
  std::vector<std::future<StoreError>> saves;
  for (int i = 0; i < 50; ++i)
    saves.push_back(testing::save_later(*store, testing::sample_game("g" + std::to_string(i), 1000 + i)));
  // Reads while the writes go on, on the readers' connections.
  for (int i = 0; i < 20; ++i) EXPECT_TRUE(testing::list(*store, ArchiveQuery{}).error.ok());
  for (auto& saved : saves) ASSERT_TRUE(saved.get().ok());
  EXPECT_EQ(testing::list_all(*store, ArchiveQuery{}).size(), 50u);

  const auto backed_up = testing::await<StoreError>([&](auto done) { store->backup_to(dir.file("copy.db"), done); });
  ASSERT_TRUE(backed_up.ok()) << backed_up.message;
  const auto again = testing::await<StoreError>([&](auto done) { store->backup_to(dir.file("copy.db"), done); });
  EXPECT_EQ(again.code, StoreErrc::unavailable);
  EXPECT_NE(again.message.find("exists"), std::string::npos);
  const auto nowhere =
      testing::await<StoreError>([&](auto done) { store->backup_to(dir.file("missing/copy.db"), done); });
  EXPECT_EQ(nowhere.code, StoreErrc::unavailable);
  EXPECT_FALSE(std::filesystem::exists(dir.file("missing/copy.db")));
  EXPECT_TRUE(testing::save(*store, testing::sample_game("after", 5000)).ok());  // the store goes on
  store.reset();

  auto copy = testing::open_store(dir.file("copy.db"));
  ASSERT_TRUE(copy);
  EXPECT_EQ(testing::list_all(*copy, ArchiveQuery{}).size(), 50u);
  EXPECT_EQ(testing::sql_rows(*copy, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
}

}  // namespace
}  // namespace bh::storage
