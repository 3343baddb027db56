// The draughts Ruleset (RULES.md section 2): the interface over draughts/engine.hpp.
#include "rules/draughts/engine.hpp"
#include "rules/engines.hpp"

namespace bh::rules {
namespace {

class DraughtsRules final : public Ruleset {
 public:
  explicit DraughtsRules(OptionValues options) : Ruleset(std::move(options)) {}

  std::string_view game_id() const override { return "draughts"; }
  Geometry geometry() const override { return draughts::geometry; }
  std::string_view side_name(Side s) const override { return s == Side::first ? "white" : "black"; }

  Position start() const override { return draughts::start_position(); }
  Result<Position> parse_position(std::string_view text) const override {
    auto p = draughts::parse_position(text);
    if (!p) return p.error();
    return Position(*p);
  }
  std::string position_text(const Position& p) const override {
    return draughts::position_text(p.as<draughts::Position>());
  }
  Side to_move(const Position& p) const override { return p.as<draughts::Position>().to_move; }

  void legal_moves(const Position& p, MoveList& out) const override {
    draughts::legal_moves(p.as<draughts::Position>(), out);
  }
  Position apply(const Position& p, const Move& m) const override {
    return draughts::apply(p.as<draughts::Position>(), m);
  }
  Status status(const Position& p) const override { return draughts::status(p.as<draughts::Position>()); }
  std::uint64_t perft(const Position& p, int depth) const override {
    return draughts::perft(p.as<draughts::Position>(), depth);
  }

  bool threefold_repetition_draws() const override { return true; }

  std::vector<Piece> pieces() const override {
    return {Piece{Side::first, PieceKind::man, 'w'}, Piece{Side::second, PieceKind::man, 'b'},
            Piece{Side::first, PieceKind::king, 'W'}, Piece{Side::second, PieceKind::king, 'B'}};
  }
  // Pieces stand only on dark squares, (file + rank) even (RULES.md section 2).
  SquareKind square_kind(Square s) const override {
    const Geometry g = geometry();
    return (g.file(s) + g.rank(s)) % 2 != 0 ? SquareKind::light : SquareKind::plain;
  }
  int kings_only_ply_limit() const override { return 30; }  // D8: 15 moves by each side
  bool is_kings_only_ply(const Position& before, const Move& m) const override {
    return draughts::is_kings_only_ply(before.as<draughts::Position>(), m);
  }
};

}  // namespace

std::shared_ptr<const Ruleset> make_draughts(OptionValues options) {
  return std::make_shared<const DraughtsRules>(std::move(options));
}

}  // namespace bh::rules
