// The WebSocket modes of bh_loadgen: play (games of random legal moves) and idle.
//
// Each io thread owns a Shard: an io_context with one thread, its clients and its pairs,
// so nothing is shared between threads but a few atomics and the final merge. Handlers
// capture raw pointers to the shard's clients: the shard outlives its io_context's run().
//
// The hot path allocates nothing in steady state: one flat_buffer per client for reading
// (its capacity kept), a small pool of outgoing strings per client, one MoveList per pair,
// and server frames are read by scanning for the few fields needed (move events), not
// parsed into a JSON tree (the rare messages are).
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "histogram.hpp"
#include "loadgen.hpp"
#include "proc_stats.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::loadgen {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kConnectWindow = 128;  // handshakes in flight per shard

// ---- reading server frames without a JSON tree ----

// The string value of the first `"key":"` in `text` (values read here hold no escapes).
std::string_view string_field(std::string_view text, std::string_view key) {
  char pattern[48];
  if (key.size() + 5 > sizeof pattern) return {};
  pattern[0] = '"';
  std::copy(key.begin(), key.end(), pattern + 1);
  std::copy_n("\":\"", 3, pattern + 1 + key.size());
  const std::string_view needle(pattern, key.size() + 4);
  const auto at = text.find(needle);
  if (at == std::string_view::npos) return {};
  const auto begin = at + needle.size();
  const auto end = text.find('"', begin);
  return end == std::string_view::npos ? std::string_view{} : text.substr(begin, end - begin);
}

std::optional<long> int_field(std::string_view text, std::string_view key) {
  char pattern[48];
  if (key.size() + 4 > sizeof pattern) return std::nullopt;
  pattern[0] = '"';
  std::copy(key.begin(), key.end(), pattern + 1);
  std::copy_n("\":", 2, pattern + 1 + key.size());
  const std::string_view needle(pattern, key.size() + 3);
  const auto at = text.find(needle);
  if (at == std::string_view::npos) return std::nullopt;
  long value = 0;
  const char* begin = text.data() + at + needle.size();
  if (std::from_chars(begin, text.data() + text.size(), value).ec != std::errc()) return std::nullopt;
  return value;
}

void append_int(std::string& out, long value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

// Frames of one kind and their bytes (payload only, without WebSocket framing).
struct FrameBytes {
  std::atomic<std::uint64_t> frames{0}, bytes{0};
  void add(std::size_t size) {
    frames.fetch_add(1, std::memory_order_relaxed);
    bytes.fetch_add(size, std::memory_order_relaxed);
  }
};

class Shard;

// One WebSocket client connection.
class Client {
 public:
  Client(Shard& shard, asio::io_context& io, int index) : shard_(shard), ws_(io), index_(index) {}

  void start(const tcp::endpoint& endpoint, const std::string& host);
  void send(std::string_view text);
  void close_now() {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }
  void close_gracefully();
  int index() const { return index_; }
  bool open() const { return open_; }

 private:
  void on_handshake(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t);
  void do_write();
  void on_write(beast::error_code ec, std::size_t);

  Shard& shard_;
  websocket::stream<beast::tcp_stream> ws_;
  const int index_;
  std::string host_;
  beast::flat_buffer in_;
  std::vector<std::string> queue_;  // queue_[head_] is in flight while writing_
  std::size_t head_ = 0;
  std::vector<std::string> spare_;  // written strings kept for their capacity
  bool writing_ = false, open_ = false, closing_ = false;
};

// An io thread's share of the load. PlayShard and IdleShard say what the frames mean.
class Shard {
 public:
  Shard(const Options& options, int clients)
      : options_(options),
        endpoint_(asio::ip::make_address(options.host), options.port),
        join_endpoint_(asio::ip::make_address(options.host), options.join_port ? options.join_port : options.port) {
    clients_.reserve(static_cast<std::size_t>(clients));
    for (int i = 0; i < clients; ++i) clients_.push_back(std::make_unique<Client>(*this, io, i));
  }
  virtual ~Shard() = default;
  int sources() const { return options_.sources; }
  const std::string& target() const { return options_.target; }

  // Connects every client, at most kConnectWindow handshakes at a time.
  void connect_all() {
    asio::post(io, [this] {
      for (int i = 0; i < kConnectWindow; ++i) connect_next();
    });
  }
  void connect_next() {
    if (next_connect_ >= clients_.size()) return;
    // The second player of each pair on --join-port when given (another cluster node).
    const bool joiner = next_connect_ % 2 == 1;
    clients_[next_connect_++]->start(joiner ? join_endpoint_ : endpoint_, options_.host);
  }

  virtual void on_open(Client& client) {
    (void)client;
    connect_next();
  }
  virtual void on_failed(Client& client, std::string_view what, beast::error_code ec) {
    (void)client;
    count_error(std::string(what) + ": " + ec.message());
    if (what == "connect" || what == "handshake" || what == "bind") connect_next();
  }
  virtual void on_frame(Client& client, std::string_view text) = 0;
  // The server closed a connection (or it failed) while the shard was not stopping.
  void on_lost(Client&) { lost.fetch_add(1, std::memory_order_relaxed); }

  void count_error(std::string what) {
    if (errors_.size() < 64 || errors_.count(what)) ++errors_[what];
    else ++errors_["(other)"];
    error_count.fetch_add(1, std::memory_order_relaxed);
  }
  const std::map<std::string, std::uint64_t>& errors() const { return errors_; }

  // Ends the load: graceful closes, then the io_context stops after `grace`.
  void stop(std::chrono::milliseconds grace) {
    asio::post(io, [this, grace] {
      stopping = true;
      for (auto& c : clients_)
        if (c->open()) c->close_gracefully();
      stop_timer_.expires_after(grace);
      stop_timer_.async_wait([this](beast::error_code) { io.stop(); });
    });
  }

  asio::io_context io{1};
  bool stopping = false;
  std::atomic<std::uint64_t> opened{0}, lost{0}, error_count{0};

 protected:
  const Options& options_;
  const tcp::endpoint endpoint_;
  const tcp::endpoint join_endpoint_;
  std::vector<std::unique_ptr<Client>> clients_;
  std::size_t next_connect_ = 0;
  std::map<std::string, std::uint64_t> errors_;
  asio::steady_timer stop_timer_{io};
};

void Client::start(const tcp::endpoint& endpoint, const std::string& host) {
  host_ = host + ":" + std::to_string(endpoint.port());
  auto& stream = beast::get_lowest_layer(ws_);
  // Over ~28,000 connections to one address and port need more source addresses than one
  // (each pair of addresses has one range of ephemeral ports): 127.0.0.2, .3, ...
  if (const int sources = shard_.sources(); sources > 0) {
    beast::error_code ec;
    const auto source = asio::ip::address_v4(0x7f000002u + static_cast<std::uint32_t>(index_ % sources));
    stream.socket().open(tcp::v4(), ec);
    if (!ec) stream.socket().bind(tcp::endpoint(source, 0), ec);
    if (ec) return shard_.on_failed(*this, "bind", ec);
  }
  stream.expires_after(std::chrono::seconds(30));
  stream.async_connect(endpoint, [this](beast::error_code ec) {
    if (ec) return shard_.on_failed(*this, "connect", ec);
    auto& lowest = beast::get_lowest_layer(ws_);
    lowest.socket().set_option(tcp::no_delay(true), ec);
    lowest.expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws_.text(true);
    ws_.async_handshake(host_, shard_.target(), [this](beast::error_code hec) { on_handshake(hec); });
  });
}

void Client::on_handshake(beast::error_code ec) {
  if (ec) return shard_.on_failed(*this, "handshake", ec);
  open_ = true;
  shard_.opened.fetch_add(1, std::memory_order_relaxed);
  shard_.on_open(*this);
  do_read();
}

void Client::do_read() {
  ws_.async_read(in_, [this](beast::error_code ec, std::size_t n) { on_read(ec, n); });
}

void Client::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    const bool was_open = open_;
    open_ = false;
    if (!shard_.stopping && was_open) {
      shard_.on_lost(*this);
      shard_.on_failed(*this, "read", ec);
    }
    return;
  }
  const auto data = in_.cdata();
  shard_.on_frame(*this, std::string_view(static_cast<const char*>(data.data()), data.size()));
  in_.consume(in_.size());
  do_read();
}

void Client::send(std::string_view text) {
  if (!open_ || closing_) return;
  std::string frame;
  if (!spare_.empty()) {
    frame = std::move(spare_.back());
    spare_.pop_back();
  }
  frame.assign(text);
  queue_.push_back(std::move(frame));
  if (!writing_) do_write();
}

void Client::do_write() {
  writing_ = true;
  ws_.async_write(asio::buffer(queue_[head_]), [this](beast::error_code ec, std::size_t n) { on_write(ec, n); });
}

void Client::on_write(beast::error_code ec, std::size_t) {
  writing_ = false;
  spare_.push_back(std::move(queue_[head_]));
  ++head_;
  if (head_ == queue_.size()) {
    queue_.clear();
    head_ = 0;
  }
  if (ec) {
    if (!shard_.stopping) shard_.on_failed(*this, "write", ec);
    return;
  }
  if (head_ < queue_.size()) return do_write();
  if (closing_) close_gracefully();
}

void Client::close_gracefully() {
  closing_ = true;
  if (writing_ || !open_) return;
  open_ = false;
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(2));
  ws_.async_close(websocket::close_code::normal, [](beast::error_code) {});
}

// ---- play ----

struct Pair {
  std::optional<rules::GameState> state;
  std::string game_id, room_id;
  int first_slot = 0;  // the slot (0: creator, 1: joiner) playing the first side
  int ply_base = 0;    // against the floor: the plies of the games before this position
  int identified = 0;
  bool started = false, in_flight = false, queued = false;
  rules::Move pending{};
  std::string pending_text;
  rules::MoveList legal;
  std::string frame;
  Clock::time_point sent_at{};
  std::mt19937 rng;
};

class PlayShard final : public Shard {
 public:
  PlayShard(const Options& options, int shard_index, int games, std::shared_ptr<const rules::Ruleset> rules,
            const std::atomic<bool>& measuring)
      : Shard(options, games * 2),
        rules_(std::move(rules)),
        measuring_(measuring),
        pairs_(static_cast<std::size_t>(games)),
        ready_(static_cast<std::size_t>(games) + 1) {
    // Names unique per run: a server keeps a player's name through its reconnection grace.
    static std::atomic<int> runs{0};
    const std::string run =
        std::to_string(getpid() % 100000) + "-" + std::to_string(runs.fetch_add(1)) + "-" + std::to_string(shard_index);
    for (int i = 0; i < games; ++i) {
      pairs_[i].rng.seed(options.seed * 1'000'003u + static_cast<std::uint32_t>(shard_index * 100'000 + i));
      pairs_[i].frame.reserve(256);
      for (int slot = 0; slot < 2; ++slot) names_.push_back("lg" + run + "-" + std::to_string(i) + (slot ? "b" : "a"));
    }
    if (options.rate > 0) {
      rate_ = options.rate / static_cast<double>(options.threads);
      asio::post(io, [this] {
        last_tick_ = Clock::now();
        tick();
      });
    }
  }

  Histogram histogram;
  std::atomic<std::uint64_t> relayed{0};      // moves seen by the opponent in the window
  std::atomic<std::uint64_t> relayed_all{0};  // since the start
  std::atomic<std::uint64_t> games_finished{0};
  std::atomic<int> pairs_started{0};
  // Move events received in the window: the opponent's copy (it is to move next, with
  // its legal moves while the game goes on) and the mover's own (with its request id).
  FrameBytes to_player_to_move, to_mover;

  void on_frame(Client& client, std::string_view text) override {
    const int p = client.index() / 2, slot = client.index() % 2;
    Pair& pair = pairs_[static_cast<std::size_t>(p)];
    const std::string_view type = string_field(text, "type");
    if (type == "move") {
      const bool own = text.find("\"id\":") != std::string_view::npos;  // the mover's own copy
      if (measuring_.load(std::memory_order_relaxed)) (own ? to_mover : to_player_to_move).add(text.size());
      if (own) return;
      return on_opponent_move(p, pair, text);
    }
    if (type == "welcome") {
      if (string_field(text, "server") == "boardhall-floor") endless_ = true;
      std::string guest =
          R"({"type":"guest","id":1,"name":")" + names_[static_cast<std::size_t>(client.index())] + "\"}";
      return client.send(guest);
    }
    if (type == "identity") {
      if (++pair.identified == 2) create_room(p);
      return;
    }
    if (type == "room_created") {
      pair.room_id = std::string(string_field(text, "room_id"));
      const std::string join = R"({"type":"join_room","id":3,"room_id":")" + pair.room_id + "\"}";
      return clients_[static_cast<std::size_t>(p * 2 + 1)]->send(join);
    }
    if (type == "game_started") return on_game_started(p, pair, slot, text);
    if (type == "game_over") {
      if (slot == 0) games_finished.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    if (type == "match_over") {
      if (slot == 0) create_room(p);
      return;
    }
    if (type == "error") {
      const std::string code(string_field(text, "code"));
      // Cluster mode: the joiner's node may not list the room yet (the lobbies hear of
      // it over the bus a moment later): join again.
      if (code == "unknown_room" && slot == 1 && !pair.room_id.empty() && !stopping) {
        count_error("join before the room was listed (joined again)");
        auto timer = std::make_shared<asio::steady_timer>(io, std::chrono::milliseconds(5));
        timer->async_wait([this, p, timer](beast::error_code) {
          const std::string join =
              R"({"type":"join_room","id":3,"room_id":")" + pairs_[static_cast<std::size_t>(p)].room_id + "\"}";
          clients_[static_cast<std::size_t>(p * 2 + 1)]->send(join);
        });
        return;
      }
      count_error("error frame: " + code);
      // A refused move (rate limit...) would stall the game: try again a little later.
      if (pair.in_flight && !stopping) {
        pair.in_flight = false;
        auto timer = std::make_shared<asio::steady_timer>(io, std::chrono::milliseconds(100));
        timer->async_wait([this, p, timer](beast::error_code) { schedule(p); });
      }
      return;
    }
    // player_left, player_returned, draw offers...: nothing to do.
  }

  void on_failed(Client& client, std::string_view what, beast::error_code ec) override {
    Shard::on_failed(client, what, ec);
  }

 private:
  void create_room(int p) {
    if (stopping) return;
    std::string options;
    for (const auto& [name, value] : options_.options)
      options += (options.empty() ? "" : ",") + ("\"" + name + "\":\"" + value + "\"");
    std::string text = R"({"type":"create_room","id":2,"game":")" + options_.game + R"(","options":{)" + options +
                       R"(},"side":"first","games":)" + std::to_string(options_.match_games) +
                       R"(,"clock":{"initial_s":)" + std::to_string(options_.clock_s) + R"(,"increment_s":)" +
                       std::to_string(options_.increment_s) + "}}";
    clients_[static_cast<std::size_t>(p * 2)]->send(text);
  }

  void on_game_started(int p, Pair& pair, int slot, std::string_view text) {
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded() || !json.contains("state")) return count_error("bad game_started");
    const auto& state = json["state"];
    const std::string game_id = state.value("game_id", "");
    if (game_id != pair.game_id) {
      pair.game_id = game_id;
      pair.state.emplace(rules_);
      pair.in_flight = false;
    }
    if (state.value("you", "") == "first") pair.first_slot = slot;
    if (!pair.started) {
      pair.started = true;
      pairs_started.fetch_add(1, std::memory_order_relaxed);
    }
    // The first side moves once its own game_started arrived (the opponent's comes
    // before any move on its own connection).
    if (state.value("you", "") == "first") schedule(p);
  }

  void on_opponent_move(int p, Pair& pair, std::string_view text) {
    const auto now = Clock::now();
    const auto ply = int_field(text, "ply");
    if (!pair.in_flight || !pair.state || !ply || *ply != pair.ply_base + pair.state->ply() + 1 ||
        string_field(text, "game_id") != pair.game_id) {
      return count_error("unexpected move event");
    }
    pair.in_flight = false;
    if (string_field(text, "move") != pair.pending_text) count_error("move text differs");
    pair.state->play(pair.pending);
    relayed_all.fetch_add(1, std::memory_order_relaxed);
    if (measuring_.load(std::memory_order_relaxed)) {
      relayed.fetch_add(1, std::memory_order_relaxed);
      histogram.record(static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::microseconds>(now - pair.sent_at).count()));
    }
    if (!pair.state->status().over()) return schedule(p);
    // The server ends the game: game_over, then the next game_started (or match_over and
    // a new room). The floor never does: the pair goes on from a new position, the side
    // to move being the one whose turn the floor's ply count says.
    if (endless_) {
      pair.ply_base += pair.state->ply();
      if (pair.state->ply() % 2 == 1) pair.first_slot = 1 - pair.first_slot;
      pair.state.emplace(rules_);
      games_finished.fetch_add(1, std::memory_order_relaxed);
      schedule(p);
    }
  }

  // The side to move of pair `p` may move: now, or when the pacer lets it.
  void schedule(int p) {
    if (stopping) return;
    if (rate_ <= 0) return send_move(p);
    Pair& pair = pairs_[static_cast<std::size_t>(p)];
    if (pair.queued) return;
    pair.queued = true;
    ready_[ready_tail_] = p;
    ready_tail_ = (ready_tail_ + 1) % ready_.size();
  }

  // The pacer: every millisecond, releases the moves the rate allows.
  void tick() {
    if (stopping) return;
    const auto now = Clock::now();
    tokens_ =
        std::min(tokens_ + rate_ * std::chrono::duration<double>(now - last_tick_).count(), std::max(1.0, rate_ / 100));
    last_tick_ = now;
    while (tokens_ >= 1 && ready_head_ != ready_tail_) {
      const int p = ready_[ready_head_];
      ready_head_ = (ready_head_ + 1) % ready_.size();
      pairs_[static_cast<std::size_t>(p)].queued = false;
      tokens_ -= 1;
      send_move(p);
    }
    pacer_.expires_after(std::chrono::milliseconds(1));
    pacer_.async_wait([this](beast::error_code ec) {
      if (!ec) tick();
    });
  }

  void send_move(int p) {
    Pair& pair = pairs_[static_cast<std::size_t>(p)];
    if (!pair.state || pair.in_flight || pair.state->status().over()) return;
    const auto& rules = pair.state->rules();
    pair.legal.clear();
    rules.legal_moves(pair.state->position(), pair.legal);
    if (pair.legal.empty()) return count_error("no legal move in an ongoing game");
    std::uniform_int_distribution<std::size_t> pick(0, pair.legal.size() - 1);
    pair.pending = pair.legal[pick(pair.rng)];
    pair.pending_text = rules.move_text(pair.pending);
    std::string& f = pair.frame;
    f.assign(R"({"type":"move","id":)");
    append_int(f, pair.ply_base + pair.state->ply() + 100);
    f.append(R"(,"game_id":")").append(pair.game_id).append(R"(","ply":)");
    append_int(f, pair.ply_base + pair.state->ply());
    f.append(R"(,"move":")").append(pair.pending_text).append("\"}");
    const int side_slot = pair.state->to_move() == rules::Side::first ? pair.first_slot : 1 - pair.first_slot;
    pair.in_flight = true;
    pair.sent_at = Clock::now();
    clients_[static_cast<std::size_t>(p * 2 + side_slot)]->send(f);
  }

  const std::shared_ptr<const rules::Ruleset> rules_;
  const std::atomic<bool>& measuring_;
  std::vector<Pair> pairs_;
  std::vector<std::string> names_;
  double rate_ = 0, tokens_ = 0;
  bool endless_ = false;  // the server is bh_floor, which never ends a game
  Clock::time_point last_tick_{};
  std::vector<int> ready_;
  std::size_t ready_head_ = 0, ready_tail_ = 0;
  asio::steady_timer pacer_{io};
};

// ---- idle ----

class IdleShard final : public Shard {
 public:
  using Shard::Shard;
  std::atomic<std::uint64_t> welcomed{0};
  void on_frame(Client&, std::string_view text) override {
    if (string_field(text, "type") == "welcome") welcomed.fetch_add(1, std::memory_order_relaxed);
  }
};

template <class S>
std::vector<std::thread> run_shards(std::vector<std::unique_ptr<S>>& shards) {
  std::vector<std::thread> threads;
  for (auto& s : shards) {
    s->connect_all();
    threads.emplace_back([shard = s.get()] {
      auto guard = asio::make_work_guard(shard->io);
      shard->io.run();
    });
  }
  return threads;
}

template <class S, class F>
std::uint64_t sum(const std::vector<std::unique_ptr<S>>& shards, F f) {
  std::uint64_t total = 0;
  for (const auto& s : shards) total += f(*s);
  return total;
}

void sleep_for(double seconds) { std::this_thread::sleep_for(std::chrono::duration<double>(seconds)); }

std::string load_average() {
  double load[3] = {0, 0, 0};
  if (getloadavg(load, 3) != 3) return "?";
  char text[64];
  std::snprintf(text, sizeof text, "%.2f %.2f %.2f", load[0], load[1], load[2]);
  return text;
}

}  // namespace

int server_pid(const Options& options) {
  if (options.server_pid > 0) return options.server_pid;
  if (const auto pid = find_listening_pid(options.port)) return *pid;
  std::fprintf(stderr, "no single process of this user listens on port %u: pass --server-pid\n", options.port);
  return 0;
}

namespace {

// What one play run measured.
struct PlayResult {
  bool ok = false;
  std::uint64_t started = 0, moves = 0, finished = 0, window_errors = 0, lost = 0;
  double setup_s = 0, seconds = 0, self_cpu_s = 0;
  std::optional<double> cpu_s;                    // the server's, over the window
  std::optional<std::uint64_t> context_switches;  // the server's, over the window
  std::optional<std::uint64_t> syscalls;          // the server's, over `syscall_moves` moves
  std::uint64_t syscall_moves = 0;
  std::optional<std::int64_t> rss_kib;
  std::uint64_t p50 = 0, p95 = 0, p99 = 0, max = 0;
  double bytes_to_player = 0, bytes_to_mover = 0;
  std::map<std::string, std::uint64_t> errors;
  int pid = 0;

  double rate() const { return seconds > 0 ? static_cast<double>(moves) / seconds : 0; }
  std::optional<double> cpu_us_per_move() const {
    if (!cpu_s || moves == 0) return std::nullopt;
    return 1e6 * *cpu_s / static_cast<double>(moves);
  }
  std::optional<double> switches_per_move() const {
    if (!context_switches || moves == 0) return std::nullopt;
    return static_cast<double>(*context_switches) / static_cast<double>(moves);
  }
  std::optional<double> syscalls_per_move() const {
    if (!syscalls || syscall_moves == 0) return std::nullopt;
    return static_cast<double>(*syscalls) / static_cast<double>(syscall_moves);
  }
};

PlayResult measure_play(const Options& o, const std::shared_ptr<const rules::Ruleset>& ruleset) {
  PlayResult r;
  const int pid = server_pid(o);
  r.pid = pid;
  std::atomic<bool> measuring{false};
  std::vector<std::unique_ptr<PlayShard>> shards;
  for (unsigned t = 0; t < o.threads; ++t) {
    const int games =
        o.games / static_cast<int>(o.threads) + (static_cast<int>(t) < o.games % static_cast<int>(o.threads) ? 1 : 0);
    shards.push_back(std::make_unique<PlayShard>(o, static_cast<int>(t), games, ruleset, measuring));
  }
  const auto setup_start = Clock::now();
  auto threads = run_shards(shards);

  // Every pair has started its first game, or the setup gave up.
  const auto setup_limit = std::chrono::seconds(30) + std::chrono::milliseconds(20) * o.games;
  while (sum(shards, [](PlayShard& s) { return static_cast<std::uint64_t>(s.pairs_started.load()); }) <
             static_cast<std::uint64_t>(o.games) &&
         Clock::now() - setup_start < setup_limit)
    sleep_for(0.05);
  r.started = sum(shards, [](PlayShard& s) { return static_cast<std::uint64_t>(s.pairs_started.load()); });
  r.setup_s = std::chrono::duration<double>(Clock::now() - setup_start).count();
  if (r.started < static_cast<std::uint64_t>(o.games))
    std::fprintf(stderr, "warning: only %llu of %d games started within %.0f s\n",
                 static_cast<unsigned long long>(r.started), o.games, r.setup_s);
  sleep_for(o.warmup_s);

  auto relayed_all = [&] { return sum(shards, [](PlayShard& s) { return s.relayed_all.load(); }); };
  std::optional<SyscallCounter> syscalls;
  std::uint64_t syscall_moves0 = 0;
  if (o.count_syscalls && pid) {
    syscalls.emplace(pid);
    syscall_moves0 = relayed_all();
  }
  const auto cpu0 = pid ? process_cpu_seconds(pid) : std::nullopt;
  const std::uint64_t switches0 = pid ? process_context_switches(pid).value_or(0) : 0;
  const double self0 = self_cpu_seconds();
  const auto finished0 = sum(shards, [](PlayShard& s) { return s.games_finished.load(); });
  const auto errors0 = sum(shards, [](PlayShard& s) { return s.error_count.load(); });
  const auto t0 = Clock::now();
  measuring.store(true);
  const auto window = std::chrono::duration<double>(o.duration_s);
  while (Clock::now() - t0 < window &&
         (o.max_moves == 0 || sum(shards, [](PlayShard& s) { return s.relayed.load(); }) < o.max_moves))
    sleep_for(0.02);
  measuring.store(false);
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  const auto cpu1 = pid ? process_cpu_seconds(pid) : std::nullopt;
  const std::uint64_t switches1 = pid ? process_context_switches(pid).value_or(0) : 0;
  const double self1 = self_cpu_seconds();
  if (syscalls) {
    r.syscalls = syscalls->finish();
    r.syscall_moves = relayed_all() - syscall_moves0;
  }
  r.rss_kib = pid ? process_rss_kib(pid) : std::nullopt;
  r.finished = sum(shards, [](PlayShard& s) { return s.games_finished.load(); }) - finished0;
  r.window_errors = sum(shards, [](PlayShard& s) { return s.error_count.load(); }) - errors0;
  if (cpu0 && cpu1) r.cpu_s = *cpu1 - *cpu0;
  if (switches0 > 0 && switches1 >= switches0) r.context_switches = switches1 - switches0;
  r.self_cpu_s = self1 - self0;

  for (auto& s : shards) s->stop(std::chrono::milliseconds(1500));
  for (auto& t : threads) t.join();

  Histogram latency;
  for (auto& s : shards) {
    latency.merge(s->histogram);
    r.moves += s->relayed.load();
    r.lost += s->lost.load();
    for (const auto& [what, n] : s->errors()) r.errors[what] += n;
  }
  r.p50 = latency.percentile(50);
  r.p95 = latency.percentile(95);
  r.p99 = latency.percentile(99);
  r.max = latency.max();
  auto per_frame = [&](FrameBytes PlayShard::*kind) {
    const auto frames = sum(shards, [&](PlayShard& s) { return (s.*kind).frames.load(); });
    const auto bytes = sum(shards, [&](PlayShard& s) { return (s.*kind).bytes.load(); });
    return frames ? static_cast<double>(bytes) / static_cast<double>(frames) : 0.0;
  };
  r.bytes_to_player = per_frame(&PlayShard::to_player_to_move);
  r.bytes_to_mover = per_frame(&PlayShard::to_mover);
  r.ok = r.started == static_cast<std::uint64_t>(o.games) && r.moves > 0;
  return r;
}

std::string micros(std::uint64_t us) {
  return us >= Histogram::kExactMicros ? ">=" + std::to_string(Histogram::kExactMicros) : std::to_string(us);
}

void print_play(const Options& o, const PlayResult& r) {
  std::printf("bh_loadgen play: %s, %d games, %d connections, %u io thread(s), %s\n", o.game.c_str(), o.games,
              o.games * 2, o.threads,
              o.rate > 0 ? ("paced to " + std::to_string(static_cast<long>(o.rate)) + " moves/s").c_str() : "unpaced");
  std::printf("  setup            %.1f s (%llu games started), warm-up %.1f s\n", r.setup_s,
              static_cast<unsigned long long>(r.started), o.warmup_s);
  std::printf("  window           %.2f s, %llu moves relayed, %llu games finished\n", r.seconds,
              static_cast<unsigned long long>(r.moves), static_cast<unsigned long long>(r.finished));
  std::printf("  moves/s          %.0f\n", r.rate());
  std::printf("  round trip (us)  p50 %s  p95 %s  p99 %s  max %llu\n", micros(r.p50).c_str(), micros(r.p95).c_str(),
              micros(r.p99).c_str(), static_cast<unsigned long long>(r.max));
  if (const auto us = r.cpu_us_per_move())
    std::printf("  server CPU       %.2f s in the window (%.0f%% of one core), %.1f us per relayed move (pid %d)\n",
                *r.cpu_s, 100 * *r.cpu_s / r.seconds, *us, r.pid);
  if (const auto cs = r.switches_per_move()) std::printf("  server switches  %.2f context switches per move\n", *cs);
  if (const auto sc = r.syscalls_per_move()) std::printf("  server syscalls  %.2f per move (perf)\n", *sc);
  if (r.rss_kib) std::printf("  server RSS       %.1f MiB\n", static_cast<double>(*r.rss_kib) / 1024);
  std::printf("  move event bytes %.1f per frame to the player to move, %.1f to the mover (payload)\n",
              r.bytes_to_player, r.bytes_to_mover);
  std::printf("  load generator   %.2f s CPU in the window (%.0f%% of one core)\n", r.self_cpu_s,
              100 * r.self_cpu_s / r.seconds);
  std::printf("  errors           %llu in the window, %llu connections lost\n",
              static_cast<unsigned long long>(r.window_errors), static_cast<unsigned long long>(r.lost));
  for (const auto& [what, n] : r.errors)
    std::printf("    %8llu  %s\n", static_cast<unsigned long long>(n), what.c_str());
  std::printf("  load average     %s\n", load_average().c_str());
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::optional<std::shared_ptr<const rules::Ruleset>> ruleset_of(const Options& o) {
  auto made = rules::make_ruleset(o.game, rules::OptionText(o.options.begin(), o.options.end()));
  if (!made) {
    std::fprintf(stderr, "bh_loadgen: %s\n", made.error().message.c_str());
    return std::nullopt;
  }
  return *made;
}

}  // namespace

int run_play(const Options& o) {
  const auto ruleset = ruleset_of(o);
  if (!ruleset) return 2;
  const auto result = measure_play(o, *ruleset);
  print_play(o, result);
  return result.ok ? 0 : 1;
}

int run_compare(const Options& o) {
  const auto ruleset = ruleset_of(o);
  if (!ruleset) return 2;
  // The floor, the server, and (--baseline-port) an earlier build of it.
  struct Target {
    std::string label;
    Options options;
    std::vector<PlayResult> runs;
  };
  std::vector<Target> targets{{"floor", o, {}}, {"server", o, {}}};
  targets[0].options.port = o.floor_port;
  if (o.baseline_port) {
    targets.push_back({"baseline", o, {}});
    targets.back().options.port = o.baseline_port;
  }
  for (std::size_t t = 0; t < targets.size(); ++t)
    if (t != 1) targets[t].options.server_pid = 0;  // --server-pid names the server only
  bool ok = true;
  // Each round starts one target later, so none always meets the machine a run later.
  for (int round = 0; round < o.rounds; ++round) {
    for (std::size_t turn = 0; turn < targets.size(); ++turn) {
      Target& target = targets[(turn + static_cast<std::size_t>(round)) % targets.size()];
      auto result = measure_play(target.options, *ruleset);
      ok = ok && result.ok;
      std::printf("round %d %-8s port %-5u %8.0f moves/s  %6.1f us CPU/move  p50 %6s us  p99 %6s us", round + 1,
                  target.label.c_str(), target.options.port, result.rate(), result.cpu_us_per_move().value_or(0),
                  micros(result.p50).c_str(), micros(result.p99).c_str());
      if (const auto cs = result.switches_per_move()) std::printf("  %5.2f cs/move", *cs);
      if (const auto sc = result.syscalls_per_move()) std::printf("  %5.2f syscalls/move", *sc);
      std::printf("  errors %llu  load %s%s\n", static_cast<unsigned long long>(result.window_errors),
                  load_average().c_str(),
                  result.started < static_cast<std::uint64_t>(o.games) ? "  (NOT ALL GAMES STARTED)" : "");
      std::fflush(stdout);
      target.runs.push_back(std::move(result));
    }
  }
  auto med = [](const std::vector<PlayResult>& runs, auto value) {
    std::vector<double> values;
    for (const auto& r : runs)
      if (const auto v = value(r)) values.push_back(*v);
    return median(values);
  };
  auto rate = [](const PlayResult& r) { return std::optional<double>(r.rate()); };
  auto cpu = [](const PlayResult& r) { return r.cpu_us_per_move(); };
  auto p50 = [](const PlayResult& r) { return std::optional<double>(static_cast<double>(r.p50)); };
  auto p99 = [](const PlayResult& r) { return std::optional<double>(static_cast<double>(r.p99)); };
  auto cs = [](const PlayResult& r) { return r.switches_per_move(); };
  auto sc = [](const PlayResult& r) { return r.syscalls_per_move(); };
  std::printf("medians of %d rounds: %s, %d games%s\n", o.rounds, o.game.c_str(), o.games,
              o.rate > 0 ? (", paced to " + std::to_string(static_cast<long>(o.rate)) + " moves/s").c_str() : "");
  std::printf("  %-8s %10s %12s %9s %9s %9s %14s\n", "", "moves/s", "us CPU/move", "p50 us", "p99 us", "cs/move",
              "syscalls/move");
  for (const auto& t : targets)
    std::printf("  %-8s %10.0f %12.1f %9.0f %9.0f %9.2f %14.2f\n", t.label.c_str(), med(t.runs, rate), med(t.runs, cpu),
                med(t.runs, p50), med(t.runs, p99), med(t.runs, cs), med(t.runs, sc));
  const double floor_cpu = med(targets[0].runs, cpu), floor_rate = med(targets[0].runs, rate);
  if (floor_cpu > 0 && floor_rate > 0)
    for (std::size_t t = 1; t < targets.size(); ++t)
      std::printf("  %s / floor: CPU per move %.2fx, moves/s %.2fx\n", targets[t].label.c_str(),
                  med(targets[t].runs, cpu) / floor_cpu, med(targets[t].runs, rate) / floor_rate);
  return ok ? 0 : 1;
}

int run_idle(const Options& o) {
  const int pid = server_pid(o);
  if (!pid) return 1;
  const auto rss0 = process_rss_kib(pid);
  std::vector<std::unique_ptr<IdleShard>> shards;
  for (unsigned t = 0; t < o.threads; ++t) {
    const int n = o.connections / static_cast<int>(o.threads) +
                  (static_cast<int>(t) < o.connections % static_cast<int>(o.threads) ? 1 : 0);
    shards.push_back(std::make_unique<IdleShard>(o, n));
  }
  const auto start = Clock::now();
  auto threads = run_shards(shards);
  const auto limit = std::chrono::seconds(30) + std::chrono::milliseconds(5) * o.connections;
  auto welcomed = [&] { return sum(shards, [](IdleShard& s) { return s.welcomed.load(); }); };
  while (welcomed() < static_cast<std::uint64_t>(o.connections) && Clock::now() - start < limit) sleep_for(0.05);
  const double setup_s = std::chrono::duration<double>(Clock::now() - start).count();
  sleep_for(o.hold_s);
  const auto rss1 = process_rss_kib(pid);
  const auto n = welcomed();
  const auto errors = sum(shards, [](IdleShard& s) { return s.error_count.load(); });
  for (auto& s : shards) s->stop(std::chrono::milliseconds(1000));
  for (auto& t : threads) t.join();
  std::printf("bh_loadgen idle: %llu of %d connections welcomed in %.1f s, %llu errors\n",
              static_cast<unsigned long long>(n), o.connections, setup_s, static_cast<unsigned long long>(errors));
  for (const auto& s : shards)
    for (const auto& [what, count] : s->errors())
      std::printf("    %8llu  %s\n", static_cast<unsigned long long>(count), what.c_str());
  if (rss0 && rss1 && n > 0) {
    std::printf("  server RSS       %.1f MiB before, %.1f MiB with the connections (pid %d)\n",
                static_cast<double>(*rss0) / 1024, static_cast<double>(*rss1) / 1024, pid);
    std::printf("  per connection   %.1f KiB\n", static_cast<double>(*rss1 - *rss0) / static_cast<double>(n));
  }
  std::printf("  load average     %s\n", load_average().c_str());
  return n == static_cast<std::uint64_t>(o.connections) ? 0 : 1;
}

}  // namespace bh::loadgen
