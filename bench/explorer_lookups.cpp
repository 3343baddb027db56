// The opening explorer with a large archive (docs/explorer.md): fills a file with
// synthetic games whose openings the rules play (popular lines emerge: each ply picks a
// legal move with a skew towards the first ones), indexed as the archive's transaction
// indexes a game, then times lookups of positions those games went through, unfiltered
// and filtered, through the real Store, and reports p50/p99 and the index's bytes per
// game (SQLite's dbstat).
//
//   bh_bench_explorer [DB_PATH] [COUNT] [--queries N] [--keep]
//
// DB_PATH defaults to explorer.db in a fresh temporary folder (removed afterwards unless
// --keep); COUNT defaults to 1,000,000; an existing file is used as it is. The games are
// stored without their moves (the explorer never reads them; a million games' moves
// would only make the file larger). Plain std::chrono: percentiles are the figures.
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <future>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "explorer/opening_line.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"
#include "storage/archive_sql.hpp"
#include "storage/explorer_sql.hpp"
#include "storage/schema.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/sqlite_store.hpp"
#include "store_bench.hpp"

namespace {

using namespace bh::storage;
using Clock = std::chrono::steady_clock;
using bh::bench::await;
using bh::bench::percentile;

void die(const std::string& what, const StoreError& e) {
  std::fprintf(stderr, "%s: %s\n", what.c_str(), e.message.c_str());
  std::exit(1);
}

constexpr std::int64_t kFirstMs = 1'700'000'000'000;  // 2023-11
constexpr std::int64_t kSpanMs = 730LL * 86'400'000;  // two years of games
const std::vector<std::string> kGames = {"copenhagen", "brandubh", "tablut", "tavlei", "draughts", "alquerque"};

// A game of `game` whose first `plies` moves the rules play, each a legal move picked
// with a skew (u^4 over the moves in the rules' order): a few lines are most played.
GameRecord synthetic_opening(std::mt19937_64& rng, std::int64_t number, const std::string& game, int plies) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  GameRecord g;
  g.id = "x" + std::to_string(number);
  g.game = game;
  auto rules = bh::rules::make_ruleset(game);
  g.start_position = (*rules)->position_text((*rules)->start());
  bh::rules::GameState state(*rules);
  for (int ply = 0; ply < plies && !state.status().over(); ++ply) {
    const auto legal = state.legal_moves();
    const double u = unit(rng);
    const auto& move = legal[static_cast<std::size_t>(u * u * u * u * static_cast<double>(legal.size()))];
    g.moves.push_back({state.rules().move_text(move), -1, -1, 0});
    state.play(move);
  }
  const std::uint64_t roll = rng() % 20;
  g.result = roll < 9 ? "first" : roll < 18 ? "second" : "draw";
  g.reason = "resignation";
  g.first_player = "p" + std::to_string(rng() % 10000);
  g.second_player = "p" + std::to_string(rng() % 10000);
  g.ended_ms = kFirstMs + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(kSpanMs));
  g.started_ms = g.ended_ms - 600'000;
  g.imported = rng() % 10 == 0;
  if (g.imported) g.content_hash = "h" + std::to_string(number);
  return g;
}

// Fills `path` with `count` games and their explorer rows, in transactions of 10,000.
void fill(const std::string& path, std::int64_t count) {
  sql::Db db;
  StoreError e = db.open(path, false);
  if (e.ok()) e = sql::configure(db, false, 5000, 2 * 1024 * 1024);
  if (e.ok()) e = sql::migrate(db);
  if (!e.ok()) die("open", e);
  db.exec("PRAGMA synchronous = OFF");
  db.exec("PRAGMA journal_mode = DELETE");
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const auto start = Clock::now();
  for (std::int64_t i = 0; i < count; ++i) {
    if (i % 10000 == 0) {
      if (i > 0) db.exec("COMMIT");
      db.exec("BEGIN");
      if (i % 100000 == 0 && i > 0) {
        std::printf("  %lld games, %.0f s\n", static_cast<long long>(i),
                    std::chrono::duration<double>(Clock::now() - start).count());
        std::fflush(stdout);
      }
    }
    // Copenhagen and Brandubh most, as in the tafl community's archives.
    const std::size_t which = static_cast<std::size_t>(std::pow(unit(rng), 2) * static_cast<double>(kGames.size()));
    GameRecord g = synthetic_opening(rng, i, kGames[which], 40);
    g.opening = bh::explorer::opening_line(g);
    // Half the games played here are rated: an average rating from 1100 to 2300.
    std::optional<double> rating;
    if (!g.imported && rng() % 2 == 0) rating = 1100 + unit(rng) * 1200;
    if (StoreError w = sql::index_opening(db, g, rating); !w.ok()) die("index", w);
    g.moves.clear();
    if (StoreError w = sql::insert_game(db, g); !w.ok()) die("insert", w);
  }
  db.exec("COMMIT");
  db.exec("PRAGMA journal_mode = WAL");
  std::printf("filled %lld games in %.1f s\n", static_cast<long long>(count),
              std::chrono::duration<double>(Clock::now() - start).count());
}

}  // namespace

int main(int argc, char** argv) {
  std::string path;
  std::int64_t count = 1'000'000;
  int queries = 2000;
  bool keep = false;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--queries" && i + 1 < argc) {
      queries = std::atoi(argv[++i]);
    } else if (arg == "--keep") {
      keep = true;
    } else if (arg.starts_with("--")) {
      std::fprintf(stderr, "usage: %s [DB_PATH] [COUNT] [--queries N] [--keep]\n", argv[0]);
      return 2;
    } else {
      positional.push_back(arg);
    }
  }
  std::filesystem::path temp_dir;
  if (!positional.empty()) {
    path = positional[0];
  } else {
    temp_dir = bh::bench::temp_folder("bh-explorer");
    if (temp_dir.empty()) return 1;
    path = (temp_dir / "explorer.db").string();
  }
  if (positional.size() > 1) count = std::atoll(positional[1].c_str());
  if (!std::filesystem::exists(path)) fill(path, count);

  auto opened = SqliteStore::open(path);
  if (!opened.error.ok()) die("open", opened.error);
  auto& store = **opened.value;
  auto rows = [&](const std::string& text) {
    auto r = await<StoreResult<std::vector<std::string>>>([&](auto done) { store.run_sql(text, done); });
    if (!r.error.ok()) die(text, r.error);
    return *r.value;
  };
  const double games = std::atof(rows("SELECT count(*) FROM games").at(0).c_str());
  const double index_bytes =
      std::atof(rows("SELECT sum(pgsize) FROM dbstat WHERE name = 'explorer_moves'").at(0).c_str());
  const std::string index_rows = rows("SELECT count(*) FROM explorer_moves").at(0);
  std::printf("%.0f games; the index: %s rows, %.0f MB, %.0f bytes per game\n", games, index_rows.c_str(),
              index_bytes / 1e6, index_bytes / games);

  // Positions the games went through: a random game's line, cut at a random ply, the
  // early plies most (where an explorer is used); the same seed as the fill.
  std::mt19937_64 rng(7);
  std::mt19937_64 pick(11);
  std::vector<std::pair<std::string, std::vector<std::string>>> lines;
  for (int i = 0; i < queries; ++i) {
    GameRecord g = synthetic_opening(rng, i, kGames[pick() % kGames.size()], static_cast<int>(pick() % 21));
    std::vector<std::string> moves;
    for (const auto& m : g.moves) moves.push_back(m.text);
    lines.emplace_back(g.game, std::move(moves));
  }
  struct Kind {
    const char* name;
    void (*filter)(ExplorerQuery&);
  };
  const Kind kinds[] = {
      {"no filter", [](ExplorerQuery&) {}},
      {"here, rating 1600-2000",
       [](ExplorerQuery& q) {
         q.imported = false;
         q.min_rating = 1600;
         q.max_rating = 2000;
       }},
      {"the last six months", [](ExplorerQuery& q) { q.since_month = 202505; }},
  };
  std::printf("%d lookups per kind (positions 0-20 plies deep), through the Store\n", queries);
  std::printf("%-26s %9s %9s %9s %12s\n", "lookup", "p50 ms", "p99 ms", "max ms", "moves/answer");
  bool met = true;
  for (const Kind& kind : kinds) {
    std::vector<double> ms;
    double moves = 0;
    for (const auto& [game, line] : lines) {
      auto walked = bh::explorer::walk(game, {}, line);
      if (!walked) {
        std::fprintf(stderr, "%s\n", walked.error().c_str());
        return 1;
      }
      ExplorerQuery q;
      q.variant = walked->variant;
      q.position = walked->position;
      kind.filter(q);
      const auto begin = Clock::now();
      auto found = await<StoreResult<ExplorerPosition>>([&](auto done) { store.explore(q, done); });
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - begin).count());
      if (!found.error.ok()) die("explore", found.error);
      moves += static_cast<double>(found.value->moves.size());
    }
    std::printf("%-26s %9.3f %9.3f %9.3f %12.1f\n", kind.name, percentile(ms, 50), percentile(ms, 99),
                percentile(ms, 100), moves / static_cast<double>(lines.size()));
    met = met && percentile(ms, 99) <= 10.0;
  }
  std::printf("target p99 <= 10 ms: %s\n", met ? "met" : "MISSED");
  store.close();
  if (!temp_dir.empty() && !keep) std::filesystem::remove_all(temp_dir);
  return 0;
}
