// The server's text escaped before the client prints it (client-cli/server_text.hpp).
#include "server_text.hpp"

#include <gtest/gtest.h>

#include "protocol/json_fields.hpp"

namespace bh::cli {
namespace {

TEST(ServerText, EveryStringKeyAndValueIsEscaped) {
  auto json = protocol::Json::parse(
      R"({"type":"games","games":[{"first_player":"al\u0007ice\u001b[2J","second_player":"\u202ebob",)"
      R"("tags":{"Ev\u001bent":"x\u009by"},"moves":3}],"next_cursor":null})");
  EXPECT_TRUE(escape_server_text(json));
  const auto& game = json["games"][0];
  EXPECT_EQ(game["first_player"], "al\\x07ice\\x1b[2J");
  EXPECT_EQ(game["second_player"], "\\u202ebob");
  EXPECT_EQ(game["tags"]["Ev\\x1bent"], "x\\x9by");
  EXPECT_EQ(game["moves"], 3);
  EXPECT_EQ(json.begin().key(), "type");  // the order kept
}

TEST(ServerText, PrintableMessagesAreLeftAlone) {
  auto json = protocol::Json::parse(R"({"type":"chat","from":"Ünï","text":"hello \"you\""})");
  const auto before = json;
  EXPECT_FALSE(escape_server_text(json));
  EXPECT_EQ(json, before);
}

}  // namespace
}  // namespace bh::cli
