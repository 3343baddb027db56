// The shared store suites (store_backend.hpp) on PostgreSQL: a new database of the
// process's throwaway cluster per test.
#include "pg_backend.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "storage/pg/pg_store.hpp"
#include "store_backend.hpp"

namespace bh::storage::testing {

namespace {

std::unique_ptr<bh::testing::PgCluster>& cluster_slot() {
  static std::unique_ptr<bh::testing::PgCluster> cluster;
  return cluster;
}

// Started once before the tests, stopped (and its folder deleted) after them.
class PgEnvironment final : public ::testing::Environment {
 public:
  void SetUp() override {
    std::string error;
    cluster_slot() = bh::testing::PgCluster::start(error);
    if (!cluster_slot()) ADD_FAILURE() << "no PostgreSQL for the tests: " << error;
  }
  void TearDown() override { cluster_slot().reset(); }
};

[[maybe_unused]] ::testing::Environment* const kEnvironment = ::testing::AddGlobalTestEnvironment(new PgEnvironment);

class PgHarness final : public StoreHarness {
 public:
  PgHarness() {
    auto* cluster = pg_cluster();
    if (cluster) database_ = cluster->create_database();
    EXPECT_FALSE(database_.empty()) << "cannot create a database";
  }
  std::unique_ptr<Store> open() override {
    auto* cluster = pg_cluster();
    if (!cluster || database_.empty()) return nullptr;
    auto opened = PgStore::open(cluster->dsn(database_));
    EXPECT_TRUE(opened.error.ok()) << opened.error.message;
    return opened.error.ok() ? std::move(*opened.value) : nullptr;
  }
  std::vector<std::string> sql(Store&, const std::string& text) override { return pg_cluster()->sql(database_, text); }

 private:
  std::string database_;
};

const auto kPg = ::testing::Values(StoreBackend{"pg", [] { return std::unique_ptr<StoreHarness>(new PgHarness); }});

BH_INSTANTIATE_STORE_SUITES(Pg, kPg);

}  // namespace

bh::testing::PgCluster* pg_cluster() { return cluster_slot().get(); }

}  // namespace bh::storage::testing
