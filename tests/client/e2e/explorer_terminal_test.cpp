// The terminal's `explore` against the real server with the Copenhagen records of
// tests/data imported (docs/explorer.md): the position's board and one line per move
// played from it, a move deeper, and a bad move refused with its ply.
#include <gtest/gtest.h>

#include "client_process.hpp"
#include "support/server_process.hpp"

namespace bh::test {
namespace {

TEST(ExplorerTerminal, ExploreShowsTheMovesPlayedAndGoesDeeper) {
  ASSERT_FALSE(real_server_binary().empty()) << "the real server is not built";
  ServerProcess server;
  auto imported = run_command({real_server_binary(), "--db", server.db_path(), "--import",
                               std::string(BOARDHALL_TEST_DATA) + "/tafl/copenhagen.csv"},
                              60s);
  ASSERT_EQ(imported.status, 0) << imported.output;
  ASSERT_TRUE(server.start()) << server.log();
  TempDir config;
  ClientProcess client({"connect", "ws://127.0.0.1:" + std::to_string(server.port()), "--name", "ann"},
                       {"XDG_CONFIG_HOME=" + config.path()});
  ASSERT_NE(client.expect("ok connect"), "") << client.transcript();

  const std::string start = client.command("explore copenhagen", "explore");
  ASSERT_TRUE(start.starts_with("ok explore game=copenhagen ply=0")) << client.transcript();
  EXPECT_EQ(field(start, "to_move"), "attackers");
  EXPECT_GT(std::stoi(field(start, "games")), 1000);
  // The most played first move of the tafl community's records, with its counts.
  EXPECT_NE(client.transcript().find("data played move=h1-h3 games="), std::string::npos) << client.transcript();

  const std::string deeper = client.command("explore copenhagen H1-H3 source=imported", "explore");
  ASSERT_TRUE(deeper.starts_with("ok explore game=copenhagen ply=1")) << client.transcript();
  EXPECT_EQ(field(deeper, "to_move"), "defenders");
  EXPECT_LT(std::stoi(field(deeper, "games")), std::stoi(field(start, "games")));

  const std::string refused = client.command("explore copenhagen h1-h3 h3-h5", "explore");
  EXPECT_TRUE(refused.starts_with("error explore code=bad_query message=\"move 2 ")) << client.transcript();
  EXPECT_TRUE(client.command("explore copenhagen rating=abc", "explore").starts_with("error explore code=bad_query"))
      << client.transcript();
}

}  // namespace
}  // namespace bh::test
