// Tournaments in the terminal client against the real server (docs/client.md,
// "Tournaments"): alice, scripted, creates a round robin of tablut and joins it; bob, at
// a terminal (tmux), lists it, joins it with the id Tab completes, and follows it;
// alice starts it, and bob's terminal says whom he plays and opens the game, where bob
// moves; after each of alice's resignations it says the result, the standings that
// moved and the next round's game, and at the end the final standings.
#include <gtest/gtest.h>

#include <thread>

#include "client_process.hpp"
#include "support/round_robin_proxy.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "tmux_terminal.hpp"

namespace bh::test {
namespace {

std::unique_ptr<ClientProcess> registered(const std::string& url, const std::string& config, const std::string& name) {
  return std::make_unique<ClientProcess>(
      std::vector<std::string>{"connect", url, "--register", name},
      std::vector<std::string>{"XDG_CONFIG_HOME=" + config, "BOARDHALL_PASSWORD=correct horse battery"});
}

// Two plies of tablut, so that the game is more than a no-show (a rated game resigned
// before both sides moved is aborted): the first side's, then the second's.
const char* const kFirstMove = "f9-f8";
const char* const kSecondMove = "d5-d4";

// bob's terminal once it waits for his move in a game whose last move is `last` ("" for
// none): its screen.
std::string wait_for_bobs_move(const Tmux& term, const std::string& last) {
  const auto deadline = std::chrono::steady_clock::now() + 15s;
  std::string s;
  while (std::chrono::steady_clock::now() < deadline) {
    s = term.screen();
    if (last_nonempty_line(s).ends_with("your move>") &&
        (last.empty() || s.find("last move: " + last) != std::string::npos))
      return s;
    std::this_thread::sleep_for(50ms);
  }
  ADD_FAILURE() << "bob's move was not asked for:\n" << s;
  return s;
}

// A tournament game between alice (scripted) and bob (at the terminal), alice on `alice_side`:
// a move each, then alice resigns.
void play_and_resign(ClientProcess& alice, const Tmux& term, const std::string& alice_side) {
  alice.send("wait event tournament_paired 20");
  ASSERT_NE(alice.expect("ok wait", 25s), "") << alice.transcript();
  alice.send("wait game 10");
  ASSERT_NE(alice.expect("ok wait", 15s), "") << alice.transcript();
  if (alice_side == "first") {
    alice.send("wait turn 10");
    ASSERT_NE(alice.expect("ok wait", 15s), "") << alice.transcript();
    ASSERT_TRUE(alice.command(kFirstMove, "move").starts_with("ok move")) << alice.transcript();
    wait_for_bobs_move(term, kFirstMove);
    term.type(kSecondMove);
    term.keys("Enter");
    ASSERT_NE(alice.expect("event move"), "") << alice.transcript();
  } else {
    wait_for_bobs_move(term, "");
    term.type(kFirstMove);
    term.keys("Enter");
    alice.send("wait turn 10");
    ASSERT_NE(alice.expect("ok wait", 15s), "") << alice.transcript();
    ASSERT_TRUE(alice.command(kSecondMove, "move").starts_with("ok move")) << alice.transcript();
  }
  ASSERT_TRUE(alice.command("resign", "resign").starts_with("ok resign")) << alice.transcript();
}

TEST(ClientTournament, ATerminalJoinsFollowsIsPairedAndPlaysARoundRobinToItsEnd) {
  ASSERT_FALSE(real_server_binary().empty());
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  TempDir config;

  // A guest may not organise one; the client says how to become a registered player.
  {
    ClientProcess guest({"connect", url, "--name", "gus"}, {"XDG_CONFIG_HOME=" + config.path() + "/gus"});
    ASSERT_NE(guest.expect("ok connect"), "") << guest.transcript();
    const std::string refused = guest.command("create-tournament swiss tablut 5+0", "create-tournament");
    EXPECT_TRUE(refused.starts_with("error create-tournament code=account_required")) << guest.transcript();
    EXPECT_NE(refused.find("--register NAME"), std::string::npos) << refused;
  }

  // bob registers (and is remembered), to come back at a terminal.
  {
    auto bob = registered(url, config.path() + "/bob", "bob");
    ASSERT_NE(bob->expect("ok connect player=bob registered=yes", 30s), "") << bob->transcript();
  }
  auto alice = registered(url, config.path() + "/alice", "alice");
  ASSERT_NE(alice->expect("ok connect player=alice registered=yes", 30s), "") << alice->transcript();
  const std::string created =
      alice->command("create-tournament round_robin tablut 10+5 name=\"Test cup\"", "create-tournament");
  ASSERT_TRUE(created.starts_with("ok create-tournament")) << alice->transcript();
  const std::string id = field(created, "tournament");
  EXPECT_EQ(field(created, "name"), "Test cup") << created;
  EXPECT_EQ(field(created, "status"), "upcoming") << created;
  ASSERT_TRUE(alice->command("join-tournament " + id, "join-tournament").starts_with("ok join-tournament"))
      << alice->transcript();

  Tmux term(terminal_command(config.path() + "/bob", url, "bob"));
  ASSERT_NE(term.wait_for("Type help for the commands.", 20s).find("as bob, resumed"), std::string::npos)
      << term.screen();
  term.type("tournaments");
  term.keys("Enter");
  std::string s = term.wait_for("Show one with: tournament ID; enter one with: join-tournament ID");
  EXPECT_NE(s.find("Upcoming:"), std::string::npos) << s;
  EXPECT_NE(s.find("  " + id + "  Test cup  (round robin, tablut 10+5, rated)  1/10 players  alice starts it"),
            std::string::npos)
      << s;
  // The id from the listing, by Tab.
  term.type("join-tournament ");
  term.keys("Tab");
  s = term.wait_for("boardhall> join-tournament " + id);
  ASSERT_EQ(last_nonempty_line(s), "boardhall> join-tournament " + id) << s;
  term.keys("Enter");
  s = term.wait_for("You joined Test cup");
  EXPECT_NE(s.find("You joined Test cup (" + id + "): 2 players; alice starts it."), std::string::npos) << s;

  term.type("tournament " + id);
  term.keys("Enter");
  s = term.wait_for("(Its changes are shown as they come.)");
  EXPECT_NE(s.find("Tournament Test cup (" + id + ")"), std::string::npos) << s;
  EXPECT_NE(s.find("  tablut 10+5, double round robin (each pair plays both sides), rated, by alice"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("Upcoming: 2 of at most 10 players; alice starts it (start-tournament " + id + ")."),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("Players: alice 1500, bob 1500"), std::string::npos) << s;

  // alice starts it: bob's terminal says whom he plays, and the game opens.
  const std::string started = alice->command("start-tournament " + id, "start-tournament");
  ASSERT_TRUE(started.starts_with("ok start-tournament")) << alice->transcript();
  EXPECT_EQ(field(started, "rounds"), "2") << started;
  s = term.wait_for("Tournament Test cup, round 1: you play alice with the ");
  ASSERT_NE(s.find("Tournament Test cup, round 1: you play alice with the "), std::string::npos) << s;
  s = term.wait_for(" to move");
  EXPECT_NE(s.find("Game g"), std::string::npos) << s;
  EXPECT_NE(s.find("tablut"), std::string::npos) << s;
  s = term.wait_for("Test cup started: 2 players.");
  EXPECT_NE(s.find("Test cup, round 1 of 2: "), std::string::npos) << s;

  // alice (the attackers, first) and bob move, alice resigns: bob wins, the standings
  // move, round 2 is paired with the sides swapped and its game opens.
  EXPECT_NE(s.find("you play alice with the defenders"), std::string::npos) << s;
  play_and_resign(*alice, term, "first");
  s = term.wait_for("Game over: you win by resignation");
  EXPECT_NE(s.find("Game over: you win by resignation (alice 0, bob 1)."), std::string::npos) << s;
  s = term.wait_for("Standings: 1. bob 1");
  EXPECT_NE(s.find("Test cup, round 1: alice 0-1 bob."), std::string::npos) << s;
  EXPECT_NE(s.find("Standings: 1. bob 1"), std::string::npos) << s;
  s = term.wait_for("Tournament Test cup, round 2: you play alice with the attackers");
  ASSERT_NE(s.find("Tournament Test cup, round 2: you play alice with the attackers (game g"), std::string::npos) << s;
  EXPECT_EQ(s.find("rematch"), std::string::npos) << s;  // a tournament's game has none

  // Round 2, bob first: then the end, with the final standings and the crosstable.
  play_and_resign(*alice, term, "second");
  s = term.wait_for("Finished: winner bob (2 players).", 15s);
  ASSERT_NE(s.find("Finished: winner bob (2 players)."), std::string::npos) << s;
  EXPECT_NE(s.find("Game over: you win by resignation (bob 1, alice 0)."), std::string::npos) << s;
  EXPECT_NE(s.find("   #  player  points  SB  games  1    2"), std::string::npos) << s;
  EXPECT_NE(s.find("   1  bob          2   0      2  x    1 1"), std::string::npos) << s;
  EXPECT_NE(s.find("   2  alice        0   0      2  0 0  x"), std::string::npos) << s;
  term.type("quit");
  term.keys("Enter");
}

// The server forgets what a dropped connection followed: the terminal that showed a
// tournament follows it again once it has reconnected by itself (the network cut its
// connection: a proxy), and the tournament's changes keep coming.
TEST(ClientTournament, AReconnectedTerminalFollowsItsTournamentAgain) {
  ASSERT_FALSE(real_server_binary().empty());
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  RoundRobinProxy proxy;
  proxy.set_targets({server.port()});
  const std::string proxied = "ws://127.0.0.1:" + std::to_string(proxy.port());
  TempDir config;
  {
    auto bob = registered(proxied, config.path() + "/bob", "bob");
    ASSERT_NE(bob->expect("ok connect player=bob registered=yes", 30s), "") << bob->transcript();
  }
  std::string id;
  {
    auto alice = registered(url, config.path() + "/alice", "alice");
    ASSERT_NE(alice->expect("ok connect player=alice registered=yes", 30s), "") << alice->transcript();
    const std::string created = alice->command("create-tournament swiss draughts 5+3 name=Later", "create-tournament");
    ASSERT_TRUE(created.starts_with("ok create-tournament")) << alice->transcript();
    id = field(created, "tournament");
  }
  Tmux term(terminal_command(config.path() + "/bob", proxied, "bob"));
  ASSERT_NE(term.wait_for("Type help for the commands.", 20s).find("as bob, resumed"), std::string::npos)
      << term.screen();
  term.type("tournament " + id);
  term.keys("Enter");
  std::string s = term.wait_for("(Its changes are shown as they come.)");
  ASSERT_NE(s.find("No players yet: join-tournament " + id), std::string::npos) << s;

  proxy.cut();
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  auto resumed = [&] {
    s = term.screen();
    const auto first = s.find("as bob, resumed");
    return first != std::string::npos && s.find("as bob, resumed", first + 1) != std::string::npos;
  };
  while (std::chrono::steady_clock::now() < deadline && !resumed()) std::this_thread::sleep_for(100ms);
  ASSERT_TRUE(resumed()) << s;
  EXPECT_NE(s.find("Connection lost"), std::string::npos) << s;

  auto carol = registered(url, config.path() + "/carol", "carol");
  ASSERT_NE(carol->expect("ok connect player=carol registered=yes", 30s), "") << carol->transcript();
  ASSERT_TRUE(carol->command("join-tournament " + id, "join-tournament").starts_with("ok join-tournament"))
      << carol->transcript();
  s = term.wait_for("Later: carol joined (1 player).");
  EXPECT_NE(s.find("Later: carol joined (1 player)."), std::string::npos) << s;
  term.type("quit");
  term.keys("Enter");
}

}  // namespace
}  // namespace bh::test
