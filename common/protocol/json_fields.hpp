// The JSON form of protocol messages, written once for every message struct.
//
// Each message struct lists its fields in a static `fields(self, visitor)` function;
// `to_json_value` and `FieldReader` walk that list. Conventions: a std::optional field
// may be absent or null (written as null when empty); every other field is required;
// strings are limited in length when read (untrusted input); integers must be JSON
// integers in range. Reading errors throw DecodeFailure, caught at the edge
// (decode_request / decode_server_message) and turned into an error code.
//
// Thread-safety: stateless functions over values.
#pragma once

#include <cstdint>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "protocol/field_traits.hpp"
#include "protocol/json_fwd.hpp"
#include "protocol/option_map.hpp"

namespace bh::protocol {

// The text of `j`. Bytes that are not valid UTF-8 become U+FFFD instead of throwing
// (nlohmann's strict default), so no client text can make a reply fail to encode.
inline std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// Thrown only inside decoding; never crosses the decode functions.
struct DecodeFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class T>
Json to_json_value(const T& value);

struct FieldWriter {
  Json& out;
  template <class T>
  void operator()(const char* name, const T& value) {
    out[name] = to_json_value(value);
  }
  // A field with its own length limit (read only): written as any other.
  template <class T>
  void operator()(const char* name, const T& value, std::size_t) {
    (*this)(name, value);
  }
};

template <class T>
Json to_json_value(const T& value) {
  if constexpr (std::is_same_v<T, OptionMap>) {
    Json o = Json::object();
    for (const auto& [k, e] : value.values) o[k] = e;
    return o;
  } else if constexpr (detail::HasFields<T>) {
    Json j = Json::object();
    FieldWriter w{j};
    T::fields(value, w);
    return j;
  } else if constexpr (detail::is_optional<T>::value) {
    return value ? to_json_value(*value) : Json(nullptr);
  } else if constexpr (detail::is_vector<T>::value) {
    Json a = Json::array();
    for (const auto& e : value) a.push_back(to_json_value(e));
    return a;
  } else if constexpr (detail::is_map<T>::value) {
    Json o = Json::object();
    for (const auto& [k, e] : value) o[k] = to_json_value(e);
    return o;
  } else {
    return Json(value);
  }
}

// Reads fields from a JSON object into a struct, checking types and lengths.
struct FieldReader {
  const Json& in;
  std::size_t max_string;

  template <class T>
  void operator()(const char* name, T& out) const {
    const auto it = in.find(name);
    if (it == in.end() || it->is_null()) {
      if constexpr (detail::is_optional<T>::value) {
        out.reset();
        return;
      } else {
        throw DecodeFailure(std::string("missing field '") + name + "'");
      }
    }
    read(*it, out, name);
  }
  // A string field with its own length limit instead of `max_string` (chat text).
  template <class T>
  requires std::is_same_v<T, std::string> || std::is_same_v<T, std::optional<std::string>>
  void operator()(const char* name, T& out, std::size_t max_length) const {
    FieldReader wider{in, max_length};
    wider(name, out);
  }

  template <class T>
  void read(const Json& j, T& out, const std::string& name) const {
    if constexpr (std::is_same_v<T, OptionMap>) {
      if (!j.is_object()) throw DecodeFailure("field '" + name + "' must be an object");
      out.values.clear();
      for (const auto& [k, e] : j.items()) {
        check_length(k, name);
        if (e.is_string()) {
          out.values[k] = e.template get<std::string>();
        } else if (e.is_number_integer()) {
          out.values[k] = e.dump();
        } else {
          throw DecodeFailure("option '" + k + "' must be a string or an integer");
        }
        check_length(out.values[k], name + "." + k);
      }
    } else if constexpr (detail::HasFields<T>) {
      if (!j.is_object()) throw DecodeFailure("field '" + name + "' must be an object");
      FieldReader sub{j, max_string};
      T::fields(out, sub);
    } else if constexpr (detail::is_optional<T>::value) {
      if (j.is_null()) {
        out.reset();
      } else {
        out.emplace();
        read(j, *out, name);
      }
    } else if constexpr (detail::is_vector<T>::value) {
      if (!j.is_array()) throw DecodeFailure("field '" + name + "' must be an array");
      out.clear();
      for (const auto& e : j) read(e, out.emplace_back(), name);
    } else if constexpr (detail::is_map<T>::value) {
      if (!j.is_object()) throw DecodeFailure("field '" + name + "' must be an object");
      out.clear();
      for (const auto& [k, e] : j.items()) {
        check_length(k, name);
        read(e, out[k], name + "." + k);
      }
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (!j.is_string()) throw DecodeFailure("field '" + name + "' must be a string");
      out = j.template get<std::string>();
      check_length(out, name);
    } else if constexpr (std::is_same_v<T, bool>) {
      if (!j.is_boolean()) throw DecodeFailure("field '" + name + "' must be true or false");
      out = j.template get<bool>();
    } else if constexpr (std::is_integral_v<T>) {
      if (!j.is_number_integer()) throw DecodeFailure("field '" + name + "' must be an integer");
      if (j.is_number_unsigned()) {
        const auto v = j.template get<std::uint64_t>();
        if (v > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
          throw DecodeFailure("field '" + name + "' is out of range");
        out = static_cast<T>(v);
      } else {
        const auto v = j.template get<std::int64_t>();
        if (v < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
            v > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
          throw DecodeFailure("field '" + name + "' is out of range");
        out = static_cast<T>(v);
      }
    } else if constexpr (std::is_floating_point_v<T>) {
      if (!j.is_number()) throw DecodeFailure("field '" + name + "' must be a number");
      out = j.template get<T>();
    } else {
      static_assert(sizeof(T) == 0, "no JSON form for this field type");
    }
  }

  void check_length(const std::string& s, const std::string& name) const {
    if (s.size() > max_string)
      throw DecodeFailure("field '" + name + "' is longer than " + std::to_string(max_string) + " characters");
  }
};

}  // namespace bh::protocol
