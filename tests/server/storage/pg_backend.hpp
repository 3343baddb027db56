// The throwaway PostgreSQL server of bh_storage_pg_tests (support/pg_cluster.hpp): one
// per test process, started before the first test and stopped after the last, a fresh
// database per test.
//
// Thread-safety: the test's thread only.
#pragma once

#include <string>

#include "pg_cluster.hpp"

namespace bh::storage::testing {

// The process's cluster; a failed test when it could not be started (nullptr).
bh::testing::PgCluster* pg_cluster();

}  // namespace bh::storage::testing
