// The real binary, issue 26 ("Security, round two"), point 10 and the last of point 11:
// names of every script, unique by a folded key, from two client addresses (127.0.0.2
// and 127.0.0.3 on loopback); a Cyrillic profile over HTTP; a chat line of only
// zero-width characters refused like an empty one.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/server_process.hpp"
#include "support/ws_ask.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

const std::string kIvan = "\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD";  // Иван
const std::string kCyrillicAlice = "\xD0\xB0lice";             // а (U+0430), then Latin

TEST(SecurityRound2Names, ACyrillicNameIsTakenAndALookAlikeRefusedFromAnotherAddress) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  auto ivan = open_ws(server.port(), "127.0.0.2");
  ASSERT_TRUE(ivan);
  json r = ask(*ivan, {{"type", "register"}, {"name", kIvan}, {"password", "correct horse"}});
  ASSERT_EQ(r["type"], "identity") << r.dump();
  EXPECT_EQ(r["player"], kIvan);
  auto alice = open_ws(server.port(), "127.0.0.2");
  ASSERT_TRUE(alice);
  ASSERT_EQ(ask(*alice, {{"type", "guest"}, {"name", "alice"}})["type"], "identity");

  // From another address: the look-alikes of both are refused.
  for (const std::string& like :
       {std::string("Alice"), std::string("ALICE"), std::string("\xD0\x98\xD0\x92\xD0\x90\xD0\x9D")}) {
    auto other = open_ws(server.port(), "127.0.0.3");
    ASSERT_TRUE(other);
    r = ask(*other, {{"type", "guest"}, {"name", like}});
    EXPECT_EQ(r["code"], "name_taken") << like << ": " << r.dump();
  }
  auto other = open_ws(server.port(), "127.0.0.3");
  ASSERT_TRUE(other);
  r = ask(*other, {{"type", "guest"}, {"name", kCyrillicAlice}});
  EXPECT_EQ(r["code"], "bad_name") << r.dump();

  // The Cyrillic name's profile, its name %-encoded in the path.
  const auto profile = http_get_from("127.0.0.3", server.port(), "/api/players/%D0%98%D0%B2%D0%B0%D0%BD");
  ASSERT_EQ(profile.status, 200) << profile.body << profile.error;
  EXPECT_EQ(json::parse(profile.body)["name"], kIvan);
  EXPECT_EQ(http_get(server.port(), "/api/players/%D0%98van").status, 404);  // mixed scripts: nobody's
}

TEST(SecurityRound2Names, AChatLineOfOnlyZeroWidthCharactersIsRefused) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  auto a = open_ws(server.port(), "127.0.0.2");
  auto b = open_ws(server.port(), "127.0.0.3");
  ASSERT_TRUE(a && b);
  ASSERT_EQ(ask(*a, {{"type", "guest"}, {"name", kIvan}})["type"], "identity");
  ASSERT_EQ(ask(*b, {{"type", "guest"}, {"name", "bob"}})["type"], "identity");
  json created = ask(*a, {{"type", "create_room"}, {"game", "tablut"}}, 60s, 2);
  ASSERT_EQ(created["type"], "room_created") << created.dump();
  json joined = ask(*b, {{"type", "join_room"}, {"room_id", created["room"]["room_id"]}}, 60s, 3);
  ASSERT_FALSE(joined.is_null());
  auto started = a->next_of_type("game_started", 5s);
  ASSERT_TRUE(started);
  const std::string game = (*started)["state"]["game_id"];
  json r = ask(*a, {{"type", "chat"}, {"game_id", game}, {"text", "\xE2\x80\x8B\xE2\x80\x8C\xE2\x80\x8D\xEF\xBB\xBF"}},
               60s, 4);
  EXPECT_EQ(r["code"], "bad_chat") << r.dump();
  r = ask(*a, {{"type", "chat"}, {"game_id", game}, {"text", "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82"}}, 60s,
          5);
  EXPECT_EQ(r["type"], "chat") << r.dump();
  EXPECT_EQ(r["from"], kIvan);
}

}  // namespace
}  // namespace bh::test
