#include "protocol/move_codec.hpp"

#include <charconv>
#include <cstdint>
#include <limits>

#include "protocol/text_writer.hpp"

namespace bh::protocol {

namespace {

// A cursor over a frame that reads only the plain JSON the fast path knows; every
// reader returns false on anything else, and the caller gives up.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  // Skips JSON whitespace, then takes `c` if it comes next.
  bool take(char c) {
    skip_space();
    if (pos_ == text_.size() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }

  bool at_string() {
    skip_space();
    return pos_ < text_.size() && text_[pos_] == '"';
  }

  bool at_end() {
    skip_space();
    return pos_ == text_.size();
  }

  // A string of printable ASCII: no escapes (their decoding is nlohmann's job), no control
  // characters (which JSON refuses) and no UTF-8 (which nlohmann validates).
  bool plain_string(std::string_view& out) {
    if (!take('"')) return false;
    const std::size_t start = pos_;
    for (; pos_ < text_.size(); ++pos_) {
      const auto c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        out = text_.substr(start, pos_++ - start);
        return true;
      }
      if (c < 0x20 || c == '\\' || c >= 0x80) return false;
    }
    return false;
  }

  // A JSON integer (no fraction or exponent, no leading zero) that fits in int64; a larger
  // one becomes an unsigned or a double in nlohmann, with its own rules.
  bool integer(std::int64_t& out) {
    skip_space();
    const std::size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    if (pos_ == text_.size() || !is_digit(text_[pos_])) return false;
    if (text_[pos_] == '0') {
      ++pos_;
    } else {
      while (pos_ < text_.size() && is_digit(text_[pos_])) ++pos_;
    }
    const char* end = text_.data() + pos_;
    const auto [ptr, ec] = std::from_chars(text_.data() + start, end, out);
    return ec == std::errc() && ptr == end;
  }

 private:
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// "id" as read_id keeps it; an id it would drop (too long) is left to the generic path.
bool read_id(Scanner& in, RequestId& id) {
  if (in.at_string()) {
    std::string_view text;
    if (!in.plain_string(text) || text.size() > kMaxIdLength) return false;
    id.value = std::string(text);
    return true;
  }
  std::int64_t n = 0;
  if (!in.integer(n)) return false;
  id.value = n;
  return true;
}

}  // namespace

std::optional<Envelope> try_decode_move(std::string_view text, const Limits& limits) {
  enum : unsigned { kType = 1, kId = 2, kGameId = 4, kPly = 8, kMove = 16 };
  Scanner in(text);
  if (!in.take('{')) return std::nullopt;
  unsigned seen = 0;
  RequestId id;
  std::string_view game_id, move;
  std::int64_t ply = 0;
  do {
    std::string_view key;
    if (!in.plain_string(key) || !in.take(':')) return std::nullopt;
    unsigned field = 0;  // stays 0 for an unknown key, which the generic path ignores
    bool read = false;
    if (key == "type") {
      std::string_view type;
      field = kType;
      read = in.plain_string(type) && type == client::Move::type;
    } else if (key == "game_id") {
      field = kGameId;
      read = in.plain_string(game_id);
    } else if (key == "ply") {
      field = kPly;
      read = in.integer(ply);
    } else if (key == "move") {
      field = kMove;
      read = in.plain_string(move);
    } else if (key == "id") {
      field = kId;
      read = read_id(in, id);
    }
    // A repeated key is nlohmann's call (the last one wins, in its place).
    if (!read || (seen & field) != 0) return std::nullopt;
    seen |= field;
  } while (in.take(','));
  if (!in.take('}') || !in.at_end()) return std::nullopt;
  if ((seen | kId) != (kType | kId | kGameId | kPly | kMove)) return std::nullopt;
  // Out of range or too long is an error; its message is the generic path's.
  if (ply < std::numeric_limits<int>::min() || ply > std::numeric_limits<int>::max()) return std::nullopt;
  if (game_id.size() > limits.max_string_length || move.size() > limits.max_string_length) return std::nullopt;
  return Envelope{
      std::move(id),
      client::Move{.game_id = std::string(game_id), .ply = static_cast<int>(ply), .move = std::string(move)}};
}

template <>
std::string encode(const server::Move& message, const RequestId& id) {
  // About 300 bytes, and the legal moves' texts (with quotes and commas) when it has them.
  std::size_t capacity = 512;
  if (message.legal)
    for (const auto& text : *message.legal) capacity += text.size() + 3;
  return encode_direct(message, id, capacity);
}

std::string with_legal_moves(std::string_view encoded, std::string_view legal_json) {
  // "legal" is the event's last field (server::Move::fields), so its null ends the text.
  constexpr std::string_view tail = "null}";
  if (!encoded.ends_with(tail)) return std::string(encoded);
  std::string out;
  out.reserve(encoded.size() - tail.size() + legal_json.size() + 1);
  out.append(encoded.substr(0, encoded.size() - tail.size())).append(legal_json);
  out += '}';
  return out;
}

}  // namespace bh::protocol
