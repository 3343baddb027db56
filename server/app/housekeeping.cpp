#include "app/housekeeping.hpp"

#include <boost/asio/post.hpp>
#include <chrono>
#include <string>

#include "app/completion.hpp"
#include "app/rooms/room.hpp"
#include "app/tournaments/tournament_director.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"

namespace bh::app {

Housekeeping::Housekeeping(std::shared_ptr<Context> ctx)
    : ctx_(std::move(ctx)), strand_(boost::asio::make_strand(ctx_->io)), timer_(strand_) {}

void Housekeeping::start() {
  boost::asio::post(strand_, [self = shared_from_this()] { self->arm(); });
}

void Housekeeping::stop() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
  });
}

void Housekeeping::arm() {
  timer_.expires_after(std::chrono::seconds(1));
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->stopped_) return;
    auto work = [&] { self->sweep(); };
    auto failed = [] {};
    run_guarded("the housekeeping", work, failed);
    self->arm();
  });
}

void Housekeeping::sweep() {
  const std::int64_t now = now_ms();
  const auto in_tournament = [this](const std::string& player) { return ctx_->tournaments->holds(player); };
  for (const auto& gone : ctx_->identities.forget_absent(now, in_tournament))
    ctx_->name_claims.release(gone.name, gone.token);
  ctx_->name_claims.retry_releases();
  ctx_->audit.flush();  // the counts of audit lines held back (log/keyed_throttle.hpp)
  // Hourly, and once at start: the chat sent with reports is kept only so long.
  if (sweeps_++ % 3600 == 0)
    ctx_->store.purge_report_chat(now - std::int64_t{ctx_->config.report_chat_days} * 86'400'000,
                                  [](const storage::StoreError& error) {
                                    if (!error.ok()) log::error("reports' chat not dropped: " + error.message);
                                  });
  // Only where a move waits for the store to be told (cluster mode); elsewhere play goes
  // on from memory, and the clocks with it. Every second while down, so a room made
  // meanwhile (a restored game) hears it too.
  const bool up = !ctx_->config.tell_only_durable || ctx_->store.healthy();
  if (!up || !storage_up_)
    for (const auto& room : ctx_->directory.rooms()) room->command(game::Storage{up});
  storage_up_ = up;
  const Frame notice = make_frame(protocol::encode(
      protocol::server::Error{"not_authenticated",
                              "no guest, login, register or resume within " +
                                  std::to_string(ctx_->config.identify_timeout_ms / 1000) + " s; closing",
                              std::nullopt}));
  const std::int64_t cutoff = now - ctx_->config.identify_timeout_ms;
  for (const auto& c : ctx_->identities.unidentified(cutoff)) {
    // Watching a game or following the lobby needs no name: such a connection is spared
    // until it has followed nothing for the whole timeout.
    if (ctx_->watchers.active_since(c->id(), cutoff)) continue;
    log::debug("connection " + std::to_string(c->id()) + " from " + c->remote() + " closed: no identity in time");
    c->send(notice);
    c->close("identify_timeout");
  }
}

}  // namespace bh::app
