#include "connect_command.hpp"

#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <memory>

#include "command_line.hpp"
#include "identity_store.hpp"
#include "net_client.hpp"
#include "session.hpp"
#include "terminal.hpp"

namespace bh::cli {
namespace {

constexpr auto identify_timeout = std::chrono::seconds(10);

// Reads one line from the terminal with echo off.
std::optional<std::string> read_password(const std::string& prompt) {
  if (::isatty(STDIN_FILENO) == 0) {
    if (const char* env = std::getenv("BOARDHALL_PASSWORD")) return std::string(env);
    std::fprintf(stderr, "boardhall: stdin is not a terminal; set BOARDHALL_PASSWORD\n");
    return std::nullopt;
  }
  std::fprintf(stderr, "%s", prompt.c_str());
  std::fflush(stderr);
  termios old{};
  const bool have_tty = ::tcgetattr(STDIN_FILENO, &old) == 0;
  if (have_tty) {
    termios quiet = old;
    quiet.c_lflag &= static_cast<tcflag_t>(~ECHO);
    quiet.c_lflag |= ICANON;
    ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
  }
  std::string line;
  char c = 0;
  while (::read(STDIN_FILENO, &c, 1) == 1 && c != '\n') line += c;
  if (have_tty) ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
  std::fputc('\n', stderr);
  return line;
}

std::optional<std::string> ask_password(const ConnectOptions& o) {
  if (o.mode == ConnectOptions::Mode::reg && ::isatty(STDIN_FILENO) != 0) {
    auto a = read_password("New password for " + o.name + " (8+ characters): ");
    if (!a) return a;
    auto b = read_password("The same again: ");
    if (!b || *a != *b) {
      std::fprintf(stderr, "boardhall: the passwords differ\n");
      return std::nullopt;
    }
    return a;
  }
  return read_password("Password for " + o.name + ": ");
}

bool want_colour() {
  if (::isatty(STDOUT_FILENO) == 0) return false;
  if (const char* nc = std::getenv("NO_COLOR"); nc != nullptr && *nc != '\0') return false;
  const char* term = std::getenv("TERM");
  return term == nullptr || std::strcmp(term, "dumb") != 0;
}

}  // namespace

int run_connect(std::span<const std::string> args) {
  auto parsed = parse_connect_args(args);
  if (!parsed) {
    std::cerr << "boardhall connect: " << parsed.error() << '\n';
    return 2;
  }
  const ConnectOptions options = *parsed;
  const Url url = *parse_url(options.url);
  const NetTarget target{url.host, url.port, url.path, url.tls, !options.insecure};
  const bool script = options.script.value_or(::isatty(STDIN_FILENO) == 0);

  IdentityStore store(IdentityStore::default_path());
  SessionConfig config;
  config.options = options;
  config.store = &store;
  config.server = server_key(url);
  config.script = script;
  config.colour = !script && want_colour();
  config.reconnect = !script;  // a person keeps the session; a script sees the close
  // Ask now unless a remembered token for this name may spare it.
  if (options.mode != ConnectOptions::Mode::guest) {
    const auto stored = options.fresh ? std::nullopt : store.find(config.server, options.name);
    if (!stored) {
      auto p = ask_password(options);
      if (!p) return 2;
      config.password = *p;
    }
    config.ask_password = [options] { return ask_password(options); };
  }

  auto net = std::make_unique<NetClient>();
  std::deque<std::string> lines;  // typed lines not yet run (scripts: one at a time)
  bool input_ended = false;
  Terminal terminal(config.colour, [&](std::optional<std::string> line) {
    if (line) lines.push_back(std::move(*line));
    else input_ended = true;
  });
  ScriptSink script_sink(stdout, options.json);
  Sink& sink = script ? static_cast<Sink&>(script_sink) : static_cast<Sink&>(terminal);
  Session session(config, sink, [&net](std::string text) { net->send(std::move(text)); });
  terminal.set_completer([&session](std::string_view line) { return completions(line, session.known_ids()); });

  net->start(target);
  // After a lost connection: connect again after 1 s, then 2, 4, up to 10 s between tries.
  constexpr Clock::time_point kNoReconnect = Clock::time_point::max();
  Clock::time_point reconnect_at = kNoReconnect;
  auto reconnect_wait = std::chrono::seconds(1);
  const auto started_at = Clock::now();
  std::string input_buffer;

  while (true) {
    // Run what was typed: in a script, the next line only once the last has its reply.
    while (!lines.empty() && session.identified() && !session.finished() && !(script && session.busy())) {
      const std::string line = std::move(lines.front());
      lines.pop_front();
      session.run_line(line);
    }
    if (input_ended && lines.empty()) session.on_end_of_input();
    if (session.finished()) break;
    const auto now = Clock::now();
    if (!session.identified() && now - started_at > identify_timeout) {
      Out out{Out::Kind::error, "connect"};
      out.field("code", "timeout").field("message", "no answer from " + options.url);
      out.line("error: no answer from " + options.url);
      sink.emit(out);
      return 2;
    }
    if (!script && session.identified() && !terminal.started()) terminal.start(session.prompt(now));

    if (reconnect_at != kNoReconnect && now >= reconnect_at) {
      reconnect_at = kNoReconnect;
      net->stop();
      net = std::make_unique<NetClient>();
      net->start(target);
    }

    int timeout_ms = 1000;  // clocks tick, the identify deadline, the next reconnection
    if (auto d = session.next_deadline()) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*d - now).count() + 1;
      timeout_ms = static_cast<int>(std::clamp<long long>(left, 0, timeout_ms));
    }
    pollfd fds[2] = {{net->wakeup_fd(), POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
    const bool want_stdin = !input_ended && session.identified() && (!script || lines.empty());
    const int n = ::poll(fds, want_stdin ? 2 : 1, timeout_ms);
    if (n < 0 && errno != EINTR) break;

    if (n > 0 && (fds[0].revents & POLLIN) != 0) {
      for (auto& ev : net->drain()) {
        switch (ev.kind) {
          case NetEvent::Kind::connected:
            reconnect_wait = std::chrono::seconds(1);
            session.on_connected();
            break;
          case NetEvent::Kind::frame:
            session.on_frame(ev.text);
            break;
          case NetEvent::Kind::closed:
            session.on_closed(ev.text);
            if (session.offline() && reconnect_at == kNoReconnect) {
              reconnect_at = Clock::now() + reconnect_wait;
              reconnect_wait = std::min<std::chrono::seconds>(reconnect_wait * 2, std::chrono::seconds(10));
            }
            break;
        }
      }
    }
    if (n > 0 && want_stdin && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      if (!script) {
        terminal.read_char();
      } else {
        char buf[4096];
        const ssize_t got = ::read(STDIN_FILENO, buf, sizeof buf);
        if (got <= 0) {
          input_ended = true;
          if (!input_buffer.empty()) lines.push_back(std::move(input_buffer));
        } else {
          input_buffer.append(buf, static_cast<std::size_t>(got));
          std::size_t nl;
          while ((nl = input_buffer.find('\n')) != std::string::npos) {
            std::string line = input_buffer.substr(0, nl);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            lines.push_back(std::move(line));
            input_buffer.erase(0, nl + 1);
          }
        }
      }
    }
    session.tick(Clock::now());
    if (!script) terminal.set_prompt(session.prompt(Clock::now()));
  }
  terminal.stop();
  net->stop();
  return session.exit_status();
}

}  // namespace bh::cli
