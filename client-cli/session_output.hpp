// What a session says, in two forms at once: fields for scripts and lines for people.
//
// The Session (session.hpp) emits `Out` records to a `Sink`. The terminal sink
// (terminal.hpp) shows the human lines around the line being edited; the script sink
// here writes one parseable line per record:
//   plain:  KIND NAME key=value key="value with spaces" ...
//           and, for records meant to be read by people too (help, board, replay), the
//           human lines after it, each prefixed with "| ".
//   --json: {"kind":KIND,"name":NAME,key:value...,"lines":[...]} (events also carry
//           the server's message as "message").
// KIND is ok or error (the reply to a command), event (from the server), or data (one
// item of a listing, before its ok).
//
// Thread-safety: none; the UI thread only.
#pragma once

#include <charconv>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "protocol/json_fwd.hpp"

namespace bh::cli {

struct Out {
  enum class Kind { ok, error, event, data };
  Out() = default;
  Out(Kind k, std::string n) : kind(k), name(std::move(n)) {}

  Kind kind = Kind::ok;
  std::string name;  // command or event type
  struct Field {
    std::string key, value;
    bool number = false;  // a JSON number in --json output (value is its canonical text)
  };
  std::vector<Field> fields;                      // for scripts
  std::vector<std::string> lines;                 // for people
  bool lines_for_scripts = false;                 // show `lines` in script mode too
  std::shared_ptr<const protocol::Json> message;  // the server's message, for --json events (shared, not copied)

  Out& field(std::string key, std::string value) {
    fields.push_back({std::move(key), std::move(value), false});
    return *this;
  }
  // A count, a ply, an amount: digits in plain output, a number (not a string) in --json.
  template <class T>
  requires std::is_arithmetic_v<T> Out& number(std::string key, T value) {
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;  // shortest form that reads back
    fields.push_back({std::move(key), std::string(text, end), true});
    return *this;
  }
  Out& line(std::string text) {
    lines.push_back(std::move(text));
    return *this;
  }
};

std::string_view kind_name(Out::Kind);

class Sink {
 public:
  virtual ~Sink() = default;
  virtual void emit(const Out& out) = 0;
};

// Formats one record for scripts (plain or JSON), without the trailing newline.
std::vector<std::string> script_lines(const Out& out, bool json);

class ScriptSink final : public Sink {
 public:
  ScriptSink(std::FILE* file, bool json) : file_(file), json_(json) {}
  void emit(const Out& out) override;

 private:
  std::FILE* file_;
  bool json_;
};

}  // namespace bh::cli
