#include "storage/live_sql.hpp"

#include <sqlite3.h>

#include <map>
#include <unordered_map>

#include "storage/archive_sql.hpp"

namespace bh::storage::sql {

namespace {

StoreError write_header(Db& db, const LiveGame& g) {
  Query q(db,
          "INSERT OR REPLACE INTO live_games (game_id, room_id, match_id, game, options, clock_initial_ms, "
          "clock_increment_ms, creator_side, is_private, invite_code, games, game_number, first_seat, "
          "creator, creator_token, creator_registered, creator_points, "
          "joiner, joiner_token, joiner_registered, joiner_points, started_ms, rated, computer_level, creator_bot, "
          "joiner_bot, creator_absent_until_ms, joiner_absent_until_ms, correspondence, deadline_ms, draw_offer, "
          "takeback_offer, takeback_plies) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, "
          "?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31, ?32, ?33)");
  q.bind(1, g.game_id).bind(2, g.room_id).bind(3, g.match_id).bind(4, g.game).bind(5, encode_options(g.options));
  if (g.clock) {
    q.bind(6, g.clock->initial_ms).bind(7, g.clock->increment_ms);
  } else {
    q.bind_null(6).bind_null(7);
  }
  q.bind(8, g.creator_side).bind(9, g.is_private ? 1 : 0).bind(10, g.invite_code);
  q.bind(11, g.games).bind(12, g.game_number).bind(13, g.first_seat);
  for (int s = 0; s < 2; ++s) {
    const LiveSeat& seat = g.seats[static_cast<std::size_t>(s)];
    const int base = 14 + 4 * s;
    q.bind(base, seat.player).bind(base + 1, seat.token).bind(base + 2, seat.registered ? 1 : 0);
    q.bind(base + 3, seat.match_points);
  }
  q.bind(22, g.started_ms).bind(23, g.rated ? 1 : 0);
  if (g.computer_level) {
    q.bind(24, *g.computer_level);
  } else {
    q.bind_null(24);
  }
  q.bind(25, g.seats[0].bot ? 1 : 0).bind(26, g.seats[1].bot ? 1 : 0);
  q.bind(27, g.absent_until_ms[0]).bind(28, g.absent_until_ms[1]);
  if (g.correspondence.empty()) {
    q.bind_null(29).bind_null(30);
  } else {
    q.bind(29, g.correspondence).bind(30, g.deadline_ms);
  }
  q.bind(31, g.offers.draw).bind(32, g.offers.takeback).bind(33, g.offers.takeback_plies);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot save live game " + g.game_id);
  return {};
}

StoreError write_absences(Db& db, const std::string& game_id, const std::array<std::int64_t, 2>& until) {
  Query q(db, "UPDATE live_games SET creator_absent_until_ms = ?2, joiner_absent_until_ms = ?3 WHERE game_id = ?1");
  q.bind(1, game_id).bind(2, until[0]).bind(3, until[1]);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot save absences of " + game_id);
  return {};
}

StoreError write_deadline(Db& db, const std::string& game_id, std::int64_t deadline_ms) {
  Query q(db, "UPDATE live_games SET deadline_ms = ?2 WHERE game_id = ?1");
  q.bind(1, game_id).bind(2, deadline_ms);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot save the deadline of " + game_id);
  return {};
}

StoreError write_offers(Db& db, const std::string& game_id, const LiveOffers& o) {
  Query q(db, "UPDATE live_games SET draw_offer = ?2, takeback_offer = ?3, takeback_plies = ?4 WHERE game_id = ?1");
  q.bind(1, game_id).bind(2, o.draw).bind(3, o.takeback).bind(4, o.takeback_plies);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot save the offers of " + game_id);
  return {};
}

bool header_stored(Db& db, const std::string& game_id, StoreError& error) {
  Query q(db, "SELECT 1 FROM live_games WHERE game_id = ?1");
  q.bind(1, game_id);
  const int rc = q.step();
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) error = error_from(db, rc, "cannot read live game " + game_id);
  return rc == SQLITE_ROW;
}

// A correspondence game's move is marked (1), so that the index of such moves holds it;
// a live game's is not (NULL), and stays out of it.
void bind_correspondence(Query& q, int index, bool correspondence) {
  if (correspondence) q.bind(index, std::int64_t{1});
  else q.bind_null(index);
}

}  // namespace

StoreError save_live(Db& db, const LiveUpdate& update, bool header_known) {
  const std::string& id = update.header ? update.header->game_id : update.game_id;
  if (id.empty()) return {StoreErrc::invalid_query, "live game id is empty"};
  if (update.header) {
    if (auto error = write_header(db, *update.header); !error.ok()) return error;
  } else if (!update.moves.empty() && !header_known) {
    StoreError error;
    if (!header_stored(db, id, error)) {
      if (!error.ok()) return error;
      return {StoreErrc::invalid_query, "live game " + id + " has no header stored"};
    }
  }
  if (update.absent_until_ms)
    if (auto error = write_absences(db, id, *update.absent_until_ms); !error.ok()) return error;
  if (update.deadline_ms)
    if (auto error = write_deadline(db, id, *update.deadline_ms); !error.ok()) return error;
  if (update.offers)
    if (auto error = write_offers(db, id, *update.offers); !error.ok()) return error;
  std::int64_t ply = update.first_ply;
  for (const MoveRecord& m : update.moves) {
    // Appended: a ply written again is a later row, and the later row wins on loading.
    Query q(db,
            "INSERT INTO live_moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms, correspondence) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    q.bind(1, id).bind(2, ply++).bind(3, m.text).bind(4, m.first_clock_ms).bind(5, m.second_clock_ms);
    q.bind(6, m.at_ms);
    bind_correspondence(q, 7, update.correspondence);
    if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot save a move of " + id);
  }
  // Taken back: each dropped ply gets a later row with no text, which ends the game
  // there on loading (the table is append-only, see kStep3); a move played there
  // again is a still later row and wins.
  for (; ply <= update.erase_through; ++ply) {
    Query q(db,
            "INSERT INTO live_moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms, correspondence) "
            "VALUES (?1, ?2, '', -1, -1, 0, ?3)");
    q.bind(1, id).bind(2, ply);
    bind_correspondence(q, 3, update.correspondence);
    if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot take back a move of " + id);
  }
  return {};
}

StoreError delete_live(Db& db, const std::string& game_id) {
  Query q(db, "DELETE FROM live_games WHERE game_id = ?1");
  q.bind(1, game_id);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot forget live game " + game_id);
  return {};
}

StoreResult<std::int64_t> collect_live_moves(Db& db, std::int64_t after, std::int64_t budget) {
  using Result = StoreResult<std::int64_t>;
  std::int64_t last = 0;
  {
    Query q(db, "SELECT max(seq) FROM live_moves");
    const int rc = q.step();
    if (rc != SQLITE_ROW) return {error_from(db, rc, "cannot read live moves"), std::nullopt};
    last = q.is_null(0) ? 0 : q.int64(0);
  }
  const std::int64_t until = after + budget;
  Query q(db,
          "DELETE FROM live_moves WHERE seq > ?1 AND seq <= ?2 AND NOT EXISTS "
          "(SELECT 1 FROM live_games WHERE live_games.game_id = live_moves.game_id)");
  q.bind(1, after).bind(2, until);
  if (const int rc = q.step(); rc != SQLITE_DONE) return {error_from(db, rc, "cannot delete old live moves"), {}};
  return Result{{}, until >= last ? 0 : until};  // past the end: start again from the front
}

StoreResult<FoundSeat> find_live_seat(Db& db, const std::string& token) {
  Query q(db, "SELECT game_id FROM live_games WHERE creator_token = ?1 OR joiner_token = ?1 LIMIT 1");
  q.bind(1, std::string_view(token));
  const int rc = q.step();
  if (rc == SQLITE_ROW) return {{}, FoundSeat{q.text(0), 0}};
  if (rc == SQLITE_DONE) return {{StoreErrc::not_found, "no live game has that seat"}, std::nullopt};
  return {error_from(db, rc, "cannot look up a live seat"), std::nullopt};
}

namespace {

// Every live game (`only` null) or the one of id *only, with its moves.
StoreResult<std::vector<LiveGame>> read_live(Db& db, const std::string* only) {
  using Result = StoreResult<std::vector<LiveGame>>;
  std::vector<LiveGame> games;
  {
    Query q(db,
            "SELECT game_id, room_id, match_id, game, options, clock_initial_ms, clock_increment_ms, "
            "creator_side, is_private, invite_code, games, game_number, first_seat, "
            "creator, creator_token, creator_registered, creator_points, "
            "joiner, joiner_token, joiner_registered, joiner_points, started_ms, rated, computer_level, "
            "creator_bot, joiner_bot, creator_absent_until_ms, joiner_absent_until_ms, correspondence, deadline_ms, "
            "draw_offer, takeback_offer, takeback_plies FROM live_games" +
                std::string(only ? " WHERE game_id = ?1" : "") + " ORDER BY started_ms, game_id");
    if (only) q.bind(1, std::string_view(*only));
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW) {
      LiveGame g;
      g.game_id = q.text(0);
      g.room_id = q.text(1);
      g.match_id = q.text(2);
      g.game = q.text(3);
      auto options = decode_options(q.text(4));
      if (!options) return {{StoreErrc::unavailable, "live game " + g.game_id + " has unreadable options"}, {}};
      g.options = std::move(*options);
      if (!q.is_null(5)) g.clock = ClockSpec{q.int64(5), q.int64(6)};
      g.creator_side = q.text(7);
      g.is_private = q.int64(8) != 0;
      g.invite_code = q.text(9);
      g.games = static_cast<int>(q.int64(10));
      g.game_number = static_cast<int>(q.int64(11));
      g.first_seat = static_cast<int>(q.int64(12));
      for (int s = 0; s < 2; ++s) {
        LiveSeat& seat = g.seats[static_cast<std::size_t>(s)];
        const int base = 13 + 4 * s;
        seat.player = q.text(base);
        seat.token = q.text(base + 1);
        seat.registered = q.int64(base + 2) != 0;
        seat.match_points = q.real(base + 3);
      }
      g.started_ms = q.int64(21);
      g.rated = q.int64(22) != 0;
      if (!q.is_null(23)) g.computer_level = static_cast<int>(q.int64(23));
      g.seats[0].bot = q.int64(24) != 0;
      g.seats[1].bot = q.int64(25) != 0;
      g.absent_until_ms = {q.int64(26), q.int64(27)};
      if (!q.is_null(28)) g.correspondence = q.text(28);
      if (!q.is_null(29)) g.deadline_ms = q.int64(29);
      g.offers = {static_cast<int>(q.int64(30)), static_cast<int>(q.int64(31)), static_cast<int>(q.int64(32))};
      games.push_back(std::move(g));
    }
    if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read live games"), std::nullopt};
  }
  // One pass over the moves in append order; rows of finished games are skipped.
  std::unordered_map<std::string, std::map<std::int64_t, MoveRecord>> by_game;
  for (const LiveGame& g : games) by_game[g.game_id];
  {
    // One correspondence game's moves through their index; else a pass over them all.
    const bool indexed = only && games.size() == 1 && !games[0].correspondence.empty();
    Query q(db, std::string("SELECT game_id, ply, text, first_clock_ms, second_clock_ms, at_ms FROM live_moves") +
                    (indexed ? " WHERE game_id = ?1 AND correspondence IS NOT NULL" : "") + " ORDER BY seq");
    if (indexed) q.bind(1, std::string_view(*only));
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW) {
      const auto game = by_game.find(q.text(0));
      if (game != by_game.end()) game->second[q.int64(1)] = MoveRecord{q.text(2), q.int64(3), q.int64(4), q.int64(5)};
    }
    if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read live moves"), std::nullopt};
  }
  for (LiveGame& g : games) {
    for (auto& [ply, move] : by_game[g.game_id]) {
      // A gap means a lost write (the room writes it again with its next move; a
      // crash came first): keep what precedes it.
      // An empty text: taken back (save_live), and so is every later ply.
      if (ply != static_cast<std::int64_t>(g.moves.size()) + 1 || move.text.empty()) break;
      g.moves.push_back(std::move(move));
    }
  }
  return Result{{}, std::move(games)};
}

}  // namespace

StoreResult<std::vector<LiveGame>> load_live(Db& db) { return read_live(db, nullptr); }

StoreResult<LiveGame> load_live_game(Db& db, const std::string& game_id) {
  auto read = read_live(db, &game_id);
  if (!read.error.ok()) return {std::move(read.error), std::nullopt};
  if (read.value->empty()) return {{StoreErrc::not_found, "no live game " + game_id}, std::nullopt};
  return {{}, std::move(read.value->front())};
}

StoreError probe_write(Db& db) {
  Query q(db, "INSERT OR REPLACE INTO health_probe (id, at_ms) VALUES (1, strftime('%s', 'now') * 1000)");
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot write the health probe");
  return {};
}

}  // namespace bh::storage::sql
