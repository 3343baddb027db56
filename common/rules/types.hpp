// Small value types shared by every game of the rules module: sides, squares,
// moves, errors, results and game status.
//
// Everything here is a plain value: copyable, comparable, no pointers, no I/O.
// Thread-safety: values only; safe to copy across threads.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace bh::rules {

// The side that moves first in a game (attackers in tafl, White elsewhere) is `first`.
enum class Side : std::uint8_t { first = 0, second = 1 };

constexpr Side other(Side s) { return s == Side::first ? Side::second : Side::first; }
constexpr int index(Side s) { return static_cast<int>(s); }

// A square index: rank * width + file, rank 0 at the bottom, file 0 on the left.
using Square = std::uint8_t;
inline constexpr Square no_square = 0xFF;

// A move as every game's interface sees it: the moving piece's square, then every
// landing square (one for a simple move, one per jump for a capture chain), and for
// Alquerque the piece named for huffing before the move (RULES.md Q6).
struct Move {
  static constexpr int max_path = 16;  // 1 start + at most 12 jumps in any game here
  std::array<Square, max_path> path{};
  std::uint8_t length = 0;  // squares used in path; a complete move has >= 2
  bool jump = false;        // written with ':' (draughts and Alquerque captures)
  Square huff = no_square;  // Alquerque: piece removed before the move

  Square from() const { return path[0]; }
  Square to() const { return path[length - 1]; }
  void push(Square s) { path[length++] = s; }

  friend bool operator==(const Move& a, const Move& b) {
    if (a.length != b.length || a.jump != b.jump || a.huff != b.huff) return false;
    for (int i = 0; i < a.length; ++i)
      if (a.path[i] != b.path[i]) return false;
    return true;
  }
  // Orders by path, then jump flag, then huff; used to print moves in a stable order.
  friend bool operator<(const Move& a, const Move& b);
};

inline Move simple_move(Square from, Square to) {
  Move m;
  m.push(from);
  m.push(to);
  return m;
}

// What stands on a square, as a drawing of the board needs it.
enum class PieceKind : std::uint8_t {
  man,    // an ordinary piece
  king,   // a crowned man (draughts): either side may have several
  royal,  // the one piece the game turns on (the tafl king, of the second side)
};

struct Piece {
  Side side = Side::first;
  PieceKind kind = PieceKind::man;
  // The letter a board shows for it: tafl a, d, K; draughts w, b, W, B; Alquerque w, b.
  char letter = '?';
  friend bool operator==(const Piece&, const Piece&) = default;
};

// What a square is, apart from what stands on it; a drawing marks all but plain.
enum class SquareKind : std::uint8_t {
  plain,
  throne,  // tafl: the centre square of a variant with a throne
  exit,    // tafl: a corner where the king escapes
  light,   // draughts: a light square, never played on
};

// Why a piece of untrusted input was refused. Codes are stable; messages are for people.
enum class Errc : std::uint8_t {
  unknown_game,
  unknown_option,
  bad_option_value,
  bad_position,
  bad_move_text,
  illegal_move,
  game_over,
};

std::string_view to_string(Errc);

struct Error {
  Errc code;
  std::string message;
};

// A value or the reason there is none. No exceptions cross the rules boundary.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

inline Error make_error(Errc code, std::string message) { return Error{code, std::move(message)}; }

// Why a game ended. The first group comes from the rules, the second from the players
// or the clock (set by whoever runs the game, e.g. the server).
enum class EndReason : std::uint8_t {
  none,
  king_captured,  // T6, V6, B4, S3
  king_escaped,   // V7, B5, S4
  no_attackers,   // V7
  no_legal_move,  // every game; D7, Q7
  no_pieces,      // D7, Q7
  repetition,     // T5, D8; a defenders' loss in C11, R9
  kings_only,     // D8: 30 plies of king moves without capture
  resignation,
  agreement,
  time,
  abandonment,
  aborted,        // a player aborted the game before both had moved
  no_first_move,  // the server aborted it: a side did not make its first move in time
  exit_fort,      // C8: the king in an unbreakable fort on the edge
  encircled,      // C10, R8: the attackers enclose every defender
};

std::string_view to_string(EndReason);  // snake_case code, e.g. "king_captured"
std::optional<EndReason> end_reason_from_string(std::string_view);

struct Status {
  // aborted: the game ended before it began (no result, no points, not rated).
  enum class Kind : std::uint8_t { ongoing, win, draw, aborted };
  Kind kind = Kind::ongoing;
  Side winner = Side::first;  // meaningful only when kind == win
  EndReason reason = EndReason::none;

  bool over() const { return kind != Kind::ongoing; }
  static Status ongoing() { return {}; }
  static Status win(Side s, EndReason r) { return {Kind::win, s, r}; }
  static Status draw(EndReason r) { return {Kind::draw, Side::first, r}; }
  static Status aborted(EndReason r) { return {Kind::aborted, Side::first, r}; }
  friend bool operator==(const Status&, const Status&) = default;
};

// Points of a finished game (RULES.md Q8 for Alquerque; 1 / 0.5 / 0 elsewhere).
struct Points {
  double first = 0;
  double second = 0;
  friend bool operator==(const Points&, const Points&) = default;
};

}  // namespace bh::rules
