#include "game/correspondence_clock.hpp"

#include <algorithm>
#include <sstream>

namespace bh::game {
namespace {

constexpr long long kDaysPerMove[] = {1, 2, 3, 5, 7, 10, 14};

std::string range(const char* what, long long lo, long long hi, long long got) {
  return std::string(what) + " must be from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not " +
         std::to_string(got);
}

}  // namespace

std::string to_text(const CorrespondenceControl& c) {
  if (c.kind == CorrespondenceControl::Kind::days_per_move) return "days " + std::to_string(c.days_per_move);
  return "bank " + std::to_string(c.bank_days) + " " + std::to_string(c.increment_hours) + " " +
         std::to_string(c.minimum_hours);
}

std::optional<CorrespondenceControl> correspondence_from_text(std::string_view text) {
  if (text.empty()) return std::nullopt;  // a live game's (every archive entry asks)
  std::istringstream in{std::string(text)};
  std::string kind;
  long long a = 0, b = 0, c = 0;
  std::variant<CorrespondenceControl, std::string> made = std::string();
  if (!(in >> kind)) return std::nullopt;
  if (kind == "days" && in >> a) made = CorrespondenceControl::days(a);
  else if (kind == "bank" && in >> a >> b >> c) made = CorrespondenceControl::bank(a, b, c);
  std::string rest;
  if (in >> rest) return std::nullopt;
  if (const auto* control = std::get_if<CorrespondenceControl>(&made)) return *control;
  return std::nullopt;
}

protocol::Correspondence correspondence_view(const CorrespondenceControl& c) {
  protocol::Correspondence out;
  if (c.kind == CorrespondenceControl::Kind::days_per_move) {
    out.days_per_move = c.days_per_move;
  } else {
    out.bank_days = c.bank_days;
    out.increment_hours = c.increment_hours;
    out.minimum_hours = c.minimum_hours;
  }
  return out;
}

std::variant<CorrespondenceControl, std::string> CorrespondenceControl::days(long long days_per_move) {
  if (std::find(std::begin(kDaysPerMove), std::end(kDaysPerMove), days_per_move) == std::end(kDaysPerMove))
    return "days_per_move must be 1, 2, 3, 5, 7, 10 or 14, not " + std::to_string(days_per_move);
  CorrespondenceControl c;
  c.kind = Kind::days_per_move;
  c.days_per_move = static_cast<int>(days_per_move);
  return c;
}

std::variant<CorrespondenceControl, std::string> CorrespondenceControl::bank(long long bank_days,
                                                                             long long increment_hours,
                                                                             long long minimum_hours) {
  if (bank_days < 1 || bank_days > 30) return range("bank_days", 1, 30, bank_days);
  if (increment_hours < 0 || increment_hours > 72) return range("increment_hours", 0, 72, increment_hours);
  if (minimum_hours < 1 || minimum_hours > 72) return range("minimum_hours", 1, 72, minimum_hours);
  CorrespondenceControl c;
  c.kind = Kind::bank;
  c.bank_days = static_cast<int>(bank_days);
  c.increment_hours = static_cast<int>(increment_hours);
  c.minimum_hours = static_cast<int>(minimum_hours);
  return c;
}

CorrespondenceClock::CorrespondenceClock(CorrespondenceControl control, Ms day_ms)
    : control_(control), day_ms_(std::max<Ms>(1, day_ms)) {}

CorrespondenceClock::Ms CorrespondenceClock::full() const {
  return control_.kind == CorrespondenceControl::Kind::days_per_move ? control_.days_per_move * day_ms_
                                                                     : control_.bank_days * day_ms_;
}

void CorrespondenceClock::start(Ms now) {
  banks_ = {full(), full()};
  turn_start_ = now;
}

void CorrespondenceClock::restore(std::array<Ms, 2> banks, Ms turn_start) {
  banks_ = banks;
  for (auto& bank : banks_) bank = std::max<Ms>(0, bank);
  turn_start_ = turn_start;
}

void CorrespondenceClock::restore_deadline(std::array<Ms, 2> banks, rules::Side to_move, Ms deadline) {
  restore(banks, 0);
  turn_start_ = deadline - allowance(to_move);
}

CorrespondenceClock::Ms CorrespondenceClock::allowance(rules::Side to_move) const {
  if (control_.kind == CorrespondenceControl::Kind::days_per_move) return full();
  const Ms minimum = control_.minimum_hours * day_ms_ / 24;
  return std::max(banks_[rules::index(to_move)], minimum);
}

CorrespondenceClock::Ms CorrespondenceClock::deadline(rules::Side to_move) const {
  return turn_start_ + allowance(to_move);
}

void CorrespondenceClock::moved(rules::Side side, Ms now) {
  if (control_.kind == CorrespondenceControl::Kind::bank) {
    Ms& bank = banks_[rules::index(side)];
    const Ms spent = std::max<Ms>(0, now - turn_start_);
    bank = std::max<Ms>(0, bank - spent) + control_.increment_hours * day_ms_ / 24;
  }
  turn_start_ = now;
}

}  // namespace bh::game
