// The tafl Ruleset: the interface of ruleset.hpp over the engine of engine.hpp.
#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "rules/engines.hpp"
#include "rules/tafl/engine.hpp"

namespace bh::rules {

namespace {

int option(const OptionValues& o, std::string_view name) {
  const auto it = o.find(name);
  return it == o.end() ? 0 : it->second;
}

class TaflRuleset final : public Ruleset {
 public:
  TaflRuleset(const tafl::Variant& v, OptionValues o)
      : Ruleset(o),
        rules_(tafl::make_rules(v, option(o, "size") > 0 ? option(o, "size") : v.board_size, option(o, "king_limit"),
                                option(o, "move_limit"))) {
    auto s = tafl::parse_position(rules_, tafl::start_text(rules_.size));
    assert(s.ok());
    start_ = *s;
  }

  std::string_view game_id() const override { return rules_.variant.id; }
  Geometry geometry() const override { return {rules_.size, rules_.size}; }
  std::string_view side_name(Side s) const override { return s == Side::first ? "attackers" : "defenders"; }

  Position start() const override { return start_; }
  Result<Position> parse_position(std::string_view text) const override {
    auto p = tafl::parse_position(rules_, text);
    if (!p) return p.error();
    return Position(*p);
  }
  std::string position_text(const Position& p) const override { return tafl::position_text(rules_, get(p)); }
  Side to_move(const Position& p) const override { return get(p).to_move; }

  void legal_moves(const Position& p, MoveList& out) const override {
    const tafl::Board b = tafl::to_board(rules_, get(p));
    if (tafl::terminal_status(rules_, b).over()) return;
    tafl::Mv moves[tafl::max_moves];
    const int n = tafl::generate(rules_, b, moves);
    out.reserve(out.size() + static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out.push_back(simple_move(moves[i].from, moves[i].to));
  }

  Position apply(const Position& p, const Move& m) const override {
    assert(m.length == 2 && !m.jump);
    const tafl::Board b = tafl::apply(rules_, tafl::to_board(rules_, get(p)), {m.from(), m.to()});
    return tafl::to_position(rules_, b);
  }

  Status status(const Position& p) const override { return tafl::status(rules_, tafl::to_board(rules_, get(p))); }

  std::uint64_t perft(const Position& p, int depth) const override {
    return tafl::perft(rules_, tafl::to_board(rules_, get(p)), depth);
  }

  bool threefold_repetition_draws() const override { return true; }  // T5
  Status repetition_status() const override {
    if (rules_.variant.extras.repetition == tafl::Repetition::defenders_lose)
      return Status::win(Side::first, EndReason::repetition);  // C11, R9
    return Status::draw(EndReason::repetition);
  }

  std::vector<Piece> pieces() const override {
    return {Piece{Side::first, PieceKind::man, 'a'}, Piece{Side::second, PieceKind::man, 'd'},
            Piece{Side::second, PieceKind::royal, 'K'}};
  }
  SquareKind square_kind(Square s) const override {
    if (s == rules_.throne) return SquareKind::throne;
    if (((rules_.exits >> s) & 1) != 0) return SquareKind::exit;
    return SquareKind::plain;
  }
  std::string_view board_note() const override {
    return rules_.variant.escape == tafl::Escape::any_edge ? "king escapes at any edge" : "";
  }

  Result<Move> legal_move_from_text(const Position& p, std::string_view text) const override {
    auto parsed = parse_move(text);
    if (!parsed) return parsed.error();
    if (parsed->jump || parsed->huff != no_square)
      return make_error(Errc::bad_move_text,
                        "bad move text '" + std::string(text) + "': a tafl move is written FROM-TO, e.g. e1-e3");
    if (status(p).over()) return make_error(Errc::game_over, "the game is over");
    MoveList legal;
    legal_moves(p, legal);
    if (std::find(legal.begin(), legal.end(), *parsed) != legal.end()) return parsed;
    return make_error(Errc::illegal_move,
                      std::string(text) + " is not legal here: " + why_illegal(get(p), parsed->from(), parsed->to()));
  }

 private:
  const tafl::Position& get(const Position& p) const {
    const auto& t = p.as<tafl::Position>();
    assert(tafl::inconsistency(rules_, t).empty());
    return t;
  }

  // Why from-to, well formed, is not among the legal moves of `p`.
  std::string why_illegal(const tafl::Position& p, Square from, Square to) const {
    const Geometry g = geometry();
    const std::string f = square_name(from, g);
    const std::string t = square_name(to, g);
    const bool king = p.king == from;
    if (!king && !p.attacker_at(from) && !p.defender_at(from)) return "there is no piece on " + f;
    const Side owner = p.attacker_at(from) ? Side::first : Side::second;
    if (owner != p.to_move) return "the piece on " + f + " belongs to the " + std::string(side_name(owner));
    if (from == to) return "a move must leave its square";
    const int df = g.file(to) - g.file(from);
    const int dr = g.rank(to) - g.rank(from);
    if (df != 0 && dr != 0) return "pieces move along a rank or a file";
    const int step = df > 0 ? 1 : df < 0 ? -1 : dr > 0 ? g.width : -g.width;
    const int distance = std::abs(df + dr);
    for (int s = from + step;; s += step) {
      const auto sq = static_cast<Square>(s);
      if (p.attacker_at(sq) || p.defender_at(sq) || p.king == sq)
        return sq == to ? t + " is occupied" : "the way is blocked at " + square_name(sq, g);
      if (sq == to) break;
    }
    const int limit = king ? rules_.king_limit : rules_.piece_limit;
    if (limit > 0 && distance > limit)
      return std::string(king ? "the king" : "this piece") + " moves at most " + std::to_string(limit) + " squares";
    if (!king && ((rules_.exits >> to) & 1) != 0) return "only the king may stop on an exit";
    if (to == rules_.throne) {
      if (rules_.variant.throne == tafl::Throne::banned_when_empty) return "no piece may stop on the empty throne";
      if (!king) return "only the king may stop on the throne";
    }
    return "no such move";
  }

  tafl::Rules rules_;
  Position start_;
};

}  // namespace

std::shared_ptr<const Ruleset> make_tafl(std::string_view id, OptionValues options) {
  const tafl::Variant* v = tafl::find_variant(id);
  if (v == nullptr) return nullptr;
  return std::make_shared<TaflRuleset>(*v, std::move(options));
}

}  // namespace bh::rules
