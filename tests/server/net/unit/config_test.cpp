#include "config.hpp"

#include <gtest/gtest.h>

#include <map>

namespace bh::server {
namespace {

struct Parsed {
  std::optional<Config> config;
  std::string error;
};

Parsed parse(const std::vector<std::string>& args, const std::map<std::string, std::string>& env = {}) {
  const auto result = parse_config(args, [&](const std::string& name) -> std::optional<std::string> {
    const auto found = env.find(name);
    if (found == env.end()) return std::nullopt;
    return found->second;
  });
  if (!result) return {std::nullopt, result.error().message};
  return {*result, ""};
}

TEST(Config, DefaultsWithoutFlagsOrEnvironment) {
  const auto parsed = parse({});
  ASSERT_TRUE(parsed.config) << parsed.error;
  const Config& config = *parsed.config;
  EXPECT_EQ(config.mode, Mode::serve);
  EXPECT_EQ(config.host, "0.0.0.0");
  EXPECT_EQ(config.port, 8080);
  EXPECT_EQ(config.db, "./boardhall.db");
  EXPECT_GE(config.threads, 1u);
  EXPECT_EQ(config.grace_seconds, 60);
  EXPECT_EQ(config.max_frame, 64u * 1024);
  EXPECT_EQ(config.rate, 20u);
  EXPECT_EQ(config.burst, 40u);
  EXPECT_EQ(config.queue_frames, 1024u);
  EXPECT_EQ(config.queue_bytes, 1u * 1024 * 1024);
  EXPECT_EQ(config.read_pause_bytes, 64u * 1024);
  EXPECT_EQ(config.queue_bytes_total, 64u * 1024 * 1024);
  EXPECT_EQ(config.tcp_unsent_bytes, 16u * 1024);
  EXPECT_FALSE(config.verbose);
}

TEST(Config, SendQueueLimits) {
  auto parsed = parse({"--read-pause-bytes", "64k", "--queue-bytes-total=512M", "--tcp-unsent-bytes", "4k"});
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->tcp_unsent_bytes, 4u * 1024);
  EXPECT_EQ(parsed.config->read_pause_bytes, 64u * 1024);
  EXPECT_EQ(parsed.config->queue_bytes_total, 512u * 1024 * 1024);
  parsed = parse({}, {{"BOARDHALL_READ_PAUSE_BYTES", "8k"}, {"BOARDHALL_QUEUE_BYTES_TOTAL", "2M"}});
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->read_pause_bytes, 8u * 1024);
  EXPECT_EQ(parsed.config->queue_bytes_total, 2u * 1024 * 1024);
  EXPECT_NE(parse({"--read-pause-bytes", "12"}).error.find("--read-pause-bytes"), std::string::npos);
  EXPECT_NE(parse({"--queue-bytes-total", "64k"}).error.find("--queue-bytes-total"), std::string::npos);
  EXPECT_NE(usage().find("--read-pause-bytes"), std::string::npos);
  EXPECT_NE(usage().find("BOARDHALL_QUEUE_BYTES_TOTAL"), std::string::npos);
}

TEST(Config, TheCommitWindowIsOffByDefaultAndBoundedToTenMilliseconds) {
  EXPECT_EQ(parse({}).config->commit_window_us, 0u);
  EXPECT_EQ(parse({"--commit-window-us", "300"}).config->commit_window_us, 300u);
  EXPECT_EQ(parse({}, {{"BOARDHALL_COMMIT_WINDOW_US", "250"}}).config->commit_window_us, 250u);
  EXPECT_NE(parse({"--commit-window-us", "20000"}).error.find("--commit-window-us"), std::string::npos);
  EXPECT_NE(parse({"--commit-window-us", "-1"}).error.find("--commit-window-us"), std::string::npos);
  EXPECT_NE(usage().find("--commit-window-us"), std::string::npos);
}

TEST(Config, AnIdleCorrespondenceGameSleepsAfterTenMinutesUnlessToldOtherwise) {
  EXPECT_EQ(parse({}).config->correspondence_sleep_ms, 600'000);
  EXPECT_EQ(parse({"--correspondence-sleep-ms", "0"}).config->correspondence_sleep_ms, 0);  // never
  EXPECT_EQ(parse({}, {{"BOARDHALL_CORRESPONDENCE_SLEEP_MS", "250"}}).config->correspondence_sleep_ms, 250);
  EXPECT_NE(parse({"--correspondence-sleep-ms", "-1"}).error.find("--correspondence-sleep-ms"), std::string::npos);
  EXPECT_NE(parse({"--correspondence-sleep-ms", "9e9"}).error.find("--correspondence-sleep-ms"), std::string::npos);
  EXPECT_NE(usage().find("--correspondence-sleep-ms"), std::string::npos);
}

TEST(Config, TheOperatorsTournamentsComeFromAFileAndBotsEnterOnlyWhenAllowed) {
  EXPECT_EQ(parse({}).config->tournament_schedule, "");
  EXPECT_FALSE(parse({}).config->tournament_bots);
  EXPECT_EQ(parse({"--tournament-schedule", "/etc/bh/t.json"}).config->tournament_schedule, "/etc/bh/t.json");
  EXPECT_EQ(parse({}, {{"BOARDHALL_TOURNAMENT_SCHEDULE", "t.json"}}).config->tournament_schedule, "t.json");
  EXPECT_TRUE(parse({}, {{"BOARDHALL_TOURNAMENT_BOTS", "1"}}).config->tournament_bots);
  EXPECT_NE(parse({"--tournament-schedule", ""}).error.find("--tournament-schedule"), std::string::npos);
  EXPECT_NE(usage().find("--tournament-schedule FILE"), std::string::npos);
}

TEST(Config, TheDatabaseIsSharedByDefaultAndExclusiveOnRequestWithBackupsBesideIt) {
  const auto defaults = parse({});
  ASSERT_TRUE(defaults.config);
  EXPECT_FALSE(defaults.config->db_lock_exclusive);
  EXPECT_EQ(defaults.config->backup_dir, "");
  EXPECT_TRUE(parse({"--db-lock", "exclusive"}).config->db_lock_exclusive);
  EXPECT_FALSE(parse({"--db-lock=shared"}).config->db_lock_exclusive);
  EXPECT_TRUE(parse({}, {{"BOARDHALL_DB_LOCK", "exclusive"}}).config->db_lock_exclusive);
  EXPECT_EQ(parse({"--backup-dir", "/backups"}).config->backup_dir, "/backups");
  EXPECT_EQ(parse({}, {{"BOARDHALL_BACKUP_DIR", "/b"}}).config->backup_dir, "/b");
  for (const std::string bad : {"", "EXCLUSIVE", "none", "exclusive "})
    EXPECT_NE(parse({"--db-lock", bad}).error.find("--db-lock"), std::string::npos) << bad;
  EXPECT_NE(parse({"--backup-dir", ""}).error.find("--backup-dir"), std::string::npos);
  EXPECT_NE(usage().find("--db-lock"), std::string::npos);
  EXPECT_NE(usage().find("--backup-dir"), std::string::npos);
}

TEST(Config, EveryFlagWithSeparateAndInlineValues) {
  const auto parsed =
      parse({"--listen", "127.0.0.1:9000", "--db=/tmp/x.db", "--threads", "3", "--grace=5", "--max-frame", "128k",
             "--rate", "7", "--burst", "9", "--queue", "10", "--queue-bytes", "2M", "--verbose"});
  ASSERT_TRUE(parsed.config) << parsed.error;
  const Config& config = *parsed.config;
  EXPECT_EQ(config.host, "127.0.0.1");
  EXPECT_EQ(config.port, 9000);
  EXPECT_EQ(config.db, "/tmp/x.db");
  EXPECT_EQ(config.threads, 3u);
  EXPECT_EQ(config.grace_seconds, 5);
  EXPECT_EQ(config.max_frame, 128u * 1024);
  EXPECT_EQ(config.rate, 7u);
  EXPECT_EQ(config.burst, 9u);
  EXPECT_EQ(config.queue_frames, 10u);
  EXPECT_EQ(config.queue_bytes, 2u * 1024 * 1024);
  EXPECT_TRUE(config.verbose);
}

TEST(Config, ListenAcceptsIpv6PortZeroAndLocalhost) {
  auto parsed = parse({"--listen", "[::1]:8081"});
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->host, "::1");
  EXPECT_EQ(parsed.config->port, 8081);
  EXPECT_EQ(format_endpoint(parsed.config->host, parsed.config->port), "[::1]:8081");

  parsed = parse({"--listen", "[::]:0"});
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->host, "::");
  EXPECT_EQ(parsed.config->port, 0);

  parsed = parse({"--listen", "localhost:80"});
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->host, "127.0.0.1");
  EXPECT_EQ(format_endpoint("127.0.0.1", 80), "127.0.0.1:80");
}

TEST(Config, BadListenValuesNameTheFlagAndTheValue) {
  for (const std::string bad : {"8080", "1.2.3.4", "1.2.3.4:", "1.2.3.4:65536", "1.2.3.4:-1", "example.com:80",
                                "::1:8080", "[::1]8080", "[::1", "[nothost]:80", "1.2.3.4:80x", ""}) {
    const auto parsed = parse({"--listen", bad});
    EXPECT_FALSE(parsed.config) << bad;
    EXPECT_NE(parsed.error.find("--listen"), std::string::npos) << parsed.error;
    EXPECT_NE(parsed.error.find("\"" + bad + "\""), std::string::npos) << parsed.error;
    EXPECT_EQ(parsed.error.find('\n'), std::string::npos) << "one line: " << parsed.error;
  }
}

TEST(Config, BadNumbersAreRefused) {
  const std::vector<std::vector<std::string>> cases = {
      {"--threads", "0"},      {"--threads", "abc"},
      {"--threads", "-2"},     {"--threads", "1000"},
      {"--grace", "1.5"},      {"--grace", "86401"},
      {"--max-frame", "10"},   {"--max-frame", "1G"},
      {"--max-frame", "k"},    {"--rate", "0"},
      {"--burst", ""},         {"--queue", "0"},
      {"--queue-bytes", "12"}, {"--threads", "99999999999999999999999"},
  };
  for (const auto& args : cases) {
    const auto parsed = parse(args);
    EXPECT_FALSE(parsed.config) << args[0] << " " << args[1];
    EXPECT_NE(parsed.error.find(args[0]), std::string::npos) << parsed.error;
  }
}

TEST(Config, UnknownFlagsMissingValuesAndStrayArguments) {
  EXPECT_NE(parse({"--port", "80"}).error.find("unknown flag --port"), std::string::npos);
  EXPECT_NE(parse({"--db"}).error.find("--db: missing value"), std::string::npos);
  EXPECT_NE(parse({"serve"}).error.find("unexpected argument"), std::string::npos);
  EXPECT_NE(parse({"--version=1"}).error.find("takes no value"), std::string::npos);
  EXPECT_NE(parse({"--db="}).error.find("--db"), std::string::npos);
}

TEST(Config, EnvironmentFillsInAndFlagsWin) {
  const std::map<std::string, std::string> env = {{"BOARDHALL_LISTEN", "127.0.0.1:7000"},
                                                  {"BOARDHALL_DB", "/env.db"},
                                                  {"BOARDHALL_THREADS", "2"},
                                                  {"BOARDHALL_GRACE", "30"},
                                                  {"BOARDHALL_MAX_FRAME", "2048"},
                                                  {"BOARDHALL_RATE", "5"},
                                                  {"BOARDHALL_QUEUE", "8"},
                                                  {"BOARDHALL_QUEUE_BYTES", "4096"},
                                                  {"BOARDHALL_VERBOSE", "1"}};
  auto parsed = parse({}, env);
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->port, 7000);
  EXPECT_EQ(parsed.config->db, "/env.db");
  EXPECT_EQ(parsed.config->threads, 2u);
  EXPECT_EQ(parsed.config->grace_seconds, 30);
  EXPECT_EQ(parsed.config->max_frame, 2048u);
  EXPECT_EQ(parsed.config->rate, 5u);
  EXPECT_EQ(parsed.config->queue_frames, 8u);
  EXPECT_EQ(parsed.config->queue_bytes, 4096u);
  EXPECT_TRUE(parsed.config->verbose);

  parsed = parse({"--db", "/flag.db", "--threads", "4"}, env);
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->db, "/flag.db");
  EXPECT_EQ(parsed.config->threads, 4u);
  EXPECT_EQ(parsed.config->port, 7000);
}

TEST(Config, BadEnvironmentValueNamesTheVariable) {
  const auto parsed = parse({}, {{"BOARDHALL_THREADS", "many"}});
  ASSERT_FALSE(parsed.config);
  EXPECT_NE(parsed.error.find("BOARDHALL_THREADS"), std::string::npos) << parsed.error;
  EXPECT_NE(parsed.error.find("\"many\""), std::string::npos) << parsed.error;
}

TEST(Config, ModesComeFromFlagsOnly) {
  EXPECT_EQ(parse({"--help"}).config->mode, Mode::help);
  EXPECT_EQ(parse({"--version"}).config->mode, Mode::version);
  const auto probe = parse({"--health-probe", "http://127.0.0.1:8080/healthz"});
  ASSERT_TRUE(probe.config) << probe.error;
  EXPECT_EQ(probe.config->mode, Mode::health_probe);
  EXPECT_EQ(probe.config->probe_url, "http://127.0.0.1:8080/healthz");
  EXPECT_FALSE(parse({"--health-probe", "https://x/healthz"}).config);

  const auto backup = parse({"--db", "/data/live.db", "--backup", "/data/copy.db"});
  ASSERT_TRUE(backup.config) << backup.error;
  EXPECT_EQ(backup.config->mode, Mode::backup);
  EXPECT_EQ(backup.config->backup_to, "/data/copy.db");
  EXPECT_EQ(backup.config->db, "/data/live.db");
  EXPECT_FALSE(parse({"--backup", ""}).config);

  const auto bot = parse({"--db", "/data/live.db", "--create-bot", "robo", "--secret-file", "/run/robo.secret"});
  ASSERT_TRUE(bot.config) << bot.error;
  EXPECT_EQ(bot.config->mode, Mode::create_bot);
  EXPECT_EQ(bot.config->bot_name, "robo");
  EXPECT_EQ(bot.config->secret_file, "/run/robo.secret");
  EXPECT_FALSE(parse({"--create-bot", "robo"}).config);  // where would its password go?
  EXPECT_FALSE(parse({"--secret-file", "/run/x"}).config);
  EXPECT_FALSE(parse({"--create-bot", "", "--secret-file", "/run/x"}).config);

  const auto env_only = parse({}, {{"BOARDHALL_HEALTH_PROBE", "http://x/"},
                                   {"BOARDHALL_HELP", "1"},
                                   {"BOARDHALL_CREATE_BOT", "robo"},
                                   {"BOARDHALL_SECRET_FILE", "/run/x"}});
  ASSERT_TRUE(env_only.config) << env_only.error;
  EXPECT_EQ(env_only.config->mode, Mode::serve);
}

TEST(Config, ExportToTakesADsnFromTheFlagOnly) {
  const auto exported = parse({"--db", "/data/live.db", "--export-to", "postgresql:///boardhall?host=/run/pg"});
  ASSERT_TRUE(exported.config) << exported.error;
  EXPECT_EQ(exported.config->mode, Mode::export_to_pg);
  EXPECT_EQ(exported.config->export_to, "postgresql:///boardhall?host=/run/pg");
  EXPECT_EQ(exported.config->db, "/data/live.db");
  const auto inline_value = parse({"--export-to=host=/run/pg dbname=boardhall"});
  ASSERT_TRUE(inline_value.config) << inline_value.error;
  EXPECT_EQ(inline_value.config->export_to, "host=/run/pg dbname=boardhall");
  const auto empty = parse({"--export-to", ""});
  EXPECT_FALSE(empty.config);
  EXPECT_NE(empty.error.find("--export-to"), std::string::npos) << empty.error;
  // A variable left in a container's environment never turns the server into a copy.
  const auto env_only = parse({}, {{"BOARDHALL_EXPORT_TO", "host=/run/pg"}});
  ASSERT_TRUE(env_only.config) << env_only.error;
  EXPECT_EQ(env_only.config->mode, Mode::serve);
}

TEST(Config, ClusterModeTakesADsnAndANodeNameFromFlagsOrTheEnvironment) {
  EXPECT_EQ(parse({}).config->cluster_db, "");  // one process on SQLite
  const auto flags = parse({"--cluster-db", "postgresql:///boardhall?host=/run/pg", "--node-id", "n-1.eu_west"});
  ASSERT_TRUE(flags.config) << flags.error;
  EXPECT_EQ(flags.config->cluster_db, "postgresql:///boardhall?host=/run/pg");
  EXPECT_EQ(flags.config->node_id, "n-1.eu_west");
  EXPECT_EQ(flags.config->mode, Mode::serve);
  const auto env = parse({}, {{"BOARDHALL_CLUSTER_DB", "host=/run/pg dbname=b"}, {"BOARDHALL_NODE_ID", "n2"}});
  ASSERT_TRUE(env.config) << env.error;
  EXPECT_EQ(env.config->cluster_db, "host=/run/pg dbname=b");
  EXPECT_EQ(env.config->node_id, "n2");
  EXPECT_EQ(parse({"--node-id=n3"}, {{"BOARDHALL_CLUSTER_DB", "host=/x"}, {"BOARDHALL_NODE_ID", "n2"}}).config->node_id,
            "n3");
  EXPECT_EQ(parse({"--cluster-db", "host=/x"}).config->node_id, "");  // the host's name, chosen by main
  // Names that would not be one word in a log line or a SQL listing are refused.
  for (const char* bad : {"", "node 1", "n/1", "n\n", "ноль", "x'; DROP TABLE nodes;--"}) {
    const auto refused = parse({"--cluster-db", "host=/x", "--node-id", bad});
    EXPECT_FALSE(refused.config) << bad;
    EXPECT_NE(refused.error.find("--node-id"), std::string::npos) << refused.error;
  }
  EXPECT_FALSE(parse({"--cluster-db", "host=/x", "--node-id", std::string(65, 'n')}).config);
  EXPECT_TRUE(parse({"--cluster-db", "host=/x", "--node-id", std::string(64, 'n')}).config);
  const auto empty = parse({"--cluster-db", ""});
  EXPECT_NE(empty.error.find("--cluster-db"), std::string::npos) << empty.error;
  // A node name alone is a mistake worth saying, not a silent SQLite server.
  const auto alone = parse({"--node-id", "n1"});
  EXPECT_FALSE(alone.config);
  EXPECT_NE(alone.error.find("--cluster-db"), std::string::npos) << alone.error;
}

TEST(Config, ClusterBusTakesARedisUrlFromTheFlagOrTheEnvironmentAndGoesWithTheDatabase) {
  EXPECT_EQ(parse({"--cluster-db", "host=/x"}).config->cluster_bus, "");  // no bus: no relay between nodes
  const auto flags = parse({"--cluster-db", "host=/x", "--cluster-bus", "redis://10.0.0.5:6380"});
  ASSERT_TRUE(flags.config) << flags.error;
  EXPECT_EQ(flags.config->cluster_bus, "redis://10.0.0.5:6380");
  const auto env =
      parse({}, {{"BOARDHALL_CLUSTER_DB", "host=/x"}, {"BOARDHALL_CLUSTER_BUS", "unix:///run/redis.sock"}});
  ASSERT_TRUE(env.config) << env.error;
  EXPECT_EQ(env.config->cluster_bus, "unix:///run/redis.sock");
  // What the bus could not connect to is refused at start, with the reason.
  for (const char* bad : {"", "redis://", "rediss://h:1", "redis://u:p@h:1", "unix://relative", "http://h"}) {
    const auto refused = parse({"--cluster-db", "host=/x", "--cluster-bus", bad});
    EXPECT_FALSE(refused.config) << bad;
    EXPECT_NE(refused.error.find("--cluster-bus"), std::string::npos) << refused.error;
  }
  const auto alone = parse({"--cluster-bus", "redis://h"});
  EXPECT_FALSE(alone.config);
  EXPECT_NE(alone.error.find("--cluster-db"), std::string::npos) << alone.error;
  EXPECT_NE(usage().find("BOARDHALL_CLUSTER_BUS"), std::string::npos);
}

TEST(Config, WebRootFromTheFlagOrTheEnvironment) {
  EXPECT_EQ(parse({}).config->web_root, "");  // the files built into the server
  EXPECT_EQ(parse({"--web-root", "web/public"}).config->web_root, "web/public");
  EXPECT_EQ(parse({}, {{"BOARDHALL_WEB_ROOT", "/srv/web"}}).config->web_root, "/srv/web");
  EXPECT_EQ(parse({"--web-root=/a"}, {{"BOARDHALL_WEB_ROOT", "/b"}}).config->web_root, "/a");
  EXPECT_NE(parse({"--web-root="}).error.find("--web-root: expected a folder"), std::string::npos);
  EXPECT_NE(usage().find("BOARDHALL_WEB_ROOT"), std::string::npos);
}

TEST(Config, BurstFollowsTheRateUnlessGiven) {
  EXPECT_EQ(parse({"--rate", "100"}).config->burst, 200u);
  EXPECT_EQ(parse({"--rate", "100", "--burst", "5"}).config->burst, 5u);
  EXPECT_EQ(parse({"--rate", "100"}, {{"BOARDHALL_BURST", "3"}}).config->burst, 3u);
}

TEST(Config, UsageMentionsEveryFlag) {
  const std::string text = usage();
  for (const char* flag :
       {"--listen", "--db", "--threads", "--grace", "--max-frame", "--rate", "--burst", "--queue", "--queue-bytes",
        "--verbose", "--web-root", "--health-probe", "--backup", "--version", "--help"})
    EXPECT_NE(text.find(flag), std::string::npos) << flag;
}

}  // namespace
}  // namespace bh::server

namespace bh::server {
namespace {

TEST(ConfigLimits, DefaultsPerAddress) {
  const auto parsed = parse({});
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->connections_per_address, 64u);
  EXPECT_EQ(parsed.config->identify_seconds, 30);
  EXPECT_EQ(parsed.config->auth_rate, 2u);
  EXPECT_EQ(parsed.config->auth_burst, 10u);
  EXPECT_EQ(parsed.config->accounts_per_hour, 10u);
  EXPECT_TRUE(parsed.config->trusted_proxies.empty());
  EXPECT_TRUE(parsed.config->allowed_origins.empty());
}

TEST(ConfigLimits, FlagsAndVariablesSetThem) {
  const auto parsed = parse({"--max-connections-per-address", "5", "--identify-timeout=7", "--auth-rate", "3",
                             "--auth-burst", "4", "--accounts-per-hour", "6", "--trusted-proxy", "10.0.0.0/8, ::1",
                             "--trusted-proxy=192.168.1.10", "--allowed-origins", "https://a.example,http://b:8080"});
  ASSERT_TRUE(parsed.config) << parsed.error;
  const Config& c = *parsed.config;
  EXPECT_EQ(c.connections_per_address, 5u);
  EXPECT_EQ(c.identify_seconds, 7);
  EXPECT_EQ(c.auth_rate, 3u);
  EXPECT_EQ(c.auth_burst, 4u);
  EXPECT_EQ(c.accounts_per_hour, 6u);
  EXPECT_EQ(c.trusted_proxies, (std::vector<std::string>{"10.0.0.0/8", "::1", "192.168.1.10"}));
  EXPECT_EQ(c.allowed_origins, (std::vector<std::string>{"https://a.example", "http://b:8080"}));
  const auto from_env = parse({}, {{"BOARDHALL_TRUSTED_PROXY", "127.0.0.1/32"}, {"BOARDHALL_IDENTIFY_TIMEOUT", "9"}});
  ASSERT_TRUE(from_env.config) << from_env.error;
  EXPECT_EQ(from_env.config->trusted_proxies, (std::vector<std::string>{"127.0.0.1/32"}));
  EXPECT_EQ(from_env.config->identify_seconds, 9);
}

TEST(ConfigLimits, BadValuesNameTheFlag) {
  const std::vector<std::vector<std::string>> cases = {
      {"--max-connections-per-address", "0"},
      {"--identify-timeout", "0"},
      {"--auth-rate", "x"},
      {"--auth-burst", "0"},
      {"--accounts-per-hour", "-1"},
      {"--trusted-proxy", "10.0.0.0/33"},
      {"--trusted-proxy", "example.org"},
      {"--trusted-proxy", "::1/129"},
      {"--allowed-origins", "example.org"},
      {"--allowed-origins", "https://a.example/"},
  };
  for (const auto& args : cases) {
    const auto parsed = parse(args);
    EXPECT_FALSE(parsed.config) << args[0] << " " << args[1];
    EXPECT_NE(parsed.error.find(args[0]), std::string::npos) << parsed.error;
  }
}

TEST(ConfigLimits, ExportRate) {
  const auto defaults = parse({});
  ASSERT_TRUE(defaults.config) << defaults.error;
  EXPECT_EQ(defaults.config->export_rate, 200u);
  const auto none = parse({"--export-rate", "0"});  // 0: no pace
  ASSERT_TRUE(none.config) << none.error;
  EXPECT_EQ(none.config->export_rate, 0u);
  const auto env = parse({}, {{"BOARDHALL_EXPORT_RATE", "50"}});
  ASSERT_TRUE(env.config) << env.error;
  EXPECT_EQ(env.config->export_rate, 50u);
  for (const char* bad : {"-1", "100001", "x", "1e3", "", "99999999999999999999"}) {
    const auto parsed = parse({"--export-rate", bad});
    EXPECT_FALSE(parsed.config) << bad;
    EXPECT_NE(parsed.error.find("--export-rate"), std::string::npos) << parsed.error;
  }
}

TEST(ConfigLimits, FailedLoginsPerNameAndFailedResumes) {
  const auto defaults = parse({});
  ASSERT_TRUE(defaults.config) << defaults.error;
  EXPECT_EQ(defaults.config->failed_logins_per_name, 300u);
  EXPECT_EQ(defaults.config->resume_fail_rate, 5u);
  EXPECT_EQ(defaults.config->resume_fail_burst, 100u);
  const auto parsed =
      parse({"--failed-logins-per-name", "50", "--resume-fail-rate=2"}, {{"BOARDHALL_RESUME_FAIL_BURST", "20"}});
  ASSERT_TRUE(parsed.config) << parsed.error;
  EXPECT_EQ(parsed.config->failed_logins_per_name, 50u);
  EXPECT_EQ(parsed.config->resume_fail_rate, 2u);
  EXPECT_EQ(parsed.config->resume_fail_burst, 20u);
  for (const char* flag : {"--failed-logins-per-name", "--resume-fail-rate", "--resume-fail-burst"}) {
    const auto bad = parse({flag, "0"});
    EXPECT_FALSE(bad.config) << flag;
    EXPECT_NE(bad.error.find(flag), std::string::npos) << bad.error;
  }
}

}  // namespace
}  // namespace bh::server
