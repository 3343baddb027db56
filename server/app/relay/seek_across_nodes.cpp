#include "app/relay/seek_across_nodes.hpp"

#include <atomic>
#include <set>

#include "app/completion.hpp"
#include "app/relay/handoff.hpp"
#include "app/rooms/games.hpp"
#include "log/log.hpp"
#include "names/player_names.hpp"
#include "storage/cluster_seeks.hpp"

namespace bh::app {

using protocol::ErrorCode;
using Taken = storage::StoreResult<std::optional<storage::SeekRow>>;

namespace {

constexpr int kAttempts = 3;  // a seek taken whose room had just gone: look again

void decide(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, const Seeker& seeker,
            int attempt);

// The seeker's room opened (the transaction added it, then ran again and took another
// seek instead) is cancelled; one never opened is forgotten.
void drop_own_room(Context& ctx, const Seeker& seeker, bool opened) {
  if (opened) return seeker.room->play(seeker.player, seeker.connection, game::Cancel{}, {});
  ctx.games.discard(seeker.room, seeker.player);
}

void decided(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, const Seeker& seeker,
             int attempt, bool opened, Taken taken) {
  auto& c = seeker.connection;
  if (!taken.error.ok()) {
    log::error("a seek could not be decided across the nodes: " + taken.error.message);
    drop_own_room(*ctx, seeker, opened);
    if (taken.error.code == storage::StoreErrc::conflict)
      return ctx->send_error(c, seeker.request, ErrorCode::already_seated, "your seek already waits on another node");
    return ctx->send_error(c, seeker.request, ErrorCode::storage_unavailable,
                           "the server cannot reach its database; try again in a moment");
  }
  if (!*taken.value) return;  // added: the room waits, opened by the transaction
  const auto& row = **taken.value;
  if (row.epoch == ctx->config.epoch) {
    if (auto target = ctx->directory.find_room(row.room_id)) {
      drop_own_room(*ctx, seeker, opened);
      return target->join(seeker.player, c, std::nullopt, seeker.request);
    }
  } else if (relay && relay->alive(row.epoch)) {
    drop_own_room(*ctx, seeker, opened);
    protocol::client::JoinRoom join;
    join.room_id = row.room_id;
    return hand_over_connection(ctx, *relay, c, seeker.request, row.epoch,
                                protocol::encode_request(protocol::client::Request{join}, seeker.request),
                                /*leaving_seat=*/true);
  }
  // The seek taken had just gone with its room or its node: look again.
  if (opened || attempt + 1 >= kAttempts) {
    drop_own_room(*ctx, seeker, opened);
    return ctx->send_error(c, seeker.request, ErrorCode::room_closed, "the seek found was withdrawn; seek again");
  }
  decide(ctx, relay, seeker, attempt + 1);
}

void decide(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, const Seeker& seeker,
            int attempt) {
  const std::int64_t self = ctx->config.epoch;
  storage::SeekJob job;
  job.mine = {
      seeker.room->id(), pairing::terms_key(seeker.terms), names::name_key(seeker.player), seeker.rating, self, 0};
  const bool reach_others = relay != nullptr;
  // Who the seeker must never meet, by name key (a row holds its seeker's key alone).
  std::set<std::string> avoid;
  for (const auto& name : ctx->moderation.kept_apart_from(seeker.player)) avoid.insert(names::name_key(name));
  job.choose = [terms = seeker.terms, rating = seeker.rating, reach_others, self,
                avoid = std::move(avoid)](const std::vector<storage::SeekRow>& waiting) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < waiting.size(); ++i) {
      if (!reach_others && waiting[i].epoch != self) continue;
      if (avoid.contains(waiting[i].player_key)) continue;
      if (pairing::compatible(terms, waiting[i].rating, waiting[i].waited_ms, terms, rating)) return i;
    }
    return std::nullopt;
  };
  // Opened before the commit lets another seeker take it: its join comes after.
  auto opened = std::make_shared<std::atomic<bool>>(false);
  job.when_added = [opened, room = seeker.room, c = seeker.connection, id = seeker.request] {
    if (!opened->exchange(true)) room->open(c, id);
  };
  auto failed = [ctx, seeker, opened] {
    drop_own_room(*ctx, seeker, opened->load());  // no room left waiting outside the store
    ctx->send_error(seeker.connection, seeker.request, ErrorCode::internal, "internal error");
  };
  ctx->config.cluster_seeks->take_or_add_seek(std::move(job), on_io<Taken>(
                                                                  ctx->io, "a seek's decision",
                                                                  [ctx, relay, seeker, attempt, opened](Taken taken) {
                                                                    decided(ctx, relay, seeker, attempt, opened->load(),
                                                                            std::move(taken));
                                                                  },
                                                                  failed));
}

}  // namespace

void seek_across_nodes(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, Seeker seeker) {
  decide(ctx, relay, seeker, 0);
}

void end_cluster_seek(Context& ctx, const std::string& room_id) {
  if (!ctx.config.cluster_seeks) return;
  ctx.config.cluster_seeks->remove_seek(room_id, [room_id](storage::StoreError error) {
    // Left waiting for a node that no longer has it: a seeker who takes it is sent
    // back with "withdrawn", and it goes with this node's lease.
    if (!error.ok()) log::error("seek " + room_id + " not withdrawn across the nodes: " + error.message);
  });
}

}  // namespace bh::app
