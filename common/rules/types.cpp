#include "rules/types.hpp"

#include <algorithm>
#include <array>
#include <tuple>
#include <utility>

namespace bh::rules {

bool operator<(const Move& a, const Move& b) {
  const auto pa = std::make_pair(a.path.begin(), a.path.begin() + a.length);
  const auto pb = std::make_pair(b.path.begin(), b.path.begin() + b.length);
  if (std::lexicographical_compare(pa.first, pa.second, pb.first, pb.second)) return true;
  if (std::lexicographical_compare(pb.first, pb.second, pa.first, pa.second)) return false;
  return std::tie(a.jump, a.huff) < std::tie(b.jump, b.huff);
}

std::string_view to_string(Errc c) {
  switch (c) {
    case Errc::unknown_game:
      return "unknown_game";
    case Errc::unknown_option:
      return "unknown_option";
    case Errc::bad_option_value:
      return "bad_option_value";
    case Errc::bad_position:
      return "bad_position";
    case Errc::bad_move_text:
      return "bad_move_text";
    case Errc::illegal_move:
      return "illegal_move";
    case Errc::game_over:
      return "game_over";
  }
  return "unknown";
}

namespace {
constexpr std::array<std::pair<EndReason, std::string_view>, 16> reason_names{{
    {EndReason::none, ""},
    {EndReason::king_captured, "king_captured"},
    {EndReason::king_escaped, "king_escaped"},
    {EndReason::no_attackers, "no_attackers"},
    {EndReason::no_legal_move, "no_legal_move"},
    {EndReason::no_pieces, "no_pieces"},
    {EndReason::repetition, "repetition"},
    {EndReason::kings_only, "kings_only"},
    {EndReason::resignation, "resignation"},
    {EndReason::agreement, "agreement"},
    {EndReason::time, "time"},
    {EndReason::abandonment, "abandonment"},
    {EndReason::aborted, "aborted"},
    {EndReason::no_first_move, "no_first_move"},
    {EndReason::exit_fort, "exit_fort"},
    {EndReason::encircled, "encircled"},
}};
}  // namespace

std::string_view to_string(EndReason r) {
  for (const auto& [reason, name] : reason_names)
    if (reason == r) return name;
  return "";
}

std::optional<EndReason> end_reason_from_string(std::string_view s) {
  for (const auto& [reason, name] : reason_names)
    if (name == s) return reason;
  return std::nullopt;
}

}  // namespace bh::rules
