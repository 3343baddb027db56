// libFuzzer target: the protocol decoders, decode_request and decode_server_message.
//
// Every input must give an Envelope (ServerFrame) or a DecodeError, without throwing,
// crashing, hanging or leaking. What decodes must also encode, and the encoded text must
// decode again and encode to the same text (the JSON form is a fixed point after one
// round), so the decoder accepts nothing the encoder cannot write.
// The hand-written move codec (move_codec.hpp) must agree with the generic path: the
// fast decoder accepts only what decode_request_generic accepts, with the same result,
// and the move event's writer gives the generic text (or its error) for any bytes.
// Thread-safety: libFuzzer calls the entry point from one thread.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/json_encode.hpp"
#include "protocol/messages.hpp"
#include "protocol/move_codec.hpp"

namespace {

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz property violated: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

using namespace bh::protocol;

void check_request(std::string_view text) {
  auto decoded = decode_request(text);
  const auto* env = std::get_if<Envelope>(&decoded);
  if (!env) return;
  (void)request_type(env->request);
  const std::string once = encode_request(env->request, env->id);
  auto again = decode_request(once);
  const auto* env2 = std::get_if<Envelope>(&again);
  if (!env2) fail("an encoded request does not decode", once + " (" + std::get<DecodeError>(again).message + ")");
  const std::string twice = encode_request(env2->request, env2->id);
  if (twice != once) fail("a request does not encode to the same text after a round trip", once + "\n" + twice);
}

std::string encode_frame(const ServerFrame& f) {
  return std::visit([&](const auto& m) { return encode(m, f.id); }, f.message);
}

void check_server_message(std::string_view text) {
  auto decoded = decode_server_message(text);
  const auto* frame = std::get_if<ServerFrame>(&decoded);
  if (!frame) return;
  const std::string once = encode_frame(*frame);
  auto again = decode_server_message(once);
  const auto* frame2 = std::get_if<ServerFrame>(&again);
  if (!frame2)
    fail("an encoded server message does not decode", once + " (" + std::get<DecodeError>(again).message + ")");
  const std::string twice = encode_frame(*frame2);
  if (twice != once) fail("a server message does not encode to the same text after a round trip", once + "\n" + twice);
}

void check_fast_move(std::string_view text) {
  for (const Limits limits : {Limits{}, Limits{8}}) {
    const auto fast = try_decode_move(text, limits);
    if (!fast) continue;
    const auto generic = decode_request_generic(text, limits);
    const auto* env = std::get_if<Envelope>(&generic);
    if (!env) fail("the fast move decoder accepts a frame the generic one refuses", text);
    if (!(env->id == fast->id) || encode_request(env->request) != encode_request(fast->request))
      fail("the fast move decoder reads a frame differently", text);
  }
}

// The text of encode or encode_generic, or the error it threw.
template <class Encode>
std::string text_or_error(Encode encode_move) {
  try {
    return encode_move();
  } catch (const nlohmann::json::exception& e) {
    return std::string("error: ") + e.what();
  }
}

void check_move_writer(std::string_view text) {
  server::Move m;
  m.game_id = std::string(text.substr(0, 24));
  m.ply = static_cast<int>(text.size());
  m.move = std::string(text.substr(text.size() / 2));
  m.position = std::string(text);
  if (text.size() % 2 == 0)
    m.clocks = server::Clocks{-1, static_cast<std::int64_t>(text.size()), 0, m.move, std::nullopt};
  m.status.reason = std::string(text.substr(0, text.size() / 2));
  // The player to move's copy: the text cut into move texts (none for a short one).
  if (text.size() % 5 != 0) {
    m.legal.emplace();
    for (std::size_t at = 0; at + 4 <= text.size(); at += 4) m.legal->push_back(std::string(text.substr(at, 4)));
  }
  RequestId id;
  if (text.size() % 3 == 1) id.value = std::string(text.substr(0, 8));
  if (text.size() % 3 == 2) id.value = -static_cast<std::int64_t>(text.size());
  const std::string fast = text_or_error([&] { return encode(m, id); });
  const std::string generic = text_or_error([&] { return encode_generic(m, id); });
  if (fast != generic) fail("the move writer and the generic one differ", fast + "\n" + generic);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_request(text);
  check_server_message(text);
  check_fast_move(text);
  check_move_writer(text);
  return 0;
}
