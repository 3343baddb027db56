#include "storage/pg/pg_archive.hpp"

#include <utility>
#include <vector>

#include "names/player_names.hpp"
#include "storage/archive_sql.hpp"

namespace bh::storage::pg {

namespace {

bool valid_result(const std::string& result) {
  return result == "first" || result == "second" || result == "draw" || result == "aborted";
}

// The columns of a listing's row; $N is the names' length (summary_columns' argument).
std::string summary_columns(const std::string& chars) {
  return "g.id, g.game, left(g.first_player, " + chars + "), left(g.second_player, " + chars +
         "), g.result, g.reason, g.first_points, g.second_points, g.started_ms, g.ended_ms, g.move_count, g.options, "
         "g.clock_initial_ms, g.clock_increment_ms, g.rated, g.computer_level, g.first_bot, g.second_bot, g.imported";
}

GameSummary read_summary(const Rows& rows, int r) {
  GameSummary s;
  s.id = rows.text(r, 0);
  s.game = rows.text(r, 1);
  s.first_player = rows.text(r, 2);
  s.second_player = rows.text(r, 3);
  s.result = rows.text(r, 4);
  s.reason = rows.text(r, 5);
  s.first_points = rows.real(r, 6);
  s.second_points = rows.real(r, 7);
  s.started_ms = rows.int64(r, 8);
  s.ended_ms = rows.int64(r, 9);
  s.move_count = static_cast<int>(rows.int64(r, 10));
  if (auto options = sql::decode_options(rows.text(r, 11))) s.options = std::move(*options);
  if (!rows.null(r, 12)) s.clock = ClockSpec{rows.int64(r, 12), rows.int64(r, 13)};
  s.rated = rows.boolean(r, 14);
  if (!rows.null(r, 15)) s.computer_level = static_cast<int>(rows.int64(r, 15));
  s.first_bot = rows.boolean(r, 16);
  s.second_bot = rows.boolean(r, 17);
  s.imported = rows.boolean(r, 18);
  return s;
}

Account read_account(const Rows& rows) {
  Account a;
  a.name = rows.text(0, 0);
  a.salt = rows.text(0, 1);
  a.hash = rows.text(0, 2);
  a.iterations = static_cast<int>(rows.int64(0, 3));
  a.created_ms = rows.int64(0, 4);
  a.bot = rows.boolean(0, 5);
  return a;
}

}  // namespace

StoreError insert_game(Conn& conn, const GameRecord& g) {
  if (g.id.empty()) return {StoreErrc::invalid_query, "game id is empty"};
  if (!valid_result(g.result)) {
    return {StoreErrc::invalid_query,
            "game " + g.id + ": result must be first, second, draw or aborted, not '" + g.result + "'"};
  }
  Params p;
  p.add(g.id).add(g.game).add(sql::encode_options(g.options)).add(g.start_position);
  p.add(g.first_player).add(g.second_player).add(g.result).add(g.reason).add(g.first_points).add(g.second_points);
  if (g.clock) {
    p.add(g.clock->initial_ms).add(g.clock->increment_ms);
  } else {
    p.add_null().add_null();
  }
  p.add(g.match_id).add(g.match_game).add(g.started_ms).add(g.ended_ms);
  p.add(static_cast<std::int64_t>(g.moves.size())).add(g.is_private).add(g.rated);
  if (g.computer_level) {
    p.add(*g.computer_level);
  } else {
    p.add_null();
  }
  p.add(g.first_bot).add(g.second_bot).add(g.imported).add(sql::encode_options(g.tags));
  if (g.content_hash.empty()) {
    p.add_null();
  } else {
    p.add(g.content_hash);
  }
  // DO NOTHING: a second save is told by the count, without an error that would abort
  // the batch's transaction.
  auto inserted = conn.run(
      "INSERT INTO games (id, game, options, start_position, first_player, second_player, result, reason, "
      "first_points, second_points, clock_initial_ms, clock_increment_ms, match_id, match_game, started_ms, ended_ms, "
      "move_count, is_private, rated, computer_level, first_bot, second_bot, imported, tags, content_hash) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, "
      "$23, $24, $25) ON CONFLICT DO NOTHING",
      p);
  if (!inserted.error.ok()) return inserted.error;
  if (inserted.value->affected() == 0) {
    if (!g.content_hash.empty()) return {StoreErrc::conflict, "game " + g.id + " (the same content) is stored already"};
    return {StoreErrc::conflict, "game " + g.id + " is stored already"};
  }
  for (const std::string* player : {&g.first_player, &g.second_player}) {
    if (player->empty()) continue;
    Params pp;
    pp.add(*player).add(g.ended_ms).add(g.id).add(g.game).add(g.result);
    // DO NOTHING: one row when a player is on both sides.
    auto row = conn.run(
        "INSERT INTO game_players (player, ended_ms, game_id, game, result) VALUES ($1, $2, $3, $4, $5) "
        "ON CONFLICT DO NOTHING",
        pp);
    if (!row.error.ok()) return row.error;
  }
  if (g.moves.empty()) return {};
  // Every move in one statement: one round trip per game, not per move.
  std::vector<std::string> texts;
  std::vector<std::int64_t> first, second, at;
  for (const MoveRecord& m : g.moves) {
    texts.push_back(m.text);
    first.push_back(m.first_clock_ms);
    second.push_back(m.second_clock_ms);
    at.push_back(m.at_ms);
  }
  Params pm;
  pm.add(g.id).add_texts(texts).add_ints(first).add_ints(second).add_ints(at);
  auto moves = conn.run(
      "INSERT INTO moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms) "
      "SELECT $1, m.ply, m.text, m.f, m.s, m.a FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::bigint[]) "
      "WITH ORDINALITY AS m(text, f, s, a, ply)",
      pm);
  return moves.error;
}

StoreResult<std::vector<GameSummary>> load_summaries(Conn& conn, const std::vector<std::string>& ids,
                                                     std::size_t name_chars) {
  std::vector<GameSummary> out;
  if (ids.empty()) return {{}, std::move(out)};
  Params p;
  p.add_texts(ids).add(static_cast<std::int64_t>(name_chars));
  auto rows = conn.run("SELECT " + summary_columns("$2") +
                           " FROM unnest($1::text[]) WITH ORDINALITY AS wanted(id, n) JOIN games g ON g.id = wanted.id "
                           "ORDER BY wanted.n",
                       p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  for (int r = 0; r < rows.value->size(); ++r) out.push_back(read_summary(*rows.value, r));
  return {{}, std::move(out)};
}

StoreResult<GameRecord> load_game(Conn& conn, const std::string& id, std::size_t name_chars) {
  Params p;
  p.add(id).add(static_cast<std::int64_t>(name_chars));
  auto rows = conn.run(
      "SELECT id, game, options, start_position, left(first_player, $2), left(second_player, $2), result, reason, "
      "first_points, second_points, clock_initial_ms, clock_increment_ms, match_id, match_game, started_ms, "
      "ended_ms, is_private, rated, computer_level, first_bot, second_bot, imported, tags, content_hash "
      "FROM games WHERE id = $1",
      p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  const Rows& q = *rows.value;
  if (q.size() == 0) return {{StoreErrc::not_found, "no game " + id}, std::nullopt};
  GameRecord g;
  g.id = q.text(0, 0);
  g.game = q.text(0, 1);
  auto options = sql::decode_options(q.text(0, 2));
  if (!options) return {{StoreErrc::unavailable, "game " + id + " has unreadable options"}, std::nullopt};
  g.options = std::move(*options);
  g.start_position = q.text(0, 3);
  g.first_player = q.text(0, 4);
  g.second_player = q.text(0, 5);
  g.result = q.text(0, 6);
  g.reason = q.text(0, 7);
  g.first_points = q.real(0, 8);
  g.second_points = q.real(0, 9);
  if (!q.null(0, 10)) g.clock = ClockSpec{q.int64(0, 10), q.int64(0, 11)};
  g.match_id = q.text(0, 12);
  g.match_game = static_cast<int>(q.int64(0, 13));
  g.started_ms = q.int64(0, 14);
  g.ended_ms = q.int64(0, 15);
  g.is_private = q.boolean(0, 16);
  g.rated = q.boolean(0, 17);
  if (!q.null(0, 18)) g.computer_level = static_cast<int>(q.int64(0, 18));
  g.first_bot = q.boolean(0, 19);
  g.second_bot = q.boolean(0, 20);
  g.imported = q.boolean(0, 21);
  auto tags = sql::decode_options(q.text(0, 22));
  if (!tags) return {{StoreErrc::unavailable, "game " + id + " has unreadable tags"}, std::nullopt};
  g.tags = std::move(*tags);
  if (!q.null(0, 23)) g.content_hash = q.text(0, 23);
  Params pm;
  pm.add(id);
  // A tournament's game: its name and round (never written with the game).
  auto tour = conn.run(
      "SELECT t.name, tg.round FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament "
      "WHERE tg.game_id = $1",
      pm);
  if (!tour.error.ok()) return {tour.error, std::nullopt};
  if (tour.value->size() > 0) {
    g.tournament_name = tour.value->text(0, 0);
    g.tournament_round = static_cast<int>(tour.value->int64(0, 1));
  }
  auto moves =
      conn.run("SELECT text, first_clock_ms, second_clock_ms, at_ms FROM moves WHERE game_id = $1 ORDER BY ply", pm);
  if (!moves.error.ok()) return {moves.error, std::nullopt};
  for (int r = 0; r < moves.value->size(); ++r) {
    g.moves.push_back(MoveRecord{moves.value->text(r, 0), moves.value->int64(r, 1), moves.value->int64(r, 2),
                                 moves.value->int64(r, 3)});
  }
  return {{}, std::move(g)};
}

StoreResult<ArchivePage> list_games(Conn& conn, const ArchiveQuery& query, std::size_t name_chars) {
  if (query.limit < 1 || query.limit > sql::kMaxPageLimit) {
    return {{StoreErrc::invalid_query, "limit must be between 1 and 100, not " + std::to_string(query.limit)},
            std::nullopt};
  }
  if (query.result && !valid_result(*query.result)) {
    return {{StoreErrc::invalid_query, "result must be first, second, draw or aborted, not '" + *query.result + "'"},
            std::nullopt};
  }
  std::optional<sql::CursorPosition> cursor;
  if (query.cursor) {
    cursor = sql::decode_cursor(*query.cursor);
    if (!cursor) return {{StoreErrc::invalid_query, "bad cursor '" + *query.cursor + "'"}, std::nullopt};
  }
  // As archive_sql.cpp: a winner with no player named drives the listing by the
  // winner's own rows; of to_ms and a cursor, only the one that bounds more is kept.
  std::optional<std::string> player = query.player ? query.player : query.winner;
  if (query.tournament) player.reset();  // a tournament's rows drive its listing (a few thousand at most)
  bool use_to_ms = query.to_ms.has_value();
  if (cursor && use_to_ms) {
    if (cursor->ended_ms < *query.to_ms) {
      use_to_ms = false;
    } else {
      cursor.reset();
    }
  }
  // Each value is bound as a parameter; only which conditions appear varies, and each
  // combination is one prepared statement.
  Params p;
  std::string where;
  auto add = [&where](const std::string& condition) {
    where += where.empty() ? " WHERE " : " AND ";
    where += condition;
  };
  const std::string t = player ? "p" : "g";  // the table whose rows drive the listing
  const std::string id = player ? "p.game_id" : "g.id";
  std::string from = player             ? " FROM game_players p JOIN games g ON g.id = p.game_id"
                     : query.tournament ? " FROM tournament_games tt JOIN games g ON g.id = tt.game_id"
                                        : " FROM games g";
  const std::string chars = p.next();
  p.add(static_cast<std::int64_t>(name_chars));
  if (player) {
    add("p.player = " + p.next());
    p.add(*player);
  }
  if (query.tournament) {
    add("tt.tournament = " + p.next());
    p.add(*query.tournament);
    add("tt.game_id <> ''");
    if (query.player) {
      add(p.next() + "::text IN (g.first_player, g.second_player)");
      p.add(*query.player);
    }
  }
  if (query.game) {
    add(t + ".game = " + p.next());
    p.add(*query.game);
  }
  if (query.result) {
    add(t + ".result = " + p.next());
    p.add(*query.result);
  } else {
    add(t + ".result <> 'aborted'");
  }
  if (query.from_ms) {
    add(t + ".ended_ms >= " + p.next() + "::bigint");
    p.add(*query.from_ms);
  }
  if (use_to_ms) {
    add(t + ".ended_ms < " + p.next() + "::bigint");
    p.add(*query.to_ms);
  }
  if (cursor) {
    const std::string at = p.next();
    p.add(cursor->ended_ms);
    add("(" + t + ".ended_ms, " + id + ") < (" + at + "::bigint, " + p.next() + "::text)");
    p.add(cursor->id);
  }
  if (query.winner) {
    const std::string w = p.next();
    p.add(*query.winner);
    add("((g.result = 'first' AND g.first_player = " + w +
        "::text) OR (g.result = 'second' AND g.second_player = " + w + "::text))");
  }
  if (query.viewer) {
    add("(NOT g.is_private OR " + p.next() + "::text IN (g.first_player, g.second_player))");
    p.add(*query.viewer);
  } else {
    add("NOT g.is_private");
  }
  // One row more than asked tells whether another page exists, without a count.
  const std::string limit = p.next();
  p.add(query.limit + 1);
  const std::string sql = "SELECT " + summary_columns(chars) + from + where + " ORDER BY " + t + ".ended_ms DESC, " +
                          id + " DESC LIMIT " + limit;
  auto rows = conn.run(sql, p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  ArchivePage page;
  for (int r = 0; r < rows.value->size(); ++r) {
    if (static_cast<int>(page.games.size()) == query.limit) {
      const GameSummary& last = page.games.back();
      page.next_cursor = sql::encode_cursor(last.ended_ms, last.id);
      break;
    }
    page.games.push_back(read_summary(*rows.value, r));
  }
  return {{}, std::move(page)};
}

StoreError insert_account(Conn& conn, const Account& a) {
  if (a.name.empty()) return {StoreErrc::invalid_query, "account name is empty"};
  Params p;
  p.add(a.name).add(a.salt).add(a.hash).add(a.iterations).add(a.created_ms).add(names::name_key(a.name));
  // DO NOTHING on either unique key (the name, the key of a name like it).
  auto inserted = conn.run(
      "INSERT INTO accounts (name, salt, hash, iterations, created_ms, name_key) VALUES ($1, $2, $3, $4, $5, $6) "
      "ON CONFLICT DO NOTHING",
      p);
  if (!inserted.error.ok()) return inserted.error;
  if (inserted.value->affected() == 0) return {StoreErrc::conflict, "account " + a.name + " exists or looks like one"};
  return {};
}

StoreError save_bot_account(Conn& conn, const Account& a) {
  if (a.name.empty()) return {StoreErrc::invalid_query, "account name is empty"};
  Params p;
  p.add(a.name).add(a.salt).add(a.hash).add(a.iterations).add(a.created_ms).add(names::name_key(a.name));
  // A person's account is left alone (the WHERE); another account's key refuses the row.
  auto saved = conn.run(
      "INSERT INTO accounts (name, salt, hash, iterations, created_ms, bot, name_key) "
      "VALUES ($1, $2, $3, $4, $5, true, $6) ON CONFLICT (name) DO UPDATE SET salt = excluded.salt, "
      "hash = excluded.hash, iterations = excluded.iterations WHERE accounts.bot",
      p);
  if (saved.error.code == StoreErrc::conflict)
    return {StoreErrc::conflict, "account " + a.name + " looks like another"};
  if (!saved.error.ok()) return saved.error;
  if (saved.value->affected() == 0) return {StoreErrc::conflict, "account " + a.name + " is a person's, not a bot's"};
  return {};
}

StoreResult<Account> load_account(Conn& conn, const std::string& name) {
  Params p;
  p.add(name);
  auto rows = conn.run("SELECT name, salt, hash, iterations, created_ms, bot FROM accounts WHERE name = $1", p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  if (rows.value->size() == 0) return {{StoreErrc::not_found, "no account " + name}, std::nullopt};
  return {{}, read_account(*rows.value)};
}

StoreError update_password_hash(Conn& conn, const Account& a, const std::string& old_hash) {
  Params p;
  p.add(a.name).add(a.salt).add(a.hash).add(a.iterations).add(old_hash);
  auto updated = conn.run("UPDATE accounts SET salt = $2, hash = $3, iterations = $4 WHERE name = $1 AND hash = $5", p);
  if (!updated.error.ok()) return updated.error;
  if (updated.value->affected() == 0) return {StoreErrc::not_found, "account " + a.name + " has another hash"};
  return {};
}

StoreResult<Account> load_account_like(Conn& conn, const std::string& name) {
  Params p;
  p.add(names::name_key(name));
  auto rows = conn.run("SELECT name, salt, hash, iterations, created_ms, bot FROM accounts WHERE name_key = $1", p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  if (rows.value->size() == 0) return {{StoreErrc::not_found, "no account like " + name}, std::nullopt};
  return {{}, read_account(*rows.value)};
}

}  // namespace bh::storage::pg
