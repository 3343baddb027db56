// The relay of a client's connection between two nodes (app/relay), alone: two Relays
// joined by an in-memory link that delivers each message at once, hosts that record what
// the owner's application was told, and connections that record what the edge's socket
// was sent. The bus itself is tested against Redis (tests/server/cluster), the whole path
// end to end in tests/server/e2e/relay_test.cpp.
#include "app/relay/relay.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "app/ids.hpp"
#include "app/relay/relay_wire.hpp"

namespace bh::app {
namespace {

// Nodes 1 and 2 in one process: a message to a node that is "down" reaches no one.
class Wires {
 public:
  class Link final : public NodeLink {
   public:
    Link(Wires& wires, std::int64_t self) : wires_(wires), self_(self) {}
    std::int64_t self() const override { return self_; }
    bool up() const override { return wires_.up; }
    void send(std::int64_t epoch, std::string payload, std::function<void(bool)> reached) override {
      auto to = wires_.relays.find(epoch);
      const bool ok = wires_.up && to != wires_.relays.end() && !wires_.down.contains(epoch);
      if (ok) to->second->receive(payload);
      if (reached) reached(ok);
    }
    void send_to_lobbies(std::string) override {}

   private:
    Wires& wires_;
    std::int64_t self_;
  };
  bool up = true;
  std::set<std::int64_t> down;
  std::map<std::int64_t, Relay*> relays;
};

class Recorded final : public Connection {
 public:
  explicit Recorded(std::uint64_t id) : id_(id) {}
  void send(Frame frame) override { sent.push_back(*frame); }
  void close(std::string reason) override { closes.push_back(std::move(reason)); }
  std::uint64_t id() const override { return id_; }
  const std::string& remote() const override { return address_; }
  const std::string& address() const override { return address_; }
  std::vector<std::string> sent, closes;

 private:
  std::uint64_t id_;
  std::string address_ = "192.0.2.7";
};

// What the owner's application was told.
struct Told {
  std::vector<std::shared_ptr<Connection>> opened, closed;
  std::vector<std::string> messages;
};

class RelayTest : public ::testing::Test {
 protected:
  RelayTest() {
    edge = std::make_shared<Relay>(std::make_shared<Wires::Link>(wires, 1), host(edge_told));
    owner = std::make_shared<Relay>(std::make_shared<Wires::Link>(wires, 2), host(owner_told));
    wires.relays = {{1, edge.get()}, {2, owner.get()}};
  }
  // The owner's application answers each frame with "re:<frame>".
  Relay::Host host(Told& told) {
    Relay::Host h;
    h.opened = [&told](const Relay::ConnPtr& c, const relay::Arrival&) { told.opened.push_back(c); };
    h.message = [&told](const Relay::ConnPtr& c, std::string text) {
      told.messages.push_back(text);
      c->send(make_frame("re:" + text));
    };
    h.closed = [&told](const Relay::ConnPtr& c) { told.closed.push_back(c); };
    return h;
  }

  Wires wires;
  Told edge_told, owner_told;
  std::shared_ptr<Relay> edge, owner;
  std::shared_ptr<Recorded> client = std::make_shared<Recorded>(41);
};

TEST_F(RelayTest, APinnedConnectionIsServedByTheOwnerBothWays) {
  bool refused = false;
  edge->pin(client, 2, "resume", [&] { refused = true; });
  EXPECT_FALSE(refused);
  EXPECT_TRUE(edge->pinned(41));
  ASSERT_EQ(owner_told.opened.size(), 1u);
  const auto& remote = owner_told.opened[0];
  EXPECT_EQ(remote->address(), "192.0.2.7");  // the client's, for the owner's limits
  EXPECT_NE(remote->id(), 41u);               // an id of the owner's own, apart from its sockets'
  edge->forward(client, "move");
  EXPECT_EQ(owner_told.messages, (std::vector<std::string>{"resume", "move"}));
  EXPECT_EQ(client->sent, (std::vector<std::string>{"re:resume", "re:move"}));
  const auto s = edge->stats();
  EXPECT_EQ(s.pinned, 1u);
  EXPECT_EQ(s.frames_in, 2u);
  EXPECT_EQ(s.frames_out, 2u);
  EXPECT_EQ(owner->stats().remote, 1u);
  EXPECT_TRUE(edge_told.opened.empty());  // the edge's application is not the one serving it
}

TEST_F(RelayTest, AnOwnerThatCannotBeReachedLeavesTheConnectionToTheEdge) {
  wires.down.insert(2);
  bool refused = false;
  edge->pin(client, 2, "resume", [&] { refused = true; });
  EXPECT_TRUE(refused);
  EXPECT_FALSE(edge->pinned(41));
  EXPECT_TRUE(owner_told.opened.empty());
}

TEST_F(RelayTest, TheClientLeavingIsTheRemoteConnectionClosingOnTheOwner) {
  edge->pin(client, 2, "resume", {});
  edge->closed(41);
  EXPECT_FALSE(edge->pinned(41));
  ASSERT_EQ(owner_told.closed.size(), 1u);
  EXPECT_EQ(owner_told.closed[0], owner_told.opened[0]);
  EXPECT_EQ(owner->stats().remote, 0u);
  owner_told.closed[0]->send(make_frame("late"));  // a room's last word after the close goes nowhere
  EXPECT_EQ(client->sent.size(), 1u);
}

TEST_F(RelayTest, TheOwnerClosingTheConnectionClosesTheClientsSocket) {
  edge->pin(client, 2, "resume", {});
  owner_told.opened[0]->close("identify_timeout");
  EXPECT_EQ(client->closes, (std::vector<std::string>{"identify_timeout"}));
  EXPECT_FALSE(edge->pinned(41));
  EXPECT_EQ(owner_told.closed.size(), 1u);  // told once, as a socket's close would be
  owner_told.opened[0]->close("again");
  EXPECT_EQ(owner_told.closed.size(), 1u);
}

TEST_F(RelayTest, AFrameForAConnectionTheOwnerNoLongerServesClosesItOnTheEdge) {
  edge->pin(client, 2, "resume", {});
  // The owner restarted meanwhile (a new Relay, nothing of the old one's).
  Told fresh_told;
  auto fresh = std::make_shared<Relay>(std::make_shared<Wires::Link>(wires, 2), host(fresh_told));
  wires.relays[2] = fresh.get();
  edge->forward(client, "move");
  EXPECT_TRUE(fresh_told.messages.empty());
  EXPECT_EQ(client->closes, (std::vector<std::string>{"game_moved"}));
}

TEST_F(RelayTest, RelaysEndWhenTheOtherNodeIsNoLongerAlive) {
  edge->pin(client, 2, "resume", {});
  edge->nodes_alive({1, 2});
  EXPECT_TRUE(edge->pinned(41));
  edge->nodes_alive({1});  // the owner's lease lapsed
  EXPECT_FALSE(edge->pinned(41));
  EXPECT_EQ(client->closes, (std::vector<std::string>{"game_moved"}));
  // On the owner, a relay from a node that is gone ends too, once it is not brand new.
  owner->nodes_alive({2});
  EXPECT_EQ(owner->stats().remote, 1u);  // opened just now: the list may predate its node
}

TEST_F(RelayTest, AnOwnerThatCountsTheEdgeGoneWhileItIsNotClosesTheClientsSocketThere) {
  owner = std::make_shared<Relay>(std::make_shared<Wires::Link>(wires, 2), host(owner_told), std::chrono::seconds(0));
  wires.relays[2] = owner.get();
  edge->pin(client, 2, "resume", {});
  ASSERT_EQ(owner->stats().remote, 1u);
  // The owner's list of nodes alive misses the edge (read before the edge renewed its
  // lease, after PostgreSQL was away): the relay ends on both sides, not on one only.
  owner->nodes_alive({2});
  EXPECT_EQ(owner->stats().remote, 0u);
  EXPECT_FALSE(edge->pinned(41));
  EXPECT_EQ(client->closes, (std::vector<std::string>{"game_moved"}));
}

TEST_F(RelayTest, LosingTheBusEndsEveryRelayOnBothSides) {
  edge->pin(client, 2, "resume", {});
  wires.up = false;
  edge->bus_status(false);
  owner->bus_status(false);
  EXPECT_EQ(client->closes, (std::vector<std::string>{"game_moved"}));
  EXPECT_EQ(owner_told.closed.size(), 1u);
  EXPECT_EQ(edge->stats().pinned, 0u);
  EXPECT_EQ(owner->stats().remote, 0u);
}

TEST_F(RelayTest, StrayMessagesOnANodesChannelAreIgnored) {
  for (const char* stray : {"", "x", "i 0 1\nmove", "i -2 1\nmove", "t 2 99\nframe", "c 2 99\nbye", "g 2 5\n",
                            "q 2 5\nwhat", "i 2\nno connection", "i 2 1 move", "i 99999999999999999999 1\n"}) {
    edge->receive(stray);
    owner->receive(stray);
  }
  EXPECT_TRUE(owner_told.opened.empty());
  EXPECT_TRUE(owner_told.messages.empty());
  EXPECT_TRUE(client->sent.empty());
}

TEST(RelayWire, EachKindRoundTripsWithAnyBody) {
  for (const auto kind : {relay::Kind::open, relay::Kind::in, relay::Kind::gone, relay::Kind::out, relay::Kind::close})
    for (const std::string& body :
         {std::string(), std::string("{\"type\":\"move\"}\n2nd line"), std::string("\0\xff", 2)}) {
      const relay::Message m{kind, 7, 18446744073709551615u, body};
      const auto back = relay::decode(relay::encode(m));
      ASSERT_TRUE(back);
      EXPECT_EQ(*back, m);
    }
}

TEST(RelayWire, RefusesWhatIsNotAMessage) {
  for (const char* bad :
       {"", "o", "o ", "o 1", "o 1 2", "z 1 2\n", "o 0 2\n", "o -1 2\n", "o +1 2\n", "o 1 -2\n", "o 1 x\n", "o x 2\n",
        "o 1 2 \n", "o  1 2\n", "o 1 18446744073709551616\n", "O 1 2\n", "o 3 08\n", "o 03 8\n"})
    EXPECT_FALSE(relay::decode(bad)) << bad;
}

TEST(RelayWire, AnArrivalRoundTripsWithEachFlagAndRefusesUnknownOrRepeatedOnes) {
  relay::Arrival a{"10.0.0.7", "alice", "0123456789abcdef0123456789abcdef"};
  EXPECT_EQ(relay::decode_arrival(relay::encode_arrival(a)), a);
  a.registered = a.bot = a.lobby = a.compact_legal = true;
  EXPECT_EQ(relay::encode_arrival(a), "10.0.0.7\nalice\n0123456789abcdef0123456789abcdef\nrblc");
  EXPECT_EQ(relay::decode_arrival(relay::encode_arrival(a)), a);
  const relay::Arrival anonymous{"::1", "", "", false, false, false, true};
  EXPECT_EQ(relay::decode_arrival(relay::encode_arrival(anonymous)), anonymous);
  for (const char* bad : {"", "a\nb", "a\nb\nc", "a\nalice\n\n", "a\n\ntok\n", "a\n\n\nx", "a\n\n\ncc", "a\n\n\nrr"})
    EXPECT_FALSE(relay::decode_arrival(bad)) << bad;
}

TEST(RelayWire, ALobbyMessageNamesItsSenderOnceAndCarriesAnyFrame) {
  const std::string frame = "{\"type\":\"room_closed\",\"room_id\":\"r1\"}\nmore";
  const std::string bytes = relay::encode_lobby(12, frame);
  const auto back = relay::decode_lobby(bytes);  // a view into `bytes`
  ASSERT_TRUE(back);
  EXPECT_EQ(back->from, 12);
  EXPECT_EQ(back->frame, frame);
  for (const char* bad :
       {"", "\n{}", "0\n{}", "-3\n{}", "+3\n{}", "03\n{}", "3", "3 \n{}", "x\n{}", "99999999999999999999\n{}"})
    EXPECT_FALSE(relay::decode_lobby(bad)) << bad;
}

TEST(RoomIds, AClusterNodesRoomIdNamesItsNode) {
  const std::string id = make_room_id(7);
  EXPECT_EQ(id.rfind("r", 0), 0u);
  EXPECT_EQ(room_node(id), 7);
  EXPECT_FALSE(room_node(make_room_id(0)));  // a single server's
  for (const char* other : {"r18f2c3a4b5-1a2b3c4d", "r1-n", "r1-n0", "r1-n07", "r1-n-3", "r1-n7x", "g1-2", ""})
    EXPECT_FALSE(room_node(other)) << other;
}

}  // namespace
}  // namespace bh::app
