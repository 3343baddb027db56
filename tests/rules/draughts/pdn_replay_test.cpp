// Real games (BOARDHALL_TEST_DATA/draughts/*.pdn, see tests/data/README.md) replayed
// through the engine: every written move must match exactly one legal move, and
// where the record says a side won and the rules ended the game, they must agree.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "rules/draughts/engine.hpp"
#include "rules/engines.hpp"
#include "rules/game_state.hpp"

namespace bh::rules::draughts {
namespace {

using AnyPosition = bh::rules::Position;
const std::shared_ptr<const Ruleset> rules = make_draughts({});

// ---- A small PDN reader ------------------------------------------------------

struct PdnGame {
  int number = 0;  // 1-based, in file order
  std::map<std::string, std::string> tags;
  std::vector<std::string> moves;  // move texts as written
  std::string result;              // the result token ending the movetext, or ""

  std::string title() const {
    auto tag = [&](const char* name) {
      const auto it = tags.find(name);
      return it == tags.end() ? std::string("?") : it->second;
    };
    return "game " + std::to_string(number) + " (" + tag("White") + " - " + tag("Black") + ", " + tag("Event") + " " +
           tag("Date") + ")";
  }
};

bool is_result(const std::string& t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "2-0" || t == "0-2" || t == "1-1" || t == "*";
}

// Reads every game: tags `[Name "value"]` (spaces allowed around), comments `{...}`,
// variations `(...)` (skipped), move numbers `12.` or `12...` (also glued to the
// move), moves and a result token.
std::vector<PdnGame> read_pdn(const std::string& text) {
  std::vector<PdnGame> games;
  PdnGame current;
  bool in_movetext = false;
  auto finish = [&] {
    if (!current.tags.empty() || !current.moves.empty()) {
      current.number = static_cast<int>(games.size()) + 1;
      games.push_back(current);
    }
    current = PdnGame{};
    in_movetext = false;
  };
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '[') {
      if (in_movetext) finish();
      const auto close = text.find(']', i);
      const std::string inside = text.substr(i + 1, close - i - 1);
      const auto quote = inside.find('"');
      std::string name = inside.substr(0, quote);
      name.erase(std::remove_if(name.begin(), name.end(),
                                [](char ch) { return std::isspace(static_cast<unsigned char>(ch)); }),
                 name.end());
      const auto end_quote = inside.rfind('"');
      current.tags[name] = quote == std::string::npos ? "" : inside.substr(quote + 1, end_quote - quote - 1);
      i = close == std::string::npos ? text.size() : close + 1;
    } else if (c == '{') {
      const auto close = text.find('}', i);
      i = close == std::string::npos ? text.size() : close + 1;
    } else if (c == '(') {
      int depth = 0;
      do {
        if (text[i] == '(') ++depth;
        if (text[i] == ')') --depth;
        ++i;
      } while (i < text.size() && depth > 0);
    } else {
      std::size_t j = i;
      while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{' && text[j] != '[')
        ++j;
      std::string token = text.substr(i, j - i);
      i = j;
      in_movetext = true;
      if (is_result(token)) {
        current.result = token;
        finish();
        continue;
      }
      // A move number, alone or glued to the move.
      std::size_t k = 0;
      while (k < token.size() && std::isdigit(static_cast<unsigned char>(token[k]))) ++k;
      if (k > 0 && k < token.size() && token[k] == '.') {
        while (k < token.size() && token[k] == '.') ++k;
        token = token.substr(k);
      }
      if (!token.empty()) current.moves.push_back(token);
    }
  }
  finish();
  return games;
}

// PDN numbers the 32 dark squares from Black's side: 1 = b8, 2 = d8, 3 = f8, 4 = h8,
// 5 = a7, ..., 29 = a1, 30 = c1, 31 = e1, 32 = g1 (Russian draughts, GameType 25).
std::optional<Square> numbered_square(int n) {
  if (n < 1 || n > 32) return std::nullopt;
  const int row = (n - 1) / 4;  // 0 = rank 8
  const int rank = 7 - row;
  const int file = 2 * ((n - 1) % 4) + (row % 2 == 0 ? 1 : 0);
  return geometry.at(file, rank);
}

// A square written either way: `c3` or `22`.
std::optional<Square> pdn_square(const std::string& text) {
  if (!text.empty() &&
      std::all_of(text.begin(), text.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
    return text.size() <= 2 ? numbered_square(std::stoi(text)) : std::nullopt;
  return parse_square(text, geometry);
}

// The FEN tag (`W:W29,30,...:B1,2,...`, squares numbered or algebraic, `K` for kings,
// an optional final '.') as an engine position string.
std::optional<std::string> fen_to_position_text(std::string fen) {
  while (!fen.empty() && (fen.back() == '.' || std::isspace(static_cast<unsigned char>(fen.back())))) fen.pop_back();
  if (fen.size() < 2 || fen[1] != ':') return std::nullopt;
  std::string out(1, fen[0]);
  std::stringstream parts(fen.substr(2));
  std::string part;
  while (std::getline(parts, part, ':')) {
    if (part.empty()) return std::nullopt;
    out += ':';
    out += part[0];
    std::stringstream items(part.substr(1));
    std::string item;
    bool first = true;
    while (std::getline(items, item, ',')) {
      const bool king = !item.empty() && item[0] == 'K';
      const auto sq = pdn_square(king ? item.substr(1) : item);
      if (!sq) return std::nullopt;
      if (!first) out += ',';
      first = false;
      if (king) out += 'K';
      out += square_name(*sq, geometry);
    }
  }
  return out;
}

// A written move: its squares and whether it is written as a capture.
struct WrittenMove {
  std::vector<Square> squares;
  bool capture = false;
};

std::optional<WrittenMove> parse_written(const std::string& text) {
  WrittenMove w;
  std::string part;
  char separator = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '-' || text[i] == ':' || text[i] == 'x') {
      const auto sq = pdn_square(part);
      if (!sq) return std::nullopt;
      w.squares.push_back(*sq);
      part.clear();
      if (i < text.size()) {
        if (separator != 0 && separator != text[i]) return std::nullopt;
        separator = text[i];
      }
    } else {
      part += text[i];
    }
  }
  if (w.squares.size() < 2) return std::nullopt;
  w.capture = separator == ':' || separator == 'x';
  return w;
}

// The legal moves a written move can stand for: same first and last squares, every
// written intermediate square on the path in order, and the same kind (capture or not).
std::vector<Move> matches(const WrittenMove& w, const MoveList& legal) {
  std::vector<Move> out;
  for (const auto& m : legal) {
    if (m.jump != w.capture || m.from() != w.squares.front() || m.to() != w.squares.back()) continue;
    int at = 1;
    bool ok = true;
    for (std::size_t k = 1; k + 1 < w.squares.size() && ok; ++k) {
      while (at < m.length - 1 && m.path[at] != w.squares[k]) ++at;
      ok = at < m.length - 1;
      ++at;
    }
    if (ok) out.push_back(m);
  }
  return out;
}

// What a replay found besides failures.
struct ReplayNotes {
  // Written moves that match several legal moves which all reach the same position
  // (a king taking the same pieces by different landing squares, written by its
  // first and last squares only), as "game N move M 'text'".
  std::vector<std::string> same_position_ambiguities;
  int decided_by_rules = 0;  // games whose final position is a win by the rules
};

// Replays one game; returns "" when it goes through, or what went wrong.
std::string replay(const PdnGame& game, ReplayNotes* notes = nullptr) {
  AnyPosition start = rules->start();
  if (const auto fen = game.tags.find("FEN"); fen != game.tags.end()) {
    const auto text = fen_to_position_text(fen->second);
    if (!text) return "unreadable FEN tag '" + fen->second + "'";
    auto parsed = rules->parse_position(*text);
    if (!parsed) return parsed.error().message;
    start = *parsed;
  }
  GameState g(rules, start);
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const std::string& text = game.moves[i];
    const std::string where = "move " + std::to_string(i / 2 + 1) +
                              (g.to_move() == Side::first ? " (white) '" : " (black) '") + text + "' in " +
                              rules->position_text(g.position());
    if (g.status().over())
      return where + ": the game was already over (" + std::string(to_string(g.status().reason)) + ")";
    const auto written = parse_written(text);
    if (!written) return where + ": not a move";
    const MoveList legal = g.legal_moves();
    const auto found = matches(*written, legal);
    const bool same_position = found.size() > 1 && std::all_of(found.begin(), found.end(), [&](const Move& m) {
                                 return rules->apply(g.position(), m) == rules->apply(g.position(), found.front());
                               });
    if (same_position && notes != nullptr) {
      notes->same_position_ambiguities.push_back("game " + std::to_string(game.number) + " move " +
                                                 std::to_string(i / 2 + 1) + " '" + text + "'");
    } else if (found.size() != 1) {
      std::string list;
      for (const auto& m : (found.empty() ? legal : MoveList(found.begin(), found.end())))
        list += " " + rules->move_text(m);
      return where + (found.empty() ? ": matches no legal move; legal:" : ": ambiguous, matches:") + list;
    }
    g.play(found.front());
  }
  const Status s = g.status();
  if (notes != nullptr && s.kind == Status::Kind::win) ++notes->decided_by_rules;
  const bool white_won = game.result == "1-0" || game.result == "2-0";
  const bool black_won = game.result == "0-1" || game.result == "0-2";
  if (s.over() && s.kind == Status::Kind::win) {
    if ((s.winner == Side::first && !white_won) || (s.winner == Side::second && !black_won))
      return "the rules end the game with a win for " + std::string(rules->side_name(s.winner)) + " (" +
             std::string(to_string(s.reason)) + ") but the record says " + game.result;
  }
  if (s.over() && s.kind == Status::Kind::draw && (white_won || black_won))
    return "the rules end the game in a draw (" + std::string(to_string(s.reason)) + ") but the record says " +
           game.result;
  return "";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Replays a whole file; every failure not listed in `expected` (game number -> reason
// it is known to be broken) fails the test with the game and move named. Returns the
// notes for the caller to check.
ReplayNotes replay_file(const std::string& name, std::size_t games_expected,
                        const std::map<int, std::string>& expected) {
  ReplayNotes notes;
  const std::string text = read_file(std::string(BOARDHALL_TEST_DATA) + "/draughts/" + name);
  EXPECT_FALSE(text.empty()) << "cannot read " << name;
  const auto games = read_pdn(text);
  EXPECT_EQ(games.size(), games_expected) << name;
  int replayed = 0;
  for (const auto& game : games) {
    const std::string failure = replay(game, &notes);
    const auto known = expected.find(game.number);
    if (known != expected.end()) {
      EXPECT_NE(failure, "") << name << " " << game.title() << " is listed as broken (" << known->second
                             << ") but replays cleanly";
      continue;
    }
    EXPECT_EQ(failure, "") << name << " " << game.title();
    if (failure.empty()) ++replayed;
  }
  EXPECT_EQ(replayed + static_cast<int>(expected.size()), static_cast<int>(games.size()));
  return notes;
}

// ---- The tests --------------------------------------------------------------------

TEST(DraughtsPdn, NumberedSquaresMatchTheStartPosition) {
  EXPECT_EQ(square_name(*numbered_square(1), geometry), "b8");
  EXPECT_EQ(square_name(*numbered_square(4), geometry), "h8");
  EXPECT_EQ(square_name(*numbered_square(5), geometry), "a7");
  EXPECT_EQ(square_name(*numbered_square(22), geometry), "c3");
  EXPECT_EQ(square_name(*numbered_square(29), geometry), "a1");
  EXPECT_EQ(square_name(*numbered_square(32), geometry), "g1");
  const auto text = fen_to_position_text("W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.");
  ASSERT_TRUE(text.has_value());
  auto p = rules->parse_position(*text);
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(*p, rules->start());
}

TEST(DraughtsPdn, ReaderHandlesTagsCommentsNumbersAndResults) {
  const auto games = read_pdn(
      "[Event  \"A\"]\n[Result \"1-0\"]\n1. c3-d4 {a comment} f6-g5 2.d4-e5 d6xf4 3. g3xe5 1-0\n"
      "[Event \"B\"]\n1. c3-b4 (1. a3-b4) 1... b6-a5\n 1/2-1/2\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tags.at("Event"), "A");
  EXPECT_EQ(games[0].moves, (std::vector<std::string>{"c3-d4", "f6-g5", "d4-e5", "d6xf4", "g3xe5"}));
  EXPECT_EQ(games[0].result, "1-0");
  EXPECT_EQ(replay(games[0]), "");
  EXPECT_EQ(games[1].moves, (std::vector<std::string>{"c3-b4", "b6-a5"}));
  EXPECT_EQ(games[1].result, "1/2-1/2");
}

TEST(DraughtsPdn, ReplayReportsBadMovesAndAmbiguity) {
  PdnGame bad;
  bad.moves = {"c3-d4", "f6-g5", "d4-e6"};
  EXPECT_NE(replay(bad).find("move 2 (white) 'd4-e6'"), std::string::npos) << replay(bad);
  PdnGame illegal;
  illegal.moves = {"c3-d5"};
  EXPECT_NE(replay(illegal).find("matches no legal move"), std::string::npos);
  // e3 goes round the four black men either way: first and last squares alone do not
  // say which, the middle squares do.
  PdnGame ambiguous;
  ambiguous.tags["FEN"] = "W:We3:Bd4,d6,f4,f6,h8";
  ambiguous.moves = {"e3:e3"};
  EXPECT_NE(replay(ambiguous).find("ambiguous"), std::string::npos) << replay(ambiguous);
  ambiguous.moves = {"e3:c5:e7:e3"};
  EXPECT_EQ(replay(ambiguous), "");
  // Two routes that take the same pieces and reach the same position are still
  // ambiguous text; a replay with notes records them instead of failing.
  PdnGame same;
  same.tags["FEN"] = "W:WKg3:Bf4,c7,h8";
  same.moves = {"g3:b8"};
  EXPECT_NE(replay(same).find("ambiguous, matches: g3:e5:b8 g3:d6:b8"), std::string::npos) << replay(same);
  ReplayNotes notes;
  EXPECT_EQ(replay(same, &notes), "");
  EXPECT_EQ(notes.same_position_ambiguities, (std::vector<std::string>{"game 0 move 1 'g3:b8'"}));
  PdnGame wrong_result;
  wrong_result.tags["FEN"] = "W:Wc3:Bd4";
  wrong_result.moves = {"c3:e5"};
  wrong_result.result = "0-1";
  EXPECT_NE(replay(wrong_result).find("win for white (no_pieces)"), std::string::npos) << replay(wrong_result);
  wrong_result.result = "1-0";
  EXPECT_EQ(replay(wrong_result), "");
}

TEST(DraughtsPdn, Ussr1947) {
  const auto notes = replay_file("ussr1947.pdn", 153, {});
  // Three king captures are written by first and last squares only and could have
  // gone by either of two landing squares; both routes take the same two pieces, so
  // the game itself is not in doubt. Listed here so that any new one is noticed.
  EXPECT_EQ(
      notes.same_position_ambiguities,
      (std::vector<std::string>{"game 54 move 22 'g3:b8'", "game 82 move 26 'g1:a7'", "game 140 move 25 'b8:h2'"}));
  // No game here is played on until the rules end it: every decisive game ends with
  // a resignation (the replay still checks that no game ends by the rules against
  // its record, and that none ends before its last written move).
  EXPECT_EQ(notes.decided_by_rules, 0);
}

TEST(DraughtsPdn, Abatsiev1965) {
  const auto notes = replay_file(
      "abatsiev1965.pdn", 56,
      {{36,
        "Abatsiev - Lebedev 1973 (Igra Bodyanskogo, 1/2-1/2): the record has 25 move numbers but every move "
        "is written '-'; the moves were never entered, so there is nothing to replay"}});
  EXPECT_TRUE(notes.same_position_ambiguities.empty());
  EXPECT_EQ(notes.decided_by_rules, 0);
}

}  // namespace
}  // namespace bh::rules::draughts
