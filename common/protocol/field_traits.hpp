// What the generic field walkers (json_fields.hpp, text_writer.hpp) ask of a field's
// type: optional, vector, map, or a message struct with a `fields` list. No JSON here.
//
// Thread-safety: compile-time only.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace bh::protocol {

namespace detail {

template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};
template <class T>
struct is_map : std::false_type {};
template <class V>
struct is_map<std::map<std::string, V>> : std::true_type {};

struct NullVisitor {
  template <class T>
  void operator()(const char*, T&) {}
  template <class T>
  void operator()(const char*, T&, std::size_t) {}
};
template <class T>
concept HasFields = requires(T& t, NullVisitor& v) {
  T::fields(t, v);
};

}  // namespace detail

}  // namespace bh::protocol
