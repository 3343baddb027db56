// The Alquerque Ruleset (RULES.md section 3) over the free functions of engine.hpp.
#include <algorithm>
#include <bit>

#include "rules/alquerque/engine.hpp"
#include "rules/engines.hpp"

namespace bh::rules {
namespace {

namespace aq = alquerque;

std::string squares_text(std::uint32_t set) {
  std::string out;
  for (int f = 0; f < 5; ++f)
    for (int r = 0; r < 5; ++r)
      if ((set >> (r * 5 + f) & 1u) != 0)
        out += (out.empty() ? "" : ", ") + square_name(static_cast<Square>(r * 5 + f), aq::geometry);
  return out;
}

class AlquerqueRules final : public Ruleset {
 public:
  explicit AlquerqueRules(OptionValues options) : Ruleset(std::move(options)) {}

  std::string_view game_id() const override { return "alquerque"; }
  Geometry geometry() const override { return aq::geometry; }
  std::string_view side_name(Side s) const override { return s == Side::first ? "white" : "black"; }

  Position start() const override { return aq::start_position(); }
  Result<Position> parse_position(std::string_view text) const override {
    auto p = aq::parse(text);
    if (!p) return p.error();
    return Position(*p);
  }
  std::string position_text(const Position& p) const override { return aq::to_text(p.as<aq::Position>()); }
  Side to_move(const Position& p) const override { return p.as<aq::Position>().to_move; }

  void legal_moves(const Position& p, MoveList& out) const override { aq::legal_moves(p.as<aq::Position>(), out); }
  Position apply(const Position& p, const Move& m) const override { return aq::apply(p.as<aq::Position>(), m); }
  Status status(const Position& p) const override { return aq::status(p.as<aq::Position>()); }
  std::uint64_t perft(const Position& p, int depth) const override { return aq::perft(p.as<aq::Position>(), depth); }

  // Q1-Q5 make every game finite; RULES.md names no repetition rule for Alquerque.
  bool threefold_repetition_draws() const override { return false; }

  std::vector<Piece> pieces() const override {
    return {Piece{Side::first, PieceKind::man, 'w'}, Piece{Side::second, PieceKind::man, 'b'}};
  }
  bool has_lines() const override { return true; }
  bool joined(Square a, Square b) const override { return aq::joined(a, b); }

  // Q8. Endings by the rules: the winner gets 2, plus 2 per own piece left when the loser
  // has no pieces; when the loser is blocked, the one with more pieces gets 1 for each
  // piece beyond the other's count. Endings from outside the rules (resignation, time,
  // abandonment) are not covered by Q8; we keep them sensible and simple: 2 for the
  // winner and 0 for the loser, and a draw (agreement) gives 1 each, half of a win.
  Points points(const Position& final, const Status& status) const override {
    if (status.kind == Status::Kind::ongoing || status.kind == Status::Kind::aborted) return {};
    if (status.kind == Status::Kind::draw) return {1, 1};
    const auto& p = final.as<aq::Position>();
    const int winner_pieces = std::popcount(p.pieces[index(status.winner)]);
    const int loser_pieces = std::popcount(p.pieces[1 - index(status.winner)]);
    double winner = 2;
    double loser = 0;
    if (status.reason == EndReason::no_pieces) {
      winner += 2.0 * winner_pieces;
    } else if (status.reason == EndReason::no_legal_move) {
      winner += std::max(0, winner_pieces - loser_pieces);
      loser += std::max(0, loser_pieces - winner_pieces);
    }
    return status.winner == Side::first ? Points{winner, loser} : Points{loser, winner};
  }

  // The shared default would say "a capture is compulsory", which is not how Alquerque
  // works (Q6); say which rule refuses the move instead.
  Result<Move> legal_move_from_text(const Position& pos, std::string_view text) const override {
    auto parsed = parse_move(text);
    if (!parsed) return parsed.error();
    if (status(pos).over()) return make_error(Errc::game_over, "the game is over");
    MoveList legal;
    legal_moves(pos, legal);
    if (std::find(legal.begin(), legal.end(), *parsed) != legal.end()) return parsed;
    return make_error(Errc::illegal_move, std::string(text) + " is not legal here: " + why_not(pos, *parsed));
  }

 private:
  std::string why_not(const Position& pos, const Move& m) const {
    const auto& p = pos.as<aq::Position>();
    const Geometry g = aq::geometry;
    if (p.huff != 0 && m.huff == no_square)
      return "your opponent left a capture untaken, so you name the piece they lose: begin your move with "
             "'huff SQ ' for one of " +
             squares_text(p.huff);
    if (p.huff == 0 && m.huff != no_square) return "no huff choice is pending, so the move takes no 'huff' prefix";
    if (m.huff != no_square && (p.huff >> m.huff & 1u) == 0)
      return "the piece on " + square_name(m.huff, g) + " may not be named; choose one of " + squares_text(p.huff);
    const int me = index(p.to_move);
    if ((p.pieces[me] >> m.from() & 1u) == 0)
      return "no " + std::string(side_name(p.to_move)) + " piece stands on " + square_name(m.from(), g);
    if (m.jump)
      return "not a complete capture: each jump goes over an adjacent enemy piece along a line to an empty "
             "point, the first one not backward, never landing on the start point, and the capture goes on "
             "while the piece can jump again";
    const int dr = g.rank(m.to()) - g.rank(m.from());
    const int forward = p.to_move == Side::first ? dr : -dr;
    if (!aq::joined(m.from(), m.to()))
      return square_name(m.to(), g) + " is not one step along a line from " + square_name(m.from(), g);
    std::uint32_t occupied = p.pieces[0] | p.pieces[1];
    if (m.huff != no_square) occupied &= ~(1u << m.huff);  // removed before the move
    if ((occupied >> m.to() & 1u) != 0) return square_name(m.to(), g) + " is not empty";
    if (forward < 0) return "a simple move never goes backward";
    const int far_rank = p.to_move == Side::first ? 4 : 0;
    if (g.rank(m.from()) == far_rank) return "a piece on its far rank may not make simple moves";
    return "the piece may not go back to " + square_name(m.to(), g) + ", from where it made its previous move";
  }
};

}  // namespace

std::shared_ptr<const Ruleset> make_alquerque(OptionValues options) {
  return std::make_shared<const AlquerqueRules>(std::move(options));
}

}  // namespace bh::rules
