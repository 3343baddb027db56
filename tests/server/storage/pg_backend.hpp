// The throwaway PostgreSQL server of bh_storage_pg_tests (support/pg_cluster.hpp): one
// per test process, started before the first test and stopped after the last, a fresh
// database per test.
//
// Thread-safety: the test's thread only.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "pg_cluster.hpp"
#include "storage/pg/pg_store.hpp"

namespace bh::storage::testing {

// The process's cluster; a failed test when it could not be started (nullptr).
bh::testing::PgCluster* pg_cluster();

// A test with a new database of the process's cluster.
class PgDatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cluster = pg_cluster();
    ASSERT_NE(cluster, nullptr);
    database = cluster->create_database();
    ASSERT_FALSE(database.empty());
  }
  std::vector<std::string> sql(const std::string& text) { return cluster->sql(database, text); }

  bh::testing::PgCluster* cluster = nullptr;
  std::string database;
};

// A test of cluster nodes, each a PgStore with a node name, on one new database.
class PgNodesTest : public PgDatabaseTest {
 protected:
  std::unique_ptr<PgStore> node(const std::string& name, int lease_ms = 60'000, int renew_ms = 100) {
    PgOptions options;
    options.node_id = name;
    options.lease_ms = lease_ms;
    options.renew_ms = renew_ms;
    auto opened = PgStore::open(cluster->dsn(database), std::move(options));
    EXPECT_TRUE(opened.error.ok()) << opened.error.message;
    return opened.error.ok() ? std::move(*opened.value) : nullptr;
  }
  // Ends `store`'s lease as if its node had been gone for a while. Only for a node made
  // to renew rarely (node(name, 120'000, 60'000)): one renewing every 100 ms would take
  // its lease back before the test looks (seen under TSan on a busy machine).
  void lapse(const PgStore& store) {
    sql("UPDATE nodes SET lease_until = now() - interval '1 second' WHERE epoch = " + std::to_string(store.epoch()));
  }
};

}  // namespace bh::storage::testing
