// JSON text written straight from message structs, without building an nlohmann value
// first: the same bytes as encode_generic (nlohmann's dump(): no spaces, fields in their
// `fields()` order, strings escaped as dump() escapes them) for the field types it knows:
// strings, integers, booleans, std::optional and std::vector of those, and nested
// structs with `fields`. Doubles and maps keep the generic path (nlohmann's own number
// formatting and key order); using them here fails to compile.
//
// Bytes that are not valid UTF-8 are replaced by U+FFFD exactly as dump() with
// error_handler_t::replace does (protocol/utf8.hpp): writing never fails.
//
// Thread-safety: a writer belongs to one thread; no shared state.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <type_traits>

#include "protocol/field_traits.hpp"
#include "protocol/messages.hpp"

namespace bh::protocol {

class TextWriter {
 public:
  explicit TextWriter(std::string& out) : out_(out) {}

  // Appends `s` as a JSON string literal, escaped as nlohmann's dump() does.
  void string(std::string_view s);

  template <class T>
  void value(const T& v) {
    if constexpr (std::is_same_v<T, std::string>) {
      string(v);
    } else if constexpr (std::is_same_v<T, bool>) {
      out_ += v ? "true" : "false";
    } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, char>) {
      char digits[24];
      const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
      out_.append(digits, end);
    } else if constexpr (detail::is_optional<T>::value) {
      if (v) {
        value(*v);
      } else {
        out_ += "null";
      }
    } else if constexpr (detail::is_vector<T>::value) {
      out_ += '[';
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (i > 0) out_ += ',';
        value(v[i]);
      }
      out_ += ']';
    } else if constexpr (detail::HasFields<T>) {
      out_ += '{';
      T::fields(v, *this);
      out_ += '}';
    } else {
      static_assert(sizeof(T) == 0, "TextWriter cannot match nlohmann for this type; use encode_generic");
    }
  }

  // One field, as the visitor of `T::fields`, inside an object already opened (`out`
  // ends with '{' or a value). Field names are plain identifiers: no escaping.
  template <class T>
  void operator()(const char* name, const T& v) {
    if (out_.back() != '{') out_ += ',';
    out_ += '"';
    out_ += name;
    out_ += "\":";
    value(v);
  }
  // A field with its own length limit (read only): written as any other.
  template <class T>
  void operator()(const char* name, const T& v, std::size_t) {
    (*this)(name, v);
  }

 private:
  std::string& out_;
};

// encode(message, id) without nlohmann: "type", then "id" when not empty, then the
// fields. `capacity`: the text's expected size, for one allocation.
template <class T>
std::string encode_direct(const T& message, const RequestId& id, std::size_t capacity = 512) {
  std::string out;
  out.reserve(capacity);
  out += "{\"type\":";
  TextWriter w(out);
  w.string(T::type);
  if (const auto* n = std::get_if<std::int64_t>(&id.value)) w("id", *n);
  if (const auto* s = std::get_if<std::string>(&id.value)) w("id", *s);
  T::fields(message, w);
  out += '}';
  return out;
}

}  // namespace bh::protocol
