#include "app/shutdown.hpp"

#include <atomic>
#include <cstddef>

#include "app/rooms/lobby.hpp"
#include "app/rooms/room.hpp"

namespace bh::app {

void shut_down(const std::shared_ptr<Context>& ctx, std::function<void()> done) {
  const Frame notice = make_frame(protocol::encode(protocol::server::Shutdown{"the server is shutting down"}));
  for (const auto& c : ctx->identities.connections()) c->send(notice);
  ctx->lobby->shutdown();
  ctx->sweep.stop();  // asleep games stay asleep: nothing of theirs is in memory
  struct Barrier {
    std::atomic<std::size_t> left;
    std::function<void()> then;
    void arrive() {
      if (--left == 0) then();
    }
  };
  const auto rooms = ctx->directory.rooms();
  auto barrier = std::make_shared<Barrier>();
  barrier->left = rooms.size() + 1;
  barrier->then = [ctx, done = std::move(done)] { ctx->pending.when_idle(done); };
  for (const auto& room : rooms) room->stop([barrier] { barrier->arrive(); });
  barrier->arrive();
}

}  // namespace bh::app
