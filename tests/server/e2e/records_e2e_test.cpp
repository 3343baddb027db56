// Issue 17, items 5-7, through the real binary: --import of the USSR championships of
// tests/data (208 games and one refusal, nothing twice), the games listed over HTTP,
// the bulk export streamed over a real socket (chunked), and that export imported
// again adding nothing: the same games come back.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "support/raw_tcp.hpp"
#include "support/server_process.hpp"
#include "support/ws_client.hpp"

namespace bh::test {
namespace {

using nlohmann::json;

CommandResult import(const ServerProcess& server, const std::string& file, const std::vector<std::string>& more = {}) {
  std::vector<std::string> argv = {real_server_binary(), "--db", server.db_path(), "--import", file};
  argv.insert(argv.end(), more.begin(), more.end());
  return run_command(argv, 60s);
}

std::string data(const std::string& name) { return std::string(BOARDHALL_TEST_DATA) + "/" + name; }

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(RecordsE2e, ImportListExportAndImportAgain) {
  if (real_server_binary().empty()) GTEST_SKIP() << "the real server is not built";
  ServerProcess server;
  auto first = import(server, data("draughts/ussr1947.pdn"));
  ASSERT_EQ(first.status, 0) << first.output;
  EXPECT_NE(first.output.find("ussr1947.pdn: 153 games read, 153 imported, 0 already in the archive, 0 refused"),
            std::string::npos)
      << first.output;
  auto second = import(server, data("draughts/abatsiev1965.pdn"));
  ASSERT_EQ(second.status, 0) << second.output;
  EXPECT_NE(second.output.find("abatsiev1965.pdn: 56 games read, 55 imported, 0 already in the archive, 1 refused"),
            std::string::npos)
      << second.output;
  EXPECT_NE(
      second.output.find(
          "abatsiev1965.pdn: line 587: the record has no moves (every move is written '-') (Абациев Н. - Лебедев Ю.)"),
      std::string::npos)
      << second.output;
  // Twice is once.
  auto again = import(server, data("draughts/ussr1947.pdn"));
  EXPECT_NE(again.output.find("153 games read, 0 imported, 153 already in the archive, 0 refused"), std::string::npos)
      << again.output;
  // Bad inputs: a file that is not there, a CSV of a game the rules do not know (yet).
  EXPECT_EQ(import(server, server.folder() + "/missing.pdn").status, 1);
  auto tafl = import(server, data("tafl/brandubh.csv"), {"--game", "no-such-tafl"});
  EXPECT_EQ(tafl.status, 2) << tafl.output;
  EXPECT_NE(tafl.output.find("unknown game 'no-such-tafl'"), std::string::npos) << tafl.output;
  EXPECT_EQ(run_command({real_server_binary(), "--db", server.db_path(), "--game", "draughts"}).status, 2);

  ASSERT_TRUE(server.start()) << server.log();
  auto page =
      http_get(server.port(), "/api/games?player=%D0%91%D0%BB%D0%B8%D0%BD%D0%B4%D0%B5%D1%80%20%D0%91.&limit=100");
  ASSERT_EQ(page.status, 200) << page.body;
  const json games = json::parse(page.body)["games"];
  ASSERT_FALSE(games.empty());
  EXPECT_EQ(games[0]["imported"], true);
  const std::string id = games[0]["game_id"];
  auto record = http_get(server.port(), "/api/games/" + id);
  ASSERT_EQ(record.status, 200);
  EXPECT_FALSE(json::parse(record.body)["tags"]["Event"].get<std::string>().empty());
  auto one = http_get(server.port(), "/api/games/" + id + "/export");
  ASSERT_EQ(one.status, 200) << one.body;
  EXPECT_EQ(one.content_type, "text/plain; charset=utf-8");
  EXPECT_NE(one.body.find("[GameType \"25\"]"), std::string::npos);
  EXPECT_EQ(http_get(server.port(), "/api/games/nope/export").status, 404);
  EXPECT_EQ(http_get(server.port(), "/api/games/export?limit=3").status, 400);

  // The whole archive, streamed (more pages than one), read back by Beast's parser.
  auto all = http_get(server.port(), "/api/games/export", 30s);
  ASSERT_EQ(all.status, 200) << all.error;
  EXPECT_EQ(count(all.body, "[Event "), 208);
  const std::string file = server.folder() + "/all.pdn";
  std::ofstream(file, std::ios::binary) << all.body;
  auto back = import(server, file);
  ASSERT_EQ(back.status, 0) << back.output;
  EXPECT_NE(back.output.find("all.pdn: 208 games read, 0 imported, 208 already in the archive, 0 refused"),
            std::string::npos)
      << back.output;

  // HTTP/1.1: an empty export is its headers and the last chunk, and the connection
  // then serves the next request; HEAD has the headers and no body at all.
  {
    RawTcp keep;
    ASSERT_TRUE(keep.connect(server.port()));
    ASSERT_TRUE(
        keep.send("GET /api/games/export?game=tablut HTTP/1.1\r\nHost: x\r\n\r\n"
                  "HEAD /api/games/export HTTP/1.1\r\nHost: x\r\n\r\n"
                  "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
    std::string both;
    for (int i = 0; i < 1000 && !keep.peer_closed(); ++i) both += keep.read_some(5s);
    EXPECT_EQ(count(both, "HTTP/1.1 200"), 3) << both;
    EXPECT_EQ(count(both, "Transfer-Encoding: chunked"), 2) << both;
    EXPECT_EQ(count(both, "\r\n0\r\n\r\n"), 1) << both;  // the GET's last chunk, none after HEAD
    EXPECT_EQ(count(both, "[Event "), 0) << both;
    EXPECT_NE(both.find(R"({"status":"ok"})"), std::string::npos) << both;
  }

  // HTTP/1.0 has no chunks: the body until the server closes.
  RawTcp raw;
  ASSERT_TRUE(raw.connect(server.port()));
  // The championships are dated by their Date tags (1950 to 1993, or the import's time
  // where the tag is "????.??.??"): `from` 1906 takes them all.
  ASSERT_TRUE(raw.send("GET /api/games/export?game=draughts&from=-2000000000000 HTTP/1.0\r\nHost: x\r\n\r\n"));
  std::string answer;
  for (int i = 0; i < 100000 && !raw.peer_closed(); ++i) answer += raw.read_some(5s);
  EXPECT_TRUE(raw.peer_closed());
  EXPECT_EQ(answer.substr(0, 12), "HTTP/1.0 200") << answer.substr(0, 200);
  EXPECT_EQ(answer.find("chunked"), std::string::npos);
  EXPECT_EQ(count(answer, "[Event "), 208);
}

}  // namespace
}  // namespace bh::test
