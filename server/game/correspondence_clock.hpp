// The time control of a correspondence game and its clock (issue 30): days per move (each
// move within N days, the time reset after it) or a time bank (each side starts with
// some days, the bank shrinks while the side is to move and grows by an increment after
// its move, and a move always has at least a protected minimum). Counted in wall-clock
// time, unix ms, not the steady clock: a game lives for weeks, across restarts, and its
// deadline must mean the same date after any of them. A plain value: the caller passes
// the time; `day_ms` is a day's length (shorter only in tests, --correspondence-day-ms).
//
// Thread-safety: none (values).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/messages.hpp"
#include "rules/types.hpp"

namespace bh::game {

struct CorrespondenceControl {
  enum class Kind { days_per_move, bank };
  Kind kind = Kind::days_per_move;
  int days_per_move = 0;    // days_per_move: 1, 2, 3, 5, 7, 10 or 14
  int bank_days = 0;        // bank: what each side starts with, 1 to 30 days
  int increment_hours = 0;  // bank: added after each of the side's moves, 0 to 72 hours
  int minimum_hours = 0;    // bank: what a move always has at least, 1 to 72 hours

  // A control, or why these values are none (for a `bad_options` answer).
  static std::variant<CorrespondenceControl, std::string> days(long long days_per_move);
  static std::variant<CorrespondenceControl, std::string> bank(long long bank_days, long long increment_hours,
                                                               long long minimum_hours);
  friend bool operator==(const CorrespondenceControl&, const CorrespondenceControl&) = default;
};

// The control as the store keeps it: "days N" or "bank D H M"; read back, none for
// anything else (a file edited by hand: the game is then left in the database).
std::string to_text(const CorrespondenceControl& control);
std::optional<CorrespondenceControl> correspondence_from_text(std::string_view text);
// The control as the protocol shows it (docs/protocol.md, "Correspondence games").
protocol::Correspondence correspondence_view(const CorrespondenceControl& control);

class CorrespondenceClock {
 public:
  using Ms = std::int64_t;
  static constexpr Ms kDayMs = 24LL * 60 * 60 * 1000;

  explicit CorrespondenceClock(CorrespondenceControl control, Ms day_ms = kDayMs);

  const CorrespondenceControl& control() const { return control_; }
  // A new game: both banks full, the first side to move thinking from `now`.
  void start(Ms now);
  // A game read back from the store: each side's bank after its last move (as moved()
  // left them, banks()) and when the turn of the side to move began (the last move's
  // time, or the start's). The deadline is then what it was before the restart.
  void restore(std::array<Ms, 2> banks, Ms turn_start);
  // The same from the deadline of `to_move` kept with the game (a takeback restarts a
  // turn after the last move's time, so the deadline, not that time, is what holds).
  void restore_deadline(std::array<Ms, 2> banks, rules::Side to_move, Ms deadline);

  // When the side to move loses on time: for days per move, the turn's start plus N days;
  // for a bank, the turn's start plus the larger of its bank and the minimum.
  Ms deadline(rules::Side to_move) const;
  // What the side to move has left at `now`; 0 or less: its time is up.
  Ms left(rules::Side to_move, Ms now) const { return deadline(to_move) - now; }
  // `side` moved at `now` (in time: left() > 0): its bank is charged the turn's time
  // (never below 0: the minimum may have carried it past its bank) and given the
  // increment; the other side's turn starts at `now`.
  void moved(rules::Side side, Ms now);

  // Each side's bank (days per move: the full N days each, the time a new turn has).
  const std::array<Ms, 2>& banks() const { return banks_; }
  Ms turn_start() const { return turn_start_; }

 private:
  Ms full() const;
  // What a turn of `to_move` starting now has: N days, or the larger of bank and minimum.
  Ms allowance(rules::Side to_move) const;

  CorrespondenceControl control_;
  Ms day_ms_;
  std::array<Ms, 2> banks_{};
  Ms turn_start_ = 0;
};

}  // namespace bh::game
