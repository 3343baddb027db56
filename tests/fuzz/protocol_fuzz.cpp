// libFuzzer target: the protocol decoders, decode_request and decode_server_message.
//
// Every input must give an Envelope (ServerFrame) or a DecodeError, without throwing,
// crashing, hanging or leaking. What decodes must also encode, and the encoded text must
// decode again and encode to the same text (the JSON form is a fixed point after one
// round), so the decoder accepts nothing the encoder cannot write.
// Thread-safety: libFuzzer calls the entry point from one thread.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/messages.hpp"

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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_request(text);
  check_server_message(text);
  return 0;
}
