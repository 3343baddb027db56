// An HTTP/1.1 GET whose answer is an ndjson stream read as it comes (the HTTP API's event
// and game streams, docs/api.md): the status and headers, then one JSON object a line,
// with the chunked framing undone. Plain sockets (raw_tcp), no Beast.
//
// Thread-safety: one thread per object.
#pragma once

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "raw_tcp.hpp"

namespace bh::test {

class NdjsonStream {
 public:
  // Sends the request; false when the connection or the answer's head failed.
  bool open(std::uint16_t port, const std::string& target, const std::string& bearer_token,
            std::chrono::milliseconds timeout = std::chrono::seconds(5));
  int status() const { return status_; }
  const std::string& head() const { return head_; }  // the status line and headers
  // The body so far when the answer is not a stream (an error's JSON).
  const std::string& body() const { return lines_; }

  // The next line that is not empty, parsed; nullopt on timeout or once the stream ended.
  std::optional<nlohmann::json> next(std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // The next line whose "type" is `type`, skipping others.
  std::optional<nlohmann::json> next_of_type(const std::string& type,
                                             std::chrono::milliseconds timeout = std::chrono::seconds(5));
  // Reads until the stream ends (its last chunk, or the connection closed); true in time.
  bool wait_ended(std::chrono::milliseconds timeout);
  bool ended() const { return ended_; }
  int empty_lines() const { return empty_lines_; }  // keep-alives seen

 private:
  bool fill(std::chrono::steady_clock::time_point deadline);  // false on timeout or end
  void unchunk();

  RawTcp tcp_;
  int status_ = 0;
  std::string head_, raw_, lines_;
  bool ended_ = false;
  int empty_lines_ = 0;
};

}  // namespace bh::test
