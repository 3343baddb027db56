// The interactive client in a real terminal (tmux): the board with its coordinates, the
// prompt with ticking clocks, and a server event arriving while a line is being typed
// without breaking that line.
#include <thread>

#include <gtest/gtest.h>

#include "client_process.hpp"
#include "support/round_robin_proxy.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "tmux_terminal.hpp"

namespace bh::test {
namespace {

// `bob` joins the one open room the lobby lists: its id, or "" (a failed expectation).
std::string join_the_open_room(ClientProcess& bob) {
  EXPECT_NE(bob.expect("ok connect"), "") << bob.transcript();
  if (!bob.command("rooms", "rooms").starts_with("ok rooms rooms=1")) {
    ADD_FAILURE() << bob.transcript();
    return "";
  }
  std::string line = bob.transcript();
  line = line.substr(line.find("data room"));
  const std::string room_id = field(line.substr(0, line.find('\n')), "room");
  EXPECT_TRUE(bob.command("join " + room_id, "join").starts_with("ok join")) << bob.transcript();
  return room_id;
}

TEST(ClientTerminal, BoardPromptClockAndAnEventWhileTyping) {
  ASSERT_FALSE(real_server_binary().empty());
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  TempDir config;
  Tmux term(terminal_command(config.path(), url, "alice"));
  std::string s = term.wait_for("Type help for the commands.");
  ASSERT_NE(s.find("Connected to " + url + " as alice (guest)"), std::string::npos) << s;
  // libedit redraws its prompt a moment after the line above is printed (later still
  // under the sanitizers): wait for it, then it must be the last line.
  s = term.wait_for("boardhall>");
  EXPECT_EQ(last_nonempty_line(s), "boardhall>") << s;

  term.type("create tablut --side second --clock 5+0");
  term.keys("Enter");
  s = term.wait_for("Waiting for an opponent");
  ASSERT_NE(s.find("Waiting for an opponent"), std::string::npos) << s;

  ClientProcess bob({"connect", url, "--name", "bob"}, {"XDG_CONFIG_HOME=" + config.path() + "/bob"});
  const std::string room_id = join_the_open_room(bob);
  ASSERT_FALSE(room_id.empty()) << bob.transcript();

  // The board, with coordinates on both axes and the king on its throne, seen from
  // alice's side: she plays second (the defenders), so it is turned round.
  s = term.wait_for("to move");
  EXPECT_NE(s.find("     i  h  g  f  e  d  c  b  a"), std::string::npos) << s;
  EXPECT_NE(s.find("  5  a  a  d  d  K  d  d  a  a  5"), std::string::npos) << s;
  EXPECT_NE(s.find("bob (attackers) to move"), std::string::npos) << s;
  // The prompt shows both clocks; neither runs before its side's first move.
  const std::string prompt1 = last_nonempty_line(term.wait_for("[bob 5:00"));
  EXPECT_TRUE(prompt1.starts_with("[bob 5:00")) << prompt1;
  EXPECT_NE(prompt1.find("| alice 5:00]>"), std::string::npos) << prompt1;

  // Half a line typed, then bob moves: the event appears above, the line stays.
  term.type("hel");
  s = term.wait_for("]> hel");
  ASSERT_TRUE(last_nonempty_line(s).ends_with("]> hel")) << s;
  ASSERT_TRUE(bob.command("a4-a3", "move").starts_with("ok move")) << bob.transcript();
  term.wait_for("last move: a4-a3");
  s = term.wait_for("your move> hel");  // the half-typed line is redrawn after the event
  EXPECT_NE(s.find("  4  a  .  .  .  d  .  .  . [.] 4"), std::string::npos) << s;  // the last move
  EXPECT_NE(s.find("  3  .  .  .  .  d  .  .  . [a] 3"), std::string::npos) << s;
  EXPECT_NE(s.find("alice (defenders) to move -- your move"), std::string::npos) << s;
  const std::string typing = last_nonempty_line(s);
  EXPECT_TRUE(typing.starts_with("[bob ")) << typing;
  EXPECT_TRUE(typing.ends_with("your move> hel")) << s;
  // The line goes on where it was left.
  term.type("p moves");
  term.keys("Enter");
  s = term.wait_for("the legal moves in the current position");
  EXPECT_NE(s.find("the legal moves in the current position"), std::string::npos) << s;
  // flip: the board the usual way round, file a on the left.
  term.type("flip");
  term.keys("Enter");
  s = term.wait_for("Boards turned round from your usual view");
  EXPECT_NE(s.find("  4 [.] .  .  .  d  .  .  .  a  4"), std::string::npos) << s;
  EXPECT_NE(s.find("  3 [a] .  .  .  d  .  .  .  .  3"), std::string::npos) << s;

  // A move typed at the prompt.
  term.type("f5-f8");
  term.keys("Enter");
  EXPECT_NE(bob.expect("event move game="), "") << bob.transcript();
  term.type("quit");
  term.keys("Enter");
}

// Issue 12.13: Tab completes a command, then a room id from the last `rooms` listing.
TEST(ClientTerminal, TabCompletesACommandAndThenARoomId) {
  ASSERT_FALSE(real_server_binary().empty());
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  TempDir config;
  ClientProcess bob({"connect", url, "--name", "bob"}, {"XDG_CONFIG_HOME=" + config.path() + "/bob"});
  ASSERT_NE(bob.expect("ok connect"), "") << bob.transcript();
  const std::string room = field(bob.command("create draughts --side first", "create"), "room");
  ASSERT_FALSE(room.empty()) << bob.transcript();
  Tmux term(terminal_command(config.path(), url, "alice"));
  ASSERT_NE(term.wait_for("Type help for the commands.").find("as alice"), std::string::npos);
  term.type("rooms");
  term.keys("Enter");
  ASSERT_NE(term.wait_for("-> join " + room).find("-> join " + room), std::string::npos);

  term.type("jo");
  term.keys("Tab");
  std::string s = term.wait_for("boardhall> join");          // tmux drops trailing spaces
  ASSERT_EQ(last_nonempty_line(s), "boardhall> join") << s;  // a space follows
  term.keys("Tab");
  s = term.wait_for("boardhall> join " + room);
  ASSERT_EQ(last_nonempty_line(s), "boardhall> join " + room) << s;
  term.keys("Enter");
  // The completed line is a real command: alice plays black, and sees her men below.
  s = term.wait_for("to move");
  EXPECT_NE(s.find("     h  g  f  e  d  c  b  a"), std::string::npos) << s;
  EXPECT_NE(s.find("  8  b     b     b     b     8"), std::string::npos) << s;
  term.type("quit");
  term.keys("Enter");
}

TEST(ClientTerminal, ReconnectsByItselfAfterARestartAndTheGameGoesOn) {
  ASSERT_FALSE(real_server_binary().empty());
  ServerProcess server({"--grace", "60"});
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  TempDir config;
  Tmux term(terminal_command(config.path(), url, "alice"));
  ASSERT_NE(term.wait_for("Type help for the commands.").find("as alice"), std::string::npos);
  term.type("create tablut --side second");
  term.keys("Enter");
  ASSERT_NE(term.wait_for("Waiting for an opponent").find("Waiting for an opponent"), std::string::npos);
  std::string room_id;
  {
    ClientProcess bob({"connect", url, "--name", "bob"}, {"XDG_CONFIG_HOME=" + config.path() + "/bob"});
    room_id = join_the_open_room(bob);
    ASSERT_FALSE(room_id.empty());
    ASSERT_TRUE(bob.command("a4-a3", "move").starts_with("ok move")) << bob.transcript();
    ASSERT_NE(term.wait_for("last move: a4-a3").find("your move"), std::string::npos);
  }

  // The server restarts: the client says so, keeps trying, and resumes by itself.
  ASSERT_TRUE(server.restart_on_same_port()) << server.log();
  std::string s = term.wait_for("resumed", 20s);
  EXPECT_NE(s.find("Connection lost"), std::string::npos) << s;
  ASSERT_NE(s.find("as alice (guest), resumed"), std::string::npos) << s;
  // The game came back with the move, and alice's move goes through.
  term.type("f5-f8");
  term.keys("Enter");
  s = term.wait_for("last move: f5-f8");
  EXPECT_NE(s.find("last move: f5-f8"), std::string::npos) << s;
  // The end is said once, with the points by name; a single game is no "match".
  term.type("resign");
  term.keys("Enter");
  s = term.wait_for("Game over");
  EXPECT_NE(s.find("Game over: bob (attackers) wins by resignation (bob 1, alice 0)."), std::string::npos) << s;
  EXPECT_EQ(s.find("The game is over."), std::string::npos) << s;
  EXPECT_EQ(s.find("Match over"), std::string::npos) << s;
  term.type("quit");
  term.keys("Enter");
}

// An idle correspondence game leaves the server's memory, and a restart brings it back
// asleep (docs/correspondence.md, "Idle games"): resume gives back no state for it, so
// the terminal that had it open watches it again once it has reconnected, which wakes
// it with the player's seat; the board is back and the next move goes to it.
TEST(ClientTerminal, AReconnectedTerminalOpensItsAsleepCorrespondenceGameAgain) {
  ASSERT_FALSE(real_server_binary().empty());
  ServerProcess server({"--correspondence-sleep-ms", "300"});
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  TempDir config;
  Tmux term(terminal_command(config.path(), url, "alice"));
  ASSERT_NE(term.wait_for("Type help for the commands.").find("as alice"), std::string::npos);
  term.type("create tablut --side second --clock 3d");
  term.keys("Enter");
  ASSERT_NE(term.wait_for("Waiting for an opponent").find("Waiting for an opponent"), std::string::npos);
  {
    ClientProcess bob({"connect", url, "--name", "bob"}, {"XDG_CONFIG_HOME=" + config.path() + "/bob"});
    ASSERT_FALSE(join_the_open_room(bob).empty());
    ASSERT_TRUE(bob.command("a4-a3", "move").starts_with("ok move")) << bob.transcript();
    ASSERT_NE(term.wait_for("last move: a4-a3").find("your move"), std::string::npos);
  }
  ASSERT_TRUE(server.restart_on_same_port()) << server.log();
  std::string s = term.wait_for("resumed", 20s);
  ASSERT_NE(s.find("as alice (guest), resumed"), std::string::npos) << s;
  // Nothing typed: the terminal's own watch wakes the game.
  std::string woken;
  for (int i = 0; i < 100 && woken.find("\nboardhall_games_woken_total 1\n") == std::string::npos; ++i) {
    std::this_thread::sleep_for(100ms);
    woken = http_get(server.port(), "/metrics").body;
  }
  EXPECT_NE(woken.find("\nboardhall_games_woken_total 1\n"), std::string::npos) << woken << server.log();
  term.type("f5-f8");
  term.keys("Enter");
  s = term.wait_for("last move: f5-f8");
  EXPECT_NE(s.find("last move: f5-f8"), std::string::npos) << s;
  term.type("quit");
  term.keys("Enter");
}

// Issue 12.5: a spectator whose connection dropped (the server restarted) watches again
// when it is back: later moves reach its board.
TEST(ClientTerminal, ASpectatorWatchesAgainAfterARestart) {
  ASSERT_FALSE(real_server_binary().empty());
  ServerProcess server({"--grace", "60"});
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  TempDir config;
  std::string game;
  {
    ClientProcess ann({"connect", url, "--name", "ann"}, {"XDG_CONFIG_HOME=" + config.path() + "/ann"});
    ClientProcess ben({"connect", url, "--name", "ben"}, {"XDG_CONFIG_HOME=" + config.path() + "/ben"});
    ASSERT_NE(ann.expect("ok connect"), "") << ann.transcript();
    ASSERT_NE(ben.expect("ok connect"), "") << ben.transcript();
    const std::string created = ann.command("create tablut --side attackers", "create");
    const std::string joined = ben.command("join " + field(created, "room"), "join");
    ASSERT_TRUE(joined.starts_with("ok join")) << ben.transcript();
    game = field(joined, "game");
  }
  Tmux term(terminal_command(config.path() + "/cat", url, "cat"));
  ASSERT_NE(term.wait_for("Type help for the commands.").find("as cat"), std::string::npos);
  term.type("watch " + game);
  term.keys("Enter");
  ASSERT_NE(term.wait_for("(watching)").find("(watching)"), std::string::npos);

  ASSERT_TRUE(server.restart_on_same_port()) << server.log();
  // A spectator holds no seat, so the restarted server does not know cat: it comes back
  // as a new guest of the same name, and watches again.
  std::string s;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  auto count = [](const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
  };
  while (std::chrono::steady_clock::now() < deadline && count(s = term.screen(), "(watching)") < 2)
    std::this_thread::sleep_for(100ms);
  ASSERT_NE(s.find("Connection lost"), std::string::npos) << s;
  ASSERT_GE(count(s, "(watching)"), 2u) << s;
  // ann comes back and moves: cat, watching again, sees it.
  ClientProcess ann({"connect", url, "--name", "ann"}, {"XDG_CONFIG_HOME=" + config.path() + "/ann"});
  ASSERT_NE(ann.expect("ok connect player=ann registered=no resumed=yes"), "") << ann.transcript();
  ann.send("wait game 5");
  ASSERT_NE(ann.expect("ok wait"), "") << ann.transcript();
  ASSERT_TRUE(ann.command("a4-a3", "move").starts_with("ok move")) << ann.transcript();
  s = term.wait_for("last move: a4-a3");
  EXPECT_NE(s.find("last move: a4-a3"), std::string::npos) << s;
  term.type("quit");
  term.keys("Enter");
}

// A room waits; the server restarts and forgets its creator (no seat, so no token kept)
// and the room: the terminal comes back under the same name, says the room is gone, and
// its prompt no longer waits.
TEST(ClientTerminal, ARoomLostInARestartIsSaidGoneAndThePromptNoLongerWaits) {
  ASSERT_FALSE(real_server_binary().empty());
  ServerProcess server({"--grace", "60"});
  ASSERT_TRUE(server.start()) << server.log();
  const std::string url = "ws://127.0.0.1:" + std::to_string(server.port());
  TempDir config;
  Tmux term(terminal_command(config.path() + "/dee", url, "dee"));
  ASSERT_NE(term.wait_for("Type help for the commands.").find("as dee"), std::string::npos);
  term.type("create tablut");
  term.keys("Enter");
  const std::string opened = term.wait_for("waiting>");  // the prompt while the room waits
  ASSERT_NE(opened.find("waiting>"), std::string::npos) << opened;

  ASSERT_TRUE(server.restart_on_same_port()) << server.log();
  const std::string s = term.wait_for("is gone");
  ASSERT_NE(s.find("Your room r"), std::string::npos) << s;
  ASSERT_NE(s.find("is gone: the server restarted and forgot it"), std::string::npos) << s;
  term.type("rooms");
  term.keys("Enter");
  std::string after = term.wait_for("No open rooms");
  // The prompt, on the screen's last line with text once it is drawn again (a loaded
  // machine may show the answer a moment before it), no longer waits.
  for (int i = 0; i < 50 && last_nonempty_line(after).find('>') == std::string::npos; ++i) {
    std::this_thread::sleep_for(100ms);
    after = term.screen();
  }
  EXPECT_EQ(last_nonempty_line(after).rfind("boardhall>", 0), 0u) << after;
  term.type("quit");
  term.keys("Enter");
}

// An open room, and its creator's connection dropped by the network (a proxy cuts it;
// the server goes on): the terminal reconnects and resumes by itself. A room the server
// closed meanwhile (its 1 s grace passed) is said gone and the prompt stops waiting; a
// room whose game started meanwhile is the game, never said gone.
class RoomAway : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(real_server_binary().empty());
    ASSERT_TRUE(server_.start()) << server_.log();
    proxy_.set_targets({server_.port()});
  }
  std::unique_ptr<Tmux> terminal(const std::string& name) {
    return std::make_unique<Tmux>(
        terminal_command(config_.path() + "/" + name, "ws://127.0.0.1:" + std::to_string(proxy_.port()), name));
  }
  // The network drops the proxied connections and lets none through until restore().
  void cut() {
    proxy_.set_targets({});
    proxy_.cut();
  }
  void restore() { proxy_.set_targets({server_.port()}); }

  ServerProcess server_{{"--grace", "60", "--open-room-grace", "1"}};
  RoundRobinProxy proxy_;
  TempDir config_;
};

TEST_F(RoomAway, ARoomClosedWhileItsCreatorWasAwayIsSaidGoneAndThePromptNoLongerWaits) {
  auto term = terminal("eve");
  ASSERT_NE(term->wait_for("Type help for the commands.").find("as eve"), std::string::npos);
  term->type("create tablut");
  term->keys("Enter");
  ASSERT_NE(term->wait_for("waiting>").find("waiting>"), std::string::npos);

  cut();
  std::this_thread::sleep_for(3s);  // past the room's grace
  restore();
  const std::string s = term->wait_for("is gone", 30s);
  ASSERT_NE(s.find("as eve (guest), resumed"), std::string::npos) << s;
  ASSERT_NE(s.find("is gone: it closed while you were away"), std::string::npos) << s;
  term->type("cancel");
  term->keys("Enter");
  const std::string after = term->wait_for("no open room");
  EXPECT_NE(after.find("you have no open room"), std::string::npos) << after;
  EXPECT_EQ(last_nonempty_line(after).rfind("boardhall>", 0), 0u) << after;
  term->type("quit");
  term->keys("Enter");
}

TEST_F(RoomAway, ARoomWhoseGameStartedWhileItsCreatorWasAwayIsTheGameNotGone) {
  auto term = terminal("eve");
  ASSERT_NE(term->wait_for("Type help for the commands.").find("as eve"), std::string::npos);
  term->type("create tablut --side attackers");
  term->keys("Enter");
  const std::string opened = term->wait_for("waiting>");
  const auto at = opened.find("Room r");
  ASSERT_NE(at, std::string::npos) << opened;
  const std::string room = opened.substr(at + 5, opened.find(' ', at + 5) - at - 5);

  cut();
  ClientProcess fay({"connect", "ws://127.0.0.1:" + std::to_string(server_.port()), "--name", "fay"},
                    {"XDG_CONFIG_HOME=" + config_.path() + "/fay"});
  ASSERT_NE(fay.expect("ok connect"), "") << fay.transcript();
  ASSERT_TRUE(fay.command("join " + room, "join").starts_with("ok join")) << fay.transcript();
  restore();
  const std::string s = term->wait_for("your move>", 30s);  // the game's prompt
  ASSERT_NE(s.find("as eve (guest), resumed"), std::string::npos) << s;
  ASSERT_NE(s.find("eve (attackers) vs fay (defenders)"), std::string::npos) << s;
  term->type("a4-a3");
  term->keys("Enter");
  const std::string moved = term->wait_for("last move: a4-a3");
  EXPECT_NE(moved.find("last move: a4-a3"), std::string::npos) << moved;
  EXPECT_EQ(moved.find("is gone"), std::string::npos) << moved;
  term->type("quit");
  term->keys("Enter");
}

}  // namespace
}  // namespace bh::test
