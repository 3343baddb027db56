// Cluster mode: quick pairing across the nodes (docs/cluster.md, "Seeks across the
// nodes"). A seeker's room is made here as on one node; whether it joins a waiting seek
// or waits itself is decided by one PostgreSQL transaction (storage/cluster_seeks.hpp)
// that every node's seekers of the same terms pass one at a time. A seek of this node
// is joined here; another node's is reached by handing the connection to that node
// with a join of its room (handoff.hpp).
//
// Thread-safety: any thread; the decision's outcome is acted on on the io_context.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/app_context.hpp"
#include "app/relay/relay.hpp"
#include "app/rooms/pairing.hpp"
#include "app/rooms/room.hpp"

namespace bh::app {

struct Seeker {
  std::string player;
  std::shared_ptr<Connection> connection;
  protocol::RequestId request;
  std::shared_ptr<Room> room;  // made, published, not opened: opened if it waits
  pairing::Terms terms;
  std::optional<double> rating;
};

// Pairs `seeker` across the nodes (ctx.config.cluster_seeks set). `relay` null (no bus):
// only this node's seeks are joined.
void seek_across_nodes(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Relay>& relay, Seeker seeker);

// A seek room of this node stopped waiting (joined, closed): its row goes.
void end_cluster_seek(Context& ctx, const std::string& room_id);

}  // namespace bh::app
