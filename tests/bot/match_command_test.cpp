// `boardhall-bot match`, run as a user runs it: one JSON line of results, exit 2 with a
// message for bad arguments.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>

namespace {

struct Outcome {
  int status = -1;
  std::string out;
};

Outcome run(const std::string& args) {
  Outcome r;
  const std::string command = std::string(BOARDHALL_BOT) + " " + args + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 512> buf{};
  while (fgets(buf.data(), static_cast<int>(buf.size()), pipe) != nullptr) r.out += buf.data();
  const int s = pclose(pipe);
  r.status = WIFEXITED(s) ? WEXITSTATUS(s) : -1;
  return r;
}

TEST(MatchCommand, PrintsOneJsonLineWithTheResults) {
  const Outcome r = run("match --game tablut --level 1 --vs random --games 4 --seed 3 --jobs 2");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  EXPECT_EQ(r.out.rfind("{\"game\":\"tablut\",\"options\":{},\"level\":1,\"vs\":\"random\",\"games\":4,", 0), 0u)
      << r.out;
  for (const char* key : {"\"wins\":", "\"draws\":", "\"losses\":", "\"score\":", "\"capped\":", "\"avg_plies\":",
                          "\"nps\":", "\"avg_ms\":", "\"max_ms\":"})
    EXPECT_NE(r.out.find(key), std::string::npos) << key << " in " << r.out;
}

TEST(MatchCommand, OptionsAndALevelOpponentAreReported) {
  const Outcome r = run("match --game seatafl --option size=11 --level 2 --vs 1 --games 2 --max-plies 20");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("\"options\":{\"size\":11},\"level\":2,\"vs\":1,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"avg_plies\":"), std::string::npos) << r.out;
}

TEST(MatchCommand, SameSeedSameResults) {
  const std::string args = "match --game draughts --level 3 --vs 2 --games 2 --seed 9 --max-plies 60";
  const Outcome a = run(args), b = run(args);
  ASSERT_EQ(a.status, 0) << a.out;
  // Everything up to the timings is reproducible.
  EXPECT_EQ(a.out.substr(0, a.out.find("\"nps\"")), b.out.substr(0, b.out.find("\"nps\"")));
}

TEST(MatchCommand, BadArgumentsExitWithTwoAndSayWhy) {
  EXPECT_EQ(run("match --game chess --level 1 --vs random --games 1").status, 2);
  const Outcome level = run("match --game tablut --level 9 --vs random --games 1");
  EXPECT_EQ(level.status, 2);
  EXPECT_NE(level.out.find("--level must be 1..8"), std::string::npos) << level.out;
  const Outcome option = run("match --game tablut --option size=11 --level 1 --vs random --games 1");
  EXPECT_EQ(option.status, 2);
  EXPECT_NE(option.out.find("unknown option"), std::string::npos) << option.out;
  EXPECT_EQ(run("match --game tablut --level 1 --games 1").status, 2);  // no --vs
  EXPECT_EQ(run("frobnicate").status, 2);
}

TEST(MatchCommand, HelpListsTheCommands) {
  const Outcome r = run("--help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("match"), std::string::npos);
}

}  // namespace
