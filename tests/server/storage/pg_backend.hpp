// The throwaway PostgreSQL server of bh_storage_pg_tests (support/pg_cluster.hpp): one
// per test process, started before the first test and stopped after the last, a fresh
// database per test.
//
// Thread-safety: the test's thread only.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "pg_cluster.hpp"

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

}  // namespace bh::storage::testing
