// Bot accounts and the marks of a game against the computer in the store (schema v6):
// only save_bot_account makes a bot, never over a person's account; live and archived
// games keep the computer's level and which players were bots.
#include <gtest/gtest.h>

#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage::testing {
namespace {

StoreError save_bot(Store& store, Account account) {
  return await<StoreError>([&](auto done) { store.save_bot_account(std::move(account), done); });
}

TEST_P(StoreAccounts, SaveBotAccountCreatesABotAndGivesItANewPassword) {
  ASSERT_TRUE(save_bot(*store, Account{"robo", "s1", "h1", 10, 5}).ok());
  auto found = find(*store, "robo");
  ASSERT_TRUE(found.error.ok()) << found.error.message;
  EXPECT_TRUE(found.value->bot);
  EXPECT_EQ(found.value->hash, "h1");
  ASSERT_TRUE(save_bot(*store, Account{"robo", "s2", "h2", 20, 9}).ok());
  found = find(*store, "robo");
  EXPECT_TRUE(found.value->bot);
  EXPECT_EQ(found.value->salt, "s2");
  EXPECT_EQ(found.value->hash, "h2");
  EXPECT_EQ(found.value->iterations, 20);
  EXPECT_EQ(found.value->created_ms, 5);  // the account is the same one
}

TEST_P(StoreAccounts, APersonsAccountIsNeverMadeABot) {
  ASSERT_TRUE(create(*store, Account{"ann", "s", "h", 10, 1}).ok());
  EXPECT_EQ(save_bot(*store, Account{"ann", "s2", "h2", 10, 2}).code, StoreErrc::conflict);
  auto found = find(*store, "ann");
  EXPECT_FALSE(found.value->bot);
  EXPECT_EQ(found.value->hash, "h");  // untouched
  EXPECT_EQ(save_bot(*store, Account{}).code, StoreErrc::invalid_query);
}

TEST_P(StoreAccounts, CreateAccountNeverMakesABot) {
  Account asked{"eve", "s", "h", 10, 1};
  asked.bot = true;  // what a register could never say, and ignored if it did
  ASSERT_TRUE(create(*store, asked).ok());
  EXPECT_FALSE(find(*store, "eve").value->bot);
  // A bot's name is taken for everyone else.
  ASSERT_TRUE(save_bot(*store, Account{"robo", "s", "h", 10, 1}).ok());
  EXPECT_EQ(create(*store, Account{"robo", "s", "h", 10, 1}).code, StoreErrc::conflict);
}

TEST_P(StoreAccounts, AProfileSaysBot) {
  ASSERT_TRUE(save_bot(*store, Account{"robo", "s", "h", 10, 1}).ok());
  ASSERT_TRUE(create(*store, Account{"ann", "s", "h", 10, 1}).ok());
  auto profile = await<StoreResult<PlayerProfile>>([&](auto done) { store->get_profile("robo", done); });
  ASSERT_TRUE(profile.error.ok());
  EXPECT_TRUE(profile.value->registered);
  EXPECT_TRUE(profile.value->bot);
  profile = await<StoreResult<PlayerProfile>>([&](auto done) { store->get_profile("ann", done); });
  EXPECT_FALSE(profile.value->bot);
}

TEST_P(StoreAccounts, ArchivedGamesKeepTheLevelAndTheBots) {
  GameRecord against = sample_game("g1", 100, "tablut", "ann", "robo");
  against.computer_level = 6;
  against.second_bot = true;
  ASSERT_TRUE(save(*store, against).ok());
  ASSERT_TRUE(save(*store, sample_game("g2", 200)).ok());
  auto back = get(*store, "g1");
  ASSERT_TRUE(back.error.ok());
  EXPECT_EQ(*back.value, against);
  auto listed = list_all(*store, ArchiveQuery{});
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[1].id, "g1");
  EXPECT_EQ(listed[1].computer_level, 6);
  EXPECT_FALSE(listed[1].first_bot);
  EXPECT_TRUE(listed[1].second_bot);
  EXPECT_EQ(listed[0].computer_level, std::nullopt);
  EXPECT_FALSE(listed[0].second_bot);
}

TEST_P(StoreAccounts, LiveGamesKeepTheLevelAndTheBotSeat) {
  LiveGame g;
  g.game_id = "g1";
  g.room_id = "r1";
  g.match_id = "m1";
  g.game = "draughts";
  g.creator_side = "first";
  g.is_private = true;
  g.seats = {LiveSeat{"ann", "tok-ann", true, 0.0}, LiveSeat{"robo", "tok-robo", true, 0.0, true}};
  g.computer_level = 3;
  g.started_ms = 10;
  ASSERT_TRUE(await<StoreError>([&](auto done) { store->save_live(LiveUpdate{g, "", 1, {}, 0}, done); }).ok());
  store.reset();
  store = open();
  auto loaded = await<StoreResult<std::vector<LiveGame>>>([&](auto done) { store->load_live(done); });
  ASSERT_TRUE(loaded.error.ok());
  ASSERT_EQ(loaded.value->size(), 1u);
  EXPECT_EQ(loaded.value->front(), g);
  EXPECT_EQ(loaded.value->front().computer_level, 3);
  EXPECT_TRUE(loaded.value->front().seats[1].bot);
  EXPECT_FALSE(loaded.value->front().seats[0].bot);
}

}  // namespace
}  // namespace bh::storage::testing
