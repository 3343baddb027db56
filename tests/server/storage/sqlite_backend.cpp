// The shared store suites (store_backend.hpp) on SQLite: a file in a fresh temporary
// folder per test, with the integrity check after each test.
#include "storage/sqlite_store.hpp"
#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage::testing {
namespace {

class SqliteHarness final : public StoreHarness {
 public:
  std::unique_ptr<Store> open() override { return open_store(dir_.file("archive.db")); }
  std::vector<std::string> sql(Store& store, const std::string& text) override {
    return sql_rows(dynamic_cast<SqliteStore&>(store), text);
  }
  void check() override {
    auto store = open();
    ASSERT_NE(store, nullptr);
    EXPECT_EQ(sql(*store, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
  }

 private:
  TempDir dir_;
};

const auto kSqlite =
    ::testing::Values(StoreBackend{"sqlite", [] { return std::unique_ptr<StoreHarness>(new SqliteHarness); }});

BH_INSTANTIATE_STORE_SUITES(Sqlite, kSqlite);

}  // namespace
}  // namespace bh::storage::testing
