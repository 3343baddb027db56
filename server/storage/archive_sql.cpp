#include "storage/archive_sql.hpp"

#include <sqlite3.h>

#include <charconv>
#include <cstdio>
#include <utility>

#include "names/player_names.hpp"

namespace bh::storage::sql {

namespace {

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
          out += buffer;
        } else {
          out += c;  // UTF-8 passes through unchanged
        }
    }
  }
  out += '"';
}

void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

// A tiny reader for flat JSON objects of strings.
struct JsonReader {
  std::string_view text;
  std::size_t at = 0;

  void skip_space() {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\n' || text[at] == '\r' || text[at] == '\t')) ++at;
  }
  bool eat(char c) {
    skip_space();
    if (at < text.size() && text[at] == c) {
      ++at;
      return true;
    }
    return false;
  }
  bool hex4(std::uint32_t& out) {
    if (text.size() - at < 4) return false;
    out = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text[at++];
      out <<= 4;
      if (c >= '0' && c <= '9') out |= static_cast<std::uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') out |= static_cast<std::uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') out |= static_cast<std::uint32_t>(c - 'A' + 10);
      else return false;
    }
    return true;
  }
  std::optional<std::string> string() {
    if (!eat('"')) return std::nullopt;
    std::string out;
    while (at < text.size()) {
      const char c = text[at++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at >= text.size()) return std::nullopt;
      switch (text[at++]) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          std::uint32_t code = 0;
          if (!hex4(code)) return std::nullopt;
          if (code >= 0xD800 && code < 0xDC00) {  // a surrogate pair
            std::uint32_t low = 0;
            if (text.substr(at, 2) != "\\u") return std::nullopt;
            at += 2;
            if (!hex4(low) || low < 0xDC00 || low >= 0xE000) return std::nullopt;
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          } else if (code >= 0xDC00 && code < 0xE000) {
            return std::nullopt;
          }
          append_utf8(out, code);
          break;
        }
        default:
          return std::nullopt;
      }
    }
    return std::nullopt;
  }
};

constexpr std::string_view kCursorPrefix = "c1.";

bool valid_result(std::string_view result) {
  return result == "first" || result == "second" || result == "draw" || result == "aborted";
}

// The players' names are cut to ?11 characters: an archive written before the import
// limited them may hold a name of megabytes, which must not reach every listing.
const std::string kSummaryColumns =
    "g.id, g.game, substr(g.first_player, 1, ?11), substr(g.second_player, 1, ?11), g.result, g.reason, "
    "g.first_points, "
    "g.second_points, g.started_ms, g.ended_ms, g.move_count, g.options, g.clock_initial_ms, g.clock_increment_ms, "
    "g.rated, g.computer_level, g.first_bot, g.second_bot, g.imported, g.correspondence";

// The winner filter, on the games row: a win, by the side ?10 played.
const std::string kWinnerCondition =
    "((g.result = 'first' AND g.first_player = ?10) OR (g.result = 'second' AND g.second_player = ?10))";

// A row of kSummaryColumns.
GameSummary read_summary(const Query& q) {
  GameSummary s;
  s.id = q.text(0);
  s.game = q.text(1);
  s.first_player = q.text(2);
  s.second_player = q.text(3);
  s.result = q.text(4);
  s.reason = q.text(5);
  s.first_points = q.real(6);
  s.second_points = q.real(7);
  s.started_ms = q.int64(8);
  s.ended_ms = q.int64(9);
  s.move_count = static_cast<int>(q.int64(10));
  // Options written by this program always decode; a hand-edited row lists without them.
  if (auto options = decode_options(q.text(11))) s.options = std::move(*options);
  if (!q.is_null(12)) s.clock = ClockSpec{q.int64(12), q.int64(13)};
  s.rated = q.int64(14) != 0;
  if (!q.is_null(15)) s.computer_level = static_cast<int>(q.int64(15));
  s.first_bot = q.int64(16) != 0;
  s.second_bot = q.int64(17) != 0;
  s.imported = q.int64(18) != 0;
  if (!q.is_null(19)) s.correspondence = q.text(19);
  return s;
}

}  // namespace

std::string encode_options(const std::map<std::string, std::string>& options) {
  std::string out = "{";
  bool first = true;
  for (const auto& [key, value] : options) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, key);
    out += ':';
    append_json_string(out, value);
  }
  out += '}';
  return out;
}

std::optional<std::map<std::string, std::string>> decode_options(std::string_view text) {
  JsonReader in{text};
  std::map<std::string, std::string> out;
  if (!in.eat('{')) return std::nullopt;
  if (!in.eat('}')) {
    do {
      auto key = in.string();
      if (!key || !in.eat(':')) return std::nullopt;
      auto value = in.string();
      if (!value) return std::nullopt;
      out[std::move(*key)] = std::move(*value);
    } while (in.eat(','));
    if (!in.eat('}')) return std::nullopt;
  }
  in.skip_space();
  if (in.at != text.size()) return std::nullopt;
  return out;
}

std::string encode_cursor(std::int64_t ended_ms, std::string_view id) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(kCursorPrefix);
  out += std::to_string(ended_ms);
  out += '.';
  for (const char c : id) {
    out += kHex[static_cast<unsigned char>(c) >> 4];
    out += kHex[static_cast<unsigned char>(c) & 0xF];
  }
  return out;
}

std::optional<CursorPosition> decode_cursor(std::string_view text) {
  if (!text.starts_with(kCursorPrefix)) return std::nullopt;
  text.remove_prefix(kCursorPrefix.size());
  const std::size_t dot = text.find('.');
  if (dot == std::string_view::npos || dot == 0) return std::nullopt;
  CursorPosition position;
  const std::string_view number = text.substr(0, dot);
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), position.ended_ms);
  if (ec != std::errc() || end != number.data() + number.size()) return std::nullopt;
  const std::string_view hex = text.substr(dot + 1);
  if (hex.empty() || hex.size() % 2 != 0) return std::nullopt;
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int high = nibble(hex[i]);
    const int low = nibble(hex[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    position.id += static_cast<char>(high * 16 + low);
  }
  return position;
}

StoreError insert_game(Db& db, const GameRecord& g) {
  if (g.id.empty()) return {StoreErrc::invalid_query, "game id is empty"};
  if (!valid_result(g.result)) {
    return {StoreErrc::invalid_query,
            "game " + g.id + ": result must be first, second, draw or aborted, not '" + g.result + "'"};
  }
  {
    Query q(db,
            "INSERT INTO games (id, game, options, start_position, first_player, second_player, result, "
            "reason, first_points, second_points, clock_initial_ms, clock_increment_ms, match_id, "
            "match_game, started_ms, ended_ms, move_count, is_private, rated, computer_level, first_bot, second_bot, "
            "imported, tags, content_hash, correspondence) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, "
            "?22, ?23, ?24, ?25, ?26)");
    q.bind(1, g.id).bind(2, g.game).bind(3, encode_options(g.options)).bind(4, g.start_position);
    q.bind(5, g.first_player).bind(6, g.second_player).bind(7, g.result).bind(8, g.reason);
    q.bind(9, g.first_points).bind(10, g.second_points);
    if (g.clock) {
      q.bind(11, g.clock->initial_ms).bind(12, g.clock->increment_ms);
    } else {
      q.bind_null(11).bind_null(12);
    }
    q.bind(13, g.match_id).bind(14, g.match_game).bind(15, g.started_ms).bind(16, g.ended_ms);
    q.bind(17, static_cast<std::int64_t>(g.moves.size())).bind(18, std::int64_t{g.is_private ? 1 : 0});
    q.bind(19, std::int64_t{g.rated ? 1 : 0});
    if (g.computer_level) {
      q.bind(20, std::int64_t{*g.computer_level});
    } else {
      q.bind_null(20);
    }
    q.bind(21, std::int64_t{g.first_bot ? 1 : 0}).bind(22, std::int64_t{g.second_bot ? 1 : 0});
    q.bind(23, std::int64_t{g.imported ? 1 : 0}).bind(24, encode_options(g.tags));
    if (g.content_hash.empty()) {
      q.bind_null(25);
    } else {
      q.bind(25, g.content_hash);
    }
    if (g.correspondence.empty()) {
      q.bind_null(26);
    } else {
      q.bind(26, g.correspondence);
    }
    if (const int rc = q.step(); rc != SQLITE_DONE) {
      if ((rc & 0xff) == SQLITE_CONSTRAINT) {
        if (!g.content_hash.empty())
          return {StoreErrc::conflict, "game " + g.id + " (the same content) is stored already"};
        return {StoreErrc::conflict, "game " + g.id + " is stored already"};
      }
      return error_from(db, rc, "cannot save game " + g.id);
    }
  }
  for (const std::string* player : {&g.first_player, &g.second_player}) {
    if (player->empty()) continue;
    // OR IGNORE: one row when a player is on both sides (a test game against oneself).
    Query q(db,
            "INSERT OR IGNORE INTO game_players (player, ended_ms, game_id, game, result) "
            "VALUES (?1, ?2, ?3, ?4, ?5)");
    q.bind(1, *player).bind(2, g.ended_ms).bind(3, g.id).bind(4, g.game).bind(5, g.result);
    if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot save game " + g.id);
  }
  std::int64_t ply = 1;
  for (const MoveRecord& m : g.moves) {
    Query q(db,
            "INSERT INTO moves (game_id, ply, text, first_clock_ms, second_clock_ms, at_ms) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    q.bind(1, g.id).bind(2, ply++).bind(3, m.text).bind(4, m.first_clock_ms).bind(5, m.second_clock_ms);
    q.bind(6, m.at_ms);
    if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot save game " + g.id);
  }
  return {};
}

StoreResult<GameRecord> load_game(Db& db, const std::string& id, std::size_t name_chars) {
  GameRecord g;
  {
    Query q(db,
            "SELECT id, game, options, start_position, substr(first_player, 1, ?2), substr(second_player, 1, ?2), "
            "result, reason, "
            "first_points, second_points, clock_initial_ms, clock_increment_ms, match_id, match_game, "
            "started_ms, ended_ms, is_private, rated, computer_level, first_bot, second_bot, imported, tags, "
            "content_hash, correspondence FROM games WHERE id = ?1");
    q.bind(1, id).bind(2, static_cast<std::int64_t>(name_chars));
    const int rc = q.step();
    if (rc == SQLITE_DONE) return {{StoreErrc::not_found, "no game " + id}, std::nullopt};
    if (rc != SQLITE_ROW) return {error_from(db, rc, "cannot read game " + id), std::nullopt};
    g.id = q.text(0);
    g.game = q.text(1);
    auto options = decode_options(q.text(2));
    if (!options)
      return {{StoreErrc::unavailable, "game " + id + " has unreadable options: " + q.text(2)}, std::nullopt};
    g.options = std::move(*options);
    g.start_position = q.text(3);
    g.first_player = q.text(4);
    g.second_player = q.text(5);
    g.result = q.text(6);
    g.reason = q.text(7);
    g.first_points = q.real(8);
    g.second_points = q.real(9);
    if (!q.is_null(10)) g.clock = ClockSpec{q.int64(10), q.int64(11)};
    g.match_id = q.text(12);
    g.match_game = static_cast<int>(q.int64(13));
    g.started_ms = q.int64(14);
    g.ended_ms = q.int64(15);
    g.is_private = q.int64(16) != 0;
    g.rated = q.int64(17) != 0;
    if (!q.is_null(18)) g.computer_level = static_cast<int>(q.int64(18));
    g.first_bot = q.int64(19) != 0;
    g.second_bot = q.int64(20) != 0;
    g.imported = q.int64(21) != 0;
    auto tags = decode_options(q.text(22));
    if (!tags) return {{StoreErrc::unavailable, "game " + id + " has unreadable tags: " + q.text(22)}, std::nullopt};
    g.tags = std::move(*tags);
    if (!q.is_null(23)) g.content_hash = q.text(23);
    if (!q.is_null(24)) g.correspondence = q.text(24);
  }
  {
    Query t(db,
            "SELECT t.name, tg.round FROM tournament_games tg JOIN tournaments t ON t.id = tg.tournament "
            "WHERE tg.game_id = ?1");
    t.bind(1, id);
    const int rc = t.step();
    if (rc == SQLITE_ROW) {
      g.tournament_name = t.text(0);
      g.tournament_round = static_cast<int>(t.int64(1));
    } else if (rc != SQLITE_DONE) {
      return {error_from(db, rc, "cannot read the tournament of game " + id), std::nullopt};
    }
  }
  Query q(db, "SELECT text, first_clock_ms, second_clock_ms, at_ms FROM moves WHERE game_id = ?1 ORDER BY ply");
  q.bind(1, id);
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    g.moves.push_back(MoveRecord{q.text(0), q.int64(1), q.int64(2), q.int64(3)});
  }
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the moves of game " + id), std::nullopt};
  return {{}, std::move(g)};
}

std::string list_games_sql(const ArchiveQuery& query) {
  // The caller (list_games) has dropped whichever of to_ms and cursor the other
  // implies: given both, SQLite bounds the index range with only one of them and
  // filters by the other, which would scan from to_ms down to a deep cursor.
  // Parameter numbers are fixed per filter so one text serves every value; SQLite
  // caches one statement per filter combination (at most 64).
  std::string where;
  auto add = [&where](const std::string& condition) {
    where += where.empty() ? " WHERE " : " AND ";
    where += condition;
  };
  // The filters every listing shares, on the table `t` whose rows give the order (its
  // ended_ms, and `id`), then that order.
  const auto filters = [&](const std::string& t, const std::string& id) {
    if (query.game) add(t + ".game = ?2");
    add(query.result ? t + ".result = ?3" : t + ".result <> 'aborted'");
    if (query.from_ms) add(t + ".ended_ms >= ?4");
    if (query.to_ms) add(t + ".ended_ms < ?5");
    if (query.cursor) add("(" + t + ".ended_ms, " + id + ") < (?6, ?7)");
    if (query.winner) add(kWinnerCondition);
    add(query.viewer ? "(g.is_private = 0 OR ?9 IN (g.first_player, g.second_player))" : "g.is_private = 0");
    return where + " ORDER BY " + t + ".ended_ms DESC, " + id + " DESC LIMIT ?8";
  };
  std::string sql;
  if (query.tournament) {
    // A tournament's games (its rows found by the tournament's key): at most a few
    // thousand, sorted here.
    sql = "SELECT " + kSummaryColumns + " FROM tournament_games t CROSS JOIN games g ON g.id = t.game_id";
    add("t.tournament = ?12");
    add("t.game_id <> ''");
    if (query.player) add("?1 IN (g.first_player, g.second_player)");
    sql += filters("g", "g.id");
  } else if (query.player) {
    // game_players drives the loop (CROSS JOIN fixes the order): its key is the
    // listing order for one player, and game/result are checked in the same row.
    sql = "SELECT " + kSummaryColumns + " FROM game_players p CROSS JOIN games g ON g.id = p.game_id";
    add("p.player = ?1");
    sql += filters("p", "p.game_id");
  } else {
    // INDEXED BY pins the index whose order is the listing's, so a planner guess (or
    // statistics from a later ANALYZE) can never turn a page into a sort of all matches.
    const char* index = query.game && query.result ? "games_by_game_result"
                        : query.game               ? "games_by_game"
                        : query.result             ? "games_by_result"
                                                   : "games_by_end";
    sql = "SELECT " + kSummaryColumns + " FROM games g INDEXED BY " + index;
    sql += filters("g", "g.id");
  }
  return sql;
}

StoreResult<ArchivePage> list_games(Db& db, const ArchiveQuery& query, std::size_t name_chars) {
  if (query.limit < 1 || query.limit > kMaxPageLimit) {
    return {{StoreErrc::invalid_query, "limit must be between 1 and 100, not " + std::to_string(query.limit)},
            std::nullopt};
  }
  if (query.result && !valid_result(*query.result)) {
    return {{StoreErrc::invalid_query, "result must be first, second, draw or aborted, not '" + *query.result + "'"},
            std::nullopt};
  }
  std::optional<CursorPosition> cursor;
  if (query.cursor) {
    cursor = decode_cursor(*query.cursor);
    if (!cursor) return {{StoreErrc::invalid_query, "bad cursor '" + *query.cursor + "'"}, std::nullopt};
  }
  ArchiveQuery effective = query;
  // A winner is one of the players: with no player named, the winner's own rows of
  // game_players drive the listing, in its order.
  if (query.winner && !query.player && !query.tournament) effective.player = query.winner;
  if (cursor && query.to_ms) {
    // ended_ms < to_ms and (ended_ms, id) < cursor: one of them implies the other.
    if (cursor->ended_ms < *query.to_ms) {
      effective.to_ms.reset();
    } else {
      effective.cursor.reset();
      cursor.reset();
    }
  }
  Query q(db, list_games_sql(effective));
  if (effective.player) q.bind(1, *effective.player);
  if (query.winner) q.bind(10, *query.winner);
  if (query.game) q.bind(2, *query.game);
  if (query.result) q.bind(3, *query.result);
  if (query.from_ms) q.bind(4, *query.from_ms);
  if (effective.to_ms) q.bind(5, *effective.to_ms);
  if (cursor) q.bind(6, cursor->ended_ms).bind(7, cursor->id);
  if (query.viewer) q.bind(9, *query.viewer);
  if (query.tournament) q.bind(12, *query.tournament);
  // One row more than asked tells whether another page exists, without a count.
  q.bind(8, query.limit + 1);
  q.bind(11, static_cast<std::int64_t>(name_chars));
  ArchivePage page;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    if (static_cast<int>(page.games.size()) == query.limit) {
      const GameSummary& last = page.games.back();
      page.next_cursor = encode_cursor(last.ended_ms, last.id);
      break;
    }
    page.games.push_back(read_summary(q));
  }
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return {error_from(db, rc, "cannot list games"), std::nullopt};
  return {{}, std::move(page)};
}

StoreResult<std::vector<GameSummary>> load_summaries(Db& db, const std::vector<std::string>& ids,
                                                     std::size_t name_chars) {
  std::vector<GameSummary> out;
  for (const std::string& id : ids) {
    Query q(db, "SELECT " + kSummaryColumns + " FROM games g WHERE g.id = ?1");
    q.bind(1, id).bind(11, static_cast<std::int64_t>(name_chars));
    const int rc = q.step();
    if (rc == SQLITE_ROW) out.push_back(read_summary(q));
    else if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read game " + id), std::nullopt};
  }
  return {{}, std::move(out)};
}

StoreError insert_account(Db& db, const Account& a) {
  if (a.name.empty()) return {StoreErrc::invalid_query, "account name is empty"};
  Query q(db,
          "INSERT INTO accounts (name, salt, hash, iterations, created_ms, name_key) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  q.bind(1, a.name).bind(2, a.salt).bind(3, a.hash).bind(4, a.iterations).bind(5, a.created_ms);
  q.bind(6, names::name_key(a.name));
  if (const int rc = q.step(); rc != SQLITE_DONE) {
    // The name's primary key or its key's unique index (a name that looks like it).
    if ((rc & 0xff) == SQLITE_CONSTRAINT)
      return {StoreErrc::conflict, "account " + a.name + " exists or looks like one"};
    return error_from(db, rc, "cannot create account " + a.name);
  }
  return {};
}

StoreError save_bot_account(Db& db, const Account& a) {
  if (a.name.empty()) return {StoreErrc::invalid_query, "account name is empty"};
  // A person's account is left alone (the WHERE of the update): no row changes. Another
  // account whose name looks like this one fails the key's unique index.
  Query q(db,
          "INSERT INTO accounts (name, salt, hash, iterations, created_ms, bot, name_key) "
          "VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6) "
          "ON CONFLICT (name) DO UPDATE SET salt = excluded.salt, hash = excluded.hash, "
          "iterations = excluded.iterations WHERE accounts.bot = 1");
  q.bind(1, a.name).bind(2, a.salt).bind(3, a.hash).bind(4, a.iterations).bind(5, a.created_ms);
  q.bind(6, names::name_key(a.name));
  if (const int rc = q.step(); rc != SQLITE_DONE) {
    if ((rc & 0xff) == SQLITE_CONSTRAINT) return {StoreErrc::conflict, "account " + a.name + " looks like another"};
    return error_from(db, rc, "cannot save bot account " + a.name);
  }
  if (sqlite3_changes(db.handle()) == 0)
    return {StoreErrc::conflict, "account " + a.name + " is a person's, not a bot's"};
  return {};
}

StoreResult<Account> load_account(Db& db, const std::string& name) {
  Query q(db, "SELECT name, salt, hash, iterations, created_ms, bot FROM accounts WHERE name = ?1");
  q.bind(1, name);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return {{StoreErrc::not_found, "no account " + name}, std::nullopt};
  if (rc != SQLITE_ROW) return {error_from(db, rc, "cannot read account " + name), std::nullopt};
  Account a;
  a.name = q.text(0);
  a.salt = q.text(1);
  a.hash = q.text(2);
  a.iterations = static_cast<int>(q.int64(3));
  a.created_ms = q.int64(4);
  a.bot = q.int64(5) != 0;
  return {{}, std::move(a)};
}

StoreError update_password_hash(Db& db, const Account& a, const std::string& old_hash) {
  Query q(db, "UPDATE accounts SET salt = ?2, hash = ?3, iterations = ?4 WHERE name = ?1 AND hash = ?5");
  q.bind(1, a.name).bind(2, a.salt).bind(3, a.hash).bind(4, a.iterations).bind(5, old_hash);
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, "cannot update the password of " + a.name);
  if (sqlite3_changes(db.handle()) == 0) return {StoreErrc::not_found, "account " + a.name + " has another hash"};
  return {};
}

StoreResult<Account> load_account_like(Db& db, const std::string& name) {
  std::string holder;
  {
    Query q(db, "SELECT name FROM accounts WHERE name_key = ?1");
    q.bind(1, names::name_key(name));
    const int rc = q.step();
    if (rc == SQLITE_DONE) return {{StoreErrc::not_found, "no account like " + name}, std::nullopt};
    if (rc != SQLITE_ROW) return {error_from(db, rc, "cannot read account " + name), std::nullopt};
    holder = q.text(0);
  }
  return load_account(db, holder);
}

}  // namespace bh::storage::sql
