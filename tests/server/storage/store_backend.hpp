// The store suites shared by every Store implementation: a test of store semantics is
// written once, as TEST_P on a fixture derived from StoreSuite, and each test binary
// runs it against its backends (sqlite_backend.cpp: bh_storage_tests; pg_backend.cpp:
// bh_storage_pg_tests, on a throwaway PostgreSQL).
//
// Thread-safety: the test's thread only.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "storage/store.hpp"

namespace bh::storage::testing {

// One test's database on one backend: made empty when the test starts, gone after it.
class StoreHarness {
 public:
  virtual ~StoreHarness() = default;
  // A store on the test's database; opened again, it is as after a restart.
  virtual std::unique_ptr<Store> open() = 0;
  // One SQL statement on the test's database (through `store` where the backend needs
  // it): each row's columns joined by '|'. Plain SQL that both engines read alike.
  virtual std::vector<std::string> sql(Store& store, const std::string& text) = 0;
  // What a backend checks of its database after each test, the test's store closed
  // (SQLite: integrity_check).
  virtual void check() {}
};

struct StoreBackend {
  std::string name;  // "sqlite", "pg": the test's parameter name
  std::function<std::unique_ptr<StoreHarness>()> make;
};

inline void PrintTo(const StoreBackend& backend, std::ostream* out) { *out << backend.name; }
inline std::string backend_name(const ::testing::TestParamInfo<StoreBackend>& info) { return info.param.name; }

// `store` is open on a fresh database when a test starts; a test may close it and
// open() another on the same database (a restart).
class StoreSuite : public ::testing::TestWithParam<StoreBackend> {
 protected:
  void SetUp() override {
    harness_ = GetParam().make();
    ASSERT_NE(harness_, nullptr);
    store = open();
    ASSERT_NE(store, nullptr);
  }
  void TearDown() override {
    if (store) store->close();
    store.reset();
    if (harness_) harness_->check();
  }
  std::unique_ptr<Store> open() {
    auto opened = harness_->open();
    EXPECT_NE(opened, nullptr);
    return opened;
  }
  std::vector<std::string> sql(Store& on, const std::string& text) { return harness_->sql(on, text); }

  std::unique_ptr<Store> store;

 private:
  std::unique_ptr<StoreHarness> harness_;
};

// Each binary instantiates every suite below with its backends.
#define BH_INSTANTIATE_STORE_SUITES(prefix, backends)                                               \
  INSTANTIATE_TEST_SUITE_P(prefix, StoreArchive, backends, ::bh::storage::testing::backend_name);   \
  INSTANTIATE_TEST_SUITE_P(prefix, StoreLiveGames, backends, ::bh::storage::testing::backend_name); \
  INSTANTIATE_TEST_SUITE_P(prefix, StoreRatings, backends, ::bh::storage::testing::backend_name);   \
  INSTANTIATE_TEST_SUITE_P(prefix, StoreAccounts, backends, ::bh::storage::testing::backend_name);  \
  INSTANTIATE_TEST_SUITE_P(prefix, StoreConcerns, backends, ::bh::storage::testing::backend_name);  \
  INSTANTIATE_TEST_SUITE_P(prefix, StoreTournaments, backends, ::bh::storage::testing::backend_name)

class StoreArchive : public StoreSuite {};
class StoreLiveGames : public StoreSuite {};
class StoreRatings : public StoreSuite {};
class StoreAccounts : public StoreSuite {};
class StoreConcerns : public StoreSuite {};
class StoreTournaments : public StoreSuite {};

}  // namespace bh::storage::testing
