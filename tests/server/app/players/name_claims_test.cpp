// This node's side of the names across the nodes (app/players/name_claims.hpp), over a
// store of names in memory: off without one; a claim's answer comes back on the
// io_context; a name the store could not give back is given back once it can.
#include "app/players/name_claims.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <map>
#include <string>

namespace bh::app {
namespace {

// Names in memory; `failing` writes fail as if PostgreSQL were away.
class MemoryNames final : public storage::ClusterNames {
 public:
  void claim_name(storage::NameClaim c, std::function<void(storage::StoreResult<bool>)> done) override {
    if (failing) return done({{storage::StoreErrc::unavailable, "away"}, std::nullopt});
    auto [it, fresh] = held.try_emplace(c.key, c.token);
    done({{}, fresh || it->second == c.token});
  }
  void release_name(std::string key, std::string token, std::int64_t,
                    std::function<void(storage::StoreError)> done) override {
    if (failing) return done({storage::StoreErrc::unavailable, "away"});
    if (held.contains(key) && held[key] == token) held.erase(key);
    done({});
  }
  void find_token(std::string, std::function<void(storage::StoreResult<storage::NameHolder>)> done) override {
    done({{storage::StoreErrc::not_found, "none"}, std::nullopt});
  }
  void find_name(std::string, std::function<void(storage::StoreResult<storage::NameHolder>)> done) override {
    done({{storage::StoreErrc::not_found, "none"}, std::nullopt});
  }
  bool failing = false;
  std::map<std::string, std::string> held;  // key -> token
};

TEST(NameClaims, OffWithoutAStoreEveryClaimIsClaimed) {
  boost::asio::io_context io;
  NameClaims off(io, nullptr, 0);
  EXPECT_FALSE(off.on());
  bool yes = false;
  off.claim("bob", "t", false, false, [&](NameClaims::Claimed c) { yes = c == NameClaims::Claimed::yes; });
  EXPECT_TRUE(yes);
  off.release("bob", "t");  // nothing to do
  off.retry_releases();
}

TEST(NameClaims, AClaimIsAnsweredOnTheIoContext) {
  boost::asio::io_context io;
  MemoryNames names;
  NameClaims claims(io, &names, 7);
  std::vector<NameClaims::Claimed> answers;
  claims.claim("bob", "t1", false, false, [&](NameClaims::Claimed c) { answers.push_back(c); });
  claims.claim("bob", "t2", false, false, [&](NameClaims::Claimed c) { answers.push_back(c); });
  names.failing = true;
  claims.claim("ann", "t3", false, false, [&](NameClaims::Claimed c) { answers.push_back(c); });
  EXPECT_TRUE(answers.empty());  // not before the io_context runs them
  io.run();
  EXPECT_EQ(answers, (std::vector<NameClaims::Claimed>{NameClaims::Claimed::yes, NameClaims::Claimed::taken,
                                                       NameClaims::Claimed::unavailable}));
}

TEST(NameClaims, ANameTheStoreCouldNotGiveBackIsGivenBackOnceItCan) {
  boost::asio::io_context io;
  MemoryNames names;
  NameClaims claims(io, &names, 7);
  claims.claim("bob", "t1", false, false, [](NameClaims::Claimed) {});
  io.run();
  ASSERT_EQ(names.held.size(), 1u);
  names.failing = true;
  claims.release("bob", "t1");
  claims.retry_releases();  // still failing: kept for the next round
  EXPECT_EQ(names.held.size(), 1u);
  names.failing = false;
  claims.retry_releases();
  EXPECT_TRUE(names.held.empty());
  claims.retry_releases();  // nothing left to do
}

}  // namespace
}  // namespace bh::app
