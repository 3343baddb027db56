#include "game/room_views.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <utility>

namespace bh::game::views {

namespace sv = protocol::server;
using rules::Side;

std::string side_text(Side side) { return side == Side::first ? "first" : "second"; }

std::string result_text(const rules::Status& status) {
  if (status.kind == rules::Status::Kind::aborted) return "aborted";
  return status.kind == rules::Status::Kind::draw ? "draw" : side_text(status.winner);
}

sv::GameStatus status(const rules::Status& s) {
  sv::GameStatus out;
  if (!s.over()) return out;
  out.state = s.kind == rules::Status::Kind::win ? "win" : s.kind == rules::Status::Kind::aborted ? "aborted" : "draw";
  if (s.kind == rules::Status::Kind::win) out.winner = side_text(s.winner);
  out.reason = std::string(rules::to_string(s.reason));
  return out;
}

sv::RoomInfo room_info(const std::string& room_id, const std::string& creator, const RoomSettings& settings) {
  sv::RoomInfo r;
  r.room_id = room_id;
  r.game = settings.game;
  r.options = settings.options;
  r.creator = creator;
  r.creator_side = std::string(to_string(settings.creator_side));
  r.clock = settings.clock;
  r.games = settings.games;
  r.is_private = settings.is_private;
  if (settings.seek) r.seek = true;
  r.correspondence = correspondence(settings);
  return r;
}

std::optional<protocol::Correspondence> correspondence(const RoomSettings& settings) {
  if (!settings.correspondence) return std::nullopt;
  return correspondence_view(*settings.correspondence);
}

sv::MatchInfo match_info(const std::string& match_id, const MatchScore& score) {
  return sv::MatchInfo{match_id, score.games(), score.game_number(), score.totals()};
}

std::optional<sv::Clocks> clocks(const GameClock& clock, std::optional<Side> running, GameClock::Time now) {
  if (!clock.timed()) return std::nullopt;
  if (clock.paused()) running.reset();
  sv::Clocks c;
  const auto shown = clock.shown(running, now);
  if (running) c.running = side_text(*running);
  c.first_ms = shown[0];
  c.second_ms = shown[1];
  c.increment_ms = clock.increment_ms();
  return c;
}

protocol::SidePair players(const std::array<SeatFacts, 2>& seats, int first_seat) {
  return {seats[static_cast<std::size_t>(first_seat)].player, seats[static_cast<std::size_t>(1 - first_seat)].player};
}

sv::GameView game_view(const GameFacts& f, std::optional<int> seat) {
  const auto side_of = [&](int s) { return s == f.first_seat ? Side::first : Side::second; };
  const auto& rules = f.game.rules();
  sv::GameView v;
  v.game_id = f.game_id;
  v.room_id = f.room_id;
  v.game = f.settings.game;
  v.options = f.settings.options;
  v.players = players(f.seats, f.first_seat);
  v.sides = {std::string(rules.side_name(Side::first)), std::string(rules.side_name(Side::second))};
  if (seat) v.you = side_text(side_of(*seat));
  v.start_position = rules.position_text(f.game.start());
  v.position = rules.position_text(f.game.position());
  v.ply = f.game.ply();
  v.to_move = side_text(f.game.to_move());
  if (seat && side_of(*seat) == f.game.to_move()) v.legal = legal_moves(f.game);
  for (const auto& m : f.journal.moves()) v.moves.push_back(m.text);
  v.clocks = f.clocks;
  v.status = status(f.game.status());
  if (f.draw_offer) v.draw_offer = side_text(*f.draw_offer);
  if (f.takeback_offer)
    v.takeback_offer = protocol::server::TakebackOffer{side_text(f.takeback_offer->side), f.takeback_offer->plies};
  for (int i = 0; i < 2; ++i) {
    const auto& s = f.seats[static_cast<std::size_t>(i)];
    if (!s.present && s.deadline_ms > 0) v.absent.push_back({side_text(side_of(i)), s.player, s.deadline_ms});
  }
  v.spectators = f.spectators;
  v.match = f.match;
  v.board = f.board;
  v.correspondence = correspondence(f.settings);
  return v;
}

namespace {

// The first 8 bytes of `text` as one number that orders as they do (zeros after a
// shorter text, which sorts first, as no move text holds a zero byte).
std::uint64_t head(std::string_view text) {
  std::uint64_t out = 0;
  for (std::size_t i = 0; i < 8; ++i) out = out << 8 | (i < text.size() ? static_cast<unsigned char>(text[i]) : 0u);
  return out;
}

// A position's move texts in one buffer, and their order: by the texts' first 8 bytes as
// a number, the rest compared only on a tie. Sorting the strings themselves (a memcmp
// call per comparison, swaps that copy) took most of the list's time
// (bench/legal_moves.cpp); so did a string per move.
class SortedTexts {
 public:
  SortedTexts(const rules::Ruleset& rules, const rules::MoveList& moves) {
    const rules::Geometry geometry = rules.geometry();
    all_.reserve(moves.size() * 8);
    ends_.reserve(moves.size() + 1);
    ends_.push_back(0);
    for (const auto& m : moves) {
      rules::append_move_text(all_, m, geometry);
      ends_.push_back(static_cast<std::uint32_t>(all_.size()));
    }
    order_.reserve(moves.size());
    for (std::uint32_t i = 0; i < moves.size(); ++i) order_.emplace_back(head(text(i)), i);
    std::sort(order_.begin(), order_.end(), [this](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : text(a.second) < text(b.second);
    });
  }
  std::string_view text(std::uint32_t i) const {
    return std::string_view(all_).substr(ends_[i], ends_[i + 1] - ends_[i]);
  }
  const std::vector<std::pair<std::uint64_t, std::uint32_t>>& order() const { return order_; }
  std::size_t bytes() const { return all_.size(); }

 private:
  std::string all_;
  std::vector<std::uint32_t> ends_;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> order_;
};

}  // namespace

std::optional<std::vector<std::string>> legal_moves(const rules::GameState& game) {
  if (game.status().over()) return std::nullopt;
  const SortedTexts texts(game.rules(), game.legal_moves());
  std::vector<std::string> sorted;
  sorted.reserve(texts.order().size());
  for (const auto& [key, index] : texts.order()) sorted.emplace_back(texts.text(index));
  return sorted;
}

namespace {

// append_compact_legal over any texts in byte order: `count` of them, `text(i)` each.
template <class Text>
void append_grouped(std::string& out, std::size_t count, const Text& text) {
  std::string_view group;  // the beginning the texts written last share
  for (std::size_t i = 0; i < count; ++i) {
    const std::string_view t = text(i);
    const std::size_t cut = t.find_first_of("-:");
    const std::string_view head = cut == std::string_view::npos ? t : t.substr(0, cut + 1);
    if (!group.empty() && head == group && cut != std::string_view::npos) {
      out += ',';
      out.append(t.substr(cut + 1));
      continue;
    }
    if (!group.empty()) out += ';';
    out.append(t);
    group = head;
  }
}

}  // namespace

void append_compact_legal(std::string& out, const std::vector<std::string_view>& sorted_texts) {
  append_grouped(out, sorted_texts.size(), [&](std::size_t i) { return sorted_texts[i]; });
}

std::optional<std::string> legal_moves_json(const rules::GameState& game, rules::MoveList& moves, bool write,
                                            bool compact) {
  moves.clear();
  if (game.status().over()) return std::nullopt;
  moves = game.legal_moves();
  if (!write) return std::string();
  const SortedTexts texts(game.rules(), moves);
  if (compact) {
    // Move texts are squares, '-', ':' and "huff ": nothing JSON escapes.
    std::string out;
    out.reserve(texts.bytes() + 2);
    out += '"';
    const auto& order = texts.order();
    append_grouped(out, order.size(), [&](std::size_t i) { return texts.text(order[i].second); });
    out += '"';
    return out;
  }
  // Move texts are squares, '-', ':' and "huff ": nothing JSON escapes.
  std::string out;
  out.reserve(texts.bytes() + 3 * moves.size() + 2);
  out += '[';
  for (const auto& [key, index] : texts.order()) {
    if (out.size() > 1) out += ',';
    out += '"';
    out.append(texts.text(index));
    out += '"';
  }
  out += ']';
  return out;
}

sv::LiveGameInfo live_game(const std::string& room_id, const std::string& game_id, const RoomSettings& settings,
                           protocol::SidePair players, int ply, std::int64_t started_ms) {
  sv::LiveGameInfo info;
  info.game_id = game_id;
  info.room_id = room_id;
  info.game = settings.game;
  info.options = settings.options;
  info.clock = settings.clock;
  info.players = std::move(players);
  info.ply = ply;
  info.started_ms = started_ms;
  info.rated = false;
  info.correspondence = correspondence(settings);
  return info;
}

sv::Move move_event(const std::string& game_id, const rules::GameState& game, const std::string& move_text, Side side,
                    std::optional<sv::Clocks> clocks) {
  sv::Move event;
  event.game_id = game_id;
  event.ply = game.ply();
  event.move = move_text;
  event.side = side_text(side);
  event.position = game.rules().position_text(game.position());
  event.to_move = side_text(game.to_move());
  event.clocks = std::move(clocks);
  event.status = status(game.status());
  return event;
}

sv::GameOver game_over(const std::string& room_id, const std::string& game_id, const rules::Status& s,
                       rules::Points points, const protocol::SidePair& players, bool archived, sv::MatchInfo match) {
  sv::GameOver over;
  over.game_id = game_id;
  over.room_id = room_id;
  over.result = result_text(s);
  if (s.kind == rules::Status::Kind::win) over.winner = s.winner == Side::first ? players.first : players.second;
  over.reason = std::string(rules::to_string(s.reason));
  over.points = {points.first, points.second};
  over.archived = archived;
  over.match = std::move(match);
  return over;
}

sv::MatchOver match_over(const std::string& room_id, const std::string& match_id, const MatchScore& score,
                         const std::string& creator, const std::string& joiner) {
  sv::MatchOver match;
  match.room_id = room_id;
  match.match_id = match_id;
  match.games = score.games();
  match.totals = score.totals();
  match.winner = score.winner(creator, joiner);
  return match;
}

}  // namespace bh::game::views
