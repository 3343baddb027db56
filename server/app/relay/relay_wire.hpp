// The messages of the relay between nodes (relay.hpp), as bytes on the bus. One line
// of header, "<kind> <from epoch> <connection id>", then the body as it is:
//   o  open   edge -> owner  a client's connection is served by the owner; body: an Arrival
//   i  in     edge -> owner  a frame the client sent; body: the frame
//   g  gone   edge -> owner  the client's connection closed
//   t  out    owner -> edge  a frame for the client; body: the frame
//   c  close  owner -> edge  close the client's connection; body: the reason
// `from` is the sender's epoch; the connection id is the edge node's.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bh::app::relay {

enum class Kind : char { open = 'o', in = 'i', gone = 'g', out = 't', close = 'c' };

struct Message {
  Kind kind = Kind::in;
  std::int64_t from = 0;   // the sending node's epoch (> 0)
  std::uint64_t conn = 0;  // the connection's id on the edge node
  std::string body;
  friend bool operator==(const Message&, const Message&) = default;
};

// What an `open` carries: the client's address and, when the edge had identified it,
// who it is, in lines: address, player, token, flags ('r' registered, 'b' a bot, 'l'
// follows the lobby, 'c' reads compact legal moves). A name or token never holds a line
// break (names are checked, tokens are hex).
struct Arrival {
  std::string address;
  std::string player, token;  // empty: no identity yet
  bool registered = false;
  bool bot = false;
  bool lobby = false;
  bool compact_legal = false;  // the client asked for /ws?legal=compact
  friend bool operator==(const Arrival&, const Arrival&) = default;
};

std::string encode_arrival(const Arrival& arrival);
std::optional<Arrival> decode_arrival(std::string_view body);

std::string encode(const Message& message);
// Nullopt for anything but a well-formed message (the nodes trust each other, but a
// stray publish on a node's channel must not reach the application).
std::optional<Message> decode(std::string_view payload);

// The lobbies' channel (lobby_mirror.hpp): "<sender's epoch>\n<a server frame>". The
// frame is left to the protocol's decoder; nullopt when the epoch is not one (> 0, one
// spelling).
struct LobbyMessage {
  std::int64_t from = 0;
  std::string_view frame;
};
std::string encode_lobby(std::int64_t from, std::string_view frame);
std::optional<LobbyMessage> decode_lobby(std::string_view payload);

}  // namespace bh::app::relay
