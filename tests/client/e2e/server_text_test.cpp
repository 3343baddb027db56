// Issue 26, point 6: what a server sends is printed with its control characters escaped.
// An archive written before imports removed them holds names with BEL, ESC[2J and
// U+202E; the real `boardhall connect` lists and replays that game and prints the
// escapes (\x07, \x1b, \u202e), never the raw characters, in plain and in --json output.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <thread>

#include "client_process.hpp"
#include "support/server_process.hpp"

namespace bh::test {
namespace {

// Sets both players' names of every game, as an old archive could hold them.
bool set_names(const std::string& db, const std::string& sql_first, const std::string& sql_second) {
  sqlite3* handle = nullptr;
  if (sqlite3_open(db.c_str(), &handle) != SQLITE_OK) return false;
  const std::string sql = "UPDATE games SET first_player = " + sql_first + ", second_player = " + sql_second;
  const bool ok = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
  sqlite3_close(handle);
  return ok;
}

std::string run(const std::string& command) {
  std::string out;
  FILE* p = ::popen(command.c_str(), "r");
  if (p == nullptr) return out;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  ::pclose(p);
  return out;
}

bool has_raw_controls(const std::string& text) {
  for (const char c : text)
    if (c != '\n' && static_cast<unsigned char>(c) < 0x20) return true;
  return text.find("\xE2\x80\xAE") != std::string::npos || text.find("\xC2\x9B") != std::string::npos;
}

TEST(ClientServerText, ControlCharactersInArchivedNamesArePrintedAsEscapes) {
  ServerProcess server;
  {
    std::ofstream out(server.folder() + "/one.pdn", std::ios::binary);
    out << "[GameType \"25\"]\n[White \"alice\"]\n[Black \"bob\"]\n1. c3-d4 f6-g5 1-0\n";
  }
  const auto imported =
      run_command({real_server_binary(), "--db", server.db_path(), "--import", server.folder() + "/one.pdn"}, 30s);
  ASSERT_EQ(imported.status, 0) << imported.output;
  ASSERT_TRUE(
      set_names(server.db_path(), "'al' || char(7) || 'ice' || char(27) || '[2J'", "char(8238) || 'bob' || char(155)"));
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  TempDir config;

  ClientProcess plain({"connect", url, "--name", "carol"}, {"XDG_CONFIG_HOME=" + config.path()});
  ASSERT_NE(plain.expect("ok connect"), "") << plain.transcript();
  EXPECT_EQ(plain.command("archive", "archive"), "ok archive count=1 more=no") << plain.transcript();
  EXPECT_NE(plain.transcript().find("first=\"al\\\\x07ice\\\\x1b[2J\" second=\"\\\\u202ebob\\\\x9b\""),
            std::string::npos)
      << plain.transcript();
  const std::string listed = plain.transcript();
  const std::string game = field(listed.substr(listed.find("data archived")), "game");
  ASSERT_FALSE(game.empty()) << listed;
  EXPECT_TRUE(plain.command("replay " + game, "replay").starts_with("ok replay")) << plain.transcript();
  // The record as the client writes it: the escapes are text, quoted as PDN quotes.
  EXPECT_TRUE(plain.command("export " + game, "export").starts_with("ok export")) << plain.transcript();
  EXPECT_NE(plain.transcript().find("| [White \"al\\\\x07ice\\\\x1b[2J\"]"), std::string::npos) << plain.transcript();
  EXPECT_FALSE(has_raw_controls(plain.transcript())) << plain.transcript();

  // In a real terminal (tmux), as a person sees it: the escapes on the screen, which
  // ESC[2J would have cleared.
  const std::string tmux = "tmux -L bh-server-text-" + std::to_string(::getpid()) + " -f /dev/null";
  run(tmux + " new-session -d -s t -x 150 -y 30 'env XDG_CONFIG_HOME=" + config.path() + " NO_COLOR=1 TERM=xterm " +
      BOARDHALL_CLI + " connect " + url + " --name erin' 2>&1");
  std::string screen;
  const auto wait_for = [&](const std::string& needle) {
    for (int i = 0; i < 200 && screen.find(needle) == std::string::npos; ++i) {
      std::this_thread::sleep_for(50ms);
      screen = run(tmux + " capture-pane -p -t t 2>&1");
    }
    return screen.find(needle) != std::string::npos;
  };
  EXPECT_TRUE(wait_for("boardhall>")) << screen;
  run(tmux + " send-keys -t t -l 'archive'");
  run(tmux + " send-keys -t t Enter");
  EXPECT_TRUE(wait_for("al\\x07ice\\x1b[2J")) << screen;
  EXPECT_NE(screen.find("Connected to"), std::string::npos) << screen;  // not cleared
  EXPECT_NE(screen.find("\\u202ebob\\x9b"), std::string::npos) << screen;
  run(tmux + " kill-server 2>/dev/null");

  ClientProcess scripted({"connect", url, "--name", "dave", "--json"}, {"XDG_CONFIG_HOME=" + config.path()});
  ASSERT_NE(scripted.expect(R"({"kind":"ok","name":"connect")"), "") << scripted.transcript();
  scripted.send("archive");
  EXPECT_NE(scripted.expect(R"({"kind":"ok","name":"archive")"), "") << scripted.transcript();
  EXPECT_NE(scripted.transcript().find(R"("first":"al\\x07ice\\x1b[2J")"), std::string::npos) << scripted.transcript();
  EXPECT_FALSE(has_raw_controls(scripted.transcript())) << scripted.transcript();
}

}  // namespace
}  // namespace bh::test
