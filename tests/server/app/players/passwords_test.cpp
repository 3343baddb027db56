// Password hashes (app/passwords): Argon2id for new ones, PBKDF2 still read, which of
// them needs a rehash, and the dummy check for unknown names at a real hash's cost.
#include "app/players/passwords.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <vector>

namespace bh::app {
namespace {

TEST(Passwords, NewHashesAreArgon2idAtTheStatedCost) {
  const auto account = make_account("olga", "correct horse");
  EXPECT_EQ(account.hash.rfind("$argon2id$v=19$m=19456,t=2,p=1$", 0), 0u) << account.hash;
  EXPECT_EQ(account.iterations, 0);
  EXPECT_TRUE(account.salt.empty());
  EXPECT_TRUE(verify_password(account, "correct horse"));
  EXPECT_FALSE(verify_password(account, "correct horsf"));
  EXPECT_FALSE(verify_password(account, ""));
  EXPECT_FALSE(needs_rehash(account));
  // Salted: the same password hashes differently.
  EXPECT_NE(make_account("olga", "correct horse").hash, account.hash);
}

TEST(Passwords, OldPbkdf2HashesAreStillReadAndNeedARehash) {
  const auto old = make_pbkdf2_account("olga", "correct horse", 1000);
  EXPECT_EQ(old.iterations, 1000);
  EXPECT_EQ(old.hash.size(), 64u);
  EXPECT_TRUE(verify_password(old, "correct horse"));
  EXPECT_FALSE(verify_password(old, "wrong horse"));
  EXPECT_TRUE(needs_rehash(old));
  // Argon2id at other parameters is upgraded too.
  const auto cheap = make_account("olga", "correct horse", PasswordCost{1, 8 * 1024});
  EXPECT_TRUE(verify_password(cheap, "correct horse"));
  EXPECT_TRUE(needs_rehash(cheap));
  // Nothing that looks like neither form verifies.
  storage::Account broken = old;
  broken.iterations = 0;
  EXPECT_FALSE(verify_password(broken, "correct horse"));
  broken.hash = "$argon2id$garbage";
  EXPECT_FALSE(verify_password(broken, "correct horse"));
}

TEST(Passwords, AnUnknownNameCostsARealHash) {
  const auto account = make_account("olga", "correct horse");
  EXPECT_FALSE(verify_against_dummy("correct horse"));  // made once, not timed
  // Interleaved, and the fastest of each kept: other work on the machine only ever adds
  // time, so the minimum is each check's own cost, whatever else runs meanwhile.
  auto ms = [](auto check) {
    const auto start = std::chrono::steady_clock::now();
    check();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  double real = 1e9, dummy = 1e9;
  for (int i = 0; i < 5; ++i) {
    real = std::min(real, ms([&] { verify_password(account, "wrong horse"); }));
    dummy = std::min(dummy, ms([&] { verify_against_dummy("wrong horse"); }));
  }
  std::printf("[ figures  ] Argon2id check, fastest of 5: known %.1f ms, dummy %.1f ms\n", real, dummy);
  // Without the dummy an unknown name costs a few microseconds, not milliseconds.
  EXPECT_GT(dummy, 0.5 * real);
  EXPECT_GT(dummy, 1.0);
}

}  // namespace
}  // namespace bh::app
