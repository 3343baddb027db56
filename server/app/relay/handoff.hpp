// Cluster mode with a bus: a connection of this node that asks for a room or a game
// another node runs (a join, a watch) is handed to that node (docs/cluster.md, "A game
// reached from any node"). Nothing of it stays here: its identity (name, token, whether
// registered or a bot) and whether it follows the lobby go with it, and from then on the
// owner serves every request it sends (relay.hpp). Also a resume whose seat another node
// holds: the connection goes there with no identity, and the resume is answered there.
//
// Thread-safety: any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "app/relay/relay.hpp"
#include "app/rooms/lobby.hpp"

namespace bh::app {

// Forgets `c` here but for the socket: its lobby subscription, the games it watched, its
// identity. Before it is relayed to another node.
void detach_connection(Context& ctx, const std::shared_ptr<Connection>& c);

// Hands `c` to node `owner`, whose first frame from it is `request`; answers `c` itself
// when it cannot go (it holds a seat here, unless `leaving_seat`: its seek room here is
// being cancelled as it goes; or the owner cannot be reached).
void hand_over_connection(const std::shared_ptr<Context>& ctx, Relay& relay, const std::shared_ptr<Connection>& c,
                          const protocol::RequestId& id, std::int64_t owner, std::string request,
                          bool leaving_seat = false);

// On the owner: a connection handed over, with what came with it (relay::Arrival).
// False (answered and closed) when its player cannot be taken here.
bool take_connection(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                     const relay::Arrival& arrival);

}  // namespace bh::app
