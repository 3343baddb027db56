#include "app/rooms/room_audience.hpp"

#include "app/players/watchers.hpp"
#include "app/wall_clock.hpp"

namespace bh::app {

void RoomAudience::send_to(int slot, bool present, const Frame& frame) const {
  if (!present) return;
  if (auto c = seats_[slot].connection.lock()) c->send(frame);
}

bool RoomAudience::watch(const std::shared_ptr<Connection>& connection) {
  if (!watchers_.watch(connection->id(), room_id_)) return false;
  watching_[connection->id()] = connection;
  return true;
}

bool RoomAudience::unwatch(std::uint64_t connection_id) {
  watchers_.unwatch(connection_id, room_id_, now_ms());
  return watching_.erase(connection_id) > 0;
}

void RoomAudience::drop_watchers() {
  for (const auto& [id, weak] : watching_) watchers_.unwatch(id, room_id_, now_ms());
  watching_.clear();
  waiting_ = false;
  count_timer_.cancel();
}

void RoomAudience::send_away(const std::array<bool, 2>& present) {
  broadcast(make_frame(protocol::encode(protocol::server::Error{
                std::string(protocol::to_string(protocol::ErrorCode::game_moved)),
                "this game is played on another server node now: connect again and resume", std::nullopt})),
            present);
  for (const auto& seat : seats_)
    if (auto connection = seat.connection.lock()) connection->close("game moved to another node");
}

int RoomAudience::spectator_count() const {
  int count = 0;
  for (const auto& [id, weak] : watching_)
    if (id != seats_[0].id && id != seats_[1].id && !weak.expired()) ++count;
  return count;
}

void RoomAudience::to_watchers(const Frame& frame) const {
  for (const auto& [id, weak] : watching_)
    if (auto c = weak.lock()) c->send(frame);
}

void RoomAudience::to_spectators(const Frame& frame, std::uint64_t except,
                                 const std::function<bool(std::uint64_t)>& is_player) const {
  for (const auto& [id, weak] : watching_) {
    if (id == except || id == seats_[0].id || id == seats_[1].id) continue;
    // The players never hear the spectators' channel, from any connection of theirs.
    if (is_player(id)) continue;
    if (auto c = weak.lock()) c->send(frame);
  }
}

void RoomAudience::broadcast(const Frame& frame, const std::array<bool, 2>& present, std::uint64_t except,
                             std::optional<int> except_slot) {
  for (int i = 0; i < 2; ++i)
    if (seats_[i].id != except && except_slot != i) send_to(i, present[i], frame);
  for (auto it = watching_.begin(); it != watching_.end();) {
    auto c = it->second.lock();
    if (!c) {
      it = watching_.erase(it);
      continue;
    }
    if (it->first != except) c->send(frame);
    ++it;
  }
}

void RoomAudience::count_changed(std::int64_t interval_ms, std::shared_ptr<void> keep, std::function<bool()> live,
                                 std::function<std::pair<std::string, std::array<bool, 2>>()> game) {
  if (waiting_ || !live()) return;
  const int count = spectator_count();
  if (count == told_) return;
  told_ = count;
  auto [game_id, present] = game();
  broadcast(make_frame(protocol::encode(protocol::server::Spectators{std::move(game_id), count})), present);
  // Changes until the interval ends are told together, when it ends.
  waiting_ = true;
  count_timer_.expires_after(std::chrono::milliseconds(interval_ms));
  count_timer_.async_wait([this, interval_ms, keep, live = std::move(live),
                           game = std::move(game)](const boost::system::error_code& ec) mutable {
    if (ec || !waiting_) return;
    waiting_ = false;
    count_changed(interval_ms, std::move(keep), std::move(live), std::move(game));
  });
}

void RoomAudience::answer(const std::shared_ptr<Connection>& to, const protocol::RequestId& request,
                          std::string& text) {
  if (to) to->send(make_frame(request.empty() ? std::move(text) : protocol::with_request_id(text, request)));
}

void RoomAudience::tell(game::Tell& t, const std::array<bool, 2>& present, std::uint64_t requester,
                        const protocol::RequestId& request, const std::function<bool(std::uint64_t)>& is_player) {
  const std::uint64_t except = t.except_requester ? requester : 0;
  switch (t.to) {
    case game::Audience::room: {
      const std::optional<int> except_seat = t.except_seat >= 0 ? std::optional<int>(t.except_seat) : std::nullopt;
      return broadcast(make_frame(std::move(t.text)), present, except, except_seat);
    }
    case game::Audience::seat:
      if (except != 0 && seat_connection_id(t.seat) == except) return;
      return send_to(t.seat, present[t.seat],
                     make_frame(t.with_request_id ? protocol::with_request_id(t.text, request) : std::move(t.text)));
    case game::Audience::watchers:
      return to_watchers(make_frame(std::move(t.text)));
    case game::Audience::spectator_chat:
      return to_spectators(make_frame(std::move(t.text)), except, is_player);
    case game::Audience::computer:
      if (auto kept = computer_.lock()) kept->send(make_frame(std::move(t.text)));
      return;
  }
}

}  // namespace bh::app
