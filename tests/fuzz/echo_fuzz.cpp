// libFuzzer target: client text echoed in replies. Any bytes, put into every string of
// every server message (error messages quote room ids, game ids, names, types, cursors,
// paths), must encode without throwing into valid JSON; and a request whose type is any
// text must get an error whose message, cut to its length limit, is still valid UTF-8.
// This is the class of bug that once ended the process from one request (issue 19).
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
#include "protocol/utf8.hpp"

namespace {

using namespace bh::protocol;

[[noreturn]] void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz property violated: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// Sets every string of a message (nested, optional, in lists and maps) to `text`.
struct Filler {
  const std::string& text;

  template <class T>
  void operator()(const char*, T& value) {
    fill(value);
  }
  template <class T>
  void operator()(const char*, T& value, std::size_t) {
    fill(value);
  }
  template <class T>
  void fill(T& value) {
    if constexpr (std::is_same_v<T, std::string>) {
      value = text;
    } else if constexpr (std::is_same_v<T, OptionMap>) {
      value.values[text] = text;
    } else if constexpr (detail::HasFields<T>) {
      T::fields(value, *this);
    } else if constexpr (detail::is_optional<T>::value) {
      value.emplace();
      fill(*value);
    } else if constexpr (detail::is_vector<T>::value) {
      value.emplace_back();
      fill(value.back());
    } else if constexpr (detail::is_map<T>::value) {
      fill(value[text]);
    }
  }
};

void check_json(const std::string& encoded, const char* what) {
  if (!utf8::is_valid(encoded)) fail("an encoded message is not UTF-8", what);
  const Json parsed = Json::parse(encoded, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded() || !parsed.is_object()) fail("an encoded message is not a JSON object", encoded);
}

// The message of index `which` (of server::Message) with every string set to `text`.
template <std::size_t I = 0>
void check_server_message(std::size_t which, const std::string& text) {
  if constexpr (I < std::variant_size_v<server::Message>) {
    if (which != I) return check_server_message<I + 1>(which, text);
    using T = std::variant_alternative_t<I, server::Message>;
    T message{};
    Filler{text}.fill(message);
    RequestId id;
    id.value = text;
    check_json(encode(message, id), T::type);
    check_json(encode_generic(message), T::type);
    check_json(encode_body(message), T::type);
  }
}

void check_type_echo(const std::string& text) {
  // The text as the `type` of a request (escaped into valid JSON as a client would).
  const std::string frame = "{\"type\":" + dump(Json(text)) + ",\"id\":7}";
  const auto decoded = decode_request(frame);
  if (const auto* error = std::get_if<DecodeError>(&decoded)) {
    if (!utf8::is_valid(error->message)) fail("a decode error's message is not UTF-8", frame);
    check_json(encode(server::Error{std::string(to_string(error->code)), error->message, std::nullopt}, error->id),
               "error");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // The first byte picks the message (one a run keeps runs fast); the rest is the text.
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  check_server_message(data[0] % std::variant_size_v<server::Message>, text);
  check_type_echo(text);
  const auto cut = utf8::prefix(text, text.size() / 2);
  if (cut.size() > text.size() / 2 || (utf8::is_valid(text) && !utf8::is_valid(cut)))
    fail("a prefix cut a character", text);
  return 0;
}
