// bh_loadgen: load against a running boardhall-server over the real protocol.
//
// Modes (the first argument):
//   play   C = 2 x --games connections play G games of random legal moves (the rules
//          module picks them on the client side), as fast as the replies come or paced to
//          --rate moves/s; a game that ends is followed by the next one on the same pair
//          (rooms are matches of --match-games games, 99 by default, then a new room). Reports moves/s, the move
//          round trip (sent by one player -> received by the opponent) at p50/p95/p99/max,
//          errors, and the server's CPU time per relayed move and its RSS.
//   compare  play against bh_floor (--floor-port) and boardhall-server (--port) in turns,
//          --rounds times, each with fresh connections (and --baseline-port, an earlier
//          build, in the same rounds); prints each run, the medians and the ratios to the
//          floor (CPU per move, moves/s).
//   idle   --connections N WebSocket connections that only take their welcome: the
//          server's RSS growth per connection.
//   fill   fills --db with --count synthetic finished games (storage's fill_synthetic).
//   pages  times GET /api/games through the server (first page, deep cursors sampled from
//          --db, player filter), keep-alive, one request at a time.
//
// Thread-safety: each mode runs on the calling thread plus its own io threads.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace bh::loadgen {

struct Options {
  std::string mode;
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  // play: > 0, the second player of each game connects here (another node of a cluster:
  // its moves and the opponent's reach it through the game's node, docs/cluster.md).
  std::uint16_t join_port = 0;
  std::string target = "/ws";  // the WebSocket's path: "/ws?legal=compact" for the compact legal moves
  int server_pid = 0;          // 0: the process listening on --port
  unsigned threads = 1;        // io_context threads of the load generator (each with its own share)
  int sources = 0;             // > 0: connections bound to that many source addresses from 127.0.0.2
  // play
  int games = 100;
  double duration_s = 10;       // measured window (ends earlier when --moves is reached)
  std::uint64_t max_moves = 0;  // 0: no bound but the duration
  double warmup_s = 2;
  double rate = 0;  // moves per second in all; 0: each reply is answered at once
  std::string game = "tablut";
  std::map<std::string, std::string> options;  // the game's options (--option size=11)
  double clock_s = 3600, increment_s = 5;      // every game runs a Fischer clock
  int match_games = 99;                        // games per room (a match), then a new room
  std::uint32_t seed = 1;
  bool count_syscalls = false;  // --syscalls: count the server's system calls with perf
  // compare
  std::uint16_t floor_port = 18090;
  std::uint16_t baseline_port = 0;  // 0: none; else an earlier server, measured in the same rounds
  int rounds = 3;
  // idle
  int connections = 1000;
  double hold_s = 2;  // how long the idle connections stay open before RSS is read
  // fill, pages
  std::string db;
  std::int64_t count = 1'000'000;
  int pages = 200;
  int limit = 20;
};

int run_play(const Options& options);
int run_compare(const Options& options);
int run_idle(const Options& options);
int run_fill(const Options& options);
int run_pages(const Options& options);

// The server pid (--server-pid or the listener of --port), or 0 with a message on stderr.
int server_pid(const Options& options);

}  // namespace bh::loadgen
