#include "storage/tournament_sql.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <sstream>

#include "storage/tournament_columns.hpp"

namespace bh::storage::sql {

namespace {

using tournament::Tournament;

using tournament_columns::kColumns;
using tournament_columns::options_from;
using tournament_columns::options_text;

Tournament header_row(const Query& q) {
  Tournament t;
  auto& s = t.settings;
  t.id = q.text(0);
  s.name = q.text(1);
  s.format = tournament::format_from(q.text(2)).value_or(tournament::Format::swiss);
  s.game = q.text(3);
  s.options = options_from(q.text(4));
  s.time.initial_ms = q.int64(5);
  s.time.increment_ms = q.int64(6);
  s.time.days = static_cast<int>(q.int64(7));
  s.rated = q.int64(8) != 0;
  s.rounds = static_cast<int>(q.int64(9));
  s.cycles = static_cast<int>(q.int64(10));
  s.group_size = static_cast<int>(q.int64(11));
  s.duration_ms = q.int64(12);
  s.starts_ms = q.int64(13);
  s.max_players = static_cast<int>(q.int64(14));
  s.min_rating = static_cast<int>(q.int64(15));
  s.is_private = q.int64(16) != 0;
  s.invite_code = q.text(17);
  s.mini_match = q.int64(18) != 0;
  s.bots = q.int64(19) != 0;
  s.bye_points = static_cast<int>(q.int64(20));
  s.creator = q.text(21);
  t.status = tournament::status_from(q.text(22)).value_or(tournament::Status::finished);
  t.round = static_cast<int>(q.int64(23));
  t.created_ms = q.int64(24);
  t.started_ms = q.int64(25);
  t.finished_ms = q.int64(26);
  return t;
}

StoreError read_players(Db& db, Tournament& t) {
  Query q(
      db,
      "SELECT number, name, rating, grp, withdrawn, bot, computer_level FROM tournament_players WHERE tournament = ?1 "
      "ORDER BY number");
  q.bind(1, t.id);
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    tournament::Player p;
    p.number = static_cast<int>(q.int64(0));
    p.name = q.text(1);
    p.rating = static_cast<int>(q.int64(2));
    p.group = static_cast<int>(q.int64(3));
    p.withdrawn = static_cast<int>(q.int64(4));
    p.bot = q.int64(5) != 0;
    p.level = static_cast<int>(q.int64(6));
    t.players.push_back(std::move(p));
  }
  if (rc != SQLITE_DONE) return error_from(db, rc, "cannot read the players of tournament " + t.id);
  return {};
}

// A played game's outcome is the archive's when it has the game (the result and the
// plies), else the tournament's own row's (a bye, a forfeit, or an archive write that
// failed and is tried again).
StoreError read_games(Db& db, Tournament& t) {
  Query q(db,
          "SELECT tg.round, tg.first, tg.second, tg.grp, tg.game_id, tg.outcome, g.result, g.move_count "
          "FROM tournament_games tg LEFT JOIN games g ON tg.game_id <> '' AND g.id = tg.game_id "
          "WHERE tg.tournament = ?1 ORDER BY tg.round, tg.rowid");
  q.bind(1, t.id);
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    tournament::Game g;
    g.round = static_cast<int>(q.int64(0));
    g.first = static_cast<int>(q.int64(1));
    g.second = static_cast<int>(q.int64(2));
    g.group = static_cast<int>(q.int64(3));
    g.game_id = q.text(4);
    if (!q.is_null(6)) {
      g.outcome = tournament::outcome_of_game(q.text(6), static_cast<int>(q.int64(7)));
    } else if (!q.is_null(5)) {
      g.outcome = tournament::outcome_from(q.text(5));
    }
    t.games.push_back(std::move(g));
  }
  if (rc != SQLITE_DONE) return error_from(db, rc, "cannot read the games of tournament " + t.id);
  return {};
}

StoreResult<std::vector<Tournament>> read_whole(Db& db, Query& q, const std::string& what) {
  std::vector<Tournament> out;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(header_row(q));
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read " + what), std::nullopt};
  for (auto& t : out) {
    if (auto error = read_players(db, t); !error.ok()) return {error, std::nullopt};
    if (auto error = read_games(db, t); !error.ok()) return {error, std::nullopt};
  }
  return {{}, std::move(out)};
}

}  // namespace

StoreError save_tournament(Db& db, const TournamentWrite& write) {
  const auto& t = write.header;
  const auto& s = t.settings;
  Query h(db, std::string("INSERT OR REPLACE INTO tournaments (") + kColumns +
                  ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, "
                  "?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27)");
  h.bind(1, t.id).bind(2, s.name).bind(3, tournament::format_text(s.format)).bind(4, s.game);
  h.bind(5, options_text(s.options)).bind(6, s.time.initial_ms).bind(7, s.time.increment_ms).bind(8, s.time.days);
  h.bind(9, s.rated ? 1 : 0).bind(10, s.rounds).bind(11, s.cycles).bind(12, s.group_size).bind(13, s.duration_ms);
  h.bind(14, s.starts_ms).bind(15, s.max_players).bind(16, s.min_rating).bind(17, s.is_private ? 1 : 0);
  h.bind(18, s.invite_code).bind(19, s.mini_match ? 1 : 0).bind(20, s.bots ? 1 : 0).bind(21, s.bye_points);
  h.bind(22, s.creator).bind(23, tournament::status_text(t.status)).bind(24, t.round).bind(25, t.created_ms);
  h.bind(26, t.started_ms).bind(27, t.finished_ms);
  if (const int rc = h.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot write tournament " + t.id);
  for (const auto& p : write.players) {
    Query q(db,
            "INSERT OR REPLACE INTO tournament_players (tournament, number, name, rating, grp, withdrawn, bot, "
            "computer_level) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    q.bind(1, t.id).bind(2, p.number).bind(3, p.name).bind(4, p.rating).bind(5, p.group).bind(6, p.withdrawn);
    q.bind(7, p.bot ? 1 : 0).bind(8, p.level);
    if (const int rc = q.step(); rc != SQLITE_DONE)
      return error_from(db, rc, "cannot write a player of tournament " + t.id);
  }
  for (const auto& g : write.games) {
    // An upsert keeps the row (and its rowid, the order of a round's boards).
    Query q(db,
            "INSERT INTO tournament_games (tournament, round, first, second, grp, game_id, outcome) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (tournament, round, first, second) "
            "DO UPDATE SET outcome = excluded.outcome");
    q.bind(1, t.id).bind(2, g.round).bind(3, g.first).bind(4, g.second).bind(5, g.group).bind(6, g.game_id);
    if (g.outcome) {
      q.bind(7, tournament::outcome_text(*g.outcome));
    } else {
      q.bind_null(7);
    }
    if (const int rc = q.step(); rc != SQLITE_DONE)
      return error_from(db, rc, "cannot write a game of tournament " + t.id);
  }
  return {};
}

StoreResult<std::vector<Tournament>> load_tournaments(Db& db) {
  Query q(db, std::string("SELECT ") + kColumns + " FROM tournaments WHERE status <> 'finished' ORDER BY created_ms");
  return read_whole(db, q, "the tournaments");
}

StoreResult<Tournament> get_tournament(Db& db, const std::string& id) {
  Query q(db, std::string("SELECT ") + kColumns + " FROM tournaments WHERE id = ?1");
  q.bind(1, id);
  auto found = read_whole(db, q, "tournament " + id);
  if (!found.error.ok()) return {found.error, std::nullopt};
  if (found.value->empty()) return {{StoreErrc::not_found, "no tournament " + id}, std::nullopt};
  return {{}, std::move(found.value->front())};
}

StoreResult<std::vector<Tournament>> list_tournaments(Db& db, const TournamentQuery& query) {
  const int limit = std::clamp(query.limit, 1, 100);
  if (query.status) {
    Query q(db, std::string("SELECT ") + kColumns +
                    " FROM tournaments WHERE status = ?1 AND private = 0 ORDER BY created_ms DESC LIMIT ?2");
    q.bind(1, tournament::status_text(*query.status)).bind(2, limit);
    return read_whole(db, q, "the tournaments");
  }
  Query q(db,
          std::string("SELECT ") + kColumns + " FROM tournaments WHERE private = 0 ORDER BY created_ms DESC LIMIT ?1");
  q.bind(1, limit);
  return read_whole(db, q, "the tournaments");
}

StoreResult<std::vector<std::string>> live_tournament_games(Db& db) {
  Query q(db,
          "SELECT tg.game_id FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament JOIN live_games l ON "
          "l.game_id = tg.game_id WHERE t.status <> 'finished' AND tg.game_id <> ''");
  std::vector<std::string> ids;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) ids.push_back(q.text(0));
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the tournaments' live games"), std::nullopt};
  return {{}, std::move(ids)};
}

}  // namespace bh::storage::sql
