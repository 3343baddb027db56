// The archive modes of bh_loadgen: fill (synthetic finished games) and pages (GET
// /api/games through the real server: HTTP parsing, the application, the store's queue
// and worker thread, SQLite, JSON).
//
// Deep cursors come from the database file itself (opened read-only beside the server,
// which WAL allows): the (ended_ms, id) of a row at a random depth, as a client holding a
// cursor from an earlier page would send it.
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "loadgen.hpp"
#include "proc_stats.hpp"
#include "storage/archive_sql.hpp"
#include "storage/sqlite_db.hpp"
#include "storage/synthetic.hpp"

namespace bh::loadgen {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

std::int64_t scalar(storage::sql::Db& db, const std::string& sql) {
  storage::sql::Query q(db, sql);
  return q.step() == 100 /* SQLITE_ROW */ ? q.int64(0) : -1;
}

std::string next_cursor(const std::string& body) {
  const std::string key = R"("next_cursor":")";
  const auto at = body.find(key);
  if (at == std::string::npos) return {};
  const auto begin = at + key.size();
  return body.substr(begin, body.find('"', begin) - begin);
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::max(1.0, std::ceil(static_cast<double>(values.size()) * p / 100)));
  return values[std::min(values.size(), rank) - 1];
}

}  // namespace

int run_fill(const Options& o) {
  if (o.db.empty() || o.count < 1) {
    std::fprintf(stderr, "bh_loadgen fill: need --db PATH and --count >= 1\n");
    return 2;
  }
  std::int64_t have = 0;
  {
    storage::sql::Db db;
    if (std::filesystem::exists(o.db) && db.open(o.db, true).ok())
      have = std::max<std::int64_t>(0, scalar(db, "SELECT count(*) FROM games"));
  }
  if (have >= o.count) {
    std::printf("%s already holds %lld games\n", o.db.c_str(), static_cast<long long>(have));
    return 0;
  }
  const auto start = Clock::now();
  // The seed is the number of games already there, so a top-up never reuses ids.
  if (const auto e = storage::fill_synthetic(o.db, o.count - have, static_cast<std::uint64_t>(have) + 1); !e.ok()) {
    std::fprintf(stderr, "fill failed: %s\n", e.message.c_str());
    return 1;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("added %lld games to %s in %.1f s (%.0f MB)\n", static_cast<long long>(o.count - have), o.db.c_str(),
              seconds, static_cast<double>(std::filesystem::file_size(o.db)) / 1e6);
  return 0;
}

int run_pages(const Options& o) {
  if (o.db.empty() || o.pages < 1 || o.limit < 1 || o.limit > 100) {
    std::fprintf(stderr, "bh_loadgen pages: need --db PATH (the server's database), --pages >= 1, --limit 1..100\n");
    return 2;
  }
  storage::sql::Db db;
  if (const auto e = db.open(o.db, true); !e.ok()) {
    std::fprintf(stderr, "cannot open %s: %s\n", o.db.c_str(), e.message.c_str());
    return 1;
  }
  const std::int64_t total = scalar(db, "SELECT count(*) FROM games");
  const std::int64_t max_rowid = scalar(db, "SELECT max(rowid) FROM games");
  if (total < 1) {
    std::fprintf(stderr, "%s holds no games (bh_loadgen fill first)\n", o.db.c_str());
    return 1;
  }
  std::mt19937_64 rng(o.seed);
  auto random_cursor = [&] {
    storage::sql::Query q(db, "SELECT ended_ms, id FROM games WHERE rowid >= ? LIMIT 1");
    q.bind(1, static_cast<std::int64_t>(1 + rng() % static_cast<std::uint64_t>(max_rowid)));
    if (q.step() != 100) return std::string();
    return storage::sql::encode_cursor(q.int64(0), q.text(1));
  };

  asio::io_context io;
  beast::tcp_stream stream(io);
  beast::error_code ec;
  stream.connect(tcp::endpoint(asio::ip::make_address(o.host), o.port), ec);
  if (ec) {
    std::fprintf(stderr, "cannot connect to %s:%u: %s\n", o.host.c_str(), o.port, ec.message().c_str());
    return 1;
  }
  stream.socket().set_option(tcp::no_delay(true));
  beast::flat_buffer buffer;
  int failures = 0;
  // One GET on the kept-alive connection; returns the body (empty on failure).
  auto get = [&](const std::string& target, double& ms) {
    http::request<http::string_body> request(http::verb::get, target, 11);
    request.set(http::field::host, o.host);
    request.keep_alive(true);
    http::response<http::string_body> response;
    const auto start = Clock::now();
    stream.expires_after(std::chrono::seconds(10));
    http::write(stream, request, ec);
    if (!ec) http::read(stream, buffer, response, ec);
    ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (ec || response.result_int() != 200) {
      if (++failures <= 5)
        std::fprintf(stderr, "GET %s: %s %d %s\n", target.c_str(), ec.message().c_str(), response.result_int(),
                     response.body().substr(0, 200).c_str());
      return std::string();
    }
    return std::move(response.body());
  };

  const std::string limit = "limit=" + std::to_string(o.limit);
  struct Kind {
    const char* name;
    std::function<std::string()> target;  // the next request's target
  };
  std::string player_cursor;
  std::string player;
  std::uniform_int_distribution<int> player_pick(0, 999);  // the busier tenth of synthetic players
  const std::vector<Kind> kinds = {
      {"first page", [&] { return "/api/games?" + limit; }},
      {"deep cursor", [&] { return "/api/games?" + limit + "&cursor=" + random_cursor(); }},
      {"by player",
       [&] {
         player = storage::synthetic_player(player_pick(rng));
         return "/api/games?" + limit + "&player=" + player;
       }},
      {"by player, next page",
       [&] {
         return "/api/games?" + limit + "&player=" + player + (player_cursor.empty() ? "" : "&cursor=" + player_cursor);
       }},
  };
  std::printf("bh_loadgen pages: %lld games in %s, %d pages of %d per kind, one keep-alive connection\n",
              static_cast<long long>(total), o.db.c_str(), o.pages, o.limit);
  const int pid = server_pid(o);
  std::printf("  %-22s %9s %9s %9s %9s %14s\n", "page", "p50 ms", "p95 ms", "p99 ms", "max ms", "server CPU ms");
  double scratch = 0;
  get("/api/games?" + limit, scratch);  // opens the connection's path through the server
  bool ok = true;
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    std::vector<double> ms;
    const auto cpu0 = pid ? process_cpu_seconds(pid) : std::nullopt;
    for (int i = 0; i < o.pages; ++i) {
      if (k == 3) {  // alternate: a player's first page (untimed), then its next page (timed)
        player = storage::synthetic_player(player_pick(rng));
        player_cursor = next_cursor(get("/api/games?" + limit + "&player=" + player, scratch));
      }
      double t = 0;
      const std::string body = get(kinds[k].target(), t);
      if (body.empty()) ok = false;
      ms.push_back(t);
    }
    const auto cpu1 = pid ? process_cpu_seconds(pid) : std::nullopt;
    // The server's CPU time per page, on average (all its threads; both pages of a
    // "next page" pair count, since both ran).
    const double cpu_ms = cpu0 && cpu1 ? 1e3 * (*cpu1 - *cpu0) / o.pages / (k == 3 ? 2 : 1) : 0;
    std::printf("  %-22s %9.2f %9.2f %9.2f %9.2f %14.2f\n", kinds[k].name, percentile(ms, 50), percentile(ms, 95),
                percentile(ms, 99), percentile(ms, 100), cpu_ms);
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
  return ok && failures == 0 ? 0 : 1;
}

}  // namespace bh::loadgen
