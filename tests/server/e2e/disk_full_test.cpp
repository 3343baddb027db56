// A real full disk under the real server: its database lives on a tiny tmpfs that a
// filler file fills up. The game in progress goes on, new games are refused with
// storage_unavailable, /healthz says 503; once the filler is gone the server turns
// healthy by itself, the moves made meanwhile are caught up, and a restart brings the
// whole game back. Skipped where tmpfs cannot be mounted (no root or no CAP_SYS_ADMIN).
#include <gtest/gtest.h>
#include <sys/mount.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "support/server_process.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

// Mounts a tmpfs of `size` on `folder` for the life of the object.
class TinyFilesystem {
 public:
  TinyFilesystem(const std::string& folder, const std::string& size) : folder_(folder) {
    mounted_ = ::mount("tmpfs", folder.c_str(), "tmpfs", 0, ("size=" + size).c_str()) == 0;
  }
  ~TinyFilesystem() {
    if (mounted_) ::umount2(folder_.c_str(), MNT_DETACH);
  }
  bool mounted() const { return mounted_; }
  // Writes zeros to `path` until the filesystem is full.
  void fill(const std::string& path) const {
    std::ofstream out(path, std::ios::binary);
    const std::string block(64 * 1024, '\0');
    while (out.write(block.data(), static_cast<std::streamsize>(block.size())) && out.flush()) {
    }
  }

 private:
  std::string folder_;
  bool mounted_ = false;
};

bool healthy(std::uint16_t port) { return http_get(port, "/healthz").status == 200; }

TEST(DiskFullE2e, LiveGameGoesOnNewGamesWaitAndEverythingIsCaughtUp) {
  ServerProcess server({"--grace", "60"});
  TinyFilesystem disk(server.folder(), "2m");
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here (needs CAP_SYS_ADMIN)";
  ASSERT_TRUE(server.start()) << server.log();

  WsPlayer alice, bob, carl;
  for (WsPlayer* p : {&alice, &bob, &carl}) ASSERT_TRUE(p->connect(server.port()));
  const std::string alice_token = alice.guest("alice");
  bob.guest("bob");
  carl.guest("carl");
  const std::string game = start_tablut(alice, bob, "first");
  ASSERT_FALSE(game.empty());
  const std::vector<std::string> moves = {"f9-f8", "d5-d4", "i6-g6", "d4-d7", "f8-g8"};
  auto play = [&](std::size_t ply) {
    WsPlayer& mover = ply % 2 == 0 ? alice : bob;
    WsPlayer& other = ply % 2 == 0 ? bob : alice;
    mover.send({{"type", "move"}, {"game_id", game}, {"ply", ply}, {"move", moves[ply]}, {"id", 10 + ply}});
    auto pred = [&](const json& m) { return m["ply"] == ply + 1; };
    ASSERT_TRUE(mover.take("move", pred)) << moves[ply];
    ASSERT_TRUE(other.take("move", pred)) << moves[ply];
  };
  play(0);

  disk.fill(server.folder() + "/filler");
  play(1);  // told although it could not be written
  play(2);
  EXPECT_FALSE(healthy(server.port()));
  carl.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 5}});
  auto refused = carl.take("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "storage_unavailable");

  std::filesystem::remove(server.folder() + "/filler");
  bool recovered = false;
  for (int i = 0; i < 100 && !recovered; ++i) {
    std::this_thread::sleep_for(50ms);
    recovered = healthy(server.port());
  }
  EXPECT_TRUE(recovered) << "not healthy 5 s after the disk had room again";
  carl.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 6}});
  EXPECT_TRUE(carl.take("room_created"));
  play(3);  // written with the two that were missed

  for (WsPlayer* p : {&alice, &bob, &carl}) p->close();
  ASSERT_TRUE(server.restart()) << server.log();
  WsPlayer alice2;
  ASSERT_TRUE(alice2.connect(server.port()));
  alice2.send({{"type", "resume"}, {"token", alice_token}, {"id", 1}});
  ASSERT_TRUE(alice2.take("identity"));
  auto state = alice2.take("game_state");
  ASSERT_TRUE(state);
  EXPECT_EQ((*state)["state"]["moves"], json(std::vector<std::string>(moves.begin(), moves.begin() + 4)));
  alice2.close();
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace bh::test
