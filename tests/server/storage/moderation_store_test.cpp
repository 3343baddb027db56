// Moderation in the store (docs/moderation.md; SQLite schema 17, PostgreSQL 9): blocks
// of accounts with their limit; reports, their listing and the chat forgotten after a
// while; each moderator action written with its audit entry, and not written when it
// fails; what is in force loaded again; the audit log refusing every change; and an
// annulment's refunds.
#include <gtest/gtest.h>

#include "storage/glicko2.hpp"
#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage::testing {
namespace {

StoreError block(Store& store, const std::string& player, const std::string& blocked, bool on = true, int max = 5) {
  return await<StoreError>([&](auto done) { store.save_block(player, blocked, on, max, 10, done); });
}
StoreResult<ModerationState> state(Store& store, std::int64_t now = 1000) {
  return await<StoreResult<ModerationState>>([&](auto done) { store.load_moderation(now, done); });
}
StoreResult<ModerationOutcome> act(Store& store, std::string action, std::string target, std::string value = {},
                                   std::optional<std::int64_t> until = std::nullopt) {
  ModerationAction a{std::move(action), std::move(target), std::move(value), until, "olga", "because", 500};
  return await<StoreResult<ModerationOutcome>>([&](auto done) { store.moderate(a, done); });
}
std::vector<AuditEntry> audit(Store& store, std::optional<std::int64_t> before = std::nullopt) {
  return *await<StoreResult<std::vector<AuditEntry>>>([&](auto done) { store.list_audit(before, 100, done); }).value;
}
StoreResult<std::vector<Report>> reports(Store& store, bool open_only) {
  return await<StoreResult<std::vector<Report>>>([&](auto done) { store.list_reports(open_only, 50, done); });
}

void accounts(Store& store, std::initializer_list<const char*> names) {
  for (const char* name : names) ASSERT_TRUE(create(store, Account{name, "s", "h", 10, 1}).ok()) << name;
}

TEST_P(StoreAccounts, APlayerBlocksAccountsUpToTheLimitAndUnblocksThem) {
  accounts(*store, {"ann", "bob", "cat"});
  ASSERT_TRUE(block(*store, "ann", "bob").ok());
  ASSERT_TRUE(block(*store, "ann", "bob").ok());  // twice: one block
  EXPECT_EQ(block(*store, "ann", "nobody").code, StoreErrc::not_found);
  EXPECT_EQ(block(*store, "ann", "cat", true, 1).code, StoreErrc::conflict);  // the limit
  ASSERT_TRUE(block(*store, "cat", "ann").ok());
  auto s = state(*store);
  ASSERT_TRUE(s.error.ok()) << s.error.message;
  ASSERT_EQ(s.value->blocks.size(), 2u);
  EXPECT_EQ(s.value->blocks[0].player, "ann");
  EXPECT_EQ(s.value->blocks[0].blocked, "bob");
  EXPECT_EQ(s.value->blocks[1].player, "cat");
  ASSERT_TRUE(block(*store, "ann", "bob", false).ok());
  EXPECT_EQ(block(*store, "ann", "bob", false).code, StoreErrc::not_found);
  EXPECT_EQ(state(*store).value->blocks.size(), 1u);
}

TEST_P(StoreAccounts, ReportsAreListedNewestFirstClosedOnceAndTheirChatForgottenLater) {
  Report r;
  r.at_ms = 100;
  r.reporter = "ann";
  r.target = "bob";
  r.reason = "abuse";
  r.text = "rude";
  r.game_id = "g1";
  r.ply = 7;
  r.chat = R"([{"from":"bob","text":"x"}])";
  auto first = await<StoreResult<std::int64_t>>([&](auto done) { store->save_report(r, done); });
  ASSERT_TRUE(first.error.ok()) << first.error.message;
  r.at_ms = 900;
  r.game_id.reset();
  r.ply.reset();
  auto second = await<StoreResult<std::int64_t>>([&](auto done) { store->save_report(r, done); });
  ASSERT_TRUE(second.error.ok());
  EXPECT_GT(*second.value, *first.value);

  auto open = reports(*store, true);
  ASSERT_TRUE(open.error.ok()) << open.error.message;
  ASSERT_EQ(open.value->size(), 2u);
  EXPECT_EQ((*open.value)[0].id, *second.value);
  EXPECT_FALSE((*open.value)[0].game_id);
  EXPECT_EQ((*open.value)[1].game_id, "g1");
  EXPECT_EQ((*open.value)[1].ply, 7);
  EXPECT_EQ((*open.value)[1].chat, r.chat);

  ASSERT_TRUE(act(*store, "close_report", std::to_string(*first.value)).error.ok());
  EXPECT_EQ(act(*store, "close_report", std::to_string(*first.value)).error.code, StoreErrc::not_found);
  EXPECT_EQ(act(*store, "close_report", "not-a-number").error.code, StoreErrc::not_found);
  EXPECT_EQ(reports(*store, true).value->size(), 1u);
  auto all = reports(*store, false);
  ASSERT_EQ(all.value->size(), 2u);
  EXPECT_EQ((*all.value)[1].closed_by, "olga");

  ASSERT_TRUE(await<StoreError>([&](auto done) { store->purge_report_chat(500, done); }).ok());
  all = reports(*store, false);
  EXPECT_EQ((*all.value)[1].chat, "");      // made at 100: forgotten
  EXPECT_EQ((*all.value)[0].chat, r.chat);  // made at 900: kept
  EXPECT_EQ((*all.value)[1].text, "rude");  // the rest of it stays
}

TEST_P(StoreAccounts, EachActionIsAuditedAndWhatIsInForceLoadsAgain) {
  accounts(*store, {"olga", "bob"});
  ASSERT_TRUE(act(*store, "grant_role", "olga", "admin").error.ok());
  ASSERT_TRUE(act(*store, "suspend", "bob", {}, 2000).error.ok());
  ASSERT_TRUE(act(*store, "block_address", "203.0.113.0/24", {}, std::nullopt).error.ok());
  ASSERT_TRUE(act(*store, "refuse_name", "Admin", "admin").error.ok());
  EXPECT_EQ(act(*store, "ban", "nobody").error.code, StoreErrc::not_found);  // no account: nothing written

  auto s = state(*store, 1000);
  ASSERT_TRUE(s.error.ok()) << s.error.message;
  ASSERT_EQ(s.value->staff.size(), 1u);
  EXPECT_EQ(s.value->staff[0].role, "admin");
  ASSERT_EQ(s.value->sanctions.size(), 1u);
  EXPECT_EQ(s.value->sanctions[0].kind, "suspend");
  EXPECT_EQ(s.value->sanctions[0].until_ms, 2000);
  EXPECT_EQ(s.value->sanctions[0].reason, "because");
  ASSERT_EQ(s.value->address_blocks.size(), 1u);
  EXPECT_FALSE(s.value->address_blocks[0].until_ms);
  ASSERT_EQ(s.value->refused_names.size(), 1u);
  EXPECT_EQ(s.value->refused_names[0].key, "admin");
  EXPECT_EQ(s.value->refused_names[0].name, "Admin");
  EXPECT_TRUE(state(*store, 3000).value->sanctions.empty());  // the suspension is over then

  // A ban replaces the suspension, with no end; lifted once.
  ASSERT_TRUE(act(*store, "ban", "bob").error.ok());
  EXPECT_FALSE(state(*store, 3000).value->sanctions[0].until_ms);
  ASSERT_TRUE(act(*store, "lift", "bob").error.ok());
  EXPECT_EQ(act(*store, "lift", "bob").error.code, StoreErrc::not_found);
  ASSERT_TRUE(act(*store, "unblock_address", "203.0.113.0/24").error.ok());
  ASSERT_TRUE(act(*store, "allow_name", "Admin", "admin").error.ok());
  EXPECT_EQ(act(*store, "allow_name", "Admin", "admin").error.code, StoreErrc::not_found);
  ASSERT_TRUE(act(*store, "grant_role", "olga", "none").error.ok());
  s = state(*store, 1000);
  EXPECT_TRUE(s.value->staff.empty());
  EXPECT_TRUE(s.value->sanctions.empty());
  EXPECT_TRUE(s.value->address_blocks.empty());
  EXPECT_TRUE(s.value->refused_names.empty());

  const auto entries = audit(*store);
  ASSERT_EQ(entries.size(), 9u);  // the failed one left none
  EXPECT_EQ(entries[0].action, "grant_role");
  EXPECT_EQ(entries[0].detail, "role none");
  EXPECT_EQ(entries.back().action, "grant_role");
  EXPECT_EQ(entries.back().detail, "role admin");
  EXPECT_EQ(entries.back().moderator, "olga");
  EXPECT_EQ(entries.back().reason, "because");
  EXPECT_GT(entries[0].id, entries[1].id);
  EXPECT_EQ(entries[7].detail, "until 2000");
  const auto older = audit(*store, entries[1].id);
  ASSERT_EQ(older.size(), 7u);
  EXPECT_EQ(older[0].id, entries[2].id);
}

TEST(ModerationSqlite, TheAuditLogRefusesEveryChange) {
  TempDir dir;
  auto store = open_store(dir.file("audit.db"));
  ASSERT_TRUE(create(*store, Account{"bob", "s", "h", 10, 1}).ok());
  ASSERT_TRUE(act(*store, "ban", "bob").error.ok());
  for (const char* change : {"UPDATE audit_log SET reason = 'nothing'", "DELETE FROM audit_log"}) {
    auto run = await<StoreResult<std::vector<std::string>>>([&](auto done) { store->run_sql(change, done); });
    EXPECT_FALSE(run.error.ok()) << change;
  }
  ASSERT_EQ(audit(*store).size(), 1u);
  EXPECT_EQ(audit(*store)[0].reason, "because");
}

TEST_P(StoreAccounts, AnAnnulmentUnratesThePlayersGamesAndRefundsWhatOpponentsLost) {
  accounts(*store, {"alice", "bob", "cat"});
  // alice beats bob twice and loses to cat once, all rated.
  auto g1 = sample_game("g1", 100, "tablut", "alice", "bob", "first");
  auto g2 = sample_game("g2", 200, "tablut", "alice", "bob", "first");
  auto g3 = sample_game("g3", 300, "tablut", "cat", "alice", "first");
  for (auto* g : {&g1, &g2, &g3}) {
    g->options = {};
    g->rated = true;
    ASSERT_TRUE(save(*store, *g).ok());
  }
  const auto ratings = [&] {
    std::map<std::string, double> out;
    auto all = await<StoreResult<std::vector<PlayerRating>>>([&](auto done) { store->load_ratings(done); });
    for (const auto& r : *all.value) out[r.player] = r.rating;
    return out;
  };
  const auto before = ratings();
  ASSERT_LT(before.at("bob"), 1500);
  ASSERT_GT(before.at("cat"), 1500);

  auto annulled = act(*store, "annul", "alice");
  ASSERT_TRUE(annulled.error.ok()) << annulled.error.message;
  EXPECT_EQ(annulled.value->count, 3);
  EXPECT_EQ(annulled.value->rerated, (std::vector<std::string>{"alice", "bob", "cat"}));
  const auto after = ratings();
  EXPECT_FALSE(after.contains("alice"));                 // starts again
  EXPECT_NEAR(after.at("bob"), 1500, 1e-6);              // both losses given back
  EXPECT_NEAR(after.at("cat"), before.at("cat"), 1e-9);  // a win is kept
  for (const char* id : {"g1", "g2", "g3"}) EXPECT_FALSE(get(*store, id).value->rated) << id;
  EXPECT_EQ(audit(*store)[0].detail, "3 games");
  EXPECT_EQ(act(*store, "annul", "alice").value->count, 0);  // nothing left to annul
}

}  // namespace
}  // namespace bh::storage::testing
