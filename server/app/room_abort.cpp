// Room: aborting a game before both sides have moved, by a player or by the server when
// a side does not make its first move in time (docs/protocol.md, "Abort").
#include <boost/asio/post.hpp>

#include "app/room.hpp"
#include "app/wall_clock.hpp"

namespace bh::app {

namespace asio = boost::asio;
using protocol::ErrorCode;

bool Room::waiting_first_move() const {
  return game_ && phase_ == Phase::playing && !game_->status().over() && game_->ply() < 2;
}

void Room::start_first_move_wait() {
  if (!game_ || game_->ply() >= 2) {
    first_move_deadline_.reset();
    first_move_deadline_ms_ = 0;
    return;
  }
  const auto wait = std::chrono::milliseconds(context_->config.first_move_ms);
  first_move_deadline_ = SteadyClock::now() + wait;
  first_move_deadline_ms_ = now_ms() + wait.count();
}

void Room::arm_first_move(std::uint64_t generation) {
  if (!first_move_deadline_) start_first_move_wait();
  clock_timer_.expires_at(*first_move_deadline_);
  clock_timer_.async_wait([self = shared_from_this(), generation](const boost::system::error_code& ec) {
    if (ec || generation != self->clock_generation_ || !self->waiting_first_move() || self->clock_.paused()) return;
    self->end_game(rules::Status::aborted(rules::EndReason::no_first_move));
  });
}

void Room::abort(std::string player, std::shared_ptr<Connection> connection, std::string game_id,
                 protocol::RequestId request) {
  asio::post(strand_, [self = shared_from_this(), player = std::move(player), connection = std::move(connection),
                       game_id = std::move(game_id), request = std::move(request)] {
    if (self->journal_.untold())  // a move being written is told before what follows it
      return self->journal_.defer(
          [self, player, connection, game_id, request] { self->abort(player, connection, game_id, request); });
    const auto slot = self->slot_of(player);
    if (!slot || self->phase_ == Phase::open)
      return self->reply_error(connection, request, ErrorCode::not_a_player, "you are not playing in this game");
    if (self->phase_ != Phase::playing || game_id != self->game_id_ || self->game_->status().over())
      return self->reply_error(connection, request, ErrorCode::game_over, "the game has ended");
    if (self->game_->ply() >= 2)
      return self->reply_error(connection, request, ErrorCode::too_late_to_abort,
                               "both sides have moved: resign or offer a draw instead");
    self->end_game(rules::Status::aborted(rules::EndReason::aborted));
  });
}

}  // namespace bh::app
