// Accounts against guessing (issue 26): an old PBKDF2 hash is upgraded to Argon2id at the
// next successful login; failed logins elsewhere do not lock the owner out; failed
// resumes are limited per address while good ones are not.
#include <future>
#include <string>

#include "app/players/passwords.hpp"
#include "harness.hpp"

namespace bh::app::test {
namespace {

// Password hashes are slow by design (and slower under the sanitizers): replies wait long.
constexpr auto kHashReply = 60s;

storage::StoreResult<storage::Account> find_account(storage::Store& store, const std::string& name) {
  std::promise<storage::StoreResult<storage::Account>> found;
  store.find_account(name, [&](storage::StoreResult<storage::Account> r) { found.set_value(std::move(r)); });
  return found.get_future().get();
}

json login(Client& c, const std::string& name, const std::string& password, int id) {
  c.send({{"type", "login"}, {"name", name}, {"password", password}, {"id", id}});
  return c.reply(id, kHashReply);
}

TEST_F(AppTest, ALoginUpgradesAnOldPbkdf2HashToArgon2id) {
  std::promise<storage::StoreError> created;
  store_->create_account(make_pbkdf2_account("olga", "correct horse", 1000),
                         [&](storage::StoreError e) { created.set_value(std::move(e)); });
  ASSERT_TRUE(created.get_future().get().ok());
  const auto before = find_account(*store_, "olga");
  ASSERT_TRUE(before.error.ok());
  EXPECT_EQ(before.value->iterations, 1000);

  // A wrong password changes nothing.
  EXPECT_EQ(login(client(), "olga", "wrong horse", 1)["code"], "auth_failed");
  EXPECT_EQ(find_account(*store_, "olga").value->hash, before.value->hash);

  const json first = login(client(), "olga", "correct horse", 2);
  ASSERT_EQ(first["type"], "identity") << first.dump();
  // The upgrade is written after the answer: wait for it.
  storage::Account after = *before.value;
  for (int i = 0; i < 500 && after.hash == before.value->hash; ++i) {
    std::this_thread::sleep_for(20ms);
    after = *find_account(*store_, "olga").value;
  }
  EXPECT_EQ(after.hash.rfind("$argon2id$v=19$m=19456,t=2,p=1$", 0), 0u) << after.hash;
  EXPECT_EQ(after.iterations, 0);
  EXPECT_EQ(after.created_ms, before.value->created_ms);  // the same account
  EXPECT_TRUE(verify_password(after, "correct horse"));
  EXPECT_FALSE(needs_rehash(after));
  // The new hash logs in; a second login leaves it alone.
  const json second = login(client(), "olga", "correct horse", 3);
  EXPECT_EQ(second["type"], "identity") << second.dump();
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(find_account(*store_, "olga").value->hash, after.hash);
}

TEST_F(AppTest, RegisteringStoresAnArgon2idHash) {
  Client& c = client();
  c.send({{"type", "register"}, {"name", "rita"}, {"password", "correct horse"}, {"id", 1}});
  ASSERT_EQ(c.reply(1, kHashReply)["type"], "identity");
  const auto found = find_account(*store_, "rita");
  ASSERT_TRUE(found.error.ok());
  EXPECT_EQ(found.value->hash.rfind("$argon2id$", 0), 0u) << found.value->hash;
}

TEST_F(AppTest, FailedLoginsFromOneAddressDoNotLockTheOwnerOutElsewhere) {
  Client& owner = client_at("10.0.0.3");
  owner.send({{"type", "register"}, {"name", "carol"}, {"password", "correct horse"}, {"id", 1}});
  ASSERT_EQ(owner.reply(1, kHashReply)["type"], "identity");
  owner.close();
  Client& guesser = client_at("10.0.0.2");
  for (int i = 0; i < 3; ++i) EXPECT_EQ(login(guesser, "carol", "wrong pass", 10 + i)["code"], "auth_failed");
  const json refused = login(guesser, "carol", "correct horse", 20);
  EXPECT_EQ(refused["code"], "too_many_attempts");  // the guessing address waits, even with the password
  EXPECT_GT(refused.value("retry_after_ms", 0), 0);
  const json back = login(client_at("10.0.0.3"), "carol", "correct horse", 21);
  EXPECT_EQ(back["type"], "identity") << back.dump();
}

class ResumeLimitTest : public AppTest {
 protected:
  AppConfig config() override {
    AppConfig c = AppTest::config();
    c.reconnect_grace_ms = 60'000;
    c.resume_fail_rate = 1;
    c.resume_fail_burst = 3;
    return c;
  }
};

TEST_F(ResumeLimitTest, FailedResumesAreLimitedPerAddressAndGoodOnesAreNot) {
  guest("gus");
  const std::string token = tokens_["gus"];
  const std::string wrong = "00112233445566778899aabbccddeeff";
  Client& attacker = client_at("10.0.0.2");
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(attacker.error_of({{"type", "resume"}, {"token", wrong}}, 1 + i), "auth_failed") << i;
  attacker.send({{"type", "resume"}, {"token", wrong}, {"id", 4}});
  const json refused = attacker.reply(4);
  EXPECT_EQ(refused["code"], "too_many_attempts") << refused.dump();
  EXPECT_GT(refused.value("retry_after_ms", 0), 0);
  // Another address resumes as often as it likes (many tabs, a restart): only failures count.
  for (int i = 0; i < 10; ++i) {
    Client& tab = client_at("10.0.0.3");
    tab.send({{"type", "resume"}, {"token", token}, {"id", 1}});
    const json r = tab.reply(1);
    EXPECT_EQ(r["type"], "identity") << i << ": " << r.dump();
  }
  EXPECT_EQ(client_at("10.0.0.3").error_of({{"type", "resume"}, {"token", wrong}}, 1), "auth_failed");
}

}  // namespace
}  // namespace bh::app::test
