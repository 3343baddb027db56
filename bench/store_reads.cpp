// Live-move write latency with and without a bulk reader, through the real Store alone
// (no network, no rules): the storage part of "Reads beside the writer"
// (docs/performance.md). A copy of DB (an archive of finished games) is opened with
// --readers R; G live games get a move each every G / RATE seconds (save_live, timed
// from the call to its `done`), for --seconds S; with --export, a loop meanwhile reads
// every archived game (list_games pages, then get_game for each, one at a time, like
// GET /api/games/export; at most --read-rate games a second when given: the server's
// export is paced by its own work, which this leaves out). Prints p50/p99/max of the write latency, the writes and the
// games read.
//
//   bh_bench_store_reads DB [--readers R] [--export] [--games G] [--rate MOVES_PER_S]
//                        [--seconds S] [--read-rate GAMES_PER_S]
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "storage/sqlite_store.hpp"
#include "store_bench.hpp"

namespace {

using namespace bh::storage;
using Clock = std::chrono::steady_clock;
using bh::bench::await;
using bh::bench::percentile;

LiveGame header(int i) {
  LiveGame g;
  g.game_id = "bench-" + std::to_string(i);
  g.room_id = "r" + g.game_id;
  g.match_id = "m" + g.game_id;
  g.game = "tablut";
  g.creator_side = "first";
  g.seats = {LiveSeat{"a" + std::to_string(i), "t", false, 0}, LiveSeat{"b" + std::to_string(i), "t", false, 0}};
  g.started_ms = 1;
  return g;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: bh_bench_store_reads DB [--readers R] [--export] [--games G] [--rate N] [--seconds S]\n");
    return 2;
  }
  const std::string source = argv[1];
  int readers = 2, games = 100;
  double rate = 2000, seconds = 10, read_rate = 0;
  bool exporting = false;
  for (int i = 2; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--export") {
      exporting = true;
      continue;
    }
    if (i + 1 >= argc) return 2;
    const double value = std::atof(argv[++i]);
    if (flag == "--readers") readers = static_cast<int>(value);
    else if (flag == "--games") games = static_cast<int>(value);
    else if (flag == "--rate") rate = value;
    else if (flag == "--seconds") seconds = value;
    else if (flag == "--read-rate") read_rate = value;
    else return 2;
  }
  char dir_pattern[] = "/tmp/bh-store-reads-XXXXXX";
  if (!mkdtemp(dir_pattern)) return 1;
  const std::filesystem::path dir = dir_pattern;
  std::filesystem::copy_file(source, dir / "run.db");
  SqliteOptions options;
  options.readers = readers;
  auto opened = SqliteStore::open((dir / "run.db").string(), options);
  if (!opened.error.ok()) {
    std::fprintf(stderr, "cannot open: %s\n", opened.error.message.c_str());
    return 1;
  }
  SqliteStore& store = **opened.value;

  for (int i = 0; i < games; ++i) {
    if (!await<StoreError>([&](auto done) { store.save_live({header(i), "", 1, {}}, done); }).ok()) return 1;
  }

  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> games_read{0};
  std::thread exporter;
  if (exporting) {
    exporter = std::thread([&] {
      const auto begun = Clock::now();
      std::uint64_t reads = 0;
      while (!stop.load()) {
        ArchiveQuery query;
        query.limit = 100;
        for (;;) {
          auto page = await<StoreResult<ArchivePage>>([&](auto done) { store.list_games(query, done); });
          if (!page.error.ok() || stop.load()) break;
          for (const auto& g : page.value->games) {
            if (stop.load()) break;
            if (read_rate > 0) {
              std::this_thread::sleep_until(begun + std::chrono::duration_cast<Clock::duration>(
                                                        std::chrono::duration<double>(reads / read_rate)));
            }
            ++reads;
            auto found = await<StoreResult<GameRecord>>([&](auto done) { store.get_game(g.id, done); });
            if (found.error.ok()) ++games_read;
          }
          if (!page.value->next_cursor) break;
          query.cursor = page.value->next_cursor;
        }
      }
    });
  }

  std::mutex mu;
  std::vector<std::int64_t> latencies;
  std::atomic<std::uint64_t> pending{0};
  const auto interval = std::chrono::duration<double>(1.0 / rate);
  const auto start = Clock::now();
  std::vector<int> ply(static_cast<std::size_t>(games), 0);
  std::uint64_t sent = 0;
  for (;;) {
    const auto due = start + std::chrono::duration_cast<Clock::duration>(interval * static_cast<double>(sent));
    if (due - start >= std::chrono::duration<double>(seconds)) break;
    std::this_thread::sleep_until(due);
    const int g = static_cast<int>(sent % static_cast<std::uint64_t>(games));
    const int p = ++ply[static_cast<std::size_t>(g)];
    ++pending;
    const auto t0 = Clock::now();
    store.save_live({std::nullopt, header(g).game_id, p, {MoveRecord{"e1-e4", -1, -1, p}}}, [&, t0](StoreError e) {
      const auto us = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
      if (e.ok()) {
        std::lock_guard lock(mu);
        latencies.push_back(us);
      }
      --pending;
    });
    ++sent;
  }
  while (pending.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  stop = true;
  if (exporter.joinable()) exporter.join();
  std::error_code ec;
  const auto wal_bytes = std::filesystem::file_size(dir / "run.db-wal", ec);
  store.close();
  std::filesystem::remove_all(dir);

  std::sort(latencies.begin(), latencies.end());
  auto at = [&](double q) {
    return latencies.empty()
               ? 0
               : latencies[std::min(latencies.size() - 1, static_cast<std::size_t>(q * latencies.size()))];
  };
  std::printf(
      "readers %d export %s: %zu writes, write latency us p50 %lld p99 %lld max %lld; %llu games read; WAL %llu KiB at "
      "the end\n",
      readers, exporting ? "yes" : "no", latencies.size(), static_cast<long long>(at(0.5)),
      static_cast<long long>(at(0.99)), static_cast<long long>(latencies.empty() ? 0 : latencies.back()),
      static_cast<unsigned long long>(games_read.load()), static_cast<unsigned long long>(ec ? 0 : wal_bytes / 1024));
  return 0;
}
