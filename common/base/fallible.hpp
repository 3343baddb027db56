// A value, or why there is none: the one result type of the fallible calls outside the
// rules module (a command line, a URL, a query string, a request's settings, the
// server's flags). The reason is text for people unless said otherwise
// (Fallible<Config, ConfigError>). The rules keep their own Result (rules/types.hpp),
// whose error carries a stable code.
//
//   bh::Fallible<Url> parse_url(std::string_view text) {
//     if (text.empty()) return bh::failure("no URL");
//     return Url{...};
//   }
//   auto url = parse_url(text);
//   if (!url) return url.error();
//   use(*url);
//
// A failure is made with bh::failure, never by conversion, so a Fallible<std::string>
// (a value that is itself text) is never taken for its own error.
//
// Thread-safety: a plain value.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace bh {

// The reason, on its way into a Fallible (see failure).
template <class E>
struct Failure {
  E reason;
};

template <class E>
Failure<std::decay_t<E>> failure(E&& reason) {
  return {std::forward<E>(reason)};
}

template <class T, class E = std::string>
class [[nodiscard]] Fallible {
 public:
  Fallible(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  template <class F>
  requires std::is_constructible_v<E, F&&> Fallible(Failure<F> failed)
      : v_(std::in_place_index<1>, std::move(failed.reason)) {}  // NOLINT: implicit

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  // Only when !ok().
  const E& error() const& { return std::get<1>(v_); }
  E&& error() && { return std::get<1>(std::move(v_)); }

 private:
  std::variant<T, E> v_;
};

}  // namespace bh
