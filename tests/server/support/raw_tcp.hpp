// A plain TCP connection for tests that misbehave below HTTP: half-open connections,
// partial requests, bytes that are not HTTP.
//
// Thread-safety: one thread per object.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace bh::test {

class RawTcp {
 public:
  RawTcp() = default;
  ~RawTcp();
  RawTcp(RawTcp&& other) noexcept;
  RawTcp& operator=(RawTcp&& other) noexcept;
  RawTcp(const RawTcp&) = delete;
  RawTcp& operator=(const RawTcp&) = delete;

  bool connect(std::uint16_t port);  // 127.0.0.1
  bool send(std::string_view bytes);
  // Whatever arrives within `timeout` (empty on timeout); sets peer_closed() at end of stream.
  std::string read_some(std::chrono::milliseconds timeout);
  bool peer_closed() const { return peer_closed_; }
  void close();

 private:
  int fd_ = -1;
  bool peer_closed_ = false;
};

}  // namespace bh::test
