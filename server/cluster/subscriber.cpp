#include "cluster/subscriber.hpp"

#include <array>

namespace bh::cluster {

namespace {

std::string_view text_of(const redisReply* element) {
  if (element == nullptr || element->type != REDIS_REPLY_STRING) return {};
  return {element->str, element->len};
}

}  // namespace

Subscriber::Subscriber(Strand strand, const Subscriptions& wanted, std::string heartbeat_channel, Events events,
                       RedisLink::Events link_events)
    : wanted_(wanted),
      heartbeat_channel_(std::move(heartbeat_channel)),
      events_(std::move(events)),
      link_(std::move(strand), [&] {
        link_events.reply = [this](redisReply* reply) { answered(reply); };
        return std::move(link_events);
      }()) {}

void Subscriber::subscribe_all() {
  reconcile(heartbeat_channel_);
  for (const auto& channel : wanted_.channels()) reconcile(channel);
}

void Subscriber::reconcile(const std::string& channel) {
  if (!link_.connected()) return;  // subscribe_all() catches up after connecting
  const bool want = wanted(channel);
  const bool have = subscribed_.contains(channel);
  if (want && !have) {
    if (send("SUBSCRIBE", channel)) {
      subscribed_.insert(channel);
      ++unanswered_[channel];
    }
  } else if (!want && have) {
    if (send("UNSUBSCRIBE", channel)) subscribed_.erase(channel);
  }
}

bool Subscriber::all_confirmed() const {
  if (!link_.connected() || !subscribed_.contains(heartbeat_channel_)) return false;
  for (const auto& [channel, count] : unanswered_) {
    if (count > 0 && subscribed_.contains(channel)) return false;
  }
  for (const auto& channel : wanted_.channels()) {
    if (!subscribed_.contains(channel)) return false;
  }
  return true;
}

bool Subscriber::confirmed(const std::string& channel) const {
  return link_.connected() && subscribed_.contains(channel) && !unanswered_.contains(channel);
}

void Subscriber::close() {
  link_.close();
  subscribed_.clear();
  unanswered_.clear();
}

bool Subscriber::wanted(const std::string& channel) const {
  return channel == heartbeat_channel_ || wanted_.wanted(channel);
}

bool Subscriber::send(std::string_view verb, const std::string& channel) {
  const std::array<std::string_view, 2> args{verb, channel};
  return link_.command(args);
}

void Subscriber::answered(redisReply* reply) {
  // Null: the connection is ending; the bus hears of it from the link.
  if (reply == nullptr || reply->type != REDIS_REPLY_ARRAY || reply->elements < 3) return;
  const auto kind = text_of(reply->element[0]);
  const std::string_view channel = text_of(reply->element[1]);
  if (kind == "message") {
    events_.message(channel, text_of(reply->element[2]));
  } else if (kind == "subscribe") {
    std::string name(channel);
    const auto count = unanswered_.find(name);
    if (count != unanswered_.end() && --count->second <= 0) {
      unanswered_.erase(count);
      if (subscribed_.contains(name)) events_.confirmed(name);
    }
  }
  // "unsubscribe" needs nothing: the channel was forgotten when it was sent.
}

}  // namespace bh::cluster
