// The lobby's entries of other nodes (rooms/lobby.hpp, cluster mode with a bus): a
// change of this node's own is told for the others, theirs are listed with their owner
// and told to subscribers, a node's whole lobby replaces what was known of it, and a
// node that is gone takes its entries with it. The lobby alone, on an io_context run
// by the test, and behind the LobbyMirror that feeds it from the bus (hostile messages
// there); the wire in relay_test and end to end in e2e/relay_test.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <string>
#include <vector>

#include "app/relay/lobby_mirror.hpp"
#include "app/relay/relay_wire.hpp"
#include "app/rooms/lobby.hpp"
#include "protocol/messages.hpp"

namespace bh::app {
namespace {

namespace sv = protocol::server;

class Subscriber final : public Connection {
 public:
  void send(Frame frame) override { frames.push_back(*frame); }
  void close(std::string) override {}
  std::uint64_t id() const override { return 5; }
  const std::string& remote() const override { return address_; }
  const std::string& address() const override { return address_; }
  std::vector<std::string> frames;

 private:
  std::string address_ = "192.0.2.1";
};

sv::RoomInfo room(const std::string& id) {
  sv::RoomInfo r;
  r.room_id = id;
  r.game = "tablut";
  r.creator = "c-" + id;
  r.creator_side = "first";
  return r;
}

sv::LiveGameInfo game(const std::string& id, int ply = 0) {
  sv::LiveGameInfo g;
  g.game_id = id;
  g.room_id = "r-" + id;
  g.game = "brandubh";
  g.ply = ply;
  return g;
}

class LobbyNodesTest : public ::testing::Test {
 protected:
  void run() {
    io.restart();
    io.run();
  }
  sv::Lobby snapshot() {
    sv::Lobby out;
    lobby->snapshot([&](sv::Lobby l) { out = std::move(l); });
    run();
    return out;
  }
  static bool has(const std::vector<std::string>& frames, const std::string& part) {
    for (const auto& f : frames)
      if (f.find(part) != std::string::npos) return true;
    return false;
  }

  boost::asio::io_context io;
  std::shared_ptr<Lobby> lobby = std::make_shared<Lobby>(io);
  std::shared_ptr<Subscriber> subscriber = std::make_shared<Subscriber>();
};

TEST_F(LobbyNodesTest, OwnChangesAreToldForTheOtherNodesAndTheirsAreNot) {
  std::vector<std::string> told;
  lobby->on_change([&](const Frame& f) { told.push_back(*f); });
  lobby->room_opened(room("mine"));
  lobby->apply(7, sv::RoomOpened{room("theirs")});
  lobby->game_live(game("g-mine"), nullptr);
  lobby->game_ended("g-mine");
  run();
  ASSERT_EQ(told.size(), 3u);
  EXPECT_TRUE(has({told[0]}, "\"room_opened\"") && has({told[0]}, "mine"));
  EXPECT_TRUE(has({told[1]}, "\"live_game\""));
  EXPECT_TRUE(has({told[2]}, "\"live_game_ended\""));
  EXPECT_EQ(snapshot().rooms.size(), 2u);
}

TEST_F(LobbyNodesTest, OtherNodesEntriesAreListedWithTheirOwnerAndToldToSubscribers) {
  lobby->subscribe(subscriber);
  lobby->apply(7, sv::RoomOpened{room("r7")});
  lobby->apply(7, sv::LiveGameListed{game("g7")});
  run();
  EXPECT_EQ(lobby->remote_owner("r7"), 7);
  EXPECT_EQ(lobby->remote_owner("g7"), 7);
  EXPECT_FALSE(lobby->remote_owner("nothing"));
  EXPECT_TRUE(has(subscriber->frames, "r7"));
  EXPECT_TRUE(has(subscriber->frames, "g7"));
  // Only its owner closes a room.
  lobby->apply(8, sv::RoomClosed{"r7", "cancelled"});
  run();
  EXPECT_EQ(lobby->remote_owner("r7"), 7);
  lobby->apply(7, sv::RoomClosed{"r7", "started"});
  run();
  EXPECT_FALSE(lobby->remote_owner("r7"));
  EXPECT_TRUE(has(subscriber->frames, "\"room_closed\""));
}

TEST_F(LobbyNodesTest, ANodesOwnEntriesAreNeverTakenByAnother) {
  lobby->room_opened(room("mine"));
  lobby->game_live(game("g-mine"), nullptr);
  lobby->apply(7, sv::RoomOpened{room("mine")});
  lobby->apply(7, sv::LiveGameListed{game("g-mine")});
  run();
  EXPECT_FALSE(lobby->remote_owner("mine"));
  EXPECT_FALSE(lobby->remote_owner("g-mine"));
}

TEST_F(LobbyNodesTest, AGameTakenOverIsTheNewOwnersFromItsListing) {
  lobby->apply(7, sv::LiveGameListed{game("g")});
  lobby->apply(9, sv::LiveGameListed{game("g", 12)});  // node 7 died, node 9 took it
  run();
  EXPECT_EQ(lobby->remote_owner("g"), 9);
  lobby->keep_nodes({9});  // 7 is gone: nothing of 9's goes with it
  run();
  EXPECT_EQ(lobby->remote_owner("g"), 9);
  EXPECT_EQ(snapshot().games.size(), 1u);
}

TEST_F(LobbyNodesTest, ANodesWholeLobbyReplacesWhatWasKnownOfIt) {
  lobby->apply(7, sv::RoomOpened{room("stays")});
  lobby->apply(7, sv::RoomOpened{room("went")});
  lobby->apply(7, sv::LiveGameListed{game("g", 2)});
  run();
  lobby->subscribe(subscriber);
  sv::Lobby whole;
  whole.rooms = {room("stays"), room("new")};
  whole.games = {game("g", 9)};
  lobby->replace_node(7, whole);
  run();
  EXPECT_FALSE(lobby->remote_owner("went"));
  EXPECT_EQ(lobby->remote_owner("new"), 7);
  EXPECT_TRUE(has(subscriber->frames, "went"));  // its room_closed
  EXPECT_TRUE(has(subscriber->frames, "new"));
  EXPECT_FALSE(has(subscriber->frames, "stays"));  // nothing to tell
  const auto listed = snapshot();
  ASSERT_EQ(listed.games.size(), 1u);
  EXPECT_EQ(listed.games[0].ply, 9);  // moves come with the whole lobby
}

TEST_F(LobbyNodesTest, TheEntriesOfANodeThatIsGoneGo) {
  lobby->room_opened(room("mine"));
  lobby->apply(7, sv::RoomOpened{room("r7")});
  lobby->apply(8, sv::RoomOpened{room("r8")});
  run();
  lobby->keep_nodes({8, 99});
  run();
  const auto listed = snapshot();
  ASSERT_EQ(listed.rooms.size(), 2u);
  EXPECT_FALSE(lobby->remote_owner("r7"));
  EXPECT_EQ(lobby->remote_owner("r8"), 8);
}

TEST_F(LobbyNodesTest, TheOwnStateListsOnlyThisNodesOwn) {
  lobby->room_opened(room("mine"));
  lobby->apply(7, sv::RoomOpened{room("r7")});
  lobby->game_live(game("g-mine", 3), nullptr);
  run();
  sv::Lobby own;
  lobby->own_state([&](sv::Lobby l) { own = std::move(l); });
  run();
  ASSERT_EQ(own.rooms.size(), 1u);
  EXPECT_EQ(own.rooms[0].room_id, "mine");
  ASSERT_EQ(own.games.size(), 1u);
  EXPECT_EQ(own.rooms_total, 1);
}

// This node is epoch 3; nothing is sent anywhere.
class QuietLink final : public NodeLink {
 public:
  std::int64_t self() const override { return 3; }
  bool up() const override { return true; }
  void send(std::int64_t, std::string, std::function<void(bool)>) override {}
  void send_to_lobbies(std::string) override {}
};

TEST_F(LobbyNodesTest, TheMirrorIgnoresWhatIsNotALobbyChangeOfAnotherNode) {
  auto mirror = std::make_shared<LobbyMirror>(io, lobby, std::make_shared<QuietLink>());
  const auto opened = [](const std::string& id) { return protocol::encode(sv::RoomOpened{room(id)}); };
  for (const std::string& bad : {
           std::string(),                                                                  // nothing
           opened("r-no-sender"),                                                          // no sender line
           "0\n" + opened("r-zero"), "-7\n" + opened("r-neg"), "07\n" + opened("r-lead"),  // no epoch
           relay::encode_lobby(3, opened("r-self")),                                       // this node's own
           relay::encode_lobby(7, "{\"type\":\"room_opened\"}"),                           // a frame missing its room
           relay::encode_lobby(7, "not json"),                                             //
           relay::encode_lobby(7, "{\"type\":\"create_room\",\"game\":\"tablut\"}"),       // a client's request
           relay::encode_lobby(7, std::string(3, '\0')),                                   //
           relay::encode_lobby(7, std::string(100'000, '[')),                              // deep nesting
       })
    mirror->receive(bad);
  // A server message that is no lobby change (a move event) changes nothing either.
  sv::Move move;
  move.game_id = "g-x";
  mirror->receive(relay::encode_lobby(7, protocol::encode(move)));
  run();
  EXPECT_TRUE(snapshot().rooms.empty());
  EXPECT_TRUE(snapshot().games.empty());
  // And a change of another node is taken.
  mirror->receive(relay::encode_lobby(7, opened("r7")));
  run();
  EXPECT_EQ(lobby->remote_owner("r7"), 7);
}

}  // namespace
}  // namespace bh::app
