#include "play_command.hpp"

#include <csignal>
#include <fstream>
#include <iostream>

#include "bot_runner.hpp"
#include "engine_chooser.hpp"

namespace bh::bot::client {

namespace {
constexpr const char* kUsage =
    "usage: boardhall-bot play --server ws://HOST:PORT/ws --name NAME --secret-file PATH "
    "[--token-file PATH] [--max-games N] [--insecure]";

BotRunner* g_runner = nullptr;  // for the signal handler only

extern "C" void on_signal(int) {
  if (g_runner) g_runner->stop();
}
}  // namespace

Fallible<cli::NetTarget> parse_server_url(std::string_view url) {
  cli::NetTarget t;
  if (url.starts_with("ws://")) {
    url.remove_prefix(5);
    t.port = "80";
  } else if (url.starts_with("wss://")) {
    url.remove_prefix(6);
    t.tls = true;
    t.port = "443";
  } else {
    return failure("the server URL must start with ws:// or wss://");
  }
  const auto slash = url.find('/');
  std::string_view authority = url.substr(0, slash);
  t.path = slash == std::string_view::npos ? "/ws" : std::string(url.substr(slash));
  if (authority.starts_with('[')) {  // [::1]:8080
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return failure("bad IPv6 address in the server URL");
    t.host = std::string(authority.substr(1, close - 1));
    authority.remove_prefix(close + 1);
    if (!authority.empty() && authority.front() != ':') return failure("bad server URL");
    if (!authority.empty()) t.port = std::string(authority.substr(1));
  } else if (const auto colon = authority.rfind(':'); colon != std::string_view::npos) {
    t.host = std::string(authority.substr(0, colon));
    t.port = std::string(authority.substr(colon + 1));
  } else {
    t.host = std::string(authority);
  }
  if (t.host.empty() || t.port.empty() || t.port.find_first_not_of("0123456789") != std::string::npos)
    return failure("bad server URL: need ws://HOST:PORT/ws");
  return t;
}

Fallible<PlayOptions> parse_play_args(const std::vector<std::string>& args) {
  PlayOptions o;
  std::optional<std::string> server;
  bool insecure = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    std::optional<std::string> v;
    if (a == "--insecure") {
      insecure = true;
      continue;
    }
    if (a != "--server" && a != "--name" && a != "--secret-file" && a != "--token-file" && a != "--max-games")
      return failure("unknown argument " + a);
    v = value();
    if (!v) return failure(a + " needs a value");
    if (a == "--server") server = *v;
    if (a == "--name") o.name = *v;
    if (a == "--secret-file") o.secret_file = *v;
    if (a == "--token-file") o.token_file = *v;
    if (a == "--max-games") {
      try {
        o.max_games = std::stoi(*v);
      } catch (const std::exception&) {
        return failure("--max-games needs a number");
      }
      if (*o.max_games < 1) return failure("--max-games must be at least 1");
    }
  }
  if (!server) return failure("--server is required");
  if (o.name.empty()) return failure("--name is required");
  if (o.secret_file.empty()) return failure("--secret-file is required");
  auto target = parse_server_url(*server);
  if (!target) return failure(target.error());
  o.target = *target;
  o.target.verify_certificate = !insecure;
  return o;
}

int run_play(int argc, char** argv) {
  std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  auto parsed = parse_play_args(args);
  if (!parsed) {
    std::cerr << "boardhall-bot play: " << parsed.error() << "\n" << kUsage << "\n";
    return 2;
  }
  const PlayOptions options = *parsed;
  std::string password;
  {
    std::ifstream in(options.secret_file);
    if (!in || !std::getline(in, password)) {
      std::cerr << "boardhall-bot play: cannot read the secret file " << options.secret_file << "\n";
      return 2;
    }
    while (!password.empty() && (password.back() == '\r' || password.back() == '\n')) password.pop_back();
  }
  RunnerConfig config;
  config.target = options.target;
  config.session.name = options.name;
  config.session.password = std::move(password);
  config.session.max_games = options.max_games;
  config.token_file = options.token_file;
  BotRunner runner(std::move(config), std::make_shared<EngineChooserFactory>(), std::make_shared<EnginePolicy>());
  g_runner = &runner;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
  const int status = runner.run();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  g_runner = nullptr;
  return status;
}

}  // namespace bh::bot::client
