// Room: taking back moves (docs/protocol.md, "Takeback"). One request at a time; a move
// by either side lapses it. On acceptance the game is rebuilt by replaying the moves
// kept (position, draw-rule history, a pending Alquerque huff), the clocks go back to
// what the journal recorded after the last kept move, and the store drops the later
// plies before anyone hears of it, so a restart brings the game back as taken back.
#include <boost/asio/post.hpp>

#include "app/lobby.hpp"
#include "app/room.hpp"
#include "app/room_views.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace asio = boost::asio;
namespace sv = protocol::server;
using protocol::ErrorCode;
using rules::Side;
using views::side_text;

int Room::takeback_plies(Side side) const {
  const int ply = game_->ply();
  // Sides alternate from the start position's side to move (a huff is part of a move).
  const Side starts = game_->rules().to_move(game_->start());
  const auto mover = [&](int p) { return p % 2 == 1 ? starts : rules::other(starts); };
  if (ply >= 1 && mover(ply) == side) return 1;
  if (ply >= 2 && mover(ply - 1) == side) return 2;
  return 0;
}

void Room::takeback(std::string player, std::shared_ptr<Connection> connection, std::string game_id,
                    TakebackAction action, protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       game_id = std::move(game_id), action, request = std::move(request)]() mutable {
    // A move (or a takeback) being written is not told yet: the request waits for it.
    if (self->journal_.untold()) {
      return self->journal_.defer([self, player, connection, game_id, action, request] {
        self->takeback(player, connection, game_id, action, request);
      });
    }
    const auto slot = self->slot_of(player);
    if (!slot || self->phase_ == Phase::open)
      return self->reply_error(connection, request, ErrorCode::not_a_player, "you are not playing in this game");
    if (self->phase_ != Phase::playing || game_id != self->game_id_ || self->game_->status().over())
      return self->reply_error(connection, request, ErrorCode::game_over, "the game has ended");
    const Side side = self->side_of_slot(*slot);
    const auto& name = self->seats_[*slot].player;
    if (action == TakebackAction::request) {
      if (self->takeback_offer_)
        return self->reply_error(connection, request, ErrorCode::takeback_pending,
                                 "a takeback request is already waiting for an answer");
      const int plies = self->takeback_plies(side);
      if (plies == 0)
        return self->reply_error(connection, request, ErrorCode::nothing_to_take_back,
                                 "you have made no move to take back");
      self->takeback_offer_ = TakebackOffer{side, plies};
      const std::string text = protocol::encode(sv::TakebackOffered{self->game_id_, side_text(side), name, plies});
      self->broadcast(make_frame(text), connection->id());
      connection->send(make_frame(protocol::with_request_id(text, request)));
      return;
    }
    if (!self->takeback_offer_ || self->takeback_offer_->side != rules::other(side))
      return self->reply_error(connection, request, ErrorCode::no_takeback_request,
                               "there is no takeback request from your opponent");
    if (action == TakebackAction::accept) return self->accept_takeback(*slot, connection, request);
    self->takeback_offer_.reset();
    const std::string text = protocol::encode(sv::TakebackDeclined{self->game_id_, side_text(side), name});
    self->broadcast(make_frame(text), connection->id());
    connection->send(make_frame(protocol::with_request_id(text, request)));
  });
}

void Room::accept_takeback(int slot, const std::shared_ptr<Connection>& connection,
                           const protocol::RequestId& request) {
  const int plies = takeback_offer_->plies;
  const int ply = game_->ply() - plies;
  takeback_offer_.reset();
  draw_offer_.reset();  // made in a position that is gone
  // The game as it was after ply `ply`: replayed, so everything the rules keep (the
  // position, its history, a pending huff) is exactly what it was.
  rules::GameState rebuilt(settings_.rules);
  for (int i = 0; i < ply; ++i) {
    auto played = rebuilt.play(journal_.moves()[static_cast<std::size_t>(i)].text);
    if (!played) {
      log::error("game " + game_id_ + ": move " + std::to_string(i + 1) + " does not replay for a takeback");
      return reply_error(connection, request, ErrorCode::internal, "the takeback failed");
    }
  }
  game_ = std::move(rebuilt);
  std::optional<std::array<std::int64_t, 2>> clocks;  // none: the initial times
  if (ply > 0) {
    const auto& last = journal_.moves()[static_cast<std::size_t>(ply - 1)];
    clocks = {last.first_clock_ms, last.second_clock_ms};
  }
  journal_.take_back(ply);
  const bool paused = clock_.paused();
  const auto now = SteadyClock::now();
  clock_.restore(clocks, now);
  if (!paused) clock_.resume(now);
  ++clock_generation_;  // no flag falls while the takeback is written
  clock_timer_.cancel();
  start_first_move_wait();
  const Side side = side_of_slot(slot);
  sv::TakebackAccepted accepted{game_id_, side_text(side), seats_[slot].player, plies, ply};
  // Nobody hears of it before the store has dropped the plies taken back.
  write_live([self = shared_from_this(), connection, request, accepted = std::move(accepted)] {
    // Told even if the game ended meanwhile (its end comes after, with the moves kept).
    if (self->game_id_ == accepted.game_id) {
      const std::string text = protocol::encode(accepted);
      self->broadcast(make_frame(text), connection->id());
      connection->send(make_frame(protocol::with_request_id(text, request)));
      for (int i = 0; i < 2; ++i) self->send_to(i, make_frame(protocol::encode(sv::GameState{self->view(i)})));
      if (!self->spectators_.empty()) {
        const Frame frame = make_frame(protocol::encode(sv::GameState{self->view(std::nullopt)}));
        for (const auto& [cid, weak] : self->spectators_)
          if (auto c = weak.lock()) c->send(frame);
      }
    }
    for (auto& reply : self->journal_.told()) reply();
    if (self->phase_ != Phase::playing || self->game_id_ != accepted.game_id) return;
    if (self->listed_ply_) self->listed_ply_->store(accepted.ply, std::memory_order_relaxed);
    // The side to move thinks from now (not while the takeback was being written).
    if (self->game_->ply() == accepted.ply) {
      self->clock_.restart_turn(SteadyClock::now());
      self->start_first_move_wait();
    }
    self->arm_clock();
  });
}

}  // namespace bh::app
