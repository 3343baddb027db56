// Backups of a running server's database, as an operator takes them: SIGUSR1 makes the
// server write one itself (the only way with --db-lock exclusive, which keeps every other
// process out of the file; docs/storage.md, "Backups"), and the one-shots beside such a
// server are refused with what to do instead.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>

#include <filesystem>

#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

// Two guests named after `round` play a game to its end (a move, then a resignation):
// its id, archived once told.
std::string finish_a_game(std::uint16_t port, int round) {
  WsPlayer alice, bob;
  if (!alice.connect(port) || !bob.connect(port)) return "";
  alice.guest("alice" + std::to_string(round));
  bob.guest("bob" + std::to_string(round));
  const std::string game = start_tablut(alice, bob, "attackers");
  if (game.empty()) return "";
  alice.send({{"type", "move"}, {"game_id", game}, {"ply", 0}, {"move", "d1-d3"}, {"id", 10}});
  EXPECT_TRUE(alice.take("move"));
  bob.send({{"type", "resign"}, {"game_id", game}, {"id", 11}});
  EXPECT_TRUE(alice.take("game_over"));
  return game;
}

// The number of archived games with `id` in the database at `path` (-1: unreadable).
int archived(const std::string& path, const std::string& id) {
  sqlite3* db = nullptr;
  int count = -1;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* query = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT count(*) FROM games WHERE id = ?", -1, &query, nullptr) == SQLITE_OK) {
      sqlite3_bind_text(query, 1, id.c_str(), -1, SQLITE_TRANSIENT);
      if (sqlite3_step(query) == SQLITE_ROW) count = sqlite3_column_int(query, 0);
    }
    sqlite3_finalize(query);
  }
  sqlite3_close(db);
  return count;
}

// The file named by the log's last "backup written: PATH" line.
std::string written_backup(const std::string& log) {
  const std::string mark = "backup written: ";
  const auto at = log.rfind(mark);
  if (at == std::string::npos) return "";
  const auto start = at + mark.size();
  return log.substr(start, log.find('\n', start) - start);
}

TEST(BackupE2e, AServerHoldingItsFileAloneWritesABackupOnSigusr1AndTheOneShotsBesideItAreToldWhy) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server({"--db-lock", "exclusive"});
  ASSERT_TRUE(server.start()) << server.log();
  const std::string game = finish_a_game(server.port(), 1);
  ASSERT_FALSE(game.empty());

  // The second process is kept out, and says what to do instead.
  auto one_shot = run_command({real_server_binary(), "--db", server.db_path(), "--backup", server.folder() + "/b.db"});
  EXPECT_EQ(one_shot.status, 1) << one_shot.output;
  EXPECT_NE(one_shot.output.find("SIGUSR1"), std::string::npos) << one_shot.output;
  EXPECT_FALSE(std::filesystem::exists(server.folder() + "/b.db"));
  auto import = run_command({real_server_binary(), "--db", server.db_path(), "--import",
                             std::string(BOARDHALL_TEST_DATA) + "/tafl/copenhagen.csv"});
  EXPECT_NE(import.status, 0) << import.output;
  EXPECT_NE(import.output.find("--db-lock exclusive"), std::string::npos) << import.output;
  auto bot = run_command({real_server_binary(), "--db", server.db_path(), "--create-bot", "robo", "--secret-file",
                          server.folder() + "/s"});
  EXPECT_EQ(bot.status, 2) << bot.output;
  EXPECT_NE(bot.output.find("--db-lock exclusive"), std::string::npos) << bot.output;

  // The server's own backup: written into its database's folder, holding the game.
  server.signal(SIGUSR1);
  ASSERT_TRUE(server.wait_log("backup written: ", 10s)) << server.log();
  const std::string backup = written_backup(server.log());
  EXPECT_EQ(std::filesystem::path(backup).parent_path(), std::filesystem::path(server.db_path()).parent_path());
  EXPECT_NE(backup.find("-backup-"), std::string::npos) << backup;
  EXPECT_EQ(archived(backup, game), 1) << backup;

  // The server goes on, and plays again.
  EXPECT_TRUE(server.running());
  EXPECT_FALSE(finish_a_game(server.port(), 2).empty());
  // Stopped, the file is anyone's again.
  EXPECT_EQ(server.stop(), 0);
  auto after = run_command({real_server_binary(), "--db", server.db_path(), "--backup", server.folder() + "/b.db"});
  EXPECT_EQ(after.status, 0) << after.output;
  EXPECT_EQ(archived(server.folder() + "/b.db", game), 1);
}

TEST(BackupE2e, Sigusr1WritesIntoBackupDirBesideASharedServerAndLogsABackupItCannotWrite) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  const auto dir = std::filesystem::temp_directory_path() / ("bh-backups-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  ServerProcess server({"--backup-dir", dir.string()});
  ASSERT_TRUE(server.start()) << server.log();
  const std::string game = finish_a_game(server.port(), 1);
  ASSERT_FALSE(game.empty());
  // Shared (the default): the one-shot beside it works as before.
  auto one_shot = run_command({real_server_binary(), "--db", server.db_path(), "--backup", server.folder() + "/b.db"});
  EXPECT_EQ(one_shot.status, 0) << one_shot.output;

  server.signal(SIGUSR1);
  ASSERT_TRUE(server.wait_log("backup written: ", 10s)) << server.log();
  const std::string backup = written_backup(server.log());
  EXPECT_EQ(std::filesystem::path(backup).parent_path(), dir);
  EXPECT_EQ(archived(backup, game), 1);
  EXPECT_TRUE(server.running());
  std::filesystem::remove_all(dir);
  // A folder that is gone: the backup is refused and logged, the server goes on.
  server.signal(SIGUSR1);
  EXPECT_TRUE(server.wait_log("backup not written: ", 10s)) << server.log();
  EXPECT_TRUE(server.running());
  EXPECT_FALSE(finish_a_game(server.port(), 2).empty());
}

}  // namespace
}  // namespace bh::test
