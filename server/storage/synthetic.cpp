#include "storage/synthetic.hpp"

#include <sqlite3.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "storage/archive_sql.hpp"
#include "storage/schema.hpp"
#include "storage/sqlite_db.hpp"

namespace bh::storage {

std::string synthetic_player(int number) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "player%05d", number);
  return buffer;
}

const std::vector<std::string>& synthetic_games() {
  static const std::vector<std::string> games = {"tavlei", "tablut", "seatafl", "draughts", "alquerque"};
  return games;
}

StoreError fill_synthetic(const std::string& path, std::int64_t count, std::uint64_t seed, SyntheticOptions options) {
  sql::Db db;
  StoreError error = db.open(path, false);
  if (error.ok()) error = sql::configure(db, false, 5000, 256 * 1024);
  if (error.ok()) error = sql::migrate(db);
  if (!error.ok()) return error;
  // Speed over safety while filling: no fsyncs, and a rollback journal, which does not
  // copy the pages a transaction appends (WAL would write the whole fill twice).
  // Switching fails harmlessly (stays WAL) if another connection has the file open.
  db.exec("PRAGMA synchronous = OFF");
  db.exec("PRAGMA journal_mode = DELETE");

  std::int64_t ended = options.first_ended_ms;
  {
    sql::Query q(db, "SELECT max(ended_ms) FROM games");
    if (q.step() == SQLITE_ROW && !q.is_null(0)) ended = q.int64(0) + 60'000;
  }

  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  auto pick_player = [&] {
    // u^3 skews popularity: player00000 plays ~5% of the games, most play a handful.
    const double u = unit(rng);
    return static_cast<int>(std::floor(u * u * u * options.players));
  };
  static const char* const kReasons[] = {"king_captured", "no_moves", "resignation", "timeout"};

  if (const int rc = db.exec("BEGIN IMMEDIATE"); rc != SQLITE_OK) return sql::error_from(db, rc, "cannot begin");
  GameRecord g;
  for (std::int64_t i = 0; i < count; ++i) {
    const std::string& game = synthetic_games()[rng() % synthetic_games().size()];
    const int first = pick_player();
    int second = pick_player();
    if (second == first) second = (first + 1) % options.players;
    const std::uint64_t roll = rng() % 20;
    g.id = "s" + std::to_string(seed) + "-" + std::to_string(i);
    g.game = game;
    g.options = {{"variant", game}, {"rated", roll % 2 ? "yes" : "no"}};
    g.start_position = game + ":start";
    g.first_player = synthetic_player(first);
    g.second_player = synthetic_player(second);
    g.result = roll < 9 ? "first" : roll < 18 ? "second" : "draw";
    g.reason = g.result == "draw" ? "agreement" : kReasons[rng() % 4];
    g.first_points = g.result == "first" ? 1.0 : g.result == "draw" ? 0.5 : 0.0;
    g.second_points = 1.0 - g.first_points;
    g.clock = roll % 3 ? std::optional<ClockSpec>(ClockSpec{300'000, 5'000}) : std::nullopt;
    g.match_id.clear();
    g.match_game = 1;
    g.ended_ms = ended + (i / 2) * 60'000;
    g.started_ms = g.ended_ms - 600'000 - static_cast<std::int64_t>(rng() % 1'200'000);
    g.moves.resize(static_cast<std::size_t>(options.moves_per_game));
    for (std::size_t m = 0; m < g.moves.size(); ++m) {
      g.moves[m] = MoveRecord{"m" + std::to_string(m), -1, -1, g.started_ms + static_cast<std::int64_t>(m) * 10'000};
    }
    if (StoreError e = sql::insert_game(db, g); !e.ok()) {
      db.exec("ROLLBACK");
      return e;
    }
  }
  if (const int rc = db.exec("COMMIT"); rc != SQLITE_OK) {
    StoreError e = sql::error_from(db, rc, "cannot commit the synthetic games");
    db.exec("ROLLBACK");
    return e;
  }
  db.exec("PRAGMA journal_mode = WAL");
  return {};
}

}  // namespace bh::storage
