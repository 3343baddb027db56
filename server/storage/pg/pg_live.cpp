#include "storage/pg/pg_live.hpp"

#include <unordered_map>
#include <utility>

#include "names/player_names.hpp"
#include "storage/archive_sql.hpp"

namespace bh::storage::pg {

namespace {

const std::string kHeaderColumns =
    "game_id, room_id, match_id, game, options, clock_initial_ms, clock_increment_ms, creator_side, is_private, "
    "invite_code, games, game_number, first_seat, creator, creator_token, creator_registered, creator_points, "
    "joiner, joiner_token, joiner_registered, joiner_points, started_ms, rated, computer_level, creator_bot, "
    "joiner_bot, creator_absent_until_ms, joiner_absent_until_ms";

Params& add_epoch(Params& p, Epoch owner) { return owner ? p.add(*owner) : p.add_null(); }

// After a fenced statement changed nothing: another epoch's game is fenced; no game at
// all is `missing`.
StoreError owned_elsewhere_or(Conn& conn, const std::string& id, StoreError missing) {
  Params p;
  p.add(id);
  auto found = conn.run("SELECT owner_epoch FROM live_games WHERE game_id = $1", p);
  if (!found.error.ok()) return found.error;
  if (found.value->size() == 0) return missing;
  return {StoreErrc::fenced, "live game " + id + " is owned by another node now"};
}

// One seat at a time: each player of the game holds its name key's row, or the header
// is refused with `conflict` naming the game that holds it. A bot account sits in any
// number of games, and the computer's seat has no player behind it (no token). Written
// again with the same game, a seat stays.
StoreError claim_seats(Conn& conn, const LiveGame& g) {
  std::vector<std::string> keys;
  for (const LiveSeat& seat : g.seats)
    if (!seat.token.empty() && !seat.bot) keys.push_back(names::name_key(seat.player));
  if (keys.empty()) return {};
  Params p;
  p.add_texts(keys).add(g.game_id);
  auto claimed = conn.run(
      "INSERT INTO seats (name_key, game_id) SELECT k, $2 FROM unnest($1::text[]) AS k ON CONFLICT (name_key) DO "
      "UPDATE SET game_id = excluded.game_id WHERE seats.game_id = excluded.game_id",
      p);
  if (!claimed.error.ok()) return claimed.error;
  if (claimed.value->affected() == static_cast<std::int64_t>(keys.size())) return {};
  auto held = conn.run("SELECT game_id FROM seats WHERE name_key = ANY($1::text[]) AND game_id <> $2 LIMIT 1", p);
  if (!held.error.ok()) return held.error;
  const std::string where = held.value->size() > 0 ? held.value->text(0, 0) : "another game";
  return {StoreErrc::conflict, "live game " + g.game_id + ": a player has a seat in live game " + where};
}

StoreError write_header(Conn& conn, const LiveGame& g, Epoch owner) {
  Params p;
  p.add(g.game_id).add(g.room_id).add(g.match_id).add(g.game).add(sql::encode_options(g.options));
  if (g.clock) {
    p.add(g.clock->initial_ms).add(g.clock->increment_ms);
  } else {
    p.add_null().add_null();
  }
  p.add(g.creator_side).add(g.is_private).add(g.invite_code).add(g.games).add(g.game_number).add(g.first_seat);
  for (const LiveSeat& seat : g.seats) p.add(seat.player).add(seat.token).add(seat.registered).add(seat.match_points);
  p.add(g.started_ms).add(g.rated);
  if (g.computer_level) {
    p.add(*g.computer_level);
  } else {
    p.add_null();
  }
  p.add(g.seats[0].bot).add(g.seats[1].bot).add(g.absent_until_ms[0]).add(g.absent_until_ms[1]);
  add_epoch(p, owner);
  std::string updates;
  for (std::size_t at = kHeaderColumns.find(", ") + 2; at < kHeaderColumns.size();) {
    std::size_t end = kHeaderColumns.find(", ", at);
    if (end == std::string::npos) end = kHeaderColumns.size();
    const std::string column = kHeaderColumns.substr(at, end - at);
    updates += (updates.empty() ? "" : ", ") + column + " = excluded." + column;
    at = end + 2;
  }
  // Replaced in place: the game's moves stay (a header is written again after a failure),
  // unless another epoch owns the row.
  auto written =
      conn.run("INSERT INTO live_games (" + kHeaderColumns +
                   ", owner_epoch) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, "
                   "$17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29) ON CONFLICT (game_id) DO UPDATE "
                   "SET " +
                   updates + " WHERE $29::bigint IS NULL OR live_games.owner_epoch = $29",
               p);
  if (!written.error.ok()) return written.error;
  if (written.value->affected() == 0)
    return {StoreErrc::fenced, "live game " + g.game_id + " is owned by another node now"};
  return claim_seats(conn, g);
}

}  // namespace

StoreError save_live(Conn& conn, const LiveUpdate& update, Epoch owner) {
  const std::string& id = update.header ? update.header->game_id : update.game_id;
  if (id.empty()) return {StoreErrc::invalid_query, "live game id is empty"};
  if (update.header) {
    if (auto error = write_header(conn, *update.header, owner); !error.ok()) return error;
  }
  if (update.absent_until_ms) {
    // A game not stored is left alone: no row, no error.
    Params p;
    p.add(id).add((*update.absent_until_ms)[0]).add((*update.absent_until_ms)[1]);
    add_epoch(p, owner);
    auto written = conn.run(
        "UPDATE live_games SET creator_absent_until_ms = $2, joiner_absent_until_ms = $3 WHERE game_id = $1 "
        "AND ($4::bigint IS NULL OR owner_epoch = $4)",
        p);
    if (!written.error.ok()) return written.error;
    if (owner && written.value->affected() == 0)
      if (auto error = owned_elsewhere_or(conn, id, {}); !error.ok()) return error;
  }
  const std::int64_t after_moves = update.first_ply + static_cast<std::int64_t>(update.moves.size());
  if (!update.moves.empty()) {
    std::vector<std::string> texts;
    std::vector<std::int64_t> first, second, at;
    for (const MoveRecord& m : update.moves) {
      texts.push_back(m.text);
      first.push_back(m.first_clock_ms);
      second.push_back(m.second_clock_ms);
      at.push_back(m.at_ms);
    }
    Params p;
    p.add(id).add(static_cast<std::int64_t>(update.first_ply)).add_texts(texts).add_ints(first).add_ints(second);
    p.add_ints(at);
    add_epoch(p, owner);
    // One statement a move, its header's check inside: no rows when the game has no
    // header (never written, or finished) or another epoch owns it, so nothing is
    // written. FOR SHARE: a node finishing the game or taking it over meanwhile waits
    // for this transaction, and this one for theirs.
    auto written = conn.run(
        "INSERT INTO live_moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms) "
        "SELECT $1, $2::integer + m.n - 1, m.text, m.f, m.s, m.a "
        "FROM unnest($3::text[], $4::bigint[], $5::bigint[], $6::bigint[]) WITH ORDINALITY AS m(text, f, s, a, n) "
        "WHERE EXISTS (SELECT 1 FROM live_games WHERE game_id = $1 AND ($7::bigint IS NULL OR owner_epoch = $7) "
        "FOR SHARE) "
        "ON CONFLICT (game_id, ply) DO UPDATE SET text = excluded.text, first_clock_ms = excluded.first_clock_ms, "
        "second_clock_ms = excluded.second_clock_ms, at_ms = excluded.at_ms",
        p);
    if (!written.error.ok()) return written.error;
    if (written.value->affected() == 0)
      return owned_elsewhere_or(conn, id, {StoreErrc::invalid_query, "live game " + id + " has no header stored"});
  }
  if (update.erase_through >= after_moves) {
    // Taken back: those plies go, so the game loads as it is now (a gap ends its moves).
    Params p;
    p.add(id).add(after_moves).add(static_cast<std::int64_t>(update.erase_through));
    auto erased = conn.run("DELETE FROM live_moves WHERE game_id = $1 AND ply >= $2 AND ply <= $3", p);
    if (!erased.error.ok()) return erased.error;
  }
  return {};
}

StoreError delete_live(Conn& conn, const std::string& game_id, Epoch owner) {
  Params p;
  p.add(game_id);
  add_epoch(p, owner);
  auto deleted = conn.run("DELETE FROM live_games WHERE game_id = $1 AND ($2::bigint IS NULL OR owner_epoch = $2)", p);
  if (!deleted.error.ok()) return deleted.error;
  if (owner && deleted.value->affected() == 0) return owned_elsewhere_or(conn, game_id, {});
  return {};
}

StoreResult<std::vector<LiveGame>> load_live(Conn& conn, Epoch owner, const std::vector<std::string>* only) {
  Params chosen;
  add_epoch(chosen, owner);
  if (only) {
    chosen.add_texts(*only);
  } else {
    chosen.add_null();
  }
  auto headers = conn.run("SELECT " + kHeaderColumns +
                              " FROM live_games WHERE ($1::bigint IS NULL OR owner_epoch = $1) AND ($2::text[] IS NULL "
                              "OR game_id = ANY($2::text[])) ORDER BY started_ms, game_id",
                          chosen);
  if (!headers.error.ok()) return {headers.error, std::nullopt};
  const Rows& q = *headers.value;
  std::vector<LiveGame> games;
  std::unordered_map<std::string, std::size_t> index;
  for (int r = 0; r < q.size(); ++r) {
    LiveGame g;
    g.game_id = q.text(r, 0);
    g.room_id = q.text(r, 1);
    g.match_id = q.text(r, 2);
    g.game = q.text(r, 3);
    auto options = sql::decode_options(q.text(r, 4));
    if (!options) return {{StoreErrc::unavailable, "live game " + g.game_id + " has unreadable options"}, {}};
    g.options = std::move(*options);
    if (!q.null(r, 5)) g.clock = ClockSpec{q.int64(r, 5), q.int64(r, 6)};
    g.creator_side = q.text(r, 7);
    g.is_private = q.boolean(r, 8);
    g.invite_code = q.text(r, 9);
    g.games = static_cast<int>(q.int64(r, 10));
    g.game_number = static_cast<int>(q.int64(r, 11));
    g.first_seat = static_cast<int>(q.int64(r, 12));
    for (int s = 0; s < 2; ++s) {
      LiveSeat& seat = g.seats[static_cast<std::size_t>(s)];
      const int base = 13 + 4 * s;
      seat.player = q.text(r, base);
      seat.token = q.text(r, base + 1);
      seat.registered = q.boolean(r, base + 2);
      seat.match_points = q.real(r, base + 3);
    }
    g.started_ms = q.int64(r, 21);
    g.rated = q.boolean(r, 22);
    if (!q.null(r, 23)) g.computer_level = static_cast<int>(q.int64(r, 23));
    g.seats[0].bot = q.boolean(r, 24);
    g.seats[1].bot = q.boolean(r, 25);
    g.absent_until_ms = {q.int64(r, 26), q.int64(r, 27)};
    index.emplace(g.game_id, games.size());
    games.push_back(std::move(g));
  }
  auto moves = conn.run(
      "SELECT m.game_id, m.ply, m.text, m.first_clock_ms, m.second_clock_ms, m.at_ms FROM live_moves m "
      "JOIN live_games g ON g.game_id = m.game_id WHERE ($1::bigint IS NULL OR g.owner_epoch = $1) AND ($2::text[] "
      "IS NULL OR g.game_id = ANY($2::text[])) ORDER BY m.game_id, m.ply",
      chosen);
  if (!moves.error.ok()) return {moves.error, std::nullopt};
  const Rows& m = *moves.value;
  for (int r = 0; r < m.size(); ++r) {
    const auto found = index.find(m.text(r, 0));
    if (found == index.end()) continue;
    LiveGame& g = games[found->second];
    // A gap means a lost write (the room writes it again with its next move; a crash
    // came first): keep what precedes it.
    if (m.int64(r, 1) != static_cast<std::int64_t>(g.moves.size()) + 1) continue;
    g.moves.push_back(MoveRecord{m.text(r, 2), m.int64(r, 3), m.int64(r, 4), m.int64(r, 5)});
  }
  return {{}, std::move(games)};
}

StoreResult<FoundSeat> find_live_seat(Conn& conn, const std::string& token) {
  Params p;
  p.add(token);
  auto found = conn.run(
      "SELECT game_id, coalesce(owner_epoch, 0) FROM live_games WHERE creator_token = $1 OR joiner_token = $1 "
      "LIMIT 1",
      p);
  if (!found.error.ok()) return {found.error, std::nullopt};
  if (found.value->size() == 0) return {{StoreErrc::not_found, "no live game has that seat"}, std::nullopt};
  return {{}, FoundSeat{found.value->text(0, 0), found.value->int64(0, 1)}};
}

StoreError probe_write(Conn& conn) {
  return conn
      .run(
          "INSERT INTO health_probe (id, at_ms) VALUES (1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint) "
          "ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms")
      .error;
}

}  // namespace bh::storage::pg
