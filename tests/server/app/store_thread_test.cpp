// Store completions come back to the network threads before any application work: no
// record is replayed through the rules, no JSON encoded and no identity bound on the
// store's one SQLite thread (app/completion.hpp), which every room's group commit waits
// for. app/thread_check.hpp counts any such work; these tests drive every path that
// reads or writes the store from a request and expect the count not to move.
#include <future>

#include "app/thread_check.hpp"
#include "harness.hpp"
#include "storage/store_thread.hpp"

namespace bh::app::test {
namespace {

// Password hashes are slow by design (and slower under the sanitizers).
constexpr auto kHashReply = 60s;

TEST_F(AppTest, NoRulesJsonOrIdentityWorkRunsOnTheStoreThread) {
  const auto before = store_thread_violations();

  // Identity flows: guest (find_account_like), register (create_account), login (find_account,
  // then the hash), a failed login, resume.
  guest("alice");
  Client& bob = client();
  bob.send({{"type", "register"}, {"name", "bob"}, {"password", "long enough"}, {"id", 1}});
  ASSERT_EQ(bob.reply(1, kHashReply)["type"], "identity");
  Client& wrong = client();
  wrong.send({{"type", "login"}, {"name", "bob"}, {"password", "not the one"}, {"id", 1}});
  EXPECT_EQ(wrong.reply(1, kHashReply)["code"], "auth_failed");
  Client& bob2 = client();
  bob2.send({{"type", "login"}, {"name", "bob"}, {"password", "long enough"}, {"id", 1}});
  json identity = bob2.reply(1, kHashReply);
  ASSERT_EQ(identity["type"], "identity") << identity.dump();
  Client& again = client();
  again.send({{"type", "resume"}, {"token", tokens_["alice"]}, {"id", 1}});
  EXPECT_EQ(again.reply(1)["type"], "identity");

  // An archived game: a room's writes, then the archive read over WebSocket and HTTP.
  Client& carol = guest("carol");
  Client& dave = guest("dave");
  const std::string game_id = start_game(carol, dave, {{"game", "tavlei"}});
  ASSERT_FALSE(game_id.empty());
  play(carol, dave, game_id, {"a4-b4", "c5-c9"});
  carol.send({{"type", "resign"}, {"game_id", game_id}, {"id", 2}});
  ASSERT_FALSE(dave.next("game_over").is_null());
  carol.send({{"type", "get_game"}, {"game_id", game_id}, {"id", 3}});
  EXPECT_EQ(carol.reply(3)["type"], "game_record");
  carol.send({{"type", "get_game"}, {"game_id", "g-none"}, {"id", 4}});
  EXPECT_EQ(carol.reply(4)["code"], "not_found");
  carol.send({{"type", "list_games"}, {"id", 5}});
  EXPECT_EQ(carol.reply(5)["type"], "games");
  EXPECT_EQ(http("/api/games/" + game_id).status, 200);
  EXPECT_EQ(http("/api/games/g-none").status, 404);
  EXPECT_EQ(http("/api/games").status, 200);
  EXPECT_EQ(http("/api/lobby").status, 200);
  EXPECT_EQ(http("/metrics").status, 200);
  EXPECT_EQ(http("/healthz").status, 200);

  // The answers to a store that fails.
  store_->fail_all_reads(true);
  carol.send({{"type", "get_game"}, {"game_id", game_id}, {"id", 6}});
  EXPECT_EQ(carol.reply(6)["code"], "storage_unavailable");
  carol.send({{"type", "list_games"}, {"id", 7}});
  EXPECT_EQ(carol.reply(7)["code"], "storage_unavailable");
  EXPECT_EQ(http("/api/games/" + game_id).status, 503);
  EXPECT_EQ(http("/api/games").status, 503);
  Client& erin = client();
  erin.send({{"type", "guest"}, {"name", "erin"}, {"id", 1}});
  EXPECT_EQ(erin.reply(1)["code"], "storage_unavailable");
  store_->fail_all_reads(false);

  EXPECT_EQ(store_thread_violations(), before);
}

// The check itself: a completion that does the work where the store calls it is seen.
TEST_F(AppTest, StoreThreadCheckSeesWorkInARawCompletion) {
  EXPECT_FALSE(storage::on_store_thread());
  [[maybe_unused]] const auto before = store_thread_violations();
  std::promise<bool> on_store;
  store_->find_account("nobody", [&](storage::StoreResult<storage::Account>) {
    const bool marked = storage::on_store_thread();
#ifdef NDEBUG  // a debug build asserts instead
    expect_off_store_thread("the test's raw completion");
#endif
    on_store.set_value(marked);
  });
#ifdef NDEBUG
  EXPECT_TRUE(on_store.get_future().get());
  EXPECT_EQ(store_thread_violations(), before + 1);
#else
  EXPECT_TRUE(on_store.get_future().get());
#endif
}

}  // namespace
}  // namespace bh::app::test
