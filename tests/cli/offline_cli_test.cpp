// `boardhall perft | legal | play` run as a process, as a user would run them.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <string>

namespace {

struct Run {
  std::string out;
  int status = -1;
};

// Runs the CLI with `args` (already shell-quoted); stderr is folded into `out`.
Run cli(const std::string& args) {
  const std::string command = std::string(BOARDHALL_CLI) + " " + args + " 2>&1";
  Run r;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

TEST(OfflineCli, VersionAndConnectHelp) {
  const auto version = cli("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out, "boardhall 0.1.0 (protocol 1)\n");
  const auto help = cli("connect --help");
  EXPECT_EQ(help.status, 0) << help.out;
  EXPECT_EQ(help.out.rfind("usage: boardhall connect", 0), 0u) << help.out;
}

TEST(OfflineCli, PerftPrintsOneLinePerDepth) {
  const auto r = cli("perft tavlei 2");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.rfind("1 ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\n2 "), std::string::npos) << r.out;
}

TEST(OfflineCli, CopenhagenAndBrandubhPerftFromTheirStarts) {
  const auto c = cli("perft copenhagen 2");
  EXPECT_EQ(c.status, 0) << c.out;
  EXPECT_EQ(c.out.rfind("1 116\n2 6788", 0), 0u) << c.out;
  const auto b = cli("perft brandubh 2");
  EXPECT_EQ(b.status, 0) << b.out;
  EXPECT_EQ(b.out.rfind("1 40\n2 960", 0), 0u) << b.out;
}

TEST(OfflineCli, BadInputIsOneLineAndNonZero) {
  for (const char* args :
       {"perft chess 2", "perft tavlei zero", "perft tavlei 0", "perft tavlei", "perft seatafl 1 --option size=10",
        "perft seatafl 1 --option nope=1", "perft seatafl 1 --option size", "perft tavlei 1 --position 'x y z'",
        "legal tavlei --frobnicate", "legal", "play tavlei --moves 'e1-e3' --bogus", "frobnicate"}) {
    const auto r = cli(args);
    EXPECT_EQ(r.status, 2) << args << " -> " << r.out;
    EXPECT_EQ(r.out.rfind("boardhall: ", 0), 0u) << args << " -> " << r.out;
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << args << " -> " << r.out;
  }
}

TEST(OfflineCli, IllegalMoveInPlayIsJsonWithPly) {
  const auto r = cli("play tavlei --moves 'd1-d2 e5-e9'");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("\"error\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"ply\":2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"move\":\"e5-e9\""), std::string::npos) << r.out;
}

TEST(OfflineCli, MalformedMoveInPlayIsJsonToo) {
  const auto r = cli("play tavlei --moves 'zz-top'");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("\"ply\":1"), std::string::npos) << r.out;
}

TEST(OfflineCli, PlayPrintsTheStateAsJson) {
  const auto r = cli("play tavlei --moves 'd1-d2'");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"to_move\":\"defenders\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"status\":\"ongoing\""), std::string::npos) << r.out;
}

TEST(OfflineCli, LegalIsSortedAndMatchesPerftOne) {
  const auto legal = cli("legal tavlei");
  const auto perft = cli("perft tavlei 1");
  ASSERT_EQ(legal.status, 0);
  std::size_t lines = 0;
  std::string previous;
  std::size_t begin = 0;
  while (begin < legal.out.size()) {
    const auto end = legal.out.find('\n', begin);
    const std::string line = legal.out.substr(begin, end - begin);
    EXPECT_LT(previous, line);
    previous = line;
    ++lines;
    begin = end + 1;
  }
  EXPECT_EQ(perft.out, "1 " + std::to_string(lines) + "\n");
}

}  // namespace
