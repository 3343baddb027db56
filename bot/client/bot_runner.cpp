#include "bot_runner.hpp"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include "reconnect_backoff.hpp"
#include "search_pool.hpp"

namespace bh::bot::client {

namespace {
constexpr int kTickMs = 1000;
constexpr auto kPingEvery = std::chrono::seconds(20);
constexpr auto kSilenceLimit = std::chrono::seconds(60);

void drain_fd(int fd) {
  std::uint64_t count = 0;
  [[maybe_unused]] const auto n = ::read(fd, &count, sizeof count);
}
}  // namespace

std::optional<std::string> read_token_file(const std::string& path) {
  std::ifstream in(path);
  std::string token;
  if (!in || !std::getline(in, token)) return std::nullopt;
  while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
  if (token.empty()) return std::nullopt;
  return token;
}

bool write_token_file(const std::string& path, const std::string& token) {
  const std::string temp = path + ".tmp";
  const mode_t old_mask = ::umask(077);  // the token acts for the bot: owner only
  bool ok = false;
  {
    std::ofstream out(temp, std::ios::trunc);
    ok = static_cast<bool>(out << token << '\n');
  }
  ::umask(old_mask);
  if (ok) ok = ::chmod(temp.c_str(), 0600) == 0 && std::rename(temp.c_str(), path.c_str()) == 0;
  return ok;
}

BotRunner::BotRunner(RunnerConfig config, std::shared_ptr<ChooserFactory> chooser,
                     std::shared_ptr<const PlayPolicy> policy, LogSink log)
    : config_(std::move(config)),
      chooser_(std::move(chooser)),
      policy_(std::move(policy)),
      log_(std::move(log)),
      control_fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

BotRunner::~BotRunner() {
  if (control_fd_ >= 0) ::close(control_fd_);
}

void BotRunner::log(const std::string& line) const {
  if (log_) return log_(line);
  std::cerr << "boardhall-bot: " << line << std::endl;
}

void BotRunner::stop() {
  stopping_.store(true);
  const std::uint64_t one = 1;
  [[maybe_unused]] const auto n = ::write(control_fd_, &one, sizeof one);
}

void BotRunner::join_room(std::string room_id, std::optional<std::string> invite_code, std::optional<int> level) {
  {
    std::lock_guard lock(joins_mutex_);
    joins_.push_back(Join{std::move(room_id), std::move(invite_code), level});
  }
  const std::uint64_t one = 1;
  [[maybe_unused]] const auto n = ::write(control_fd_, &one, sizeof one);
}

int BotRunner::run() {
  if (!config_.session.token && config_.token_file) config_.session.token = read_token_file(*config_.token_file);
  BotSession session(config_.session, policy_);
  const unsigned cores = std::thread::hardware_concurrency();
  SearchPool pool(chooser_, config_.threads ? config_.threads : (cores ? cores : 1));
  ReconnectBackoff backoff;
  int exit_code = 0;
  std::optional<std::int64_t> retry_after;

  // Carries out what the session asked; true when this connection must end.
  auto execute = [&](Actions&& a, cli::NetClient* net) {
    for (const auto& line : a.log) log(line);
    for (auto id : a.cancels) pool.cancel(id);
    for (const auto& g : a.ended) pool.forget(g);
    for (auto& s : a.searches) pool.start(std::move(s));
    if (net)
      for (auto& f : a.frames) net->send(std::move(f));
    if (a.save_token && config_.token_file && !write_token_file(*config_.token_file, *a.save_token))
      log("cannot write the token file " + *config_.token_file);
    if (a.fatal) {
      exit_code = 1;
      stopping_.store(true);
    }
    if (a.retry_after_ms) retry_after = a.retry_after_ms;
    return a.fatal || a.reconnect;
  };

  while (!stopping_.load()) {
    cli::NetClient net;
    net.start(config_.target);
    bool drop = false;
    auto last_heard = std::chrono::steady_clock::now();
    auto last_ping = last_heard;
    while (!drop && !stopping_.load()) {
      pollfd fds[3] = {{net.wakeup_fd(), POLLIN, 0}, {pool.done_fd(), POLLIN, 0}, {control_fd_, POLLIN, 0}};
      if (::poll(fds, 3, kTickMs) < 0) continue;  // EINTR: a signal; stop() has set the flag
      if (fds[2].revents) drain_fd(control_fd_);
      // A path that died without a close (a NAT, a cable) shows only as silence: a ping
      // now and then must be answered, or the connection is given up.
      const auto now = std::chrono::steady_clock::now();
      if (session.identified() && now - last_ping >= kPingEvery) {
        net.send(protocol::encode_request(protocol::client::Ping{}));
        last_ping = now;
      }
      if (now - last_heard >= kSilenceLimit) {
        log("no word from the server for " + std::to_string(kSilenceLimit.count()) + " s");
        drop = true;
      }
      auto events = net.drain();
      if (!events.empty()) last_heard = now;
      for (auto& ev : events) {
        if (ev.kind == cli::NetEvent::Kind::connected) {
          drop = execute(session.on_connected(), &net) || drop;
        } else if (ev.kind == cli::NetEvent::Kind::frame) {
          drop = execute(session.on_frame(ev.text), &net) || drop;
          if (session.identified()) backoff.reset();
        } else {
          log("connection closed: " + ev.text);
          drop = true;
        }
      }
      for (auto& done : pool.take_results())
        drop = execute(session.on_search_done(done.search_id, done.choice), &net) || drop;
      if (session.identified()) {
        std::vector<Join> joins;
        {
          std::lock_guard lock(joins_mutex_);
          joins.swap(joins_);
        }
        for (auto& j : joins) drop = execute(session.join_room(j.room_id, j.invite_code, j.level), &net) || drop;
      }
    }
    pool.cancel_all();
    execute(session.on_disconnected(), nullptr);
    net.stop();
    if (stopping_.load()) break;
    const std::int64_t wait = backoff.next(retry_after);
    retry_after.reset();
    log("reconnecting in " + std::to_string(wait) + " ms");
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait);
    while (!stopping_.load()) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
      if (left <= 0) break;
      pollfd fds[2] = {{pool.done_fd(), POLLIN, 0}, {control_fd_, POLLIN, 0}};
      if (::poll(fds, 2, static_cast<int>(left)) < 0) continue;
      if (fds[1].revents) drain_fd(control_fd_);
      // Searches cancelled with the connection: their results are stale.
      for (auto& done : pool.take_results()) execute(session.on_search_done(done.search_id, done.choice), nullptr);
    }
  }
  log(exit_code == 0 ? "stopped" : "stopped after an error");
  return exit_code;
}

}  // namespace bh::bot::client
