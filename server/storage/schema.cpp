#include "storage/schema.hpp"

#include <sqlite3.h>

#include <string>

namespace bh::storage::sql {

// Version 1, as the first archive shipped it: no match columns, no move count, players
// only searchable by scanning games. Never edit: files in the wild have exactly this.
const std::string_view kSchemaV1 = R"sql(
CREATE TABLE games (
  id TEXT PRIMARY KEY NOT NULL,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  start_position TEXT NOT NULL,
  first_player TEXT NOT NULL,
  second_player TEXT NOT NULL,
  result TEXT NOT NULL,
  reason TEXT NOT NULL,
  first_points REAL NOT NULL,
  second_points REAL NOT NULL,
  clock_initial_ms INTEGER,
  clock_increment_ms INTEGER,
  started_ms INTEGER NOT NULL,
  ended_ms INTEGER NOT NULL
);
CREATE TABLE moves (
  game_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  text TEXT NOT NULL,
  first_clock_ms INTEGER NOT NULL,
  second_clock_ms INTEGER NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
CREATE TABLE accounts (
  name TEXT PRIMARY KEY NOT NULL,
  salt TEXT NOT NULL,
  hash TEXT NOT NULL,
  iterations INTEGER NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX games_by_end ON games (ended_ms);
)sql";

namespace {

// Version 2: match columns, a stored move count (listings must not count moves), and
// the indexes that keep newest-first keyset pages a short index range whatever the
// filter. Every index ends in (ended_ms, id), the listing's order and cursor, so a page
// is one index seek plus `limit` steps, never a sort. A player can be on either side,
// so game_players holds one row per (player, game) in the same order; it carries game
// and result so those filters are checked inside that index without visiting games.
constexpr std::string_view kStep2 = R"sql(
ALTER TABLE games ADD COLUMN match_id TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN match_game INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN move_count INTEGER NOT NULL DEFAULT 0;
UPDATE games SET move_count = (SELECT count(*) FROM moves WHERE moves.game_id = games.id);
CREATE TABLE game_players (
  player TEXT NOT NULL,
  ended_ms INTEGER NOT NULL,
  game_id TEXT NOT NULL,
  game TEXT NOT NULL,
  result TEXT NOT NULL,
  PRIMARY KEY (player, ended_ms, game_id)
) WITHOUT ROWID;
INSERT OR IGNORE INTO game_players (player, ended_ms, game_id, game, result)
  SELECT first_player, ended_ms, id, game, result FROM games WHERE first_player <> ''
  UNION ALL
  SELECT second_player, ended_ms, id, game, result FROM games WHERE second_player <> '';
DROP INDEX games_by_end;
CREATE INDEX games_by_end ON games (ended_ms, id);
CREATE INDEX games_by_game ON games (game, ended_ms, id);
CREATE INDEX games_by_result ON games (result, ended_ms, id);
CREATE INDEX games_by_game_result ON games (game, result, ended_ms, id);
)sql";

// Version 3: live games, so that games in progress survive a crash or a restart (one row
// per game with its room and seats, its moves appended as they are played), and the
// one-row table the store writes to find out whether a failed disk works again.
// live_moves is keyed by append order, with no index: a commit of moves from many games
// then dirties the table's last page or two instead of one page per game (keyed by
// (game_id, ply) it wrote ~7 KiB of WAL per move). Moves of finished games are left
// behind and deleted a little at a time (live_sql.hpp, collect_live_moves).
constexpr std::string_view kStep3 = R"sql(
CREATE TABLE live_games (
  game_id TEXT PRIMARY KEY NOT NULL,
  room_id TEXT NOT NULL,
  match_id TEXT NOT NULL,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  clock_initial_ms INTEGER,
  clock_increment_ms INTEGER,
  creator_side TEXT NOT NULL,
  is_private INTEGER NOT NULL,
  invite_code TEXT NOT NULL,
  games INTEGER NOT NULL,
  game_number INTEGER NOT NULL,
  first_seat INTEGER NOT NULL,
  creator TEXT NOT NULL,
  creator_token TEXT NOT NULL,
  creator_registered INTEGER NOT NULL,
  creator_points REAL NOT NULL,
  joiner TEXT NOT NULL,
  joiner_token TEXT NOT NULL,
  joiner_registered INTEGER NOT NULL,
  joiner_points REAL NOT NULL,
  started_ms INTEGER NOT NULL
);
CREATE TABLE live_moves (
  seq INTEGER PRIMARY KEY,
  game_id TEXT NOT NULL,
  ply INTEGER NOT NULL,
  text TEXT NOT NULL,
  first_clock_ms INTEGER NOT NULL,
  second_clock_ms INTEGER NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE TABLE health_probe (
  id INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL
);
)sql";

// Version 4: whether a game was played in a private room. A private game is listed only
// to its players (a filter on the rows the listing's index already visits; private games
// are few), and fetched by whoever has its id.
constexpr std::string_view kStep4 = R"sql(
ALTER TABLE games ADD COLUMN is_private INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 5: ratings (docs/ratings.md). One row per (player, rating key) with the
// Glicko-2 values and the counts; one history row per player per rated game, keyed in
// the order a history is read; `rated` on archived and live games. The leaderboard reads
// ratings_by_key from the top.
constexpr std::string_view kStep5 = R"sql(
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE live_games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE TABLE ratings (
  player TEXT NOT NULL,
  key TEXT NOT NULL,
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  volatility REAL NOT NULL,
  games INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  losses INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (player, key)
) WITHOUT ROWID;
CREATE INDEX ratings_by_key ON ratings (key, rating);
CREATE TABLE rating_history (
  player TEXT NOT NULL,
  key TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  game_id TEXT NOT NULL,
  before REAL NOT NULL,
  after REAL NOT NULL,
  rd REAL NOT NULL,
  volatility REAL NOT NULL,
  opponent TEXT NOT NULL,
  score REAL NOT NULL,
  PRIMARY KEY (player, key, at_ms, game_id)
) WITHOUT ROWID;
)sql";

// Version 6: play the computer (docs/protocol.md). Bot accounts are marked (only the
// operator's --create-bot sets the mark); live and archived games keep the computer's
// level of a game of play_computer and which players were bots, so a restored game and
// the archive still show them.
constexpr std::string_view kStep6 = R"sql(
ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE live_games ADD COLUMN computer_level INTEGER;
ALTER TABLE live_games ADD COLUMN creator_bot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE live_games ADD COLUMN joiner_bot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN computer_level INTEGER;
ALTER TABLE games ADD COLUMN first_bot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN second_bot INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 7: imported games (docs/records.md, "Import"). A game added from a record
// file is marked, keeps its file's tags (a flat JSON object of strings, like options)
// and the hash of its content; the unique index on the hash is what makes a second
// import of the same file add nothing. Games played here have no hash (NULL), which
// the partial index leaves out.
constexpr std::string_view kStep7 = R"sql(
ALTER TABLE games ADD COLUMN imported INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN tags TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN content_hash TEXT;
CREATE UNIQUE INDEX games_by_content ON games (content_hash) WHERE content_hash IS NOT NULL;
)sql";

// Version 8: names of every script, unique by a folded key (docs/protocol.md, "Names";
// names/player_names.hpp). The key is computed in C++ with ICU, not in SQL: the column
// and its unique index come here (NULL keys never collide), and name_keys.hpp fills the
// keys when the file's stored key version (the one-row name_keys table) is not the
// running ICU's, so this step and an ICU upgrade take the same path.
constexpr std::string_view kStep8 = R"sql(
ALTER TABLE accounts ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX accounts_by_key ON accounts (name_key);
CREATE TABLE name_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version TEXT NOT NULL
);
)sql";

// Version 9: durable absence deadlines (docs/protocol.md, "Reconnecting"). A player
// absent when the server stopped keeps the deadline they had: a restart decides it at
// once if it passed meanwhile, instead of giving a fresh grace. 0: present.
constexpr std::string_view kStep9 = R"sql(
ALTER TABLE live_games ADD COLUMN creator_absent_until_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE live_games ADD COLUMN joiner_absent_until_ms INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 10: correspondence games (docs/correspondence.md). Their time control ("days
// 3", "bank 7 12 2"; NULL for a live game) with the live game and its record, and the
// side to move's deadline, written with each move; the deadline sweep and a player's
// games page read it through the index, which holds correspondence games only.
constexpr std::string_view kStep10 = R"sql(
ALTER TABLE live_games ADD COLUMN correspondence TEXT;
ALTER TABLE live_games ADD COLUMN deadline_ms INTEGER;
CREATE INDEX live_games_by_deadline ON live_games (deadline_ms) WHERE deadline_ms IS NOT NULL;
ALTER TABLE games ADD COLUMN correspondence TEXT;
)sql";

// Version 11: notifications (docs/notifications.md), and a correspondence game's
// standing draw offer and takeback request (sides 0/1, -1: none), which outlive a restart. A player's settings, and the
// outbox: one row per message to send, written in the transaction of the move or the
// settings change that causes it, marked once sent or given up. `key` is the
// idempotency key a receiver sees on every attempt. The partial indexes hold only what
// is still to send, so the worker's and a move's lookups stay small; the last one counts
// a day's mails to an address (the rate limit).
constexpr std::string_view kStep11 = R"sql(
ALTER TABLE live_games ADD COLUMN draw_offer INTEGER NOT NULL DEFAULT -1;
ALTER TABLE live_games ADD COLUMN takeback_offer INTEGER NOT NULL DEFAULT -1;
ALTER TABLE live_games ADD COLUMN takeback_plies INTEGER NOT NULL DEFAULT 0;
CREATE TABLE notify_settings (
  player TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL DEFAULT '',
  email_verified INTEGER NOT NULL DEFAULT 0,
  verify_token TEXT,
  unsubscribe_token TEXT NOT NULL,
  on_move INTEGER NOT NULL DEFAULT 1,
  reminder_hours TEXT NOT NULL DEFAULT '24 2',
  webhook_url TEXT NOT NULL DEFAULT '',
  webhook_secret TEXT NOT NULL DEFAULT '',
  updated_ms INTEGER NOT NULL
);
CREATE UNIQUE INDEX notify_by_verify_token ON notify_settings (verify_token) WHERE verify_token IS NOT NULL;
CREATE UNIQUE INDEX notify_by_unsubscribe_token ON notify_settings (unsubscribe_token);
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  player TEXT NOT NULL,
  channel TEXT NOT NULL,
  kind TEXT NOT NULL,
  game_id TEXT NOT NULL DEFAULT '',
  payload TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  created_ms INTEGER NOT NULL,
  due_ms INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  sent_ms INTEGER,
  dropped TEXT
);
CREATE INDEX outbox_due ON outbox (due_ms) WHERE sent_ms IS NULL AND dropped IS NULL;
CREATE INDEX outbox_pending_by_game ON outbox (game_id) WHERE sent_ms IS NULL AND dropped IS NULL;
CREATE INDEX outbox_mail_sent ON outbox (address, sent_ms) WHERE channel = 'email' AND sent_ms IS NOT NULL;
)sql";

// Version 12: a correspondence game's moves marked, and found through an index of
// theirs alone, so that one idle game is read back when a player opens it (load_live_game)
// without a scan of every live move. Live games' moves stay out of the index: their
// appends still dirty only the table's last page (kStep3).
constexpr std::string_view kStep12 = R"sql(
ALTER TABLE live_moves ADD COLUMN correspondence INTEGER;
UPDATE live_moves SET correspondence = 1
  WHERE game_id IN (SELECT game_id FROM live_games WHERE correspondence IS NOT NULL);
CREATE INDEX live_moves_of_correspondence ON live_moves (game_id, seq) WHERE correspondence IS NOT NULL;
)sql";

// Version 13: tournaments (docs/tournaments.md). A tournament's own row (its settings,
// status and round), its players by number, and its games: a played game by its id (its
// result is the archive's, joined on games.id), a bye or a forfeit by its outcome alone.
// Pairing a round is one transaction of rows, so a restart finds it paired once.
constexpr std::string_view kStep13 = R"sql(
CREATE TABLE tournaments (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  format TEXT NOT NULL,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  initial_ms INTEGER NOT NULL,
  increment_ms INTEGER NOT NULL,
  days INTEGER NOT NULL,
  rated INTEGER NOT NULL,
  rounds INTEGER NOT NULL,
  cycles INTEGER NOT NULL,
  group_size INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  starts_ms INTEGER NOT NULL,
  max_players INTEGER NOT NULL,
  min_rating INTEGER NOT NULL,
  private INTEGER NOT NULL,
  invite_code TEXT NOT NULL,
  mini_match INTEGER NOT NULL,
  bots INTEGER NOT NULL,
  bye_points INTEGER NOT NULL,
  creator TEXT NOT NULL,
  status TEXT NOT NULL,
  round INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER NOT NULL
);
CREATE INDEX tournaments_by_status ON tournaments (status, created_ms);
CREATE TABLE tournament_players (
  tournament TEXT NOT NULL,
  number INTEGER NOT NULL,
  name TEXT NOT NULL,
  rating INTEGER NOT NULL,
  grp INTEGER NOT NULL,
  withdrawn INTEGER NOT NULL,
  bot INTEGER NOT NULL,
  PRIMARY KEY (tournament, number)
) WITHOUT ROWID;
CREATE TABLE tournament_games (
  tournament TEXT NOT NULL,
  round INTEGER NOT NULL,
  first INTEGER NOT NULL,
  second INTEGER NOT NULL,
  grp INTEGER NOT NULL,
  game_id TEXT NOT NULL,
  outcome TEXT,
  PRIMARY KEY (tournament, round, first, second)
);
CREATE UNIQUE INDEX tournament_games_by_game ON tournament_games (game_id) WHERE game_id <> '';
)sql";

// Version 14: the computer entered in a tournament by its creator plays at the level
// chosen then (0 for everyone else).
constexpr std::string_view kStep14 = R"sql(
ALTER TABLE tournament_players ADD COLUMN computer_level INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 15: the opening explorer (docs/explorer.md). One row per position, variant,
// move, source (0 played here, 1 imported), rating band (average rating / 100, -1
// unrated) and month (yyyymm) with its counts and its newest game, added to when a game is
// archived: a lookup sums one position's rows (its primary key's prefix). An archive of
// an older version has the table empty until `boardhall-server --reindex` fills it.
constexpr std::string_view kStep15 = R"sql(
CREATE TABLE explorer_moves (
  position INTEGER NOT NULL,
  variant TEXT NOT NULL,
  move TEXT NOT NULL,
  source INTEGER NOT NULL,
  band INTEGER NOT NULL,
  month INTEGER NOT NULL,
  games INTEGER NOT NULL,
  first INTEGER NOT NULL,
  draws INTEGER NOT NULL,
  second INTEGER NOT NULL,
  rated_games INTEGER NOT NULL,
  rating_sum REAL NOT NULL,
  last_ms INTEGER NOT NULL,
  last_game TEXT NOT NULL,
  PRIMARY KEY (position, variant, move, source, band, month)
) WITHOUT ROWID;
)sql";

// Version 16: personal API tokens (docs/api.md): the SHA-256 of each secret, never the
// secret; a revoked token is kept (revoked_ms set) so its id is never given again.
constexpr std::string_view kStep16 = R"sql(
CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY NOT NULL,
  owner TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  label TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  last_used_ms INTEGER,
  revoked_ms INTEGER
);
CREATE INDEX api_tokens_by_owner ON api_tokens (owner, created_ms);
)sql";

// Version 17: moderation (docs/moderation.md). Blocks between players; reports, whose
// chat is emptied after some days; the moderators' roles, sanctions, blocked addresses
// and refused names (by their name key); the audit log, which triggers keep append-only.
constexpr std::string_view kStep17 = R"sql(
CREATE TABLE player_blocks (
  player TEXT NOT NULL,
  blocked TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (player, blocked)
) WITHOUT ROWID;
CREATE TABLE staff_roles (
  name TEXT PRIMARY KEY NOT NULL,
  role TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE sanctions (
  name TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL,
  until_ms INTEGER,
  at_ms INTEGER NOT NULL,
  reason TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE address_blocks (
  cidr TEXT PRIMARY KEY NOT NULL,
  until_ms INTEGER,
  at_ms INTEGER NOT NULL,
  reason TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE refused_names (
  key TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  reason TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at_ms INTEGER NOT NULL,
  reporter TEXT NOT NULL,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  text TEXT NOT NULL,
  game_id TEXT,
  ply INTEGER,
  chat TEXT NOT NULL,
  closed_by TEXT,
  closed_ms INTEGER
);
CREATE INDEX reports_by_time ON reports (at_ms);
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at_ms INTEGER NOT NULL,
  moderator TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  reason TEXT NOT NULL,
  detail TEXT NOT NULL
);
CREATE TRIGGER audit_log_kept BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
CREATE TRIGGER audit_log_whole BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
)sql";

// kSteps[i] takes a file from version i to version i + 1. Add a step, never edit one.
const std::string_view kSteps[] = {kSchemaV1, kStep2,  kStep3,  kStep4,  kStep5,  kStep6,  kStep7,  kStep8, kStep9,
                                   kStep10,   kStep11, kStep12, kStep13, kStep14, kStep15, kStep16, kStep17};
static_assert(sizeof(kSteps) / sizeof(kSteps[0]) == kSchemaVersion);

}  // namespace

int schema_version(Db& db) {
  Query q(db, "PRAGMA user_version");
  return q.step() == SQLITE_ROW ? static_cast<int>(q.int64(0)) : -1;
}

StoreError configure(Db& db, bool synchronous_full, int busy_timeout_ms, int cache_kib) {
  // The busy timeout first: the journal mode change below may wait for other processes.
  sqlite3_busy_timeout(db.handle(), busy_timeout_ms);
  if (!db.read_only()) {
    // WAL: readers (the archive pages) never block the writer, and a commit appends to
    // one file instead of rewriting pages twice.
    Query q(db, "PRAGMA journal_mode = WAL");
    const int rc = q.step();
    if (rc != SQLITE_ROW) return error_from(db, rc, "cannot set WAL mode");
    if (q.text(0) != "wal") return {StoreErrc::unavailable, "cannot set WAL mode (got " + q.text(0) + ")"};
  }
  // FULL by default: the interface promises that `done(ok)` means durable, and in WAL
  // mode NORMAL only syncs at checkpoints, so a power cut could lose games a client was
  // told are saved. Group commit makes FULL cheap: one fsync per batch, not per game.
  // NORMAL (never corrupt, may lose the last commits) is an option for throwaway data.
  const std::string sync = synchronous_full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL";
  if (const int rc = db.exec(sync); rc != SQLITE_OK) return error_from(db, rc, "cannot set synchronous");
  // After a large checkpoint the WAL file is truncated back to this, not left at its peak.
  if (const int rc = db.exec("PRAGMA journal_size_limit = 67108864"); rc != SQLITE_OK) {
    return error_from(db, rc, "cannot set the journal size limit");
  }
  const std::string cache = "PRAGMA cache_size = -" + std::to_string(cache_kib);
  if (const int rc = db.exec(cache); rc != SQLITE_OK) return error_from(db, rc, "cannot set cache size");
  return {};
}

StoreError migrate(Db& db) {
  const int version = schema_version(db);
  if (version < 0) {
    return error_from(db, sqlite3_extended_errcode(db.handle()), "cannot read the schema version");
  }
  const int current = kSchemaVersion;
  if (version > current) {
    return {StoreErrc::unavailable, "database schema version " + std::to_string(version) +
                                        " is newer than this server's (" + std::to_string(current) + ")"};
  }
  if (version < current && db.read_only()) {
    return {StoreErrc::unavailable, "read-only database at schema version " + std::to_string(version) +
                                        " needs migrating to " + std::to_string(current)};
  }
  for (int v = version; v < current; ++v) {
    // IMMEDIATE: take the write lock before reading, so two servers starting on the same
    // file cannot both run the same step.
    if (const int rc = db.exec("BEGIN IMMEDIATE"); rc != SQLITE_OK) {
      return error_from(db, rc, "cannot start schema migration");
    }
    if (schema_version(db) != v) {  // another process migrated meanwhile
      db.exec("ROLLBACK");
      return migrate(db);
    }
    const std::string bump = "PRAGMA user_version = " + std::to_string(v + 1);
    int rc = db.exec(kSteps[v]);
    if (rc == SQLITE_OK) rc = db.exec(bump);
    if (rc == SQLITE_OK) rc = db.exec("COMMIT");
    if (rc != SQLITE_OK) {
      StoreError error = error_from(db, rc, "schema migration to version " + std::to_string(v + 1) + " failed");
      if (db.in_transaction()) db.exec("ROLLBACK");
      return error;
    }
  }
  return {};
}

}  // namespace bh::storage::sql
