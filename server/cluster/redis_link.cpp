#include "cluster/redis_link.hpp"

#include <boost/asio/post.hpp>
#include <vector>

namespace bh::cluster {

RedisLink::RedisLink(Strand strand, Events events)
    : strand_(std::move(strand)), events_(std::move(events)), self_(std::make_shared<RedisLink*>(this)) {}

RedisLink::~RedisLink() { close(); }

std::optional<std::string> RedisLink::connect(const BusAddress& address) {
  close();
  ++epoch_;
  redisAsyncContext* ac = address.kind == BusAddress::Kind::unix_socket
                              ? redisAsyncConnectUnix(address.path.c_str())
                              : redisAsyncConnect(address.host.c_str(), address.port);
  if (ac == nullptr) return "out of memory";
  if (ac->err != 0) {
    std::string why = ac->errstr;
    redisAsyncFree(ac);
    return why;
  }
  if (!RedisWatcher::attach(ac, strand_)) {
    redisAsyncFree(ac);
    return "the socket cannot be watched";
  }
  ac->data = this;
  ac_ = ac;
  closing_ = false;
  redisAsyncSetConnectCallback(ac, [](const redisAsyncContext* c, int status) {
    RedisLink* link = of(c);
    if (status == REDIS_OK) {
      link->connected_ = true;
      link->notify(true, {});
    } else {
      // hiredis frees the context once this returns.
      link->ended(c->errstr != nullptr ? c->errstr : "connection failed");
    }
  });
  redisAsyncSetDisconnectCallback(ac, [](const redisAsyncContext* c, int status) {
    of(c)->ended(status == REDIS_OK ? "closed" : (c->errstr != nullptr ? c->errstr : "connection lost"));
  });
  return std::nullopt;
}

bool RedisLink::command(std::span<const std::string_view> args) {
  if (ac_ == nullptr || !connected_) return false;
  std::vector<const char*> argv;
  std::vector<std::size_t> lengths;
  argv.reserve(args.size());
  lengths.reserve(args.size());
  for (auto arg : args) {
    argv.push_back(arg.data());
    lengths.push_back(arg.size());
  }
  const auto on_reply = [](redisAsyncContext* c, void* reply, void*) {
    of(c)->events_.reply(static_cast<redisReply*>(reply));
  };
  return redisAsyncCommandArgv(ac_, on_reply, nullptr, static_cast<int>(args.size()), argv.data(), lengths.data()) ==
         REDIS_OK;
}

void RedisLink::close() {
  ++epoch_;  // a notice already posted for this connection is now stale
  if (ac_ == nullptr) return;
  closing_ = true;
  redisAsyncContext* ac = ac_;
  ac_ = nullptr;
  connected_ = false;
  redisAsyncFree(ac);  // runs the pending replies' callbacks with null, then disconnect
}

void RedisLink::ended(std::string why) {
  ac_ = nullptr;
  connected_ = false;
  if (closing_) return;
  notify(false, std::move(why));
}

void RedisLink::notify(bool up, std::string why) {
  boost::asio::post(strand_, [weak = std::weak_ptr<RedisLink*>(self_), epoch = epoch_, up, why = std::move(why)] {
    const auto self = weak.lock();
    if (!self || (*self)->epoch_ != epoch) return;
    RedisLink& link = **self;
    if (up) {
      if (link.connected_ && link.events_.up) link.events_.up();
    } else if (link.events_.down) {
      link.events_.down(why);
    }
  });
}

}  // namespace bh::cluster
