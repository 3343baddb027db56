#include "storage/pg/pg_schema.hpp"

#include <string_view>
#include <vector>

#include "names/player_names.hpp"
#include "storage/name_key_assignment.hpp"

namespace bh::storage::pg {

namespace {

// Taken by every migration and name-key refresh, for its transaction only.
constexpr std::string_view kLock = "SELECT pg_advisory_xact_lock(6172839)";

// Version 1: everything SQLite's nine steps built, in PostgreSQL's types. Text that is
// compared or ordered (ids, names, keys) is COLLATE "C": byte order, as in SQLite, so
// keyset pages and leaderboards order the same whatever the database's locale. Every
// listing index ends in (ended_ms, id), the listing's order and cursor (schema.cpp,
// step 2). A live game's moves are keyed by (game_id, ply) and go with their game
// (ON DELETE CASCADE), so nothing is left to collect. Accounts keep an identity column:
// "the older account" of name_key_assignment.hpp is (created_ms, id).
constexpr std::string_view kStep1 = R"sql(
CREATE TABLE games (
  id text COLLATE "C" PRIMARY KEY,
  game text COLLATE "C" NOT NULL,
  options text NOT NULL,
  start_position text NOT NULL,
  first_player text COLLATE "C" NOT NULL,
  second_player text COLLATE "C" NOT NULL,
  result text COLLATE "C" NOT NULL,
  reason text NOT NULL,
  first_points double precision NOT NULL,
  second_points double precision NOT NULL,
  clock_initial_ms bigint,
  clock_increment_ms bigint,
  match_id text NOT NULL,
  match_game integer NOT NULL,
  started_ms bigint NOT NULL,
  ended_ms bigint NOT NULL,
  move_count integer NOT NULL,
  is_private boolean NOT NULL,
  rated boolean NOT NULL,
  computer_level integer,
  first_bot boolean NOT NULL,
  second_bot boolean NOT NULL,
  imported boolean NOT NULL,
  tags text NOT NULL,
  content_hash text UNIQUE
);
CREATE INDEX games_by_end ON games (ended_ms, id);
CREATE INDEX games_by_game ON games (game, ended_ms, id);
CREATE INDEX games_by_result ON games (result, ended_ms, id);
CREATE INDEX games_by_game_result ON games (game, result, ended_ms, id);
CREATE TABLE moves (
  game_id text COLLATE "C" NOT NULL,
  ply integer NOT NULL,
  text text NOT NULL,
  first_clock_ms bigint NOT NULL,
  second_clock_ms bigint NOT NULL,
  at_ms bigint NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE TABLE game_players (
  player text COLLATE "C" NOT NULL,
  ended_ms bigint NOT NULL,
  game_id text COLLATE "C" NOT NULL,
  game text COLLATE "C" NOT NULL,
  result text COLLATE "C" NOT NULL,
  PRIMARY KEY (player, ended_ms, game_id)
);
CREATE TABLE accounts (
  name text COLLATE "C" PRIMARY KEY,
  salt text NOT NULL,
  hash text NOT NULL,
  iterations integer NOT NULL,
  created_ms bigint NOT NULL,
  bot boolean NOT NULL DEFAULT false,
  name_key text COLLATE "C" UNIQUE,
  id bigint GENERATED ALWAYS AS IDENTITY
);
CREATE TABLE name_keys (
  id integer PRIMARY KEY CHECK (id = 1),
  version text NOT NULL
);
CREATE TABLE live_games (
  game_id text COLLATE "C" PRIMARY KEY,
  room_id text NOT NULL,
  match_id text NOT NULL,
  game text NOT NULL,
  options text NOT NULL,
  clock_initial_ms bigint,
  clock_increment_ms bigint,
  creator_side text NOT NULL,
  is_private boolean NOT NULL,
  invite_code text NOT NULL,
  games integer NOT NULL,
  game_number integer NOT NULL,
  first_seat integer NOT NULL,
  creator text NOT NULL,
  creator_token text NOT NULL,
  creator_registered boolean NOT NULL,
  creator_points double precision NOT NULL,
  joiner text NOT NULL,
  joiner_token text NOT NULL,
  joiner_registered boolean NOT NULL,
  joiner_points double precision NOT NULL,
  started_ms bigint NOT NULL,
  rated boolean NOT NULL,
  computer_level integer,
  creator_bot boolean NOT NULL,
  joiner_bot boolean NOT NULL,
  creator_absent_until_ms bigint NOT NULL DEFAULT 0,
  joiner_absent_until_ms bigint NOT NULL DEFAULT 0
);
CREATE TABLE live_moves (
  game_id text COLLATE "C" NOT NULL REFERENCES live_games (game_id) ON DELETE CASCADE,
  ply integer NOT NULL,
  text text NOT NULL,
  first_clock_ms bigint NOT NULL,
  second_clock_ms bigint NOT NULL,
  at_ms bigint NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE TABLE ratings (
  player text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  rating double precision NOT NULL,
  rd double precision NOT NULL,
  volatility double precision NOT NULL,
  games integer NOT NULL,
  wins integer NOT NULL,
  draws integer NOT NULL,
  losses integer NOT NULL,
  updated_ms bigint NOT NULL,
  PRIMARY KEY (player, key)
);
CREATE INDEX ratings_by_key ON ratings (key, rating DESC, player);
CREATE TABLE rating_history (
  player text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  at_ms bigint NOT NULL,
  game_id text COLLATE "C" NOT NULL,
  before double precision NOT NULL,
  after double precision NOT NULL,
  rd double precision NOT NULL,
  volatility double precision NOT NULL,
  opponent text NOT NULL,
  score double precision NOT NULL,
  PRIMARY KEY (player, key, at_ms, game_id)
);
CREATE TABLE health_probe (
  id integer PRIMARY KEY,
  at_ms bigint NOT NULL
);
)sql";

// Version 2: cluster mode's ownership (docs/cluster.md). Each start of a node takes a
// new epoch, the row's identity, and holds a lease on PostgreSQL's clock; a live game is
// owned by the epoch that wrote it last or took it over (NULL: a server not in a
// cluster, or a row from before this step: anyone's to take).
constexpr std::string_view kStep2 = R"sql(
CREATE TABLE nodes (
  epoch bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  node_id text COLLATE "C" NOT NULL,
  started timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz NOT NULL
);
CREATE INDEX nodes_by_lease ON nodes (lease_until);
ALTER TABLE live_games ADD COLUMN owner_epoch bigint;
CREATE INDEX live_games_by_owner ON live_games (owner_epoch);
)sql";

// Version 3: cluster mode's names across the nodes (storage/cluster_names.hpp): a name
// key is held by one token, on the node (epoch) where its player is.
constexpr std::string_view kStep3 = R"sql(
CREATE TABLE player_names (
  name_key text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  token text COLLATE "C" NOT NULL UNIQUE,
  registered boolean NOT NULL,
  bot boolean NOT NULL,
  epoch bigint NOT NULL
);
)sql";

// Version 4: cluster mode's seeks across the nodes (storage/cluster_seeks.hpp): a seek
// waiting in a room of node `epoch`; one per player.
constexpr std::string_view kStep4 = R"sql(
CREATE TABLE seeks (
  room_id text COLLATE "C" PRIMARY KEY,
  terms text COLLATE "C" NOT NULL,
  player_key text COLLATE "C" NOT NULL UNIQUE,
  rating double precision,
  epoch bigint NOT NULL,
  opened timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX seeks_by_terms ON seeks (terms, opened);
)sql";

// Version 5: one seat at a time, as a key (pg_live.hpp): a player (their name key) sits
// in one live game, whichever node runs it. The seat goes with its game, taken over or
// ended, so no seat outlives the game that holds it. (A game begun before this version
// holds no seat rows: its players' next game claims theirs.)
constexpr std::string_view kStep5 = R"sql(
CREATE TABLE seats (
  name_key text COLLATE "C" PRIMARY KEY,
  game_id text COLLATE "C" NOT NULL REFERENCES live_games (game_id) ON DELETE CASCADE
);
CREATE INDEX seats_by_game ON seats (game_id);
)sql";

// Version 6: tournaments (docs/tournaments.md), the SQLite store's three tables
// (schema.cpp, steps 13 and 14) in PostgreSQL's types; a round's boards keep the order
// they were written in (seq, as SQLite's rowid).
constexpr std::string_view kStep6 = R"sql(
CREATE TABLE tournaments (
  id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  format text NOT NULL,
  game text NOT NULL,
  options text NOT NULL,
  initial_ms bigint NOT NULL,
  increment_ms bigint NOT NULL,
  days integer NOT NULL,
  rated boolean NOT NULL,
  rounds integer NOT NULL,
  cycles integer NOT NULL,
  group_size integer NOT NULL,
  duration_ms bigint NOT NULL,
  starts_ms bigint NOT NULL,
  max_players integer NOT NULL,
  min_rating integer NOT NULL,
  private boolean NOT NULL,
  invite_code text NOT NULL,
  mini_match boolean NOT NULL,
  bots boolean NOT NULL,
  bye_points integer NOT NULL,
  creator text COLLATE "C" NOT NULL,
  status text COLLATE "C" NOT NULL,
  round integer NOT NULL,
  created_ms bigint NOT NULL,
  started_ms bigint NOT NULL,
  finished_ms bigint NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, created_ms);
CREATE TABLE tournament_players (
  tournament text COLLATE "C" NOT NULL,
  number integer NOT NULL,
  name text COLLATE "C" NOT NULL,
  rating integer NOT NULL,
  grp integer NOT NULL,
  withdrawn integer NOT NULL,
  bot boolean NOT NULL,
  computer_level integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tournament, number)
);
CREATE TABLE tournament_games (
  tournament text COLLATE "C" NOT NULL,
  round integer NOT NULL,
  first integer NOT NULL,
  second integer NOT NULL,
  grp integer NOT NULL,
  game_id text COLLATE "C" NOT NULL,
  outcome text,
  seq bigserial,
  PRIMARY KEY (tournament, round, first, second)
);
CREATE UNIQUE INDEX tournament_games_by_game ON tournament_games (game_id) WHERE game_id <> '';
)sql";

// Version 7: the opening explorer (docs/explorer.md), the SQLite store's table (schema.cpp,
// step 15) in PostgreSQL's types; "C" order, as SQLite compares move texts.
constexpr std::string_view kStep7 = R"sql(
CREATE TABLE explorer_moves (
  position bigint NOT NULL,
  variant text COLLATE "C" NOT NULL,
  move text COLLATE "C" NOT NULL,
  source integer NOT NULL,
  band integer NOT NULL,
  month integer NOT NULL,
  games bigint NOT NULL,
  first bigint NOT NULL,
  draws bigint NOT NULL,
  second bigint NOT NULL,
  rated_games bigint NOT NULL,
  rating_sum double precision NOT NULL,
  last_ms bigint NOT NULL,
  last_game text NOT NULL,
  PRIMARY KEY (position, variant, move, source, band, month)
);
)sql";

// Version 8: personal API tokens (docs/api.md), as SQLite's (schema.cpp, step 16).
constexpr std::string_view kStep8 = R"sql(
CREATE TABLE api_tokens (
  seq bigserial NOT NULL,  -- the order of making: tokens made in one millisecond listed newest first
  id text COLLATE "C" PRIMARY KEY,
  owner text COLLATE "C" NOT NULL,
  hash text COLLATE "C" NOT NULL UNIQUE,
  scopes text NOT NULL,
  label text NOT NULL,
  created_ms bigint NOT NULL,
  last_used_ms bigint,
  revoked_ms bigint
);
CREATE INDEX api_tokens_by_owner ON api_tokens (owner, created_ms);
)sql";

// Version 9: moderation (docs/moderation.md), as SQLite's (schema.cpp, step 17); a rule
// and a trigger keep the audit log append-only.
constexpr std::string_view kStep9 = R"sql(
CREATE TABLE player_blocks (
  player text COLLATE "C" NOT NULL,
  blocked text COLLATE "C" NOT NULL,
  at_ms bigint NOT NULL,
  PRIMARY KEY (player, blocked)
);
CREATE TABLE staff_roles (
  name text COLLATE "C" PRIMARY KEY,
  role text NOT NULL
);
CREATE TABLE sanctions (
  name text COLLATE "C" PRIMARY KEY,
  kind text NOT NULL,
  until_ms bigint,
  at_ms bigint NOT NULL,
  reason text NOT NULL
);
CREATE TABLE address_blocks (
  cidr text COLLATE "C" PRIMARY KEY,
  until_ms bigint,
  at_ms bigint NOT NULL,
  reason text NOT NULL
);
CREATE TABLE refused_names (
  key text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  at_ms bigint NOT NULL,
  reason text NOT NULL
);
CREATE TABLE reports (
  id bigserial PRIMARY KEY,
  at_ms bigint NOT NULL,
  reporter text NOT NULL,
  target text NOT NULL,
  reason text NOT NULL,
  text text NOT NULL,
  game_id text,
  ply integer,
  chat text NOT NULL,
  closed_by text,
  closed_ms bigint
);
CREATE INDEX reports_by_time ON reports (at_ms);
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at_ms bigint NOT NULL,
  moderator text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  reason text NOT NULL,
  detail text NOT NULL
);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$;
CREATE TRIGGER audit_log_kept BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_whole BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
)sql";

// kSteps[i] takes a database from version i to version i + 1. Add a step, never edit one.
const std::string_view kSteps[] = {kStep1, kStep2, kStep3, kStep4, kStep5, kStep6, kStep7, kStep8, kStep9};
static_assert(sizeof(kSteps) / sizeof(kSteps[0]) == kSchemaVersion);

StoreError fail(Conn& conn, StoreError error) {
  conn.exec("ROLLBACK");
  return error;
}

}  // namespace

StoreResult<int> schema_version(Conn& conn) {
  auto exists = conn.run("SELECT to_regclass('schema_version') IS NOT NULL");
  if (!exists.error.ok()) return {exists.error, std::nullopt};
  if (!exists.value->boolean(0, 0)) return {{}, 0};
  auto rows = conn.run("SELECT version FROM schema_version WHERE id = 1");
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  return {{}, rows.value->size() == 0 ? 0 : static_cast<int>(rows.value->int64(0, 0))};
}

StoreError migrate(Conn& conn) {
  if (auto error = conn.exec("BEGIN"); !error.ok()) return error;
  if (auto error = conn.exec(std::string(kLock)); !error.ok()) return fail(conn, error);
  if (auto error = conn.exec("CREATE TABLE IF NOT EXISTS schema_version ("
                             "id integer PRIMARY KEY CHECK (id = 1), version integer NOT NULL)");
      !error.ok())
    return fail(conn, error);
  auto version = schema_version(conn);
  if (!version.error.ok()) return fail(conn, version.error);
  if (*version.value > kSchemaVersion) {
    return fail(conn,
                {StoreErrc::unavailable, "database schema version " + std::to_string(*version.value) +
                                             " is newer than this server's (" + std::to_string(kSchemaVersion) + ")"});
  }
  for (int v = *version.value; v < kSchemaVersion; ++v) {
    if (auto error = conn.exec(std::string(kSteps[v])); !error.ok()) {
      error.message = "schema migration to version " + std::to_string(v + 1) + " failed: " + error.message;
      return fail(conn, error);
    }
  }
  Params params;
  params.add(kSchemaVersion);
  auto bumped = conn.run(
      "INSERT INTO schema_version (id, version) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET version = $1", params);
  if (!bumped.error.ok()) return fail(conn, bumped.error);
  if (auto error = conn.exec("COMMIT"); !error.ok()) return fail(conn, error);
  return {};
}

StoreError refresh_name_keys(Conn& conn, const std::function<void(const std::string&)>& log) {
  const std::string version = names::key_version();
  auto stored = [&conn]() -> StoreResult<std::string> {
    auto rows = conn.run("SELECT version FROM name_keys WHERE id = 1");
    if (!rows.error.ok()) return {rows.error, std::nullopt};
    return {{}, rows.value->size() == 0 ? std::string() : rows.value->text(0, 0)};
  };
  auto before = stored();
  if (!before.error.ok()) return before.error;
  if (*before.value == version) return {};
  if (auto error = conn.exec("BEGIN"); !error.ok()) return error;
  if (auto error = conn.exec(std::string(kLock)); !error.ok()) return fail(conn, error);
  // Another server may have done it while this one waited for the lock.
  auto now = stored();
  if (!now.error.ok()) return fail(conn, now.error);
  if (*now.value != version) {
    // No account is made meanwhile; the keys are cleared first so that the unique key
    // never sees two rows holding one key halfway through.
    for (const char* sql : {"LOCK TABLE accounts IN SHARE ROW EXCLUSIVE MODE", "UPDATE accounts SET name_key = NULL"}) {
      if (auto error = conn.exec(sql); !error.ok()) return fail(conn, error);
    }
    auto rows = conn.run("SELECT name FROM accounts ORDER BY created_ms, id");
    if (!rows.error.ok()) return fail(conn, rows.error);
    std::vector<std::string> names;
    for (int r = 0; r < rows.value->size(); ++r) names.push_back(rows.value->text(r, 0));
    int apart = 0;
    for (const auto& assigned : assign_name_keys(names)) {
      if (assigned.apart) {
        ++apart;
        log("account \"" + assigned.name + "\" looks like an older account's name: it keeps its name, not the key");
      }
      Params params;
      params.add(assigned.key).add(assigned.name);
      auto updated = conn.run("UPDATE accounts SET name_key = $1 WHERE name = $2", params);
      if (!updated.error.ok()) return fail(conn, updated.error);
    }
    Params params;
    params.add(version);
    auto saved = conn.run(
        "INSERT INTO name_keys (id, version) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET version = $1", params);
    if (!saved.error.ok()) return fail(conn, saved.error);
    if (!names.empty())
      log("name keys (" + version + ") computed for " + std::to_string(names.size()) + " accounts, " +
          std::to_string(apart) + " kept apart");
  }
  if (auto error = conn.exec("COMMIT"); !error.ok()) return fail(conn, error);
  return {};
}

}  // namespace bh::storage::pg
