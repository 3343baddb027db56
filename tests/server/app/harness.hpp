// The application with fake connections: an io_context on two threads, a real SQLite
// store in a temporary folder (behind a FaultyStore), and clients that record every
// frame the application sends them. No sockets.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <future>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "app/application.hpp"
#include "storage/faulty_store.hpp"
#include "storage/sqlite_store.hpp"

namespace bh::app::test {

using nlohmann::json;
using namespace std::chrono_literals;

class FakeConnection final : public Connection {
 public:
  explicit FakeConnection(std::uint64_t id, std::string address = "127.0.0.1")
      : id_(id), address_(std::move(address)), remote_(address_ + ":1") {}
  void send(Frame frame) override {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    frames_.push_back(json::parse(*frame));
    changed_.notify_all();
  }
  void close(std::string reason) override {
    std::lock_guard lock(mutex_);
    closed_ = true;
    close_reason_ = std::move(reason);
    changed_.notify_all();
  }
  std::uint64_t id() const override { return id_; }
  const std::string& remote() const override { return remote_; }
  const std::string& address() const override { return address_; }

  // The first not yet taken message of `type` (and matching `pred`), waiting up to
  // `timeout`; a null json when none came.
  template <class Pred>
  json take(const std::string& type, Pred pred, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    json out;
    changed_.wait_for(lock, timeout, [&] {
      for (std::size_t i = 0; i < frames_.size(); ++i) {
        if (taken_.size() < frames_.size()) taken_.resize(frames_.size(), false);
        if (!taken_[i] && frames_[i].value("type", "") == type && pred(frames_[i])) {
          taken_[i] = true;
          out = frames_[i];
          return true;
        }
      }
      return false;
    });
    return out;
  }
  bool closed() {
    std::lock_guard lock(mutex_);
    return closed_;
  }
  std::vector<json> all() {
    std::lock_guard lock(mutex_);
    return frames_;
  }

 private:
  std::uint64_t id_;
  std::string address_;
  std::string remote_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<json> frames_;
  std::vector<bool> taken_;
  bool closed_ = false;
  std::string close_reason_;
};

class Client {
 public:
  Client(Application& app, std::uint64_t id, std::string address = "127.0.0.1")
      : app_(app), conn_(std::make_shared<FakeConnection>(id, std::move(address))) {
    app_.on_open(conn_);
  }
  void send(const json& j) { app_.on_message(conn_, j.dump()); }
  void send_text(const std::string& text) { app_.on_message(conn_, text); }
  void close() { app_.on_close(conn_); }
  json next(const std::string& type, std::chrono::milliseconds timeout = 5s) {
    return conn_->take(
        type, [](const json&) { return true; }, timeout);
  }
  template <class Pred>
  json next_if(const std::string& type, Pred pred, std::chrono::milliseconds timeout = 5s) {
    return conn_->take(type, pred, timeout);
  }
  // The reply (of any type a request is answered with) that echoes `id`.
  static constexpr const char* kReplyTypes[] = {"error",
                                                "identity",
                                                "room_created",
                                                "game_started",
                                                "game_state",
                                                "move",
                                                "lobby",
                                                "room_cancelled",
                                                "ok",
                                                "pong",
                                                "games",
                                                "game_record",
                                                "draw_offered",
                                                "draw_declined",
                                                "takeback_offered",
                                                "takeback_declined",
                                                "takeback_accepted",
                                                "player",
                                                "leaderboard",
                                                "player_games"};
  json reply(int id, std::chrono::milliseconds timeout = 5s) {
    for (const char* type : kReplyTypes) {
      json j = conn_->take(
          type, [id](const json& m) { return m.contains("id") && m["id"] == id; }, 0ms);
      if (!j.is_null()) return j;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(2ms);
      for (const char* type : kReplyTypes) {
        json j = conn_->take(
            type, [id](const json& m) { return m.contains("id") && m["id"] == id; }, 0ms);
        if (!j.is_null()) return j;
      }
    }
    return json();
  }
  // Sends `request` with `id` and returns the error code of the reply ("" if none).
  std::string error_of(json request, int id) {
    request["id"] = id;
    send(request);
    json r = reply(id);
    if (r.is_null() || r["type"] != "error")
      return r.is_null() ? "<no reply>" : "<" + r["type"].get<std::string>() + ">";
    return r["code"];
  }
  std::shared_ptr<FakeConnection> connection() const { return conn_; }

 private:
  Application& app_;
  std::shared_ptr<FakeConnection> conn_;
};

class AppTest : public ::testing::Test {
 protected:
  void SetUp() override { start(); }
  void TearDown() override { stop(); }

  virtual AppConfig config() {
    AppConfig c;
    c.reconnect_grace_ms = 300;
    c.open_room_grace_ms = 300;
    c.guests_per_minute = 0;        // many guests from one address; the limit's own tests set it
    c.export_games_per_second = 0;  // exports as fast as they go; the pace's own test sets it
    return c;
  }

  void start() {
    dir_ = std::filesystem::temp_directory_path() /
           ("bh_app_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++));
    // Process ids are reused: a folder left by an earlier test process (killed before
    // its clean-up) must not lend this test its players and games.
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    open_app();
  }
  void open_app() {
    auto opened = storage::open_sqlite_store((dir_ / "archive.db").string());
    ASSERT_TRUE(opened.error.ok()) << opened.error.message;
    store_ = std::make_unique<storage::FaultyStore>(std::move(*opened.value));
    io_ = std::make_unique<boost::asio::io_context>();
    work_ =
        std::make_unique<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>>(io_->get_executor());
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { io_->run(); });
    app_ = make_application(*io_, *store_, config());
  }
  // Graceful shutdown, then everything torn down in order (the archive file stays).
  void close_app() {
    if (!app_) return;
    std::promise<void> done;
    app_->shutdown([&] { done.set_value(); });
    EXPECT_EQ(done.get_future().wait_for(5s), std::future_status::ready);
    work_.reset();
    io_->stop();
    for (auto& t : threads_) t.join();
    threads_.clear();
    app_.reset();
    store_->close();
    store_.reset();
    io_.reset();
  }
  void stop() {
    clients_.clear();
    close_app();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }

  Client& client() {
    clients_.push_back(std::make_unique<Client>(*app_, next_id_++));
    return *clients_.back();
  }
  // A client from another address (the per-address limits tell them apart).
  Client& client_at(const std::string& address) {
    clients_.push_back(std::make_unique<Client>(*app_, next_id_++, address));
    return *clients_.back();
  }
  Client& guest(const std::string& name) {
    Client& c = client();
    c.send({{"type", "guest"}, {"name", name}, {"id", 1}});
    json r = c.reply(1);
    EXPECT_EQ(r["type"], "identity") << r.dump();
    tokens_[name] = r.value("token", "");
    return c;
  }
  // `a` creates a room with `spec` (side first unless given), `b` joins; returns the
  // game id. Both have received game_started.
  std::string start_game(Client& a, Client& b, json spec) {
    spec["type"] = "create_room";
    if (!spec.contains("side")) spec["side"] = "first";
    spec["id"] = 100;
    a.send(spec);
    json created = a.reply(100);
    EXPECT_EQ(created["type"], "room_created") << created.dump();
    last_room_ = created["room"]["room_id"];
    json join = {{"type", "join_room"}, {"room_id", last_room_}, {"id", 101}};
    if (created.contains("invite_code") && !created["invite_code"].is_null())
      join["invite_code"] = created["invite_code"];
    b.send(join);
    json sb = b.next("game_started");
    json sa = a.next("game_started");
    EXPECT_FALSE(sb.is_null());
    EXPECT_FALSE(sa.is_null());
    if (sa.is_null()) return "";
    EXPECT_EQ(sa["state"]["game_id"], sb["state"]["game_id"]);
    return sa["state"]["game_id"];
  }
  // Plays `moves` alternately starting with `first` (the first side's client).
  // Returns the move events seen by `first`.
  std::vector<json> play(Client& first, Client& second, const std::string& game_id,
                         const std::vector<std::string>& moves, int start_ply = 0) {
    std::vector<json> events;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      Client& mover = ((start_ply + static_cast<int>(i)) % 2 == 0) ? first : second;
      Client& other = &mover == &first ? second : first;
      const int ply = start_ply + static_cast<int>(i);
      mover.send({{"type", "move"}, {"game_id", game_id}, {"ply", ply}, {"move", moves[i]}, {"id", 1000 + ply}});
      json mine = mover.reply(1000 + ply);
      EXPECT_EQ(mine["type"], "move") << "move " << moves[i] << ": " << mine.dump();
      if (mine["type"] != "move") return events;
      json theirs = other.next_if("move", [&](const json& m) { return m["ply"] == ply + 1; });
      EXPECT_EQ(theirs["position"], mine["position"]);
      events.push_back(&mover == &first ? mine : theirs);
    }
    return events;
  }
  // Who of `a` and `b` is to move, with its legal moves, from the last state or move
  // event each had; {nullptr, null} when neither is.
  static std::pair<Client*, json> to_move(Client& a, Client& b) {
    for (Client* c : {&a, &b}) {
      const auto frames = c->connection()->all();
      for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
        const json& f = *it;
        const std::string type = f.value("type", "");
        if (type == "move" && f.contains("legal") && !f["legal"].is_null()) return {c, f["legal"]};
        if ((type == "game_started" || type == "game_state") && !f["state"]["legal"].is_null())
          return {c, f["state"]["legal"]};
        if (type == "move" || type == "game_started" || type == "game_state") break;
      }
    }
    return {nullptr, json()};
  }
  // Plays `plies` moves from `start_ply`, each the `pick`-th legal move (modulo their
  // number) of whoever is to move, waiting for both to hear of each.
  void play_legal(
      Client& a, Client& b, const std::string& game_id, int plies, int start_ply = 0,
      const std::function<std::size_t()>& pick = [] { return std::size_t{0}; }) {
    for (int ply = start_ply; ply < start_ply + plies; ++ply) {
      auto [mover, legal] = to_move(a, b);
      ASSERT_NE(mover, nullptr) << "nobody to move at ply " << ply;
      const std::string m = legal[pick() % legal.size()];
      mover->send({{"type", "move"}, {"game_id", game_id}, {"ply", ply}, {"move", m}, {"id", 2000 + ply}});
      ASSERT_EQ(mover->reply(2000 + ply)["type"], "move") << m;
      Client* other = mover == &a ? &b : &a;
      ASSERT_FALSE(other->next_if("move", [&](const json& f) { return f["ply"] == ply + 1; }).is_null());
    }
  }
  HttpResponse http(const std::string& path, std::map<std::string, std::string> query = {},
                    std::string method = "GET") {
    std::promise<HttpResponse> p;
    app_->handle_http(HttpRequest{method, path, std::move(query)}, [&](HttpResponse r) { p.set_value(std::move(r)); });
    auto f = p.get_future();
    EXPECT_EQ(f.wait_for(5s), std::future_status::ready);
    return f.get();
  }

  std::filesystem::path dir_;
  std::unique_ptr<storage::FaultyStore> store_;
  std::unique_ptr<boost::asio::io_context> io_;
  std::unique_ptr<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_;
  std::vector<std::thread> threads_;
  std::shared_ptr<Application> app_;
  std::vector<std::unique_ptr<Client>> clients_;
  std::map<std::string, std::string> tokens_;
  std::string last_room_;
  std::uint64_t next_id_ = 1;
  static inline int counter_ = 0;
};

}  // namespace bh::app::test
