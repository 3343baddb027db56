// Archive page latency with a large archive: fills a file with synthetic finished games
// (fill_synthetic), then times list_games pages through the real Store (queue, worker
// thread, SQLite, completion) and prints p50/p99 per kind of page.
//
//   bh_bench_archive [DB_PATH] [COUNT] [--pages N] [--limit L] [--keep]
//
// DB_PATH defaults to archive.db in a fresh temporary folder (removed afterwards unless
// --keep); COUNT defaults to 1,000,000. An existing file is topped up to COUNT games.
// Plain std::chrono rather than Google Benchmark: each kind of page is a fixed set of
// distinct queries, and the percentiles are the figures we care about.
#include <stdlib.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "storage/archive_sql.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/sqlite_store.hpp"
#include "storage/synthetic.hpp"
#include "store_bench.hpp"

namespace {

using namespace bh::storage;
using Clock = std::chrono::steady_clock;
using bh::bench::await;
using bh::bench::percentile;

std::vector<std::string> rows(SqliteStore& store, const std::string& sql) {
  auto result = await<StoreResult<std::vector<std::string>>>([&](auto done) { store.run_sql(sql, done); });
  if (!result.error.ok()) {
    std::fprintf(stderr, "%s: %s\n", sql.c_str(), result.error.message.c_str());
    std::exit(1);
  }
  return *result.value;
}

std::unique_ptr<SqliteStore> open_or_die(const std::string& path) {
  auto opened = SqliteStore::open(path);
  if (!opened.error.ok()) {
    std::fprintf(stderr, "%s\n", opened.error.message.c_str());
    std::exit(1);
  }
  return std::move(*opened.value);
}

struct Figures {
  double p50 = 0, p99 = 0, max = 0;
  std::size_t rows = 0;
};

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// The same pages run directly on a second read connection on this thread: the SQLite
// work alone, in wall time and in this thread's CPU time (which a busy machine's
// scheduler cannot inflate).
std::pair<double, double> direct_p99(bh::storage::sql::Db& db, const std::vector<ArchiveQuery>& queries, bool follow) {
  std::vector<double> wall, cpu;
  std::optional<std::string> cursor;
  for (ArchiveQuery q : queries) {
    if (follow && cursor) q.cursor = cursor;
    const auto start = Clock::now();
    const double cpu_start = thread_cpu_ms();
    auto page = sql::list_games(db, q);
    cpu.push_back(thread_cpu_ms() - cpu_start);
    wall.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    if (!page.error.ok()) {
      std::fprintf(stderr, "page failed: %s\n", page.error.message.c_str());
      std::exit(1);
    }
    cursor = page.value->next_cursor;
  }
  return {percentile(wall, 99), percentile(cpu, 99)};
}

// Times each query as one page. `next` may follow the previous page's cursor.
Figures time_pages(SqliteStore& store, const std::vector<ArchiveQuery>& queries, bool follow) {
  std::vector<double> ms;
  Figures f;
  std::optional<std::string> cursor;
  for (ArchiveQuery q : queries) {
    if (follow && cursor) q.cursor = cursor;
    const auto start = Clock::now();
    auto page = await<StoreResult<ArchivePage>>([&](auto done) { store.list_games(q, done); });
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    if (!page.error.ok()) {
      std::fprintf(stderr, "page failed: %s\n", page.error.message.c_str());
      std::exit(1);
    }
    f.rows += page.value->games.size();
    cursor = page.value->next_cursor;
  }
  f.p50 = percentile(ms, 50);
  f.p99 = percentile(ms, 99);
  f.max = percentile(ms, 100);
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  std::string path;
  std::int64_t count = 1'000'000;
  int pages = 200;
  int limit = 20;
  bool keep = false;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--pages" && i + 1 < argc) {
      pages = std::atoi(argv[++i]);
    } else if (arg == "--limit" && i + 1 < argc) {
      limit = std::atoi(argv[++i]);
    } else if (arg == "--keep") {
      keep = true;
    } else if (arg.starts_with("--")) {
      std::fprintf(stderr, "usage: %s [DB_PATH] [COUNT] [--pages N] [--limit L] [--keep]\n", argv[0]);
      return 2;
    } else {
      positional.push_back(arg);
    }
  }
  std::filesystem::path temp_dir;
  if (!positional.empty()) {
    path = positional[0];
  } else {
    temp_dir = bh::bench::temp_folder("bh-archive");
    if (temp_dir.empty()) return 1;
    path = (temp_dir / "archive.db").string();
  }
  if (positional.size() > 1) count = std::atoll(positional[1].c_str());
  if (pages < 1 || limit < 1 || limit > 100 || count < 1) {
    std::fprintf(stderr, "need COUNT >= 1, --pages >= 1, --limit 1..100\n");
    return 2;
  }

  std::int64_t have = 0;
  {
    auto store = open_or_die(path);
    have = std::atoll(rows(*store, "SELECT count(*) FROM games").at(0).c_str());
  }
  if (have < count) {
    std::printf("filling %s with %lld games...\n", path.c_str(), static_cast<long long>(count - have));
    std::fflush(stdout);
    const auto start = Clock::now();
    // The seed is the number of games already there, so a top-up never reuses ids.
    if (StoreError e = fill_synthetic(path, count - have, static_cast<std::uint64_t>(have) + 1); !e.ok()) {
      std::fprintf(stderr, "fill failed: %s\n", e.message.c_str());
      return 1;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("filled in %.1f s (%.0f games/s), file %.0f MB\n", seconds, (count - have) / seconds,
                static_cast<double>(std::filesystem::file_size(path)) / 1e6);
  }

  auto store = open_or_die(path);
  const std::int64_t total = std::atoll(rows(*store, "SELECT count(*) FROM games").at(0).c_str());
  const std::int64_t max_rowid = std::atoll(rows(*store, "SELECT max(rowid) FROM games").at(0).c_str());
  std::mt19937_64 rng(42);
  // Cursors at random depths, taken from real rows (as a client would hold them).
  auto random_cursor = [&] {
    const std::int64_t rowid = 1 + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(max_rowid));
    const std::string row =
        rows(*store, "SELECT ended_ms || '|' || id FROM games WHERE rowid >= " + std::to_string(rowid) + " LIMIT 1")
            .at(0);
    const auto bar = row.find('|');
    return sql::encode_cursor(std::atoll(row.substr(0, bar).c_str()), row.substr(bar + 1));
  };
  const auto& games = synthetic_games();
  const std::vector<std::string> results = {"first", "second", "draw"};
  const std::int64_t newest = std::atoll(rows(*store, "SELECT max(ended_ms) FROM games").at(0).c_str());
  const std::int64_t oldest = std::atoll(rows(*store, "SELECT min(ended_ms) FROM games").at(0).c_str());

  struct Kind {
    std::string name;
    std::vector<ArchiveQuery> queries;
    bool follow = false;
  };
  std::vector<Kind> kinds(8);
  kinds[0].name = "first page";
  kinds[1].name = "deep cursor (random depth)";
  kinds[2].name = "paging on from the middle";
  kinds[2].follow = true;
  kinds[3].name = "player, first page";
  kinds[4].name = "busiest player, deep cursor";
  kinds[5].name = "game+result, deep cursor";
  kinds[6].name = "player+game+result";
  kinds[7].name = "one-day window, random";
  for (int i = 0; i < pages; ++i) {
    ArchiveQuery q;
    q.limit = limit;
    kinds[0].queries.push_back(q);
    ArchiveQuery deep = q;
    deep.cursor = random_cursor();
    kinds[1].queries.push_back(deep);
    if (i == 0) kinds[2].queries.push_back(deep);
    else kinds[2].queries.push_back(q);
    ArchiveQuery player = q;
    player.player = synthetic_player(static_cast<int>(rng() % 10000));
    kinds[3].queries.push_back(player);
    ArchiveQuery busiest = deep;
    busiest.player = synthetic_player(0);
    kinds[4].queries.push_back(busiest);
    ArchiveQuery game_result = deep;
    game_result.game = games[rng() % games.size()];
    game_result.result = results[rng() % results.size()];
    kinds[5].queries.push_back(game_result);
    ArchiveQuery pgr = q;
    pgr.player = synthetic_player(static_cast<int>(rng() % 100));  // the busiest hundred
    pgr.game = games[rng() % games.size()];
    pgr.result = results[rng() % results.size()];
    kinds[6].queries.push_back(pgr);
    ArchiveQuery window = q;
    window.from_ms = oldest + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(newest - oldest + 1));
    window.to_ms = *window.from_ms + 86'400'000;
    kinds[7].queries.push_back(window);
  }

  std::printf(
      "%lld games, %d pages of %d per kind, timed through the Store (queue + worker + SQLite),\n"
      "after one untimed page per kind\n",
      static_cast<long long>(total), pages, limit);
  sql::Db direct;
  if (StoreError e = direct.open(path, true); !e.ok()) {
    std::fprintf(stderr, "%s\n", e.message.c_str());
    return 1;
  }
  direct.exec("PRAGMA cache_size = -32768");  // as the store's connection
  std::printf("%-30s %9s %9s %9s %9s | direct: %9s %9s\n", "page", "p50 ms", "p99 ms", "max ms", "rows/page", "p99 ms",
              "p99 cpu");
  bool within_target = true;
  for (const Kind& kind : kinds) {
    // One untimed page first: a running server has its statements prepared already.
    time_pages(*store, {kind.queries.front()}, false);
    const Figures f = time_pages(*store, kind.queries, kind.follow);
    sql::list_games(direct, kind.queries.front());
    const auto [wall, cpu] = direct_p99(direct, kind.queries, kind.follow);
    std::printf("%-30s %9.3f %9.3f %9.3f %9.1f | direct: %9.3f %9.3f\n", kind.name.c_str(), f.p50, f.p99, f.max,
                static_cast<double>(f.rows) / static_cast<double>(kind.queries.size()), wall, cpu);
    within_target = within_target && f.p99 <= 5.0;
  }
  std::printf("target p99 <= 5 ms: %s\n", within_target ? "met" : "MISSED");
  direct.close();
  store->close();
  if (!temp_dir.empty() && !keep) std::filesystem::remove_all(temp_dir);
  return 0;
}
