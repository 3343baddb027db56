#include "records/line_reader.hpp"

#include <limits>

namespace bh::records {

std::optional<LineReader::Line> LineReader::next() {
  if (!in_.good()) return std::nullopt;
  // Room for max_ bytes, a '\r' before the '\n', and getline's terminating '\0'.
  buffer_.resize(max_ + 2);
  in_.getline(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  const auto got = static_cast<std::size_t>(in_.gcount());
  if (got == 0 && in_.eof()) return std::nullopt;  // nothing after the last '\n'
  Line line;
  line.number = ++number_;
  if (in_.fail() && !in_.eof()) {
    // The buffer filled before the line ended: skip the rest of it without keeping it.
    in_.clear();
    in_.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    line.too_long = true;
    return line;
  }
  if (in_.bad()) return std::nullopt;
  // getline counts the '\n' it took but does not store it; at the end of the stream
  // there was none.
  std::size_t length = in_.eof() ? got : got - 1;
  if (length > 0 && buffer_[length - 1] == '\r') --length;
  if (length > max_) {
    line.too_long = true;
    return line;
  }
  line.text = std::string_view(buffer_.data(), length);
  return line;
}

}  // namespace bh::records
