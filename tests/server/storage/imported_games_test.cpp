// Imported games in the store (schema v7, docs/records.md): marked, with their file's
// tags and a content hash that the archive holds once.
#include <gtest/gtest.h>

#include "storage/schema.hpp"
#include "storage_test_util.hpp"
#include "store_backend.hpp"

namespace bh::storage {
namespace {

using namespace bh::storage::testing;

GameRecord imported_game(const std::string& id, const std::string& hash, std::int64_t ended_ms) {
  GameRecord g = sample_game(id, ended_ms, "draughts", "Блиндер Б.", "Миротин Б.");
  g.imported = true;
  g.tags = {{"Event", "X чемпионат СССР"}, {"Date", "1950."}, {"Quote", "a \"b\" \\ c"}};
  g.content_hash = hash;
  return g;
}

TEST_P(StoreArchive, ImportedGamesKeepTheirMarkTagsAndHash) {
  EXPECT_GE(sql::kSchemaVersion, 7);  // imported games came with version 7
  const GameRecord game = imported_game("i0123", std::string(64, 'a'), 5000);
  ASSERT_TRUE(save(*store, game).ok());
  const auto got = get(*store, "i0123");
  ASSERT_TRUE(got.error.ok()) << got.error.message;
  EXPECT_EQ(*got.value, game);
  ASSERT_TRUE(save(*store, sample_game("g1", 6000, "draughts", "Блиндер Б.", "ann")).ok());
  ArchiveQuery q;
  q.player = "Блиндер Б.";
  const auto page = list(*store, q);
  ASSERT_TRUE(page.error.ok());
  ASSERT_EQ(ids(page.value->games), (std::vector<std::string>{"g1", "i0123"}));
  EXPECT_FALSE(page.value->games[0].imported);
  EXPECT_TRUE(page.value->games[1].imported);
  EXPECT_FALSE(get(*store, "g1").value->imported);
}

TEST_P(StoreArchive, TheSameImportedContentIsStoredOnce) {
  ASSERT_TRUE(save(*store, imported_game("i1", std::string(64, 'b'), 5000)).ok());
  const StoreError again = save(*store, imported_game("i2", std::string(64, 'b'), 7000));
  EXPECT_EQ(again.code, StoreErrc::conflict) << again.message;
  EXPECT_EQ(get(*store, "i2").error.code, StoreErrc::not_found);
  // Games played here have no hash: any number of them.
  ASSERT_TRUE(save(*store, sample_game("g1", 6000)).ok());
  ASSERT_TRUE(save(*store, sample_game("g2", 6001)).ok());
  EXPECT_EQ(sql(*store, "SELECT count(*) FROM games WHERE content_hash IS NULL"), std::vector<std::string>{"2"});
  store->close();
  // Reopened: already at version 7, nothing migrates again, the index still holds.
  store = open();
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(save(*store, imported_game("i3", std::string(64, 'b'), 8000)).code, StoreErrc::conflict);
}

}  // namespace
}  // namespace bh::storage
