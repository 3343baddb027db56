// The bus's subscribing connection: makes Redis's subscriptions follow the channels
// this node wants (Subscriptions), knows which are confirmed, and hands each message to
// the bus. It always holds the bus's own heartbeat channel too, which also keeps
// hiredis 0.14 out of a corner: when a connection's last channel is unsubscribed while a
// new SUBSCRIBE is still unanswered, that version leaves pub/sub mode and then fails an
// assertion (or drops the answer). With one channel never unsubscribed, the count never
// reaches zero.
//
// Thread-safety: the bus's strand only.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "cluster/redis_link.hpp"
#include "cluster/subscriptions.hpp"

namespace bh::cluster {

class Subscriber {
 public:
  struct Events {
    // A message on a channel (the heartbeat's too). The views live during the call.
    std::function<void(std::string_view channel, std::string_view payload)> message;
    // Redis has confirmed every SUBSCRIBE sent for `channel` so far.
    std::function<void(const std::string& channel)> confirmed;
  };

  Subscriber(Strand strand, const Subscriptions& wanted, std::string heartbeat_channel, Events events,
             RedisLink::Events link_events);

  RedisLink& link() { return link_; }
  // Subscribes every wanted channel (after connecting).
  void subscribe_all();
  // Subscribes or unsubscribes `channel` so Redis matches what is wanted now.
  void reconcile(const std::string& channel);
  // Whether every wanted channel is subscribed and confirmed; whether `channel` is.
  bool all_confirmed() const;
  bool confirmed(const std::string& channel) const;
  // Ends the connection and forgets what it had subscribed.
  void close();

 private:
  void answered(redisReply* reply);
  bool wanted(const std::string& channel) const;
  bool send(std::string_view verb, const std::string& channel);

  const Subscriptions& wanted_;
  std::string heartbeat_channel_;
  Events events_;
  std::set<std::string> subscribed_;       // SUBSCRIBE sent on this connection, not unsubscribed since
  std::map<std::string, int> unanswered_;  // SUBSCRIBE sent and not yet confirmed, per channel
  RedisLink link_;                         // last: closed first
};

}  // namespace bh::cluster
