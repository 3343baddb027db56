// play_computer (docs/protocol.md, "Play the computer"): a player's game against a bot
// account. Checks the request as create_room does, plus the level; picks the connected
// bot with the fewest seats (Identities::claim_bot); opens a private casual room, never
// in the lobby, whose second seat is kept for that bot (room_computer.cpp).
//
// Thread-safety: any thread (the network threads call it); the room's work is posted to
// its strand.
#pragma once

#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

inline constexpr int kDefaultComputerLevel = 4;
inline constexpr int kMaxComputerLevel = 8;

// `player` (identified, not shutting down, the store healthy: the caller checked) asks
// for a game against the computer. Answers room_created, or bad_request (level),
// bad_options, no_computer, already_seated.
void play_computer(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& connection,
                   const protocol::RequestId& id, const std::string& player, protocol::client::PlayComputer request);

}  // namespace bh::app
