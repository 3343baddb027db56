#include "app/relay/relay_wire.hpp"

#include <charconv>

namespace bh::app::relay {

namespace {

template <class Int>
bool take_number(std::string_view& rest, char end, Int& out) {
  const auto stop = rest.find(end);
  if (stop == std::string_view::npos || stop == 0) return false;
  const auto digits = rest.substr(0, stop);
  // One spelling per number (no sign, no leading zero), so a message decodes from one text.
  if (digits.front() == '-' || digits.front() == '+' || (digits.front() == '0' && digits.size() > 1)) return false;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return false;
  rest.remove_prefix(stop + 1);
  return true;
}

bool known(char kind) {
  switch (static_cast<Kind>(kind)) {
    case Kind::open:
    case Kind::in:
    case Kind::gone:
    case Kind::out:
    case Kind::close:
      return true;
  }
  return false;
}

}  // namespace

std::string encode_arrival(const Arrival& a) {
  std::string flags;
  if (a.registered) flags += 'r';
  if (a.bot) flags += 'b';
  if (a.lobby) flags += 'l';
  if (a.compact_legal) flags += 'c';
  return a.address + '\n' + a.player + '\n' + a.token + '\n' + flags;
}

std::optional<Arrival> decode_arrival(std::string_view body) {
  std::string_view parts[4];
  for (int i = 0; i < 3; ++i) {
    const auto end = body.find('\n');
    if (end == std::string_view::npos) return std::nullopt;
    parts[i] = body.substr(0, end);
    body.remove_prefix(end + 1);
  }
  parts[3] = body;
  Arrival a{std::string(parts[0]), std::string(parts[1]), std::string(parts[2])};
  if (a.player.empty() != a.token.empty()) return std::nullopt;
  for (const char flag : parts[3]) {
    bool* set = flag == 'r'   ? &a.registered
                : flag == 'b' ? &a.bot
                : flag == 'l' ? &a.lobby
                : flag == 'c' ? &a.compact_legal
                              : nullptr;
    if (!set || *set) return std::nullopt;  // unknown, or twice
    *set = true;
  }
  return a;
}

std::string encode(const Message& message) {
  std::string out;
  out.reserve(message.body.size() + 48);
  out += static_cast<char>(message.kind);
  out += ' ';
  out += std::to_string(message.from);
  out += ' ';
  out += std::to_string(message.conn);
  out += '\n';
  out += message.body;
  return out;
}

std::optional<Message> decode(std::string_view payload) {
  if (payload.size() < 2 || !known(payload[0]) || payload[1] != ' ') return std::nullopt;
  Message m;
  m.kind = static_cast<Kind>(payload[0]);
  auto rest = payload.substr(2);
  if (!take_number(rest, ' ', m.from) || m.from <= 0) return std::nullopt;
  if (!take_number(rest, '\n', m.conn)) return std::nullopt;
  m.body.assign(rest);
  return m;
}

std::string encode_lobby(std::int64_t from, std::string_view frame) {
  std::string out = std::to_string(from);
  out += '\n';
  out += frame;
  return out;
}

std::optional<LobbyMessage> decode_lobby(std::string_view payload) {
  LobbyMessage m;
  if (!take_number(payload, '\n', m.from) || m.from <= 0) return std::nullopt;
  m.frame = payload;
  return m;
}

}  // namespace bh::app::relay
