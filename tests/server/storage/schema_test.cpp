// Opening files: migrations from old versions, files this code must refuse, and the
// query plans the archive listing depends on.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <fstream>

#include "storage/archive_sql.hpp"
#include "storage/schema.hpp"
#include "storage_test_util.hpp"

namespace bh::storage {
namespace {

using namespace bh::storage::testing;

void exec_raw(sqlite3* db, const std::string& text) {
  char* error = nullptr;
  ASSERT_EQ(sqlite3_exec(db, text.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "") << "\n"
                                                                                 << text;
}

// A file exactly as a version-1 server left it, with one finished game.
void write_version_1_file(const std::string& path) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  exec_raw(db, std::string(sql::kSchemaV1));
  exec_raw(db,
           "INSERT INTO games VALUES ('old1', 'tablut', '{\"size\":\"9\"}', '....k....', 'ann', 'bob', "
           "'second', 'king_captured', 0, 1, 300000, 2000, 1000, 61000);"
           "INSERT INTO games VALUES ('old2', 'draughts', '{}', 'start', 'cid', 'ann', 'draw', 'agreement', "
           "0.5, 0.5, NULL, NULL, 2000, 62000);"
           "INSERT INTO moves VALUES ('old1', 1, 'e1-e4', 299000, 300000, 11000);"
           "INSERT INTO moves VALUES ('old1', 2, 'd9-d5', 299000, 298000, 21000);"
           "INSERT INTO accounts VALUES ('ann', 'aa', 'bb', 1000, 5);"
           "PRAGMA user_version = 1;");
  sqlite3_close(db);
}

TEST(SchemaTest, MigratesAVersion1File) {
  TempDir dir;
  const std::string path = dir.file("old.db");
  write_version_1_file(path);
  auto store = open_store(path);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(sql_rows(*store, "PRAGMA user_version"), std::vector<std::string>{std::to_string(sql::kSchemaVersion)});

  GameRecord expected;
  expected.id = "old1";
  expected.game = "tablut";
  expected.options = {{"size", "9"}};
  expected.start_position = "....k....";
  expected.first_player = "ann";
  expected.second_player = "bob";
  expected.result = "second";
  expected.reason = "king_captured";
  expected.second_points = 1;
  expected.clock = ClockSpec{300000, 2000};
  expected.started_ms = 1000;
  expected.ended_ms = 61000;
  expected.moves = {{"e1-e4", 299000, 300000, 11000}, {"d9-d5", 299000, 298000, 21000}};
  auto got = get(*store, "old1");
  ASSERT_TRUE(got.error.ok()) << got.error.message;
  EXPECT_EQ(*got.value, expected);  // match_id "" and match_game 1 by default

  // The new player index was filled from the old rows, and move counts computed.
  ArchiveQuery q;
  q.player = "ann";
  auto page = list(*store, q);
  ASSERT_TRUE(page.error.ok());
  ASSERT_EQ(ids(page.value->games), (std::vector<std::string>{"old2", "old1"}));
  EXPECT_EQ(page.value->games[1].move_count, 2);
  EXPECT_EQ(page.value->games[0].move_count, 0);
  EXPECT_EQ(find(*store, "ann").value->hash, "bb");

  // New games go in beside the old ones; reopening does not migrate again.
  ASSERT_TRUE(save(*store, sample_game("new1", 70000, "tablut", "ann", "dee")).ok());
  store->close();
  store = open_store(path);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(ids(list_all(*store, q)), (std::vector<std::string>{"new1", "old2", "old1"}));
  EXPECT_EQ(sql_rows(*store, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
}

TEST(SchemaTest, AnEmptyFileGetsEveryStep) {
  TempDir dir;
  auto store = open_store(dir.file("new.db"));
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(sql_rows(*store, "PRAGMA user_version"), std::vector<std::string>{std::to_string(sql::kSchemaVersion)});
  EXPECT_EQ(
      sql_rows(*store, "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'games_by%' ORDER BY name"),
      (std::vector<std::string>{"games_by_content", "games_by_end", "games_by_game", "games_by_game_result",
                                "games_by_result"}));
}

// Version 12: a correspondence game's moves written before it are marked by the
// migration, so the game is read back alone (load_live_game) through the index, which
// holds no live game's move; the read is a search of that index, never a scan.
TEST(SchemaTest, Version12MarksTheMovesOfCorrespondenceGamesAndReadsOneThroughItsIndex) {
  TempDir dir;
  const std::string path = dir.file("v11.db");
  {
    auto store = open_store(path);
    ASSERT_NE(store, nullptr);
    store->close();
  }
  // The file as version 11 left it: no column, no index; a correspondence game and a
  // live one, each with a move.
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  const std::string columns =
      "game_id, room_id, match_id, game, options, creator_side, is_private, invite_code, games, game_number, "
      "first_seat, creator, creator_token, creator_registered, creator_points, joiner, joiner_token, "
      "joiner_registered, joiner_points, started_ms, correspondence, deadline_ms";
  exec_raw(db,
           "DROP TABLE tournaments; DROP TABLE tournament_players; DROP TABLE tournament_games;"  // version 13's
           "DROP TABLE explorer_moves;"                                                           // version 15's
           "DROP TABLE api_tokens;"                                                               // version 16's
           "DROP TABLE player_blocks; DROP TABLE staff_roles; DROP TABLE sanctions; DROP TABLE address_blocks;"
           "DROP TABLE refused_names; DROP TABLE reports; DROP TABLE audit_log;"  // version 17's
           "DROP INDEX live_moves_of_correspondence; ALTER TABLE live_moves DROP COLUMN correspondence;"
           "INSERT INTO live_games (" +
               columns +
               ") VALUES ('c1', 'r1', 'm1', 'tablut', '{}', 'first', 0, '', 1, 1, 0, 'ann', 't1', 0, 0, 'bob', 't2', "
               "0, 0, 1000, 'days 3', 99000000);"
               "INSERT INTO live_games (" +
               columns +
               ") VALUES ('g2', 'r2', 'm2', 'tablut', '{}', 'first', 0, '', 1, 1, 0, 'cid', 't3', 0, 0, 'dee', 't4', "
               "0, 0, 1000, NULL, NULL);"
               "INSERT INTO live_moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms) "
               "VALUES ('c1', 1, 'd1-d3', -1, -1, 2000), ('g2', 1, 'd1-d3', 1, 1, 2000);"
               "PRAGMA user_version = 11;");
  sqlite3_close(db);
  auto store = open_store(path);
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(sql_rows(*store,
                     "SELECT game_id FROM live_moves INDEXED BY live_moves_of_correspondence "
                     "WHERE correspondence IS NOT NULL"),
            std::vector<std::string>{"c1"});
  auto one = await<StoreResult<LiveGame>>([&](auto done) { store->load_live_game("c1", done); });
  ASSERT_TRUE(one.error.ok()) << one.error.message;
  ASSERT_EQ(one.value->moves.size(), 1u);
  EXPECT_EQ(one.value->moves[0].text, "d1-d3");
  std::string plan;
  for (const auto& row : sql_rows(*store,
                                  "EXPLAIN QUERY PLAN SELECT game_id, ply FROM live_moves WHERE game_id = 'c1' "
                                  "AND correspondence IS NOT NULL ORDER BY seq"))
    plan += row + "\n";
  EXPECT_NE(plan.find("USING INDEX live_moves_of_correspondence (game_id=?)"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("TEMP B-TREE"), std::string::npos) << plan;
}

TEST(SchemaTest, RefusesANewerSchema) {
  TempDir dir;
  const std::string path = dir.file("future.db");
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    exec_raw(db, "CREATE TABLE t (x); PRAGMA user_version = 99;");
    sqlite3_close(db);
  }
  auto opened = SqliteStore::open(path);
  EXPECT_EQ(opened.error.code, StoreErrc::unavailable);
  EXPECT_NE(opened.error.message.find("newer"), std::string::npos) << opened.error.message;
  EXPECT_FALSE(opened.value);
}

TEST(SchemaTest, UnopenableFilesAreErrorsNotCrashes) {
  TempDir dir;
  auto missing_dir = open_sqlite_store(dir.file("no/such/dir/archive.db"));
  EXPECT_EQ(missing_dir.error.code, StoreErrc::unavailable);
  EXPECT_FALSE(missing_dir.error.message.empty());

  const std::string junk = dir.file("junk.db");
  std::ofstream(junk) << std::string(8192, 'x');
  auto not_a_db = open_sqlite_store(junk);
  EXPECT_EQ(not_a_db.error.code, StoreErrc::unavailable);
  EXPECT_NE(not_a_db.error.message.find("junk.db"), std::string::npos) << not_a_db.error.message;

  SqliteOptions read_only;
  read_only.read_only = true;
  EXPECT_EQ(open_sqlite_store(dir.file("absent.db"), read_only).error.code, StoreErrc::unavailable);
}

// Every filter combination must be an index range in listing order: no temporary
// b-tree (a sort of every match) and no scan of a table.
TEST(SchemaTest, EveryListingIsAnIndexRangeWithoutSorting) {
  TempDir dir;
  auto store = open_store(dir.file("plans.db"));
  ASSERT_NE(store, nullptr);
  for (int mask = 0; mask < 64; ++mask) {
    ArchiveQuery q;
    if (mask & 1) q.game = "tablut";
    if (mask & 2) q.player = "ann";
    if (mask & 4) q.result = "draw";
    if (mask & 8) q.from_ms = 1;
    if (mask & 16) q.to_ms = 2;
    if (mask & 32) q.cursor = sql::encode_cursor(5, "g5");
    if (q.cursor && q.to_ms) continue;  // list_games keeps only one of them (see list_games_sql)
    const std::vector<std::string> plan = sql_rows(*store, "EXPLAIN QUERY PLAN " + sql::list_games_sql(q));
    std::string text;
    for (const std::string& row : plan) text += row + "\n";
    SCOPED_TRACE("mask " + std::to_string(mask) + "\n" + text);
    EXPECT_EQ(text.find("TEMP B-TREE"), std::string::npos);
    if (q.player) {
      EXPECT_NE(text.find("SEARCH p USING PRIMARY KEY (player=?"), std::string::npos);
      EXPECT_NE(text.find("SEARCH g USING INDEX sqlite_autoindex_games_1 (id=?)"), std::string::npos);
    } else if (q.game && q.result) {
      EXPECT_NE(text.find("SEARCH g USING INDEX games_by_game_result (game=? AND result=?"), std::string::npos);
    } else if (q.game) {
      EXPECT_NE(text.find("SEARCH g USING INDEX games_by_game (game=?"), std::string::npos);
    } else if (q.result) {
      EXPECT_NE(text.find("SEARCH g USING INDEX games_by_result (result=?"), std::string::npos);
    } else if (q.from_ms || q.to_ms || q.cursor) {
      EXPECT_NE(text.find("SEARCH g USING INDEX games_by_end ("), std::string::npos);
    } else {
      EXPECT_NE(text.find("SCAN g USING INDEX games_by_end"), std::string::npos);
    }
  }
  const auto moves = sql_rows(*store, "EXPLAIN QUERY PLAN SELECT text FROM moves WHERE game_id = 'g' ORDER BY ply");
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_NE(moves[0].find("SEARCH moves USING PRIMARY KEY (game_id=?)"), std::string::npos) << moves[0];
}

}  // namespace
}  // namespace bh::storage
