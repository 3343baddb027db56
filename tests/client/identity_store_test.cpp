// Remembered identities: one per (server, player), and one key per server however its
// URL is written (issue 12: two terminals of one user overwrote each other's token).
#include "identity_store.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <variant>

#include "command_line.hpp"

namespace bh::cli {
namespace {

std::string key(std::string_view url) { return server_key(*parse_url(url)); }

TEST(ServerKey, OneKeyForEveryWayOfWritingTheSameServer) {
  const std::string k = key("ws://127.0.0.1:8080");
  EXPECT_EQ(k, "ws://localhost:8080/ws");
  for (const char* same : {"ws://localhost:8080", "ws://LOCALHOST:8080/ws", "ws://127.0.0.1:8080/ws/",
                           "ws://[::1]:8080/ws", "ws://127.0.0.2:8080/", "ws://localhost:8080//"})
    EXPECT_EQ(key(same), k) << same;
  EXPECT_NE(key("ws://127.0.0.1:8081"), k);
  EXPECT_NE(key("ws://127.0.0.1:8080/other"), k);
  EXPECT_EQ(key("ws://Play.Example.org"), "ws://play.example.org:80/ws");
  EXPECT_EQ(key("ws://[2001:DB8::1]:9000/ws"), "ws://[2001:db8::1]:9000/ws");
  EXPECT_EQ(parse_url("ws://[::1]:8080/ws")->host, "::1");  // resolvable, without brackets
}

TEST(ServerKey, WssIsAnotherServerThanWsOnTheSameHostAndPort) {
  EXPECT_EQ(key("wss://Play.Example.org"), "wss://play.example.org:443/ws");
  EXPECT_EQ(key("wss://127.0.0.1:8443/ws/"), "wss://localhost:8443/ws");
  EXPECT_NE(key("wss://play.example.org:8080"), key("ws://play.example.org:8080"));
  EXPECT_EQ(key("wss://play.example.org:443/ws"), key("wss://play.example.org"));
}

class IdentityStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("bh_ids_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(IdentityStoreTest, EachPlayerOfAServerKeepsItsOwnToken) {
  IdentityStore store((dir_ / "boardhall" / "identities").string());
  const std::string server = key("ws://127.0.0.1:8080");
  EXPECT_EQ(store.save(server, {"alice", "aaaa"}), "");
  EXPECT_EQ(store.save(server, {"bob", "bbbb"}), "");
  EXPECT_EQ(store.save(key("ws://other.example:8080"), {"alice", "cccc"}), "");
  EXPECT_EQ(store.find(server, "alice")->token, "aaaa");
  EXPECT_EQ(store.find(server, "bob")->token, "bbbb");
  EXPECT_EQ(store.find_all(server).size(), 2u);
  EXPECT_EQ(store.save(server, {"alice", "a2"}), "");  // a new token replaces the old
  EXPECT_EQ(store.find(server, "alice")->token, "a2");
  EXPECT_EQ(store.find_all(server).size(), 2u);
  EXPECT_EQ(store.forget(server, "bob"), "");
  EXPECT_FALSE(store.find(server, "bob"));
  EXPECT_EQ(store.find(server, "alice")->token, "a2");
  EXPECT_EQ(store.find(key("ws://other.example:8080"), "alice")->token, "cccc");
  struct stat info {};
  ASSERT_EQ(::stat((dir_ / "boardhall" / "identities").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0600u);
}

// Two terminals of one user save at the same moment (both connect after a restart): no
// save may lose another's. Processes, as in real use; each saves its own players.
TEST_F(IdentityStoreTest, ClientsSavingAtOnceLoseNoIdentity) {
  const std::string path = (dir_ / "boardhall" / "identities").string();
  const std::string server = key("ws://127.0.0.1:8080");
  constexpr int kProcesses = 6, kEach = 25;
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      const IdentityStore store(path);
      bool ok = true;
      for (int i = 0; i < kEach; ++i)
        ok = store.save(server, {"p" + std::to_string(p) + "_" + std::to_string(i), "t"}).empty() && ok;
      ::_exit(ok ? 0 : 1);
    }
    children.push_back(child);
  }
  for (pid_t child : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  EXPECT_EQ(IdentityStore(path).find_all(server).size(), std::size_t{kProcesses * kEach});
}

}  // namespace
}  // namespace bh::cli
