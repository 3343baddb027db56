#include "config.hpp"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <thread>

#include "cluster/bus_url.hpp"
#include "net/client_address.hpp"

namespace bh::server {
namespace {

// One flag: its name without "--", whether it takes a value, and its variable.
struct FlagSpec {
  std::string_view name;
  bool takes_value;
  bool from_env;  // modes are flags only
};

constexpr FlagSpec kFlags[] = {
    {"listen", true, true},
    {"db", true, true},
    {"threads", true, true},
    {"grace", true, true},
    {"first-move-seconds", true, true},
    {"correspondence-day-ms", true, true},
    {"challenge-ms", true, true},
    {"report-chat-days", true, true},
    {"correspondence-sleep-ms", true, true},
    {"max-frame", true, true},
    {"rate", true, true},
    {"burst", true, true},
    {"queue", true, true},
    {"queue-bytes", true, true},
    {"read-pause-bytes", true, true},
    {"queue-bytes-total", true, true},
    {"tcp-unsent-bytes", true, true},
    {"verbose", false, true},
    {"tournament-bots", false, true},
    {"tournament-schedule", true, true},
    {"max-connections-per-address", true, true},
    {"identify-timeout", true, true},
    {"auth-rate", true, true},
    {"auth-burst", true, true},
    {"accounts-per-hour", true, true},
    {"open-rooms-per-address", true, true},
    {"guests-per-minute", true, true},
    {"open-room-grace", true, true},
    {"lobby-limit", true, true},
    {"export-rate", true, true},
    {"rated-games-per-pair", true, true},
    {"failed-logins-per-name", true, true},
    {"resume-fail-rate", true, true},
    {"resume-fail-burst", true, true},
    {"trusted-proxy", true, true},
    {"allowed-origins", true, true},
    {"web-root", true, true},
    {"cluster-db", true, true},
    {"node-id", true, true},
    {"cluster-bus", true, true},
    {"health-probe", true, false},
    {"version", false, false},
    {"backup", true, false},
    {"export-to", true, false},
    {"create-bot", true, false},
    {"secret-file", true, false},
    {"create-token", true, false},
    {"grant-role", true, false},
    {"scopes", true, false},
    {"label", true, false},
    {"import", true, false},
    {"reindex", false, false},
    {"game", true, false},
    {"import-max-line", true, true},
    {"import-max-tags", true, true},
    {"import-max-tag-name", true, true},
    {"import-max-tag-value", true, true},
    {"import-max-moves", true, true},
    {"record-name-chars", true, true},
    {"db-readers", true, true},
    {"commit-window-us", true, true},
    {"db-lock", true, true},
    {"backup-dir", true, true},
    {"public-url", true, true},
    {"smtp-url", true, true},
    {"smtp-credentials-file", true, true},
    {"smtp-from", true, true},
    {"smtp-starttls", true, true},
    {"smtp-ca-file", true, true},
    {"mails-per-address-per-day", true, true},
    {"webhook-ca-file", true, true},
    {"webhook-private-addresses", true, true},
    {"help", false, false},
};

std::string env_name(std::string_view flag) {
  std::string name = "BOARDHALL_";
  for (char c : flag) name += c == '-' ? '_' : static_cast<char>(c - 'a' + 'A');
  return name;
}

// `source` is "--flag" or "BOARDHALL_FLAG", for the error line.
struct Bad {
  std::string message;
};

Bad bad(const std::string& source, std::string_view expected, const std::string& value) {
  return Bad{source + ": expected " + std::string(expected) + ", got \"" + value + "\""};
}

// An unsigned integer in [lo, hi]; with `sizes`, an optional k/K (KiB) or m/M (MiB) suffix.
std::optional<std::uint64_t> parse_uint(const std::string& text, std::uint64_t lo, std::uint64_t hi, bool sizes) {
  std::string_view digits = text;
  std::uint64_t scale = 1;
  if (sizes && !digits.empty()) {
    const char last = digits.back();
    if (last == 'k' || last == 'K') scale = 1024;
    if (last == 'm' || last == 'M') scale = 1024 * 1024;
    if (scale != 1) digits.remove_suffix(1);
  }
  if (digits.empty()) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  if (value > hi / scale) return std::nullopt;
  value *= scale;
  if (value < lo || value > hi) return std::nullopt;
  return value;
}

// "a, b,c" as its non-empty items, trimmed.
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = std::min(text.find(',', start), text.size());
    std::string item = text.substr(start, comma - start);
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty()) out.push_back(std::move(item));
    start = comma + 1;
  }
  return out;
}

std::optional<Bad> parse_listen(const std::string& source, const std::string& text, Config& config) {
  const std::string expected = "HOST:PORT (an IP address, e.g. 0.0.0.0:8080 or [::1]:8080)";
  std::string host;
  std::string port;
  if (!text.empty() && text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':')
      return bad(source, expected, text);
    host = text.substr(1, close - 1);
    port = text.substr(close + 2);
    in6_addr v6{};
    if (inet_pton(AF_INET6, host.c_str(), &v6) != 1) return bad(source, expected, text);
  } else {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos) return bad(source, expected, text);
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
    if (host == "localhost") host = "127.0.0.1";
    in_addr v4{};
    if (inet_pton(AF_INET, host.c_str(), &v4) != 1) return bad(source, expected, text);
  }
  const auto number = parse_uint(port, 0, 65535, false);
  if (!number) return bad(source, expected, text);
  config.host = host;
  config.port = static_cast<std::uint16_t>(*number);
  return std::nullopt;
}

std::optional<Bad> apply(std::string_view flag, const std::string& source, const std::string& value, Config& config) {
  if (flag == "listen") return parse_listen(source, value, config);
  if (flag == "db") {
    if (value.empty()) return bad(source, "a file path", value);
    config.db = value;
    return std::nullopt;
  }
  if (flag == "cluster-db") {
    if (value.empty()) return bad(source, "a PostgreSQL connection string", value);
    config.cluster_db = value;
    return std::nullopt;
  }
  if (flag == "cluster-bus") {
    auto address = cluster::parse_bus_url(value);
    if (!address) return bad(source, "a Redis URL (" + address.error() + ")", value);
    config.cluster_bus = value;
    return std::nullopt;
  }
  if (flag == "node-id") {
    const bool fits = !value.empty() && value.size() <= 64 && std::all_of(value.begin(), value.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
    if (!fits) return bad(source, "a name of 1 to 64 letters, digits, '.', '-' or '_'", value);
    config.node_id = value;
    return std::nullopt;
  }
  if (flag == "web-root") {
    if (value.empty()) return bad(source, "a folder", value);
    config.web_root = value;
    return std::nullopt;
  }
  if (flag == "db-lock") {
    if (value != "exclusive" && value != "shared") return bad(source, "exclusive or shared", value);
    config.db_lock_exclusive = value == "exclusive";
    return std::nullopt;
  }
  if (flag == "public-url") {
    const bool web = value.rfind("https://", 0) == 0 || value.rfind("http://", 0) == 0;
    if (!web || value.back() == '/' || value.size() > 200 || value.find_first_of(" \r\n\"<>?#") != std::string::npos)
      return bad(source, "the site's address as its players reach it, e.g. https://boardhall.example (no / at the end)",
                 value);
    config.public_url = value;
    return std::nullopt;
  }
  if (flag == "smtp-url") {
    const bool smtp = value.rfind("smtp://", 0) == 0 || value.rfind("smtps://", 0) == 0;
    if (!smtp || value.size() > 200) return bad(source, "smtp://HOST:PORT or smtps://HOST:PORT", value);
    config.smtp_url = value;
    return std::nullopt;
  }
  if (flag == "smtp-credentials-file" || flag == "smtp-ca-file" || flag == "webhook-ca-file") {
    if (value.empty()) return bad(source, "a file path", value);
    (flag == "smtp-credentials-file" ? config.smtp_credentials_file
     : flag == "smtp-ca-file"        ? config.smtp_ca_file
                                     : config.webhook_ca_file) = value;
    return std::nullopt;
  }
  if (flag == "smtp-from") {
    if (value.empty() || value.size() > 200 || value.find_first_of("\r\n") != std::string::npos)
      return bad(source, "an address, e.g. \"Boardhall <noreply@boardhall.example>\"", value);
    config.smtp_from = value;
    return std::nullopt;
  }
  if (flag == "smtp-starttls") {
    if (value != "required" && value != "optional") return bad(source, "required or optional", value);
    config.smtp_starttls_required = value == "required";
    return std::nullopt;
  }
  if (flag == "webhook-private-addresses") {
    if (value != "allow" && value != "refuse") return bad(source, "allow or refuse", value);
    config.webhook_private_addresses = value == "allow";
    return std::nullopt;
  }
  if (flag == "backup-dir") {
    if (value.empty()) return bad(source, "a folder", value);
    config.backup_dir = value;
    return std::nullopt;
  }
  if (flag == "backup") {
    if (value.empty()) return bad(source, "a file path", value);
    config.mode = Mode::backup;
    config.backup_to = value;
    return std::nullopt;
  }
  if (flag == "export-to") {
    if (value.empty()) return bad(source, "a PostgreSQL connection string", value);
    config.mode = Mode::export_to_pg;
    config.export_to = value;
    return std::nullopt;
  }
  if (flag == "create-bot") {
    if (value.empty()) return bad(source, "a bot account's name", value);
    config.mode = Mode::create_bot;
    config.bot_name = value;
    return std::nullopt;
  }
  if (flag == "create-token") {
    if (value.empty()) return bad(source, "an account's name", value);
    config.mode = Mode::create_token;
    config.token_owner = value;
    return std::nullopt;
  }
  if (flag == "grant-role") {
    if (value.empty()) return bad(source, "an account's name", value);
    config.mode = Mode::grant_role;
    config.role_name = value;
    return std::nullopt;
  }
  if (flag == "scopes") {
    config.token_scopes = value;
    return std::nullopt;
  }
  if (flag == "label") {
    config.token_label = value;
    return std::nullopt;
  }
  if (flag == "import") {
    if (value.empty()) return bad(source, "a record file's path", value);
    config.mode = Mode::import_records;
    config.import_file = value;
    return std::nullopt;
  }
  if (flag == "game") {
    if (value.empty()) return bad(source, "a game id", value);
    config.import_game = value;
    return std::nullopt;
  }
  if (flag == "tournament-schedule") {
    if (value.empty()) return bad(source, "a file path", value);
    config.tournament_schedule = value;
    return std::nullopt;
  }
  if (flag == "secret-file") {
    if (value.empty()) return bad(source, "a file path", value);
    config.secret_file = value;
    return std::nullopt;
  }
  if (flag == "health-probe") {
    if (value.rfind("http://", 0) != 0) return bad(source, "an http:// URL", value);
    config.mode = Mode::health_probe;
    config.probe_url = value;
    return std::nullopt;
  }
  if (flag == "trusted-proxy") {
    // A comma-separated list; the flag may also be given more than once.
    for (const auto& item : split_list(value)) {
      if (!net::parse_cidr(item)) return bad(source, "an IP address or CIDR range (e.g. 10.0.0.0/8, ::1)", item);
      config.trusted_proxies.push_back(item);
    }
    return std::nullopt;
  }
  if (flag == "allowed-origins") {
    for (const auto& item : split_list(value)) {
      if (item.find("://") == std::string::npos || item.back() == '/')
        return bad(source, "origins such as https://example.org (scheme://host[:port], no path)", item);
      config.allowed_origins.push_back(item);
    }
    return std::nullopt;
  }
  if (flag == "verbose" || flag == "tournament-bots") {
    bool& on = flag == "verbose" ? config.verbose : config.tournament_bots;
    if (value == "1" || value == "true" || value == "yes") on = true;
    else if (value == "0" || value == "false" || value == "no" || value.empty()) on = false;
    else return bad(source, "1 or 0", value);
    return std::nullopt;
  }
  struct Range {
    std::string_view flag;
    std::uint64_t lo, hi;
    bool sizes;
    const char* expected;
  };
  static constexpr Range kRanges[] = {
      {"threads", 1, 256, false, "a number of threads from 1 to 256"},
      {"grace", 0, 86'400, false, "whole seconds from 0 to 86400"},
      {"first-move-seconds", 1, 86'400, false, "whole seconds from 1 to 86400"},
      {"correspondence-day-ms", 100, 86'400'000, false, "milliseconds from 100 to 86400000"},
      {"challenge-ms", 100, 86'400'000, false, "milliseconds from 100 to 86400000"},
      {"report-chat-days", 1, 3650, false, "days from 1 to 3650"},
      {"correspondence-sleep-ms", 0, 86'400'000, false, "milliseconds from 0 to 86400000"},
      {"mails-per-address-per-day", 1, 10'000, false, "a number of mails from 1 to 10000"},
      {"max-frame", 1024, 16 * 1024 * 1024, true, "bytes from 1024 to 16M (k and M suffixes allowed)"},
      {"rate", 1, 100'000, false, "messages per second from 1 to 100000"},
      {"burst", 1, 1'000'000, false, "a number of messages from 1 to 1000000"},
      {"queue", 1, 1'000'000, false, "a number of frames from 1 to 1000000"},
      {"queue-bytes", 1024, 1024ull * 1024 * 1024, true, "bytes from 1024 to 1024M (k and M suffixes allowed)"},
      {"read-pause-bytes", 1024, 1024ull * 1024 * 1024, true, "bytes from 1024 to 1024M (k and M suffixes allowed)"},
      {"queue-bytes-total", 1024 * 1024, 64ull * 1024 * 1024 * 1024, true,
       "bytes from 1M to 65536M (k and M suffixes allowed)"},
      {"tcp-unsent-bytes", 1024, 64ull * 1024 * 1024, true, "bytes from 1024 to 64M (k and M suffixes allowed)"},
      {"max-connections-per-address", 1, 1'000'000, false, "a number of connections from 1 to 1000000"},
      {"identify-timeout", 1, 86'400, false, "whole seconds from 1 to 86400"},
      {"auth-rate", 1, 1'000, false, "attempts per second from 1 to 1000"},
      {"auth-burst", 1, 100'000, false, "a number of attempts from 1 to 100000"},
      {"accounts-per-hour", 1, 1'000'000, false, "a number of accounts from 1 to 1000000"},
      {"open-rooms-per-address", 0, 1'000'000, false, "a number of rooms from 0 (no cap) to 1000000"},
      {"guests-per-minute", 0, 1'000'000, false, "a number of guests from 0 (no cap) to 1000000"},
      {"open-room-grace", 1, 86'400, false, "whole seconds from 1 to 86400"},
      {"lobby-limit", 1, 100'000, false, "a number of rooms from 1 to 100000"},
      {"export-rate", 0, 100'000, false, "games a second from 0 (no pace) to 100000"},
      {"rated-games-per-pair", 0, 1'000'000, false, "a number of games from 0 (no cap) to 1000000"},
      {"failed-logins-per-name", 1, 1'000'000, false, "a number of failed logins from 1 to 1000000"},
      {"resume-fail-rate", 1, 1'000, false, "failed resumes per second from 1 to 1000"},
      {"resume-fail-burst", 1, 100'000, false, "a number of failed resumes from 1 to 100000"},
      {"import-max-line", 1024, 1024ull * 1024 * 1024, true, "bytes from 1024 to 1024M (k and M suffixes allowed)"},
      {"import-max-tags", 8, 100'000, false, "a number of tags from 8 to 100000"},
      {"import-max-tag-name", 8, 1024 * 1024, true, "bytes from 8 to 1M (k and M suffixes allowed)"},
      {"import-max-tag-value", 64, 1024 * 1024 * 1024, true, "bytes from 64 to 1024M (k and M suffixes allowed)"},
      {"import-max-moves", 1, 10'000'000, false, "a number of moves from 1 to 10000000"},
      {"record-name-chars", 1, 1'000'000, false, "a number of characters from 1 to 1000000"},
      {"db-readers", 0, 16, false, "a number of connections from 0 to 16"},
      {"commit-window-us", 0, 10'000, false, "microseconds from 0 to 10000"},
  };
  for (const Range& range : kRanges) {
    if (range.flag != flag) continue;
    const auto number = parse_uint(value, range.lo, range.hi, range.sizes);
    if (!number) return bad(source, range.expected, value);
    if (flag == "threads") config.threads = static_cast<unsigned>(*number);
    if (flag == "grace") config.grace_seconds = static_cast<std::int64_t>(*number);
    if (flag == "first-move-seconds") config.first_move_seconds = static_cast<std::int64_t>(*number);
    if (flag == "correspondence-day-ms") config.correspondence_day_ms = static_cast<std::int64_t>(*number);
    if (flag == "challenge-ms") config.challenge_ms = static_cast<std::int64_t>(*number);
    if (flag == "report-chat-days") config.report_chat_days = static_cast<int>(*number);
    if (flag == "correspondence-sleep-ms") config.correspondence_sleep_ms = static_cast<std::int64_t>(*number);
    if (flag == "mails-per-address-per-day") config.mails_per_address_per_day = static_cast<unsigned>(*number);
    if (flag == "max-frame") config.max_frame = static_cast<std::size_t>(*number);
    if (flag == "rate") config.rate = static_cast<unsigned>(*number);
    if (flag == "burst") config.burst = static_cast<unsigned>(*number);
    if (flag == "queue") config.queue_frames = static_cast<std::size_t>(*number);
    if (flag == "queue-bytes") config.queue_bytes = static_cast<std::size_t>(*number);
    if (flag == "read-pause-bytes") config.read_pause_bytes = static_cast<std::size_t>(*number);
    if (flag == "queue-bytes-total") config.queue_bytes_total = static_cast<std::size_t>(*number);
    if (flag == "tcp-unsent-bytes") config.tcp_unsent_bytes = static_cast<std::size_t>(*number);
    if (flag == "max-connections-per-address") config.connections_per_address = static_cast<std::size_t>(*number);
    if (flag == "identify-timeout") config.identify_seconds = static_cast<std::int64_t>(*number);
    if (flag == "auth-rate") config.auth_rate = static_cast<unsigned>(*number);
    if (flag == "auth-burst") config.auth_burst = static_cast<unsigned>(*number);
    if (flag == "accounts-per-hour") config.accounts_per_hour = static_cast<unsigned>(*number);
    if (flag == "open-rooms-per-address") config.open_rooms_per_address = static_cast<unsigned>(*number);
    if (flag == "guests-per-minute") config.guests_per_minute = static_cast<unsigned>(*number);
    if (flag == "open-room-grace") config.open_room_grace_seconds = static_cast<std::int64_t>(*number);
    if (flag == "lobby-limit") config.lobby_limit = static_cast<unsigned>(*number);
    if (flag == "export-rate") config.export_rate = static_cast<unsigned>(*number);
    if (flag == "rated-games-per-pair") config.rated_games_per_pair = static_cast<unsigned>(*number);
    if (flag == "failed-logins-per-name") config.failed_logins_per_name = static_cast<unsigned>(*number);
    if (flag == "resume-fail-rate") config.resume_fail_rate = static_cast<unsigned>(*number);
    if (flag == "resume-fail-burst") config.resume_fail_burst = static_cast<unsigned>(*number);
    if (flag == "import-max-line") config.import_max_line = static_cast<std::size_t>(*number);
    if (flag == "import-max-tags") config.import_max_tags = static_cast<std::size_t>(*number);
    if (flag == "import-max-tag-name") config.import_max_tag_name = static_cast<std::size_t>(*number);
    if (flag == "import-max-tag-value") config.import_max_tag_value = static_cast<std::size_t>(*number);
    if (flag == "import-max-moves") config.import_max_moves = static_cast<std::size_t>(*number);
    if (flag == "record-name-chars") config.record_name_chars = static_cast<std::size_t>(*number);
    if (flag == "db-readers") config.db_readers = static_cast<unsigned>(*number);
    if (flag == "commit-window-us") config.commit_window_us = static_cast<unsigned>(*number);
    return std::nullopt;
  }
  return Bad{source + ": unknown setting"};
}

}  // namespace

EnvLookup process_environment() {
  return [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  };
}

Fallible<Config, ConfigError> parse_config(const std::vector<std::string>& args, const EnvLookup& env) {
  Config config;
  config.threads = std::max(1u, std::thread::hardware_concurrency());

  // Environment first, so flags override it.
  for (const FlagSpec& spec : kFlags) {
    if (!spec.from_env || !env) continue;
    const std::string name = env_name(spec.name);
    const auto value = env(name);
    if (!value) continue;
    if (auto error = apply(spec.name, name, *value, config)) return failure(ConfigError{error->message});
  }

  bool burst_given = env && env(env_name("burst")).has_value();
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0 || arg.size() == 2)
      return failure(ConfigError{"unexpected argument \"" + arg + "\" (see --help)"});
    std::string name = arg.substr(2);
    std::optional<std::string> inline_value;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    const auto spec =
        std::find_if(std::begin(kFlags), std::end(kFlags), [&](const FlagSpec& f) { return f.name == name; });
    if (spec == std::end(kFlags)) return failure(ConfigError{"unknown flag --" + name + " (see --help)"});
    const std::string source = "--" + name;
    if (!spec->takes_value) {
      if (inline_value) {
        if (name != "verbose" && name != "tournament-bots") return failure(ConfigError{source + " takes no value"});
        if (auto error = apply(name, source, *inline_value, config)) return failure(ConfigError{error->message});
        continue;
      }
      if (name == "help") config.mode = Mode::help;
      if (name == "version") config.mode = Mode::version;
      if (name == "reindex") config.mode = Mode::reindex;
      if (name == "verbose") config.verbose = true;
      if (name == "tournament-bots") config.tournament_bots = true;
      continue;
    }
    std::string value;
    if (inline_value) {
      value = *inline_value;
    } else {
      if (i + 1 >= args.size()) return failure(ConfigError{source + ": missing value"});
      value = args[++i];
    }
    if (name == "burst") burst_given = true;
    if (auto error = apply(name, source, value, config)) return failure(ConfigError{error->message});
    // --grant-role NAME ROLE: the one flag with two values.
    if (name == "grant-role" && !inline_value && i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0)
      config.role = args[++i];
  }
  if (config.mode == Mode::grant_role && config.role != "moderator" && config.role != "admin" && config.role != "none")
    return failure(ConfigError{"--grant-role NAME ROLE: ROLE is moderator, admin or none"});
  if (config.mode == Mode::create_bot && config.secret_file.empty())
    return failure(ConfigError{"--create-bot NAME needs --secret-file PATH (where the bot's password is kept)"});
  if (config.mode == Mode::create_token && (config.secret_file.empty() || config.token_scopes.empty()))
    return failure(ConfigError{
        "--create-token NAME needs --scopes LIST (read,play,bot:play,challenge) and --secret-file PATH (where the "
        "token is written)"});
  if (config.mode != Mode::create_bot && config.mode != Mode::create_token && !config.secret_file.empty())
    return failure(ConfigError{"--secret-file goes with --create-bot NAME or --create-token NAME"});
  if (config.mode != Mode::create_token && (!config.token_scopes.empty() || !config.token_label.empty()))
    return failure(ConfigError{"--scopes and --label go with --create-token NAME"});
  if (config.mode != Mode::import_records && !config.import_game.empty())
    return failure(ConfigError{"--game goes with --import FILE"});
  if (!config.node_id.empty() && config.cluster_db.empty())
    return failure(ConfigError{"--node-id goes with --cluster-db DSN"});
  if (!config.cluster_bus.empty() && config.cluster_db.empty())
    return failure(ConfigError{"--cluster-bus goes with --cluster-db DSN"});
  if (!config.smtp_url.empty() && config.public_url.empty())
    return failure(ConfigError{"--smtp-url needs --public-url URL: the mails' links point there"});
  if (!config.smtp_credentials_file.empty() && !config.smtp_starttls_required &&
      config.smtp_url.rfind("smtp://", 0) == 0)
    return failure(
        ConfigError{"--smtp-starttls optional with --smtp-credentials-file could send the password "
                    "in the clear: use required, or smtps://"});
  if (!config.smtp_url.empty() && !config.cluster_db.empty())
    return failure(ConfigError{"--smtp-url: a cluster sends no notifications yet (docs/notifications.md)"});
  // A burst below the rate would make the rate unreachable; unless set, it follows the rate.
  if (!burst_given) config.burst = std::max(config.burst, config.rate * 2);
  return config;
}

std::string usage() {
  return R"(usage: boardhall-server [FLAGS]

Boardhall's game server: the web client at /, WebSocket at /ws, HTTP API (/healthz,
/api/..., /metrics).

  --listen HOST:PORT    address to listen on (default 0.0.0.0:8080; [::1]:8080 for IPv6;
                        port 0 picks a free port, named in the "listening on" line)
  --db PATH             SQLite database file (default ./boardhall.db)
  --db-readers N        read-only connections to it, each on its own thread, that serve
                        the archive, exports, profiles and logins beside the one writer
                        (default 2; 0: the writer serves the reads too, between commits)
  --commit-window-us N  the writer waits this long after the first write it is woken for,
                        so that more moves share one commit: fewer disk syncs per move
                        at low load, each move told up to N us later (default 0: off)
  --public-url URL      the site's address as players reach it (https://boardhall.example):
                        the links of the mails and of the webhooks' bodies point there
  --smtp-url URL        send mail (docs/notifications.md) through this server:
                        smtp://HOST:PORT (STARTTLS) or smtps://HOST:PORT; needs --public-url
  --smtp-credentials-file PATH
                        the SMTP login: "user" and "password" on two lines (or user:password)
  --smtp-from ADDRESS   the mails' sender (default "Boardhall <noreply@HOST of --public-url>")
  --smtp-starttls MODE  required (default): no mail over a connection STARTTLS did not
                        protect; optional: STARTTLS when the server offers it
  --smtp-ca-file PATH   trust this certificate (PEM) for the SMTP server, not the system's
  --mails-per-address-per-day N
                        mails one address gets in 24 hours at most (default 20); a player's
                        verification mails: 3
  --webhook-ca-file PATH
                        FOR TESTS ONLY: trust this certificate for the players' webhooks
  --webhook-private-addresses MODE
                        refuse (default): no POST to loopback, private or link-local
                        addresses; allow: FOR TESTS ONLY
  --db-lock MODE        shared (default): other processes (--import, --create-bot,
                        --backup) may open the database while the server runs;
                        exclusive: the file is the server's alone, no file lock per
                        commit, other processes refused (back up with SIGUSR1)
  --backup-dir DIR      where SIGUSR1 makes the running server write a backup of its
                        database, as NAME-backup-UTCTIME.db (default: the database's
                        own folder)
  --threads N           network threads (default: the number of cores)
  --grace SECONDS       reconnect grace for a dropped player (default 60)
  --first-move-seconds SECONDS
                        time for each side's first move before the server aborts the
                        game (default 30; the clocks do not run until then)
  --correspondence-day-ms MS
                        FOR TESTS ONLY: the length of a correspondence game's "day"
                        (default 86400000, a real day); a few seconds lets a test see
                        deadlines pass
  --challenge-ms MS     how long a challenge to a named player waits for its answer
                        (default 180000, 3 minutes; a correspondence game's waits three
                        of its days)
  --report-chat-days N  how long a report keeps the chat sent with it (default 30 days;
                        docs/moderation.md)
  --correspondence-sleep-ms MS
                        a correspondence game nobody is connected to or watching
                        leaves memory after this long, kept in the database alone
                        until a player opens it or its deadline comes (default 600000,
                        ten minutes; 0: never)
  --max-frame BYTES     largest WebSocket message accepted (default 64k)
  --rate N              messages per second per connection (default 20)
  --burst N             messages accepted at once above the rate (default 2 x rate)
  --queue N             outgoing frames queued per connection before it is dropped (default 1024)
  --queue-bytes BYTES   outgoing bytes queued per connection before it is dropped; one frame
                        at a time may go past it, so a larger reply is still sent (default 1M)
  --read-pause-bytes BYTES
                        stop reading a connection's messages while this many bytes wait
                        to be sent to it, until they are down again (default 64k)
  --queue-bytes-total BYTES
                        outgoing bytes queued on all connections together; past it the
                        connections with the largest queues are closed (default 64M)
  --tcp-unsent-bytes BYTES
                        bytes of a WebSocket the kernel may hold unsent (TCP_NOTSENT_LOWAT);
                        the rest waits in the queue the limits above count (default 16k)
  --verbose             also log each connection opened and closed
  --tournament-bots     bot accounts may join tournaments (docs/tournaments.md)
  --tournament-schedule FILE
                        the operator's tournaments, once or every N minutes (a JSON
                        file: docs/tournaments.md, "The operator's tournaments")
  --web-root DIR        serve the web client from DIR instead of the files built into the
                        server (for development: an edited file shows at the next reload)

Limits per client address (docs/protocol.md, "Limits"):
  --max-connections-per-address N
                        open connections one address may hold; more get 429 (default 64)
  --identify-timeout SECONDS
                        close a WebSocket that has not said who it is (guest, login,
                        register, resume) within this time, unless it watches a game
                        or follows the lobby (default 30)
  --auth-rate N         logins and registrations per second per address (default 2)...
  --auth-burst N        ...with this many at once (default 10)
  --accounts-per-hour N new accounts per address per hour (default 10)
  --open-rooms-per-address N
                        open rooms and seeks one address may hold at once (default 10;
                        0: no cap)
  --guests-per-minute N new guest names per address per minute (default 30; 0: no cap)
  --open-room-grace SECONDS
                        cancel an open room whose creator has gone after this (default 10)
  --lobby-limit N       rooms, and games, one lobby answer lists at most (default 100)
  --export-rate N       games a second one bulk export writes at most (default 200, 0: no pace)
  --rated-games-per-pair N
                        rated games two players may start in 24 hours (default 10; 0: no cap)
  --failed-logins-per-name N
                        failed logins per name per hour from all addresses together;
                        past it only the name's last good address may try (default 300)
  --resume-fail-rate N  resumes with an unknown token per second per address...
  --resume-fail-burst N ...with this many at once (default 5 and 100)
  --trusted-proxy CIDR[,CIDR...]
                        reverse proxies whose X-Forwarded-For / Forwarded header names the
                        client (e.g. 127.0.0.1/32); never believed from anyone else
  --allowed-origins ORIGIN[,ORIGIN...]
                        browser origins that may open a WebSocket (e.g. https://example.org);
                        the server's own origin always may; default: any origin

  --cluster-db DSN      cluster mode (docs/cluster.md): keep everything in this PostgreSQL
                        database (postgresql://... or key=value), shared with the other
                        nodes, instead of --db; the node holds a lease there, and when a
                        node's lease lapses (it died) the others take over its live games
  --node-id NAME        this node's name in the cluster, unique among them (default: the
                        host's name); a node restarted under its name takes its games back;
                        a second process under a running node's name is refused
  --cluster-bus URL     the Redis the nodes talk over (redis://HOST:PORT or unix:///PATH):
                        a client of any node then reaches a game another node runs; a
                        node that has lost it lets its lease lapse (with --cluster-db)

  --health-probe URL    GET the URL (5 s timeout); exit 0 on 200, else 1 (for HEALTHCHECK)
  --backup DEST         write an online backup of --db into the new file DEST and exit
  --export-to DSN       copy --db's accounts, archive and ratings into the empty PostgreSQL
                        database DSN (postgresql://... or key=value; docs/cluster.md) and
                        exit with the counts; live games are not copied (stop the server
                        first); a database holding any game, account or rating is refused
  --create-bot NAME --secret-file PATH
                        make NAME a bot account in --db, or in --cluster-db's PostgreSQL
                        (docs/bot.md) and exit: its password is a new random one written to
                        PATH (mode 0600), or the one PATH holds already; a person's account
                        of that name is refused
  --create-token NAME --scopes LIST [--label TEXT] --secret-file PATH
                        make a personal API token of the account NAME (docs/api.md) in
                        --db, or in --cluster-db's PostgreSQL, with the scopes LIST
                        (comma-separated: read, play, bot:play, challenge), write it to PATH
                        (a new file, mode 0600) and exit; when PATH holds a token of NAME
                        already, nothing changes
  --grant-role NAME ROLE
                        give the account NAME the role ROLE (moderator, admin, or none to
                        take it away; docs/moderation.md) in --db, or in --cluster-db's
                        PostgreSQL, with an entry in the audit log, and exit; the first
                        admin is made so, the others from the admin page
  --reindex             build the opening explorer's index (docs/explorer.md) of --db's
                        archive, or of --cluster-db's, again from its games, and exit with
                        the counts; run it once after upgrading from a server without the
                        explorer, with the server stopped
  --import FILE [--game GAME]
                        add the games of a record file to --db's archive (docs/records.md)
                        and exit with a summary: PDN (Russian draughts), Boardhall's own
                        exports, or a tafl site's .csv (GAME: copenhagen, brandubh...; by
                        default the file's name); each game replayed by the rules, refused
                        with its line and reason when a move is illegal; a game already
                        in the archive is not added again. The file is read a line at a
                        time; a game past one of these limits is refused (docs/records.md):
  --import-max-line BYTES
                        one line of the file (default 64k; a longer one is skipped unread)
  --import-max-tags N   tags per game (default 64)
  --import-max-tag-name BYTES
                        a tag's name (default 64)
  --import-max-tag-value BYTES
                        a tag's value (default 1k)
  --import-max-moves N  moves per game (default 10000)
  --record-name-chars N a player's name in an imported record, in characters (default
                        100): longer is refused on import; a longer one stored before is
                        cut in the archive's answers
  --version             print the version and exit
  --help                print this text and exit

Every setting flag may also come from the environment as BOARDHALL_<NAME> (BOARDHALL_LISTEN,
BOARDHALL_DB, BOARDHALL_THREADS, BOARDHALL_GRACE, BOARDHALL_MAX_FRAME, BOARDHALL_RATE,
BOARDHALL_BURST, BOARDHALL_QUEUE, BOARDHALL_QUEUE_BYTES, BOARDHALL_READ_PAUSE_BYTES,
BOARDHALL_QUEUE_BYTES_TOTAL, BOARDHALL_TCP_UNSENT_BYTES, BOARDHALL_VERBOSE,
BOARDHALL_WEB_ROOT, BOARDHALL_MAX_CONNECTIONS_PER_ADDRESS, BOARDHALL_IDENTIFY_TIMEOUT,
BOARDHALL_AUTH_RATE, BOARDHALL_AUTH_BURST, BOARDHALL_ACCOUNTS_PER_HOUR,
BOARDHALL_FAILED_LOGINS_PER_NAME, BOARDHALL_RESUME_FAIL_RATE, BOARDHALL_RESUME_FAIL_BURST,
BOARDHALL_OPEN_ROOMS_PER_ADDRESS, BOARDHALL_GUESTS_PER_MINUTE, BOARDHALL_OPEN_ROOM_GRACE,
BOARDHALL_LOBBY_LIMIT, BOARDHALL_RATED_GAMES_PER_PAIR,
BOARDHALL_TRUSTED_PROXY, BOARDHALL_ALLOWED_ORIGINS, BOARDHALL_FIRST_MOVE_SECONDS,
BOARDHALL_IMPORT_MAX_LINE, BOARDHALL_IMPORT_MAX_TAGS, BOARDHALL_IMPORT_MAX_TAG_NAME,
BOARDHALL_IMPORT_MAX_TAG_VALUE, BOARDHALL_IMPORT_MAX_MOVES, BOARDHALL_RECORD_NAME_CHARS,
BOARDHALL_DB_READERS, BOARDHALL_CLUSTER_DB, BOARDHALL_NODE_ID, BOARDHALL_CLUSTER_BUS); flags win.
A bad value prints one line and exits with status 2. SIGINT/SIGTERM: graceful shutdown;
a second signal stops at once.
)";
}

std::string format_endpoint(const std::string& host, std::uint16_t port) {
  if (host.find(':') != std::string::npos) return "[" + host + "]:" + std::to_string(port);
  return host + ":" + std::to_string(port);
}

}  // namespace bh::server
