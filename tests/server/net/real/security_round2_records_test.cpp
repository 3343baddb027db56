// Issue 26, points 5 and 6, through the real binary: hostile record files given to
// `boardhall-server --import` (a 50 MB tag, 100,000 tags, a 1 MB tag name, a 100 MB
// file on one line) are refused game by game in bounded memory; a name stored too long
// before the limits is cut in every archive answer; control characters in imported
// names are removed, and no export carries one.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct Measured {
  int status = -1;
  long max_rss_kib = -1;  // the child's peak resident memory (getrusage's ru_maxrss)
  double seconds = 0;
  std::string output;  // stdout and stderr
};

// Runs argv (argv[0] a path) with its output in `log`, and waits: its status and peak
// memory, which run_command cannot give.
Measured run_measured(const std::vector<std::string>& argv, const std::string& log,
                      const std::vector<std::pair<std::string, std::string>>& env = {}) {
  Measured m;
  const auto start = Clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(fd, 1);
    ::dup2(fd, 2);
    for (const auto& [name, value] : env) ::setenv(name.c_str(), value.c_str(), 1);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  int status = 0;
  rusage usage{};
  if (pid > 0 && ::wait4(pid, &status, 0, &usage) == pid) {
    m.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    m.max_rss_kib = usage.ru_maxrss;
  }
  m.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::ifstream in(log, std::ios::binary);
  m.output.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return m;
}

const std::string kGame = "[GameType \"25\"]\n[White \"alice\"]\n[Black \"bob\"]\n1. c3-d4 f6-g5 1-0\n\n";
const std::string kCarol = "[GameType \"25\"]\n[White \"carol\"]\n[Black \"bob\"]\n1. c3-d4 f6-g5 1-0\n\n";

// Writes `head`, `size` bytes of `fill`, then `tail` (without holding the middle).
void write_file(const std::string& path, const std::string& head, std::size_t size, char fill,
                const std::string& tail) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << head;
  const std::string block(1 << 20, fill);
  for (std::size_t left = size; left > 0;) {
    const std::size_t n = std::min(left, block.size());
    out.write(block.data(), static_cast<std::streamsize>(n));
    left -= n;
  }
  out << tail;
}

class HostileImports : public ::testing::Test {
 protected:
  void SetUp() override {
    if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  }
  Measured import(const std::string& file, const std::vector<std::string>& more = {},
                  const std::vector<std::pair<std::string, std::string>>& env = {}) {
    std::vector<std::string> argv = {real_server_binary(), "--db", server_.db_path(), "--import", file};
    argv.insert(argv.end(), more.begin(), more.end());
    return run_measured(argv, server_.folder() + "/import.log", env);
  }
  std::string path(const std::string& name) const { return server_.folder() + "/" + name; }

  ServerProcess server_;
};

// The peak memory of a one-shot import of a small file: the binary, SQLite, the store.
// A hostile file may cost a few MiB more (one line, one game), never its size.
constexpr long kSlackKib = 24 * 1024;

TEST_F(HostileImports, A50MegabyteTagIsRefusedInBoundedMemoryAndTheNextGameImported) {
  write_file(path("small.pdn"), kGame, 0, ' ', "");
  const Measured small = import(path("small.pdn"));
  ASSERT_EQ(small.status, 0) << small.output;

  write_file(path("white.pdn"), "[GameType \"25\"]\n[White \"", 50u << 20, 'w',
             "\"]\n[Black \"b\"]\n1. c3-d4 f6-g5 1-0\n\n" + kCarol);
  const Measured white = import(path("white.pdn"));
  EXPECT_EQ(white.status, 0) << white.output.substr(0, 2000);
  EXPECT_NE(white.output.find("white.pdn: line 2: the line is longer than 65536 bytes (not read) ( - b)"),
            std::string::npos)
      << white.output.substr(0, 2000);
  EXPECT_NE(white.output.find("white.pdn: 2 games read, 1 imported, 0 already in the archive, 1 refused"),
            std::string::npos)
      << white.output.substr(0, 2000);
  EXPECT_LT(white.max_rss_kib, small.max_rss_kib + kSlackKib) << "small file: " << small.max_rss_kib << " KiB";
  std::cout << "50 MB [White] tag: peak RSS " << white.max_rss_kib << " KiB (a one-game file: " << small.max_rss_kib
            << " KiB), " << white.seconds << " s\n";
}

TEST_F(HostileImports, A100MegabyteFileOnOneLineIsReadInBoundedMemory) {
  write_file(path("small.pdn"), kGame, 0, ' ', "");
  const Measured small = import(path("small.pdn"));
  ASSERT_EQ(small.status, 0) << small.output;
  // The 100 MB one-line file cost 797 MB. The line refuses its game, which goes
  // on to its end as any game does (here the result of the next one); the game after
  // that is read as usual.
  write_file(path("line.pdn"), "[GameType \"25\"] 1. ", 100u << 20, 'x', " 1-0\n\n" + kGame + kCarol);
  const Measured line = import(path("line.pdn"));
  EXPECT_EQ(line.status, 0) << line.output.substr(0, 2000);
  EXPECT_NE(line.output.find("line.pdn: line 1: the line is longer than 65536 bytes (not read)"), std::string::npos)
      << line.output.substr(0, 2000);
  EXPECT_NE(line.output.find("line.pdn: 2 games read, 1 imported, 0 already in the archive, 1 refused"),
            std::string::npos)
      << line.output.substr(0, 2000);
  EXPECT_LT(line.max_rss_kib, small.max_rss_kib + kSlackKib) << "small file: " << small.max_rss_kib << " KiB";
  std::cout << "100 MB on one line: peak RSS " << line.max_rss_kib << " KiB, " << line.seconds << " s\n";
}

TEST_F(HostileImports, HundredThousandTagsAndAMegabyteTagNameAreRefused) {
  {
    std::ofstream out(path("tags.pdn"), std::ios::binary);
    for (int i = 0; i < 100000; ++i) out << "[Tag" << i << " \"value\"]\n";
    out << "1. c3-d4 f6-g5 1-0\n\n" << kGame;
  }
  const Measured tags = import(path("tags.pdn"));
  EXPECT_EQ(tags.status, 0) << tags.output;
  EXPECT_NE(tags.output.find("tags.pdn: line 65: the game has more than 64 tags"), std::string::npos) << tags.output;
  EXPECT_NE(tags.output.find("tags.pdn: 2 games read, 1 imported, 0 already in the archive, 1 refused"),
            std::string::npos)
      << tags.output;

  // A 1 MB tag name: its line is too long; with lines allowed that long, the name is.
  write_file(path("name.pdn"), "[", 1u << 20, 'N', " \"v\"]\n1. c3-d4 f6-g5 1-0\n");
  const Measured name = import(path("name.pdn"));
  EXPECT_NE(name.output.find("name.pdn: line 1: the line is longer than 65536 bytes (not read)"), std::string::npos)
      << name.output.substr(0, 2000);
  const Measured long_lines = import(path("name.pdn"), {"--import-max-line", "4M"});
  EXPECT_NE(long_lines.output.find("name.pdn: line 1: a tag name is longer than 64 bytes"), std::string::npos)
      << long_lines.output.substr(0, 2000);
  EXPECT_NE(long_lines.output.find("name.pdn: 1 games read, 0 imported, 0 already in the archive, 1 refused"),
            std::string::npos)
      << long_lines.output.substr(0, 2000);
  // The flags' limits: a tag value and a name.
  write_file(path("value.pdn"), "[GameType \"25\"]\n[White \"", 200, 'v', "\"]\n1. c3-d4 f6-g5 1-0\n");
  EXPECT_NE(import(path("value.pdn"), {"--import-max-tag-value", "100"})
                .output.find("value.pdn: line 2: the value of the tag White is longer than 100 bytes"),
            std::string::npos);
  EXPECT_NE(import(path("value.pdn")).output.find("value.pdn: line 1: a player's name is longer than 100 characters"),
            std::string::npos);
  EXPECT_NE(import(path("value.pdn"), {"--record-name-chars", "200"}).output.find("1 games read, 1 imported"),
            std::string::npos);
  // Every limit has its variable, and its line in --help.
  EXPECT_NE(import(path("tags.pdn"), {}, {{"BOARDHALL_IMPORT_MAX_TAGS", "8"}})
                .output.find("tags.pdn: line 9: the game has more than 8 tags"),
            std::string::npos);
  const Measured help = run_measured({real_server_binary(), "--help"}, path("help.log"));
  for (const char* flag : {"--import-max-line", "--import-max-tags", "--import-max-tag-name", "--import-max-tag-value",
                           "--import-max-moves", "--record-name-chars", "BOARDHALL_RECORD_NAME_CHARS"})
    EXPECT_NE(help.output.find(flag), std::string::npos) << flag;
}

std::string http_body(std::uint16_t port, const std::string& target) { return http_get(port, target).body; }

TEST_F(HostileImports, ANameStoredTooLongBeforeIsCutInEveryArchiveAnswer) {
  // An archive written before the limits: a name of 1,000,000 characters, let in here
  // by the flags as the old import let it in.
  write_file(path("long.pdn"), "[GameType \"25\"]\n[White \"", 1'000'000, 'l',
             "\"]\n[Black \"bob\"]\n1. c3-d4 f6-g5 1-0\n");
  const Measured stored = import(
      path("long.pdn"), {"--import-max-line", "2M", "--import-max-tag-value", "2M", "--record-name-chars", "1000000"});
  ASSERT_NE(stored.output.find("1 games read, 1 imported"), std::string::npos) << stored.output.substr(0, 2000);
  ASSERT_TRUE(server_.start()) << server_.log();

  const auto list = json::parse(http_body(server_.port(), "/api/games"), nullptr, false);
  ASSERT_TRUE(list.is_object()) << "GET /api/games";
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(list["games"][0]["first_player"], std::string(100, 'l'));
  EXPECT_EQ(list["games"][0]["second_player"], "bob");
  const std::string id = list["games"][0]["game_id"];
  const auto game = json::parse(http_body(server_.port(), "/api/games/" + id), nullptr, false);
  ASSERT_TRUE(game.is_object());
  EXPECT_EQ(game["first_player"], std::string(100, 'l'));
  EXPECT_LT(http_body(server_.port(), "/api/games/" + id + "/export").size(), 2000u);

  // The WebSocket listing, which closed the connection, is answered.
  WsClient ws;
  ASSERT_TRUE(ws.connect(server_.port()));
  ASSERT_TRUE(ws.next_of_type("welcome", 3s));
  ASSERT_TRUE(ws.send_json({{"type", "list_games"}, {"id", 1}}));
  const auto games = ws.next_of_type("games", 5s);
  ASSERT_TRUE(games) << "no games reply";
  EXPECT_EQ((*games)["games"][0]["first_player"], std::string(100, 'l'));
  EXPECT_FALSE(ws.closed());
}

TEST_F(HostileImports, ControlCharactersInNamesAreRemovedAndNoExportCarriesOne) {
  {
    std::ofstream out(path("bell.pdn"), std::ios::binary);
    // BEL, ESC[2J (clear the screen), U+202E (right-to-left override).
    out << "[GameType \"25\"]\n[White \"al\aice\x1b[2J\"]\n[Black \"\xE2\x80\xAE"
           "bob\"]\n"
        << "[Event \"Cup\x1b]0;owned\a\"]\n1. c3-d4 f6-g5 1-0\n\n"
        // A refused game: its report on the operator's terminal shows the escapes.
        << "[GameType \"25\"]\n[White \"x\x1b[2J\"]\n1. c3-x9 1-0\n";
  }
  const Measured imported = import(path("bell.pdn"));
  EXPECT_EQ(imported.status, 0) << imported.output;
  EXPECT_NE(imported.output.find("bell.pdn: 2 games read, 1 imported, 0 already in the archive, 1 refused"),
            std::string::npos)
      << imported.output;
  EXPECT_NE(imported.output.find("c3-x9"), std::string::npos) << imported.output;
  for (const char c : imported.output)
    EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << "a raw control character " << int(c);

  ASSERT_TRUE(server_.start()) << server_.log();
  const auto list = json::parse(http_body(server_.port(), "/api/games"), nullptr, false);
  ASSERT_TRUE(list.is_object());
  ASSERT_EQ(list["games"].size(), 1u);
  EXPECT_EQ(list["games"][0]["first_player"], "alice[2J");
  EXPECT_EQ(list["games"][0]["second_player"], "bob");
  const std::string id = list["games"][0]["game_id"];
  const auto game = json::parse(http_body(server_.port(), "/api/games/" + id), nullptr, false);
  EXPECT_EQ(game["tags"]["Event"], "Cup]0;owned");
  for (const std::string& target : {"/api/games/" + id + "/export", std::string("/api/games/export")}) {
    const std::string text = http_body(server_.port(), target);
    EXPECT_NE(text.find("[White \"alice[2J\"]"), std::string::npos) << text;
    EXPECT_EQ(text.find("\xE2\x80\xAE"), std::string::npos) << text;
    for (const char c : text) EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << target;
  }
}

}  // namespace
}  // namespace bh::test
