// Issue 17, items 5-6: the archive's games as record files over HTTP, one
// (GET /api/games/{id}/export) and all that match the filters, streamed a page at a
// time (GET /api/games/export); imported games listed and replayed like any other.
#include "app/archive/export_http.hpp"
#include "app/archive/imported_game.hpp"
#include "harness.hpp"
#include "records/import.hpp"
#include "records/tafl_csv.hpp"
#include "rules/registry.hpp"

namespace bh::app::test {
namespace {

std::string start_of(const std::string& game) {
  auto rules = rules::make_ruleset(game);
  return (*rules)->position_text((*rules)->start());
}

storage::GameRecord draughts_game(const std::string& id, std::int64_t ended_ms) {
  storage::GameRecord g;
  g.id = id;
  g.game = "draughts";
  g.start_position = start_of("draughts");
  g.first_player = "alice";
  g.second_player = "bob";
  g.result = "first";
  g.reason = "resignation";
  g.first_points = 1;
  g.started_ms = ended_ms - 1000;
  g.ended_ms = ended_ms;
  for (const char* move : {"c3-d4", "f6-e5", "d4:f6", "g7:e5"}) g.moves.push_back({move, -1, -1, ended_ms - 500});
  return g;
}

storage::GameRecord tablut_game(const std::string& id, std::int64_t ended_ms) {
  storage::GameRecord g = draughts_game(id, ended_ms);
  g.game = "tablut";
  g.start_position = start_of("tablut");
  g.result = "draw";
  g.reason = "agreement";
  g.first_points = g.second_points = 0.5;
  g.clock = storage::ClockSpec{300000, 3000};
  g.moves = {{"d1-d2", 299000, 300000, ended_ms - 500}};
  return g;
}

class ExportTest : public AppTest {
 protected:
  void store_game(storage::GameRecord record) {
    std::promise<storage::StoreError> done;
    store_->save_game(std::move(record), [&](storage::StoreError e) { done.set_value(std::move(e)); });
    const auto error = done.get_future().get();
    ASSERT_TRUE(error.ok()) << error.message;
  }
  HttpResponse get(const std::string& path, std::map<std::string, std::string> query = {}, std::string accept = {}) {
    std::promise<HttpResponse> p;
    app_->handle_http(HttpRequest{"GET", path, std::move(query), std::move(accept)},
                      [&](HttpResponse r) { p.set_value(std::move(r)); });
    auto f = p.get_future();
    EXPECT_EQ(f.wait_for(5s), std::future_status::ready);
    return f.get();
  }
  // Reads a streamed body to its end; `failed` tells whether it was cut.
  static std::string drain(HttpBodySource& source, bool* failed = nullptr) {
    std::string body;
    for (int i = 0; i < 10000; ++i) {
      std::promise<HttpBodySource::Piece> p;
      source.next([&](HttpBodySource::Piece piece) { p.set_value(std::move(piece)); });
      auto f = p.get_future();
      if (f.wait_for(5s) != std::future_status::ready) break;
      const auto piece = f.get();
      body += piece.text;
      if (piece.failed && failed) *failed = true;
      if (piece.end || piece.failed) break;
    }
    return body;
  }
  static std::string header(const HttpResponse& r, const std::string& name) {
    for (const auto& [key, value] : r.headers)
      if (key == name) return value;
    return "";
  }
};

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST_F(ExportTest, OneGameAsPdn) {
  store_game(draughts_game("g1", 1'764'115'200'000));  // 2025-11-26
  const auto answer = get("/api/games/g1/export");
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(answer.content_type, "text/plain; charset=utf-8");
  EXPECT_EQ(header(answer, "Content-Disposition"), "attachment; filename=\"g1.pdn\"");
  EXPECT_EQ(answer.body,
            "[Event \"Boardhall\"]\n[Site \"Boardhall\"]\n[Date \"2025.11.26\"]\n[Round \"-\"]\n[White \"alice\"]\n"
            "[Black \"bob\"]\n[Result \"1-0\"]\n[GameType \"25\"]\n[Termination \"resignation\"]\n\n"
            "1. c3-d4 f6-e5 2. d4xf6 g7xe5 1-0\n\n");
  store_game(tablut_game("g2", 1'764'115'200'000));
  const auto tafl = get("/api/games/g2/export");
  ASSERT_EQ(tafl.status, 200);
  EXPECT_EQ(header(tafl, "Content-Disposition"), "attachment; filename=\"g2.txt\"");
  EXPECT_NE(tafl.body.find("[Attackers \"alice\"]\n[Defenders \"bob\"]\n[Result \"1/2-1/2\"]\n[Game \"tablut\"]\n"),
            std::string::npos)
      << tafl.body;
  EXPECT_NE(tafl.body.find("[TimeControl \"300+3\"]"), std::string::npos) << tafl.body;
}

TEST_F(ExportTest, BadRequestsAreClear4xx) {
  EXPECT_EQ(get("/api/games/nope/export").status, 404);
  EXPECT_EQ(get("/api/games/" + std::string(300, 'g') + "/export").status, 404);
  EXPECT_EQ(get("/api/games/g1/export", {{"x", "1"}}).status, 400);
  EXPECT_EQ(get("/api/games/export", {{"result", "lost"}}).status, 400);
  EXPECT_EQ(get("/api/games/export", {{"game", "chess"}}).status, 400);
  EXPECT_EQ(get("/api/games/export", {{"limit", "5"}}).status, 400);
  EXPECT_EQ(get("/api/games/export", {{"format", "xml"}}).status, 400);
  EXPECT_EQ(get("/api/games/export", {{"cursor", "c1.x.zz"}}).status, 400);
  EXPECT_EQ(get("/api/games/export", {{"from", "-"}}).status, 400);
  EXPECT_EQ(get("/api/games//export").status, 404);
  EXPECT_EQ(get("/api/games/g1/export/more").status, 404);
  // A game whose rules this server lacks is answered, not crashed on.
  auto odd = draughts_game("g9", 5000);
  odd.game = "no-such-game";
  store_game(odd);
  const auto answer = get("/api/games/g9/export");
  EXPECT_EQ(answer.status, 422);
  EXPECT_NE(answer.body.find("cannot_export"), std::string::npos);
  // Hostile bytes in the id come back escaped in valid JSON.
  const auto hostile = get("/api/games/\"\xff\x01/export");
  EXPECT_EQ(hostile.status, 404);
  EXPECT_TRUE(json::accept(hostile.body)) << hostile.body;
}

TEST_F(ExportTest, AllGamesStreamedPageByPage) {
  // More than two pages of the export's 50, of two games, one the rules cannot write.
  for (int i = 0; i < 120; ++i)
    store_game(i % 3 == 0 ? tablut_game("t" + std::to_string(i), 10'000 + i)
                          : draughts_game("d" + std::to_string(i), 10'000 + i));
  auto odd = draughts_game("zz", 20'000);
  odd.game = "no-such-game";
  store_game(odd);
  const auto answer = get("/api/games/export");
  ASSERT_EQ(answer.status, 200) << answer.body;
  ASSERT_TRUE(answer.stream);
  EXPECT_EQ(header(answer, "Content-Disposition"), "attachment; filename=\"boardhall-games.txt\"");
  const std::string body = drain(*answer.stream);
  EXPECT_EQ(count(body, "[Event "), 120);  // the game no rules here can write is left out
  EXPECT_EQ(count(body, "[GameType \"25\"]"), 80);
  // Newest first, as the listing: d119 leads, t117 follows d118.
  EXPECT_LT(body.find("[GameType \"25\"]"), body.find("[Game \"tablut\"]"));
  // Every record reads back.
  const auto read = bh::records::read_records(body, {});
  ASSERT_EQ(read.size(), 120u);
  for (const auto& game : read) EXPECT_TRUE(game.record.has_value()) << game.refusal;

  // Filters as /api/games, and a draughts-only export downloads as .pdn.
  const auto draughts = get("/api/games/export", {{"game", "draughts"}, {"player", "alice"}});
  ASSERT_EQ(draughts.status, 200);
  EXPECT_EQ(header(draughts, "Content-Disposition"), "attachment; filename=\"boardhall-games.pdn\"");
  EXPECT_EQ(count(drain(*draughts.stream), "[Event "), 80);
  EXPECT_EQ(count(drain(*get("/api/games/export", {{"player", "nobody"}}).stream), "[Event "), 0);
  EXPECT_EQ(count(drain(*get("/api/games/export", {{"from", "10100"}}).stream), "[Event "), 20);
}

// A bulk export is paced (AppConfig::export_games_per_second): one download cannot take
// the CPU the games in progress need. The harness exports unpaced; here 50 games a second.
class PacedExportTest : public ExportTest {
 protected:
  AppConfig config() override {
    AppConfig c = ExportTest::config();
    c.export_games_per_second = 50;
    return c;
  }
};

TEST_F(PacedExportTest, ABulkExportWritesAtMostItsRate) {
  for (int i = 0; i < 11; ++i) store_game(draughts_game("d" + std::to_string(i), 10'000 + i));
  const auto answer = get("/api/games/export");
  ASSERT_TRUE(answer.stream);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(count(drain(*answer.stream), "[Event "), 11);
  // 11 games at 50 a second: the last one 10 intervals of 20 ms after the first.
  EXPECT_GE(std::chrono::steady_clock::now() - start, 190ms);
}

TEST_F(ExportTest, NdjsonByAcceptOrFormat) {
  for (int i = 0; i < 3; ++i) store_game(draughts_game("d" + std::to_string(i), 10'000 + i));
  auto odd = draughts_game("zz", 20'000);
  odd.game = "no-such-game";
  store_game(odd);
  for (const auto& answer :
       {get("/api/games/export", {}, "application/x-ndjson"), get("/api/games/export", {{"format", "ndjson"}})}) {
    ASSERT_EQ(answer.status, 200);
    EXPECT_EQ(answer.content_type, "application/x-ndjson");
    const std::string body = drain(*answer.stream);
    std::vector<json> lines;
    std::size_t start = 0;
    for (auto end = body.find('\n'); end != std::string::npos; start = end + 1, end = body.find('\n', start))
      lines.push_back(json::parse(body.substr(start, end - start)));
    ASSERT_EQ(lines.size(), 4u) << body;
    EXPECT_EQ(lines[0]["game_id"], "zz");
    EXPECT_TRUE(lines[0].contains("error"));
    EXPECT_EQ(lines[1]["game_id"], "d2");
    EXPECT_EQ(lines[1]["format"], "pdn");
    EXPECT_NE(lines[1]["record"].get<std::string>().find("1. c3-d4 f6-e5"), std::string::npos);
  }
}

TEST_F(ExportTest, AStoreFailureCutsTheStream) {
  for (int i = 0; i < 60; ++i) store_game(draughts_game("d" + std::to_string(i), 10'000 + i));
  const auto answer = get("/api/games/export");
  ASSERT_EQ(answer.status, 200);
  store_->fail_all_reads(true);
  bool failed = false;
  drain(*answer.stream, &failed);
  EXPECT_TRUE(failed);
  EXPECT_EQ(get("/api/games/export").status, 503);
  EXPECT_EQ(get("/api/games/d1/export").status, 503);
  store_->fail_all_reads(false);
}

TEST_F(ExportTest, ImportedGamesAreListedReplayedAndExported) {
  const auto read = bh::records::read_records(
      "[Event \"X чемпионат СССР\"]\n[White \"Блиндер Б.\"]\n[Black \"Миротин Б.\"]\n[Result \"1-0\"]\n"
      "1. c3-d4 d6-e5 2. b2-c3 e7-d6 1-0\n",
      {"draughts"});
  ASSERT_TRUE(read.at(0).record) << read[0].refusal;
  const storage::GameRecord game = imported_game(read[0], 30'000);
  EXPECT_EQ(game.id.substr(0, 1), "i");
  EXPECT_EQ(game.id.size(), 25u);
  EXPECT_EQ(game.content_hash.size(), 64u);
  store_game(game);
  auto listed = json::parse(http("/api/games", {{"player", "Блиндер Б."}}).body);
  ASSERT_EQ(listed["games"].size(), 1u) << listed.dump();
  EXPECT_EQ(listed["games"][0]["game_id"], game.id);
  EXPECT_EQ(listed["games"][0]["result"], "first");
  EXPECT_EQ(listed["games"][0]["reason"], "resignation");
  auto record = json::parse(http("/api/games/" + game.id).body);
  ASSERT_EQ(record["moves"].size(), 4u) << record.dump();
  EXPECT_FALSE(record["moves"][3]["position"].get<std::string>().empty());
  const auto exported = get("/api/games/" + game.id + "/export");
  ASSERT_EQ(exported.status, 200);
  EXPECT_NE(exported.body.find("[Event \"X чемпионат СССР\"]"), std::string::npos) << exported.body;
  // Read back, it is the same game: the same id and hash, so a second import adds nothing.
  const auto again = bh::records::read_records(exported.body, {});
  ASSERT_TRUE(again.at(0).record) << again[0].refusal;
  EXPECT_EQ(imported_game(again[0], 40'000).id, game.id);
}

// A tafl CSV line has no names and no date: "?" for both players (never an empty name in
// the archive), and the time of the import. A PDN game with a Date is listed under it.
TEST_F(ExportTest, ImportedGamesWithoutNamesAreQuestionMarksAndDatedByTheirDateTag) {
  const auto csv = bh::records::read_tafl_csv("d1-d2 e3-f3 timeout,0,0,Ongoing\n", "tablut");
  ASSERT_TRUE(csv.at(0).record) << csv[0].refusal;
  const storage::GameRecord nameless = imported_game(csv[0], 30'000);
  EXPECT_EQ(nameless.first_player, "?");
  EXPECT_EQ(nameless.second_player, "?");
  EXPECT_EQ(nameless.ended_ms, 30'000);
  const auto pdn = bh::records::read_records(
      "[Date \"1947.03.??\"]\n[White \"A\"]\n[Black \"?\"]\n[Result \"1-0\"]\n1. c3-d4 1-0\n", {"draughts"});
  ASSERT_TRUE(pdn.at(0).record) << pdn[0].refusal;
  const storage::GameRecord old = imported_game(pdn[0], 30'000);
  EXPECT_EQ(old.first_player, "A");
  EXPECT_EQ(old.second_player, "?");
  EXPECT_EQ(old.started_ms, *bh::records::date_tag_ms(*pdn[0].record));
  EXPECT_LT(old.ended_ms, 0);  // March 1947
  store_game(old);
  auto listed = json::parse(http("/api/games", {{"player", "A"}}).body);
  ASSERT_EQ(listed["games"].size(), 1u) << listed.dump();
  EXPECT_EQ(listed["games"][0]["ended_ms"], old.ended_ms);
}

}  // namespace
}  // namespace bh::app::test
