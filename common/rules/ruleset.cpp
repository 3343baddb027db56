#include "rules/ruleset.hpp"

#include <algorithm>

namespace bh::rules {

Points Ruleset::points(const Position&, const Status& status) const {
  if (status.kind == Status::Kind::draw) return {0.5, 0.5};
  if (status.kind == Status::Kind::win) return status.winner == Side::first ? Points{1, 0} : Points{0, 1};
  return {};
}

Result<Move> Ruleset::legal_move_from_text(const Position& p, std::string_view text) const {
  auto parsed = parse_move(text);
  if (!parsed) return parsed.error();
  if (status(p).over()) return make_error(Errc::game_over, "the game is over");
  MoveList legal;
  legal_moves(p, legal);
  if (std::find(legal.begin(), legal.end(), *parsed) != legal.end()) return parsed;
  const Move& m = *parsed;
  const bool own_piece_moves =
      std::any_of(legal.begin(), legal.end(), [&](const Move& l) { return l.from() == m.from(); });
  const bool capture_available = std::any_of(legal.begin(), legal.end(), [](const Move& l) { return l.jump; });
  std::string why = std::string(text) + " is not legal here";
  if (legal.empty()) why += ": there is no legal move";
  else if (!own_piece_moves) why += ": no piece of the side to move can move from " + square_name(m.from(), geometry());
  else if (capture_available && !m.jump) why += ": a capture is compulsory";
  return make_error(Errc::illegal_move, std::move(why));
}

}  // namespace bh::rules
