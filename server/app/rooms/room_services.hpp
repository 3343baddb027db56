// What a room needs from the rest of the server, and nothing more: each a narrow service
// with one job. The room sees no other part of the server (no Context): what else must
// happen when its game starts, moves, ends or its room closes, it publishes (the bus),
// and whoever cares subscribes (game_events.cpp).
//
// Thread-safety: each service documents its own; the struct is built once at start-up.
#pragma once

#include <boost/asio/io_context.hpp>
#include <cstdint>

#include "game/session.hpp"

namespace bh::app {

class GameEvents;
class GameRecords;
class Games;
struct Metrics;
class Seats;
class Watchers;

// The server's time limits a room applies (AppConfig's).
struct RoomLimits {
  game::Limits game;  // the session's deadlines
  std::int64_t spectator_count_interval_ms = 1'000;
  std::int64_t correspondence_sleep_ms = 600'000;  // an idle correspondence game's time in memory (0: forever)
};

struct RoomServices {
  boost::asio::io_context& io;  // the rooms' strands run on it
  GameEvents& events;           // the bus: what others hear of a room's games
  Seats& seats;                 // who sits where, one seat at a time
  Watchers& watchers;           // which connection watches which game
  GameRecords& records;         // the live game's writes, its deadlines and its end
  Games& games;                 // the one way a game is made (the next one, a rematch)
  Metrics& metrics;             // counters (errors by code, games)
  RoomLimits limits;
};

}  // namespace bh::app
