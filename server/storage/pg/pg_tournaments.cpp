#include "storage/pg/pg_tournaments.hpp"

#include <algorithm>
#include <sstream>

#include "storage/tournament_columns.hpp"

namespace bh::storage::pg {

namespace {

using tournament::Tournament;

using tournament_columns::kColumns;
using tournament_columns::options_from;
using tournament_columns::options_text;

// "name = excluded.name, ..." for every column but the id: the whole row rewritten.
std::string every_column_again() {
  std::string out;
  std::istringstream in(kColumns);
  for (std::string column; std::getline(in, column, ',');) {
    column.erase(0, column.find_first_not_of(' '));
    if (column == "id") continue;
    out += (out.empty() ? "" : ", ") + column + " = excluded." + column;
  }
  return out;
}

int int_at(const Rows& rows, int r, int c) { return static_cast<int>(rows.int64(r, c)); }

Tournament header_row(const Rows& rows, int r) {
  Tournament t;
  auto& s = t.settings;
  t.id = rows.text(r, 0);
  s.name = rows.text(r, 1);
  s.format = tournament::format_from(rows.text(r, 2)).value_or(tournament::Format::swiss);
  s.game = rows.text(r, 3);
  s.options = options_from(rows.text(r, 4));
  s.time.initial_ms = rows.int64(r, 5);
  s.time.increment_ms = rows.int64(r, 6);
  s.time.days = int_at(rows, r, 7);
  s.rated = rows.boolean(r, 8);
  s.rounds = int_at(rows, r, 9);
  s.cycles = int_at(rows, r, 10);
  s.group_size = int_at(rows, r, 11);
  s.duration_ms = rows.int64(r, 12);
  s.starts_ms = rows.int64(r, 13);
  s.max_players = int_at(rows, r, 14);
  s.min_rating = int_at(rows, r, 15);
  s.is_private = rows.boolean(r, 16);
  s.invite_code = rows.text(r, 17);
  s.mini_match = rows.boolean(r, 18);
  s.bots = rows.boolean(r, 19);
  s.bye_points = int_at(rows, r, 20);
  s.creator = rows.text(r, 21);
  t.status = tournament::status_from(rows.text(r, 22)).value_or(tournament::Status::finished);
  t.round = int_at(rows, r, 23);
  t.created_ms = rows.int64(r, 24);
  t.started_ms = rows.int64(r, 25);
  t.finished_ms = rows.int64(r, 26);
  return t;
}

StoreError read_players(Conn& conn, Tournament& t) {
  Params p;
  p.add(t.id);
  auto rows = conn.run(
      "SELECT number, name, rating, grp, withdrawn, bot, computer_level FROM tournament_players "
      "WHERE tournament = $1 ORDER BY number",
      p);
  if (!rows.error.ok()) return rows.error;
  for (int r = 0; r < rows.value->size(); ++r) {
    tournament::Player player;
    player.number = int_at(*rows.value, r, 0);
    player.name = rows.value->text(r, 1);
    player.rating = int_at(*rows.value, r, 2);
    player.group = int_at(*rows.value, r, 3);
    player.withdrawn = int_at(*rows.value, r, 4);
    player.bot = rows.value->boolean(r, 5);
    player.level = int_at(*rows.value, r, 6);
    t.players.push_back(std::move(player));
  }
  return {};
}

// A played game's outcome is the archive's when it has the game, else the tournament's
// own row's (tournament_sql.cpp says why).
StoreError read_games(Conn& conn, Tournament& t) {
  Params p;
  p.add(t.id);
  auto rows = conn.run(
      "SELECT tg.round, tg.first, tg.second, tg.grp, tg.game_id, tg.outcome, g.result, g.move_count "
      "FROM tournament_games tg LEFT JOIN games g ON tg.game_id <> '' AND g.id = tg.game_id "
      "WHERE tg.tournament = $1 ORDER BY tg.round, tg.seq",
      p);
  if (!rows.error.ok()) return rows.error;
  for (int r = 0; r < rows.value->size(); ++r) {
    tournament::Game g;
    g.round = int_at(*rows.value, r, 0);
    g.first = int_at(*rows.value, r, 1);
    g.second = int_at(*rows.value, r, 2);
    g.group = int_at(*rows.value, r, 3);
    g.game_id = rows.value->text(r, 4);
    if (!rows.value->null(r, 6)) {
      g.outcome = tournament::outcome_of_game(rows.value->text(r, 6), int_at(*rows.value, r, 7));
    } else if (!rows.value->null(r, 5)) {
      g.outcome = tournament::outcome_from(rows.value->text(r, 5));
    }
    t.games.push_back(std::move(g));
  }
  return {};
}

StoreResult<std::vector<Tournament>> read_whole(Conn& conn, const std::string& sql, const Params& params) {
  auto rows = conn.run(sql, params);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  std::vector<Tournament> out;
  for (int r = 0; r < rows.value->size(); ++r) out.push_back(header_row(*rows.value, r));
  for (auto& t : out) {
    if (auto error = read_players(conn, t); !error.ok()) return {error, std::nullopt};
    if (auto error = read_games(conn, t); !error.ok()) return {error, std::nullopt};
  }
  return {{}, std::move(out)};
}

}  // namespace

StoreError save_tournament(Conn& conn, const TournamentWrite& write, std::optional<std::int64_t> leader) {
  const auto& t = write.header;
  if (leader) {
    Params e;
    e.add(*leader);
    auto leads = conn.run(
        "SELECT 1 FROM nodes WHERE epoch = $1 AND lease_until > now() AND epoch = (SELECT min(epoch) FROM nodes "
        "WHERE lease_until > now())",
        e);
    if (!leads.error.ok()) return leads.error;
    if (leads.value->size() == 0)
      return {StoreErrc::fenced, "node " + std::to_string(*leader) + " no longer directs the tournaments"};
  }
  const auto& s = t.settings;
  Params h;
  h.add(t.id).add(s.name).add(std::string(tournament::format_text(s.format))).add(s.game).add(options_text(s.options));
  h.add(s.time.initial_ms).add(s.time.increment_ms).add(s.time.days).add(s.rated).add(s.rounds).add(s.cycles);
  h.add(s.group_size).add(s.duration_ms).add(s.starts_ms).add(s.max_players).add(s.min_rating).add(s.is_private);
  h.add(s.invite_code).add(s.mini_match).add(s.bots).add(s.bye_points).add(s.creator);
  h.add(std::string(tournament::status_text(t.status)))
      .add(t.round)
      .add(t.created_ms)
      .add(t.started_ms)
      .add(t.finished_ms);
  // The whole row again with each step (its status, round and times move on).
  auto header = conn.run(
      std::string("INSERT INTO tournaments (") + kColumns +
          ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, "
          "$22, $23, $24, $25, $26, $27) ON CONFLICT (id) DO UPDATE SET " +
          every_column_again(),
      h);
  if (!header.error.ok()) return header.error;
  for (const auto& player : write.players) {
    Params p;
    p.add(t.id).add(player.number).add(player.name).add(player.rating).add(player.group).add(player.withdrawn);
    p.add(player.bot).add(player.level);
    auto row = conn.run(
        "INSERT INTO tournament_players (tournament, number, name, rating, grp, withdrawn, bot, computer_level) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (tournament, number) DO UPDATE SET "
        "name = excluded.name, rating = excluded.rating, grp = excluded.grp, withdrawn = excluded.withdrawn, "
        "bot = excluded.bot, computer_level = excluded.computer_level",
        p);
    if (!row.error.ok()) return row.error;
  }
  for (const auto& g : write.games) {
    Params p;
    p.add(t.id).add(g.round).add(g.first).add(g.second).add(g.group).add(g.game_id);
    if (g.outcome) p.add(std::string(tournament::outcome_text(*g.outcome)));
    else p.add_null();
    // An upsert keeps the row (and its seq, the order of a round's boards).
    auto row = conn.run(
        "INSERT INTO tournament_games (tournament, round, first, second, grp, game_id, outcome) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tournament, round, first, second) "
        "DO UPDATE SET outcome = excluded.outcome",
        p);
    if (!row.error.ok()) return row.error;
  }
  return {};
}

StoreResult<std::vector<Tournament>> load_tournaments(Conn& conn) {
  return read_whole(
      conn, std::string("SELECT ") + kColumns + " FROM tournaments WHERE status <> 'finished' ORDER BY created_ms, id",
      {});
}

StoreResult<Tournament> get_tournament(Conn& conn, const std::string& id) {
  Params p;
  p.add(id);
  auto found = read_whole(conn, std::string("SELECT ") + kColumns + " FROM tournaments WHERE id = $1", p);
  if (!found.error.ok()) return {found.error, std::nullopt};
  if (found.value->empty()) return {{StoreErrc::not_found, "no tournament " + id}, std::nullopt};
  return {{}, std::move(found.value->front())};
}

StoreResult<std::vector<Tournament>> list_tournaments(Conn& conn, const TournamentQuery& query) {
  Params p;
  p.add(std::clamp(query.limit, 1, 100));
  if (query.status) {
    p.add(std::string(tournament::status_text(*query.status)));
    return read_whole(conn,
                      std::string("SELECT ") + kColumns +
                          " FROM tournaments WHERE status = $2 AND NOT private ORDER BY created_ms DESC, id DESC "
                          "LIMIT $1",
                      p);
  }
  return read_whole(conn,
                    std::string("SELECT ") + kColumns +
                        " FROM tournaments WHERE NOT private ORDER BY created_ms DESC, id DESC LIMIT $1",
                    p);
}

StoreResult<std::vector<std::string>> live_tournament_games(Conn& conn) {
  auto rows = conn.run(
      "SELECT tg.game_id FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament JOIN live_games l ON "
      "l.game_id = tg.game_id WHERE t.status <> 'finished' AND tg.game_id <> ''");
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  std::vector<std::string> ids;
  for (int r = 0; r < rows.value->size(); ++r) ids.push_back(rows.value->text(r, 0));
  return {{}, std::move(ids)};
}

}  // namespace bh::storage::pg
