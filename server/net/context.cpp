#include "net/context.hpp"

#include <boost/asio/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/websocket/error.hpp>
#include <string>

#include "log/log.hpp"

namespace bh::net {

void SessionRegistry::add(std::uint64_t id, std::weak_ptr<WsSession> session) {
  const std::lock_guard lock(mutex_);
  sessions_[id] = std::move(session);
}

void SessionRegistry::remove(std::uint64_t id) {
  const std::lock_guard lock(mutex_);
  sessions_.erase(id);
}

std::vector<std::shared_ptr<WsSession>> SessionRegistry::snapshot() const {
  std::vector<std::shared_ptr<WsSession>> live;
  const std::lock_guard lock(mutex_);
  for (const auto& [id, weak] : sessions_)
    if (auto session = weak.lock()) live.push_back(std::move(session));
  return live;
}

std::size_t SessionRegistry::size() const {
  const std::lock_guard lock(mutex_);
  return sessions_.size();
}

bool expected_error(const boost::system::error_code& ec) {
  namespace asio = boost::asio;
  namespace beast = boost::beast;
  return ec == asio::error::operation_aborted || ec == asio::error::eof || ec == beast::websocket::error::closed ||
         ec == beast::http::error::end_of_stream || ec == beast::error::timeout;
}

void fail(NetContext& context, const boost::system::error_code& ec, std::string_view what) {
  if (!ec || expected_error(ec)) return;
  context.stats->network_errors.fetch_add(1, std::memory_order_relaxed);
  context.app->count_network_error();
  log::debug(std::string(what) + ": " + ec.message());
}

}  // namespace bh::net
