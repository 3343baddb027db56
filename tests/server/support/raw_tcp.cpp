#include "raw_tcp.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <utility>

namespace bh::test {

RawTcp::~RawTcp() { close(); }

RawTcp::RawTcp(RawTcp&& other) noexcept : fd_(std::exchange(other.fd_, -1)), peer_closed_(other.peer_closed_) {}

RawTcp& RawTcp::operator=(RawTcp&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
    peer_closed_ = other.peer_closed_;
  }
  return *this;
}

bool RawTcp::connect(std::uint16_t port) {
  close();
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    close();
    return false;
  }
  return true;
}

bool RawTcp::send(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

std::string RawTcp::read_some(std::chrono::milliseconds timeout) {
  if (fd_ < 0) return {};
  pollfd waiting{fd_, POLLIN, 0};
  if (::poll(&waiting, 1, static_cast<int>(timeout.count())) <= 0) return {};
  char data[4096];
  const ssize_t n = ::recv(fd_, data, sizeof data, 0);
  if (n <= 0) {
    peer_closed_ = true;
    return {};
  }
  return std::string(data, static_cast<std::size_t>(n));
}

void RawTcp::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

}  // namespace bh::test
