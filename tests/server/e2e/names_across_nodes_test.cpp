// Names across the nodes of a cluster (issue 28; docs/cluster.md, "Names across the
// nodes"), end to end on real nodes, PostgreSQL and Redis: a guest's name is one
// player's on every node; a guest with no game who comes back through another node is
// the same player (served by the node that holds them); when that node dies the guest
// resumes elsewhere with the same name and token; and a name is free again on every node
// once its player is forgotten.
#include <gtest/gtest.h>
#include <signal.h>

#include "cluster_nodes.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

class NamesAcrossNodesTest : public ClusterNodesTest {
 protected:
  void SetUp() override {
    ClusterNodesTest::SetUp();
    if (HasFatalFailure()) return;
    start_bus();
  }
  // The code of the answer to a guest request for `name`, or "identity".
  static std::string try_guest(WsPlayer& p, const std::string& name, int id) {
    p.send({{"type", "guest"}, {"name", name}, {"id", id}});
    const auto mine = [id](const json& m) { return m["id"] == id; };
    for (auto until = Clock::now() + 5s; Clock::now() < until;) {
      if (p.take("identity", mine, 0ms)) return "identity";
      if (auto e = p.take("error", mine, 100ms)) return (*e)["code"];
    }
    return p.take("identity", mine, 0ms) ? "identity" : "no answer";
  }
  // A guest named `name` on `server` who leaves at once; their token.
  static std::string guest_who_left(ServerProcess& server, const std::string& name) {
    WsPlayer p;
    EXPECT_TRUE(p.connect(server.port()));
    return p.guest(name);
  }
  static std::optional<json> resume(ServerProcess& server, WsPlayer& p, const std::string& token) {
    if (!p.connect(server.port())) return std::nullopt;
    p.send({{"type", "resume"}, {"token", token}, {"id", 9}});
    return p.take("identity", nullptr, 10s);
  }
};

TEST_F(NamesAcrossNodesTest, AGuestsNameIsOnePlayersOnEveryNode) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  WsPlayer bob, other;
  ASSERT_TRUE(bob.connect(n1->port()) && other.connect(n2->port()));
  ASSERT_FALSE(bob.guest("Bobby").empty());
  EXPECT_EQ(try_guest(other, "Bobby", 2), "name_taken") << n2->log();
  EXPECT_EQ(try_guest(other, "BOBBY", 3), "name_taken");  // one like it
  EXPECT_EQ(try_guest(other, "Robert", 4), "identity");
}

TEST_F(NamesAcrossNodesTest, AGuestWithNoGameComesBackThroughAnotherNodeAsThemselves) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  const std::string token = guest_who_left(*n1, "Gus");
  WsPlayer again;
  auto identity = resume(*n2, again, token);
  ASSERT_TRUE(identity) << n2->log();
  EXPECT_EQ((*identity)["player"], "Gus");
  EXPECT_EQ((*identity)["token"], token);
  // Still one Gus: no one else takes the name, on either node.
  WsPlayer other;
  ASSERT_TRUE(other.connect(n2->port()));
  EXPECT_EQ(try_guest(other, "Gus", 2), "name_taken");
}

TEST_F(NamesAcrossNodesTest, AGuestWhoseNodeDiedResumesElsewhereWithTheirNameAndToken) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  WsPlayer gus;
  ASSERT_TRUE(gus.connect(n1->port()));
  const std::string token = gus.guest("Gustav");
  n1->kill();
  WsPlayer other;
  ASSERT_TRUE(other.connect(n2->port()));
  EXPECT_EQ(try_guest(other, "Gustav", 2), "name_taken") << "n1's lease still runs";
  // Once n1's lease lapsed, Gustav's token makes him Gustav on n2.
  std::optional<json> identity;
  ASSERT_TRUE(wait_for(
      [&] {
        WsPlayer again;
        identity = resume(*n2, again, token);
        return identity.has_value();
      },
      15s))
      << n2->log();
  EXPECT_EQ((*identity)["player"], "Gustav");
  WsPlayer third;
  ASSERT_TRUE(third.connect(n2->port()));
  EXPECT_EQ(try_guest(third, "Gustav", 2), "name_taken");
}

TEST_F(NamesAcrossNodesTest, ATokenThatIsNoOnesIsRefusedOnAnyNode) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  guest_who_left(*n1, "Tom");
  for (const std::string& bad : {std::string("x"), std::string(32, 'G'), std::string(200, 'a'),
                                 std::string("0123456789ABCDEF0123456789abcdef"), std::string("' OR 1=1 --")}) {
    WsPlayer p;
    ASSERT_TRUE(p.connect(n2->port()));
    p.send({{"type", "resume"}, {"token", bad}, {"id", 4}});
    auto e = p.take("error", [](const json& m) { return m["id"] == 4; });
    ASSERT_TRUE(e) << bad;
    // auth_failed, never game_moved: there is nothing to wait for.
    EXPECT_EQ((*e)["code"], "auth_failed") << bad;
  }
  EXPECT_EQ(http_get(n2->port(), "/healthz").status, 200);  // and the node is well
}

TEST_F(NamesAcrossNodesTest, ANameIsFreeOnEveryNodeOnceItsPlayerIsForgotten) {
  auto n1 = node("n1", {"--grace", "1"});
  auto n2 = node("n2");
  WsPlayer ida;
  ASSERT_TRUE(ida.connect(n1->port()));
  ASSERT_FALSE(ida.guest("Ida").empty());
  ida.close();  // forgotten on n1 a second or two later, the name given back
  ASSERT_TRUE(wait_for(
      [&] {
        WsPlayer other;
        return other.connect(n2->port()) && try_guest(other, "Ida", 2) == "identity";
      },
      10s));
}

TEST_F(NamesAcrossNodesTest, AnAccountsSecondLoginOnAnotherNodeReplacesTheFirstAsOnOneNode) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  WsPlayer first;
  ASSERT_TRUE(first.connect(n1->port()));
  first.send({{"type", "register"}, {"name", "Annika"}, {"password", "correct horse battery"}, {"id", 1}});
  auto registered = first.take("identity", nullptr, 10s);
  ASSERT_TRUE(registered) << n1->log();
  // Her name is held on n1 (the login's hold is not waited for).
  ASSERT_TRUE(wait_for([&] { return sql("SELECT count(*) FROM player_names WHERE name = 'Annika'")[0] == "1"; }, 5s));
  first.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 2}});
  auto room = first.take("room_created");
  ASSERT_TRUE(room);
  const std::string room_id = (*room)["room"]["room_id"];

  WsPlayer second;
  ASSERT_TRUE(second.connect(n2->port()));
  second.send({{"type", "login"}, {"name", "Annika"}, {"password", "correct horse battery"}, {"id", 3}});
  auto again = second.take(
      "identity", [](const json& m) { return m["id"] == 3; }, 10s);
  ASSERT_TRUE(again) << n2->log() << n1->log();
  EXPECT_EQ((*again)["player"], "Annika");
  EXPECT_EQ((*again)["token"], (*registered)["token"]) << "one player, served by n1";
  EXPECT_TRUE(first.take("session_replaced", nullptr, 5s)) << "the older connection is told, as on one node";
  first.read_until_closed();
  EXPECT_TRUE(first.closed());
  // The newer connection is hers on n1: her open room there is hers to cancel.
  second.send({{"type", "cancel_room"}, {"room_id", room_id}, {"id", 4}});
  EXPECT_TRUE(second.take(
      "room_cancelled", [](const json& m) { return m["id"] == 4; }, 5s))
      << n1->log();
}

// One seat at a time is a key in PostgreSQL, not only each node's own claims. Here a
// player's name was freed while their game on another node goes on (as when a split
// leaves a name with no holder): the node that seats them again cannot see that game,
// and PostgreSQL refuses the new game's header. Nobody was told of that game: the room
// is cancelled for its creator and the join refused, while the first game goes on.
TEST_F(NamesAcrossNodesTest, APlayerSeatedInAGameOnAnotherNodeStartsNoSecondGame) {
  auto n1 = node("n1");
  auto n2 = node("n2");
  auto first = start_game(*n2, "x", 1);
  ASSERT_FALSE(first->id.empty());
  EXPECT_EQ(sql("SELECT count(*) FROM seats WHERE game_id = '" + first->id + "'"), std::vector<std::string>{"2"});
  sql("DELETE FROM player_names WHERE name = 'xb'");

  WsPlayer alice, xb;
  ASSERT_TRUE(alice.connect(n1->port()) && xb.connect(n1->port()));
  ASSERT_FALSE(alice.guest("Alice").empty());
  ASSERT_FALSE(xb.guest("xb").empty()) << n1->log();
  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 2}});
  auto room = alice.take("room_created");
  ASSERT_TRUE(room);
  const std::string room_id = (*room)["room"]["room_id"];
  xb.send({{"type", "join_room"}, {"room_id", room_id}, {"id", 3}});
  // Refused after the header was tried again for a while (the other game might be ending).
  auto refused = xb.take(
      "error", [](const json& m) { return m["id"] == 3; }, 20s);
  ASSERT_TRUE(refused) << n1->log();
  EXPECT_EQ((*refused)["code"], "already_seated");
  auto cancelled = alice.take("room_cancelled", nullptr, 5s);
  ASSERT_TRUE(cancelled);
  EXPECT_EQ((*cancelled)["room_id"], room_id);
  EXPECT_EQ((*cancelled)["reason"], "seat_taken");
  EXPECT_FALSE(alice.take("game_started", nullptr, 0ms));
  EXPECT_EQ(sql("SELECT count(*) FROM live_games"), std::vector<std::string>{"1"});
  // Alice is free again; the first game goes on.
  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"id", 4}});
  EXPECT_TRUE(alice.take("room_created", [](const json& m) { return m["id"] == 4; }));
  EXPECT_TRUE(play_one(*first));
}

}  // namespace
}  // namespace bh::test
