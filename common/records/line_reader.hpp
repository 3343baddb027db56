// A record file's lines read from a stream with bounded memory: at most `max_bytes` of a
// line are ever held. A longer line is not kept: it is skipped to its end and reported
// as too long, so a 100 MB file on one line costs the reader one line's buffer.
//
// Thread-safety: none; one reader per stream.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace bh::records {

class LineReader {
 public:
  LineReader(std::istream& in, std::size_t max_bytes) : in_(in), max_(max_bytes) {}

  struct Line {
    std::string_view text;  // without its '\n' and a '\r' before it; empty when too_long
    int number = 0;         // 1-based
    bool too_long = false;  // longer than max_bytes: skipped unread
  };
  // The next line, or nullopt at the end of the stream (or at a read error: failed()).
  // `text` stays valid until the next call.
  std::optional<Line> next();
  // The stream failed for another reason than its end (an I/O error).
  bool failed() const { return in_.bad(); }

 private:
  std::istream& in_;
  std::size_t max_;
  std::string buffer_;
  int number_ = 0;
};

}  // namespace bh::records
