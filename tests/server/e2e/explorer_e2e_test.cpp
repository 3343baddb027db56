// The opening explorer through the real binary (docs/explorer.md): the Brandubh records
// of tests/data imported, GET /api/explorer's counts checked against the games the
// archive itself lists, the WebSocket's `explore` giving the same answer, hostile
// queries refused, --reindex giving the same answers again, and a game played here in
// the index the moment it is archived.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

#include "support/server_process.hpp"
#include "support/ws_client.hpp"
#include "support/ws_player.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

std::string data(const std::string& name) { return std::string(BOARDHALL_TEST_DATA) + "/" + name; }

json get_json(const ServerProcess& server, const std::string& target, int status = 200) {
  auto answer = http_get(server.port(), target);
  EXPECT_EQ(answer.status, status) << target << ": " << answer.body;
  return json::parse(answer.body, nullptr, false);
}

// What the explorer must say, counted from the archive's own export: each move played
// from the position `line` leads to, with its results.
struct Tally {
  int games = 0, first = 0, draws = 0, second = 0;
};
std::map<std::string, Tally> tally(const std::vector<json>& records, const std::vector<std::string>& line) {
  std::map<std::string, Tally> out;
  for (const json& r : records) {
    const json& moves = r["moves"];
    if (moves.size() <= line.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < line.size() && same; ++i) same = moves[i]["move"] == line[i];
    if (!same) continue;
    Tally& t = out[moves[line.size()]["move"].get<std::string>()];
    ++t.games;
    const std::string result = r["result"];
    (result == "first" ? t.first : result == "draw" ? t.draws : t.second)++;
  }
  return out;
}

void expect_counts(const json& answer, const std::map<std::string, Tally>& expected) {
  ASSERT_TRUE(answer.is_object());
  std::map<std::string, Tally> got;
  for (const json& m : answer["played"])
    got[m["move"]] = {m["games"].get<int>(), m["first"].get<int>(), m["draws"].get<int>(), m["second"].get<int>()};
  ASSERT_EQ(got.size(), expected.size()) << answer.dump().substr(0, 400);
  for (const auto& [move, t] : expected) {
    ASSERT_EQ(got.count(move), 1u) << move;
    EXPECT_EQ(got[move].games, t.games) << move;
    EXPECT_EQ(got[move].first, t.first) << move;
    EXPECT_EQ(got[move].draws, t.draws) << move;
    EXPECT_EQ(got[move].second, t.second) << move;
  }
}

TEST(ExplorerE2e, ImportedRecordsAreCountedAsTheArchiveHoldsThemAndReindexedTheSame) {
  ServerProcess server;
  auto imported =
      run_command({real_server_binary(), "--db", server.db_path(), "--import", data("tafl/brandubh.csv")}, 60s);
  ASSERT_EQ(imported.status, 0) << imported.output;
  ASSERT_TRUE(server.start()) << server.log();

  // Every game as the archive gives it: the pages of the listing, then each record.
  std::vector<json> records;
  std::string cursor;
  do {
    const json page =
        get_json(server, "/api/games?game=brandubh&limit=100" + (cursor.empty() ? "" : "&cursor=" + cursor));
    for (const json& summary : page["games"])
      records.push_back(get_json(server, "/api/games/" + summary["game_id"].get<std::string>()));
    cursor =
        page.contains("next_cursor") && page["next_cursor"].is_string() ? page["next_cursor"].get<std::string>() : "";
  } while (!cursor.empty());
  ASSERT_GT(records.size(), 400u);

  const json start = get_json(server, "/api/explorer?game=brandubh");
  EXPECT_EQ(start["total"]["games"], static_cast<int>(records.size()));
  EXPECT_EQ(start["to_move"], "attackers");
  EXPECT_EQ(start["indexed_plies"], 40);
  EXPECT_TRUE(start["board"].is_object());
  expect_counts(start, tally(records, {}));
  const std::string popular = start["played"][0]["move"];
  const std::string reply = get_json(server, "/api/explorer?game=brandubh&moves=" + popular)["played"][0]["move"];
  const json deeper = get_json(server, "/api/explorer?game=brandubh&moves=" + popular + "," + reply);
  EXPECT_EQ(deeper["ply"], 2);
  expect_counts(deeper, tally(records, {popular, reply}));
  ASSERT_FALSE(deeper["examples"].empty());
  EXPECT_EQ(deeper["examples"][0]["imported"], true);
  // Imported records only: the same; played here only: none.
  EXPECT_EQ(get_json(server, "/api/explorer?game=brandubh&source=imported")["total"], start["total"]);
  EXPECT_EQ(get_json(server, "/api/explorer?game=brandubh&source=here")["total"]["games"], 0);
  EXPECT_EQ(get_json(server, "/api/explorer?game=brandubh&rating=1500-")["total"]["games"], 0);  // none rated

  // The WebSocket's explore: the same body, with its type and id.
  WsPlayer ann;
  ASSERT_TRUE(ann.connect(server.port()));
  ann.send({{"type", "explore"}, {"game", "brandubh"}, {"moves", {popular, reply}}, {"id", 7}});
  auto over_ws = ann.take("explorer");
  ASSERT_TRUE(over_ws) << ann.take("error").value_or(json()).dump();
  EXPECT_EQ((*over_ws)["id"], 7);
  over_ws->erase("type");
  over_ws->erase("id");
  EXPECT_EQ(*over_ws, deeper);
  ann.send({{"type", "explore"}, {"game", "brandubh"}, {"moves", {popular, popular}}, {"id", 8}});
  auto refused = ann.take("error");
  ASSERT_TRUE(refused);
  EXPECT_EQ((*refused)["code"], "bad_query");
  EXPECT_EQ((*refused)["message"].get<std::string>().rfind("move 2 ", 0), 0u) << *refused;

  // Hostile queries: each a 400 saying why, the server still answering.
  for (const std::string& target : std::vector<std::string>{
           "/api/explorer", "/api/explorer?game=chess", "/api/explorer?game=brandubh&moves=zz",
           "/api/explorer?game=brandubh&moves=" + std::string(5000, 'a'), "/api/explorer?game=brandubh&moves=%FF%FE",
           "/api/explorer?game=brandubh&moves=" + std::string(250, ','), "/api/explorer?game=brandubh&rating=x",
           "/api/explorer?game=brandubh&since=2024-13", "/api/explorer?game=brandubh&since=2024-05&until=2024-01",
           "/api/explorer?game=brandubh&source=%00", "/api/explorer?game=brandubh&limit=1",
           "/api/explorer?game=seatafl&options=size:99", "/api/explorer?game=brandubh&options=size"}) {
    const json error = get_json(server, target, 400);
    EXPECT_EQ(error["code"], "bad_query") << target;
  }
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 200);

  // Built again from the archive: the same answers.
  ASSERT_EQ(server.stop(), 0);
  auto reindexed = run_command({real_server_binary(), "--db", server.db_path(), "--reindex"}, 120s);
  ASSERT_EQ(reindexed.status, 0) << reindexed.output;
  const std::string counted = std::to_string(records.size());
  EXPECT_NE(reindexed.output.find(counted + " games read, " + counted + " indexed"), std::string::npos)
      << reindexed.output;
  ASSERT_TRUE(server.restart()) << server.log();
  EXPECT_EQ(get_json(server, "/api/explorer?game=brandubh"), start);
  EXPECT_EQ(get_json(server, "/api/explorer?game=brandubh&moves=" + popular + "," + reply), deeper);
}

TEST(ExplorerE2e, AGamePlayedHereIsInTheExplorerOnceArchived) {
  ServerProcess server;
  ASSERT_TRUE(server.start()) << server.log();
  WsPlayer alice, bob;
  ASSERT_TRUE(alice.connect(server.port()));
  ASSERT_TRUE(bob.connect(server.port()));
  alice.guest("alice");
  bob.guest("bob");
  alice.send({{"type", "create_room"}, {"game", "tablut"}, {"side", "attackers"}, {"id", 2}});
  auto created = alice.take("room_created");
  ASSERT_TRUE(created);
  bob.send({{"type", "join_room"}, {"room_id", (*created)["room"]["room_id"]}, {"id", 3}});
  auto started = alice.take("game_started");
  ASSERT_TRUE(started);
  const std::string game = (*started)["state"]["game_id"];
  const std::vector<std::string> moves = {"f9-f8", "d5-d4"};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    WsPlayer& mover = i % 2 == 0 ? alice : bob;
    mover.send({{"type", "move"}, {"game_id", game}, {"ply", i}, {"move", moves[i]}, {"id", 10 + i}});
    ASSERT_TRUE(mover.take("move", [&](const json& m) { return m["ply"] == i + 1; }));
  }
  alice.send({{"type", "resign"}, {"game_id", game}, {"id", 20}});
  auto over = alice.take("game_over");
  ASSERT_TRUE(over);
  ASSERT_EQ((*over)["archived"], true);

  const json start = get_json(server, "/api/explorer?game=tablut&source=here");
  ASSERT_EQ(start["played"].size(), 1u);
  EXPECT_EQ(start["played"][0]["move"], "f9-f8");
  EXPECT_EQ(start["played"][0]["second"], 1);  // the attackers resigned
  EXPECT_EQ(start["played"][0]["last_game"], game);
  EXPECT_EQ(start["examples"][0]["game_id"], game);
  EXPECT_EQ(get_json(server, "/api/explorer?game=tablut&moves=f9-f8")["played"][0]["move"], "d5-d4");
  EXPECT_TRUE(get_json(server, "/api/explorer?game=tablut&moves=f9-f8,d5-d4")["played"].empty());
}

}  // namespace
}  // namespace bh::test
