#include "ndjson_stream.hpp"

namespace bh::test {

namespace {
using Clock = std::chrono::steady_clock;
}

bool NdjsonStream::open(std::uint16_t port, const std::string& target, const std::string& bearer_token,
                        std::chrono::milliseconds timeout) {
  if (!tcp_.connect(port)) return false;
  std::string request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  if (!bearer_token.empty()) request += "Authorization: Bearer " + bearer_token + "\r\n";
  request += "\r\n";
  if (!tcp_.send(request)) return false;
  const auto deadline = Clock::now() + timeout;
  while (raw_.find("\r\n\r\n") == std::string::npos) {
    if (Clock::now() >= deadline || tcp_.peer_closed()) return false;
    raw_ += tcp_.read_some(std::chrono::milliseconds(50));
  }
  const auto end = raw_.find("\r\n\r\n");
  head_ = raw_.substr(0, end);
  raw_.erase(0, end + 4);
  if (head_.size() > 12) status_ = std::stoi(head_.substr(9, 3));
  if (head_.find("chunked") == std::string::npos) {  // an error's whole body
    const auto length_at = head_.find("Content-Length: ");
    const std::size_t length = length_at == std::string::npos ? 0 : std::stoul(head_.substr(length_at + 16));
    while (raw_.size() < length && Clock::now() < deadline && !tcp_.peer_closed())
      raw_ += tcp_.read_some(std::chrono::milliseconds(50));
    lines_ = raw_;
    ended_ = true;
    return true;
  }
  unchunk();  // what came with the head
  return true;
}

void NdjsonStream::unchunk() {
  for (;;) {
    const auto eol = raw_.find("\r\n");
    if (eol == std::string::npos) return;
    const std::size_t size = std::stoul(raw_.substr(0, eol), nullptr, 16);
    if (size == 0) {
      ended_ = true;
      raw_.clear();
      return;
    }
    if (raw_.size() < eol + 2 + size + 2) return;
    lines_ += raw_.substr(eol + 2, size);
    raw_.erase(0, eol + 2 + size + 2);
  }
}

bool NdjsonStream::fill(Clock::time_point deadline) {
  if (ended_) return false;
  while (Clock::now() < deadline) {
    const std::string got = tcp_.read_some(std::chrono::milliseconds(20));
    if (tcp_.peer_closed()) {
      ended_ = true;
      return false;
    }
    if (got.empty()) continue;
    raw_ += got;
    unchunk();
    return true;
  }
  return false;
}

std::optional<nlohmann::json> NdjsonStream::next(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const auto eol = lines_.find('\n');
    if (eol != std::string::npos) {
      const std::string line = lines_.substr(0, eol);
      lines_.erase(0, eol + 1);
      if (line.empty()) {
        ++empty_lines_;
        continue;
      }
      return nlohmann::json::parse(line, nullptr, false);
    }
    if (!fill(deadline)) return std::nullopt;
  }
}

std::optional<nlohmann::json> NdjsonStream::next_of_type(const std::string& type, std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto line = next(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
    if (!line) return std::nullopt;
    if (line->is_object() && line->value("type", "") == type) return line;
  }
  return std::nullopt;
}

bool NdjsonStream::wait_ended(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!ended_ && Clock::now() < deadline) {
    fill(deadline);
    while (next(std::chrono::milliseconds(0))) {
    }
  }
  return ended_;
}

}  // namespace bh::test
