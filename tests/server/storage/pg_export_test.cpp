// --export-to: a SQLite database's accounts, archive and ratings copied into an empty
// PostgreSQL database, read back through both stores and found the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "pg_backend.hpp"
#include "storage/pg/pg_export.hpp"
#include "storage/pg/pg_store.hpp"
#include "storage/sqlite_store.hpp"
#include "storage/tournaments.hpp"
#include "storage_test_util.hpp"

namespace bh::storage::testing {
namespace {

template <class T, class Call>
T read(Store& store, Call call) {
  return await<T>([&](auto done) { call(store, done); });
}

// Everything a reader of the store can see of these names and games, as one value.
struct Seen {
  std::vector<GameRecord> games;
  std::vector<std::string> listing;
  std::vector<PlayerRating> ratings;
  std::vector<std::vector<RatingHistoryEntry>> histories;
  std::vector<std::string> accounts;
  std::vector<std::string> profiles;
  std::vector<std::string> explorer;  // the moves from the positions the games' lines start with
};

Seen seen(Store& store, const std::vector<std::string>& ids, const std::vector<std::string>& names) {
  Seen out;
  for (const auto& id : ids) out.games.push_back(*get(store, id).value);
  ArchiveQuery all;
  all.limit = 3;
  for (const auto& g : list_all(store, all)) out.listing.push_back(g.id + " " + std::to_string(g.move_count));
  all.viewer = "ann";  // her private game too
  for (const auto& g : list_all(store, all)) out.listing.push_back(g.id);
  out.ratings =
      *read<StoreResult<std::vector<PlayerRating>>>(store, [](Store& s, auto done) { s.load_ratings(done); }).value;
  std::sort(out.ratings.begin(), out.ratings.end(),
            [](const auto& a, const auto& b) { return std::tie(a.player, a.key) < std::tie(b.player, b.key); });
  for (const std::int64_t position : {100, 101, 200}) {
    ExplorerQuery q;
    q.variant = "tablut";
    q.position = position;
    auto found = read<StoreResult<ExplorerPosition>>(store, [&](Store& s, auto done) { s.explore(q, done); });
    for (const auto& m : found.value->moves)
      out.explorer.push_back(m.move + " " + std::to_string(m.games) + " " + std::to_string(m.first) + " " +
                             std::to_string(m.draws) + " " + std::to_string(m.rated_games) + " " + m.last_game);
    for (const auto& g : found.value->examples) out.explorer.push_back(g.id);
  }
  for (const auto& name : names) {
    auto history = read<StoreResult<std::vector<RatingHistoryEntry>>>(
        store, [&](Store& s, auto done) { s.rating_history(name, "tablut", done); });
    out.histories.push_back(history.value.value_or(std::vector<RatingHistoryEntry>{}));
    auto account = find(store, name);
    out.accounts.push_back(account.error.ok() ? account.value->hash + (account.value->bot ? " bot" : "") : "none");
    auto like = read<StoreResult<Account>>(store, [&](Store& s, auto done) { s.find_account_like(name, done); });
    out.accounts.push_back(like.error.ok() ? like.value->name : "none");
    auto profile = read<StoreResult<PlayerProfile>>(store, [&](Store& s, auto done) { s.get_profile(name, done); });
    out.profiles.push_back(profile.error.ok() ? std::to_string(profile.value->recent.size()) + " " +
                                                    std::to_string(profile.value->ratings.size())
                                              : "none");
  }
  return out;
}

TEST(PgExport, ASqliteDatabaseReadsTheSameFromPostgreSqlAndASecondExportIsRefused) {
  auto* cluster = pg_cluster();
  ASSERT_NE(cluster, nullptr);
  TempDir dir;
  const std::vector<std::string> names = {"ann", "bob", "robo", "cid"};
  std::vector<std::string> ids;
  {
    auto sqlite = open_store(dir.file("a.db"));
    ASSERT_NE(sqlite, nullptr);
    ASSERT_TRUE(create(*sqlite, {"ann", "s1", "h1", 1, 10}).ok());
    ASSERT_TRUE(create(*sqlite, {"bob", "s2", "h2", 1, 20}).ok());
    ASSERT_TRUE(await<StoreError>([&](auto done) { sqlite->save_bot_account({"robo", "", "h3", 0, 30}, done); }).ok());
    for (int i = 0; i < 12; ++i) {
      GameRecord g = sample_game("g" + std::to_string(i), 1000 + i, "tablut", i % 2 ? "ann" : "bob",
                                 i % 3 ? "robo" : "ann", i % 4 ? "first" : "draw");
      g.options = {};
      g.rated = i % 3 != 0;
      g.is_private = i == 5;
      g.second_bot = g.second_player == "robo";
      g.opening = {"tablut", {100 + i % 2, 200}};  // the explorer's rows, copied as they are
      ids.push_back(g.id);
      auto finished = await<StoreResult<GameFinish>>([&](auto done) { sqlite->finish_game(g, std::nullopt, done); });
      ASSERT_TRUE(finished.error.ok()) << finished.error.message;
    }
    GameRecord imported = sample_game("i1", 500, "draughts", "Блиндер Б.", "cid");
    imported.imported = true;
    imported.tags = {{"Event", "X"}};
    imported.content_hash = std::string(64, 'a');
    ids.push_back(imported.id);
    ASSERT_TRUE(save(*sqlite, imported).ok());
    // A tournament whose first game is g1 (its result read from the archive).
    tournament::Tournament t;
    t.id = "t1";
    t.settings.name = "Cup";
    t.settings.game = "tablut";
    t.settings.creator = "ann";
    t.status = tournament::Status::running;
    t.round = 1;
    t.players = {{"ann", 1, 1600, 0, -1, false}, {"bob", 2, 1500, 0, -1, false}, {"robo", 3, 1500, 0, -1, true, 3}};
    t.games = {{1, 0, 2, 1, "g1", std::nullopt}, {1, 0, 3, 0, "", tournament::Outcome::bye}};
    ASSERT_TRUE(await<StoreError>([&](auto done) { sqlite->save_tournament({t, t.players, t.games}, done); }).ok());
  }
  auto sqlite = open_store(dir.file("a.db"));
  ASSERT_NE(sqlite, nullptr);
  const Seen before = seen(*sqlite, ids, names);
  sqlite->close();

  const std::string database = cluster->create_database();
  std::vector<std::string> lines;
  auto exported = export_sqlite_to_pg(dir.file("a.db"), cluster->dsn(database),
                                      [&](const std::string& line) { lines.push_back(line); });
  ASSERT_TRUE(exported.error.ok()) << exported.error.message;
  EXPECT_EQ(exported.value->accounts, 3);
  EXPECT_EQ(exported.value->games, 13);
  EXPECT_EQ(exported.value->ratings, 3);  // ann, bob, robo: tablut; casual games rate nobody
  EXPECT_GT(exported.value->rating_history, 0);
  EXPECT_EQ(exported.value->tournaments, 1);
  EXPECT_GT(exported.value->explorer_rows, 0);

  auto opened = PgStore::open(cluster->dsn(database));
  ASSERT_TRUE(opened.error.ok()) << opened.error.message;
  const Seen after = seen(**opened.value, ids, names);
  EXPECT_EQ(after.games, before.games);
  EXPECT_EQ(after.listing, before.listing);
  EXPECT_EQ(after.ratings, before.ratings);
  ASSERT_EQ(after.histories.size(), before.histories.size());
  for (std::size_t i = 0; i < after.histories.size(); ++i) {
    ASSERT_EQ(after.histories[i].size(), before.histories[i].size()) << names[i];
    for (std::size_t j = 0; j < after.histories[i].size(); ++j) {
      EXPECT_EQ(after.histories[i][j].game_id, before.histories[i][j].game_id);
      EXPECT_EQ(after.histories[i][j].after, before.histories[i][j].after);
      EXPECT_EQ(after.histories[i][j].opponent, before.histories[i][j].opponent);
    }
  }
  EXPECT_EQ(after.accounts, before.accounts);
  EXPECT_EQ(after.profiles, before.profiles);
  EXPECT_FALSE(before.explorer.empty());
  EXPECT_EQ(after.explorer, before.explorer);
  const auto tour = [](Tournaments& store) {
    return await<StoreResult<tournament::Tournament>>([&](auto done) { store.get_tournament("t1", done); });
  };
  auto copied = tour(**opened.value);
  ASSERT_TRUE(copied.error.ok()) << copied.error.message;
  auto original_store = open_store(dir.file("a.db"));
  ASSERT_NE(original_store, nullptr);
  EXPECT_EQ(*copied.value, *tour(*original_store).value);
  EXPECT_EQ(copied.value->games[0].outcome, tournament::Outcome::first_won);  // g1 from the archive
  original_store->close();
  // The copy goes on where the original would: the next rated game starts from the
  // copied ratings.
  GameRecord next = sample_game("g99", 9000, "tablut", "ann", "bob", "first");
  next.options = {};
  next.rated = true;
  auto finished = await<StoreResult<GameFinish>>([&](auto done) { (*opened.value)->finish_game(next, {}, done); });
  ASSERT_TRUE(finished.error.ok()) << finished.error.message;
  double ann_before = 0;
  for (const auto& r : before.ratings)
    if (r.player == "ann") ann_before = r.rating;
  EXPECT_EQ(finished.value->rating_changes->first.before, ann_before);

  auto again = export_sqlite_to_pg(dir.file("a.db"), cluster->dsn(database), [](const std::string&) {});
  EXPECT_EQ(again.error.code, StoreErrc::conflict) << again.error.message;
}

}  // namespace
}  // namespace bh::storage::testing
