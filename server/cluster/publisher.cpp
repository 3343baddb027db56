#include "cluster/publisher.hpp"

#include <array>
#include <string_view>

#include "log/log.hpp"

namespace bh::cluster {

namespace {

RedisLink::Events with_replies(RedisLink::Events events, std::function<void(redisReply*)> on_reply) {
  events.reply = std::move(on_reply);
  return events;
}

}  // namespace

Publisher::Publisher(Strand strand, std::shared_ptr<BusCounters> counters, RedisLink::Events link_events)
    : counters_(std::move(counters)),
      link_(std::move(strand), with_replies(std::move(link_events), [this](redisReply* reply) { answered(reply); })) {}

Publisher::~Publisher() { close(BusError::stopped); }

void Publisher::send(const std::string& channel, const std::string& payload, std::size_t bytes, PublishDone done,
                     bool heartbeat) {
  const std::array<std::string_view, 3> args{"PUBLISH", channel, payload};
  if (!link_.command(args)) {
    complete(Pending{std::move(done), bytes, heartbeat}, PublishOutcome{BusError::lost, 0});
    return;
  }
  pending_.push_back(Pending{std::move(done), bytes, heartbeat});
}

void Publisher::fail(std::size_t bytes, PublishDone done, BusError why) {
  complete(Pending{std::move(done), bytes, false}, PublishOutcome{why, 0});
}

void Publisher::close(BusError why) {
  closing_reason_ = why;
  link_.close();  // each pending publish is answered with null, in order
  closing_reason_ = BusError::lost;
}

void Publisher::answered(redisReply* reply) {
  if (pending_.empty()) return;  // cannot happen: one reply per command
  Pending pending = std::move(pending_.front());
  pending_.pop_front();
  if (reply == nullptr) {
    complete(std::move(pending), PublishOutcome{closing_reason_, 0});
  } else if (reply->type == REDIS_REPLY_INTEGER) {
    complete(std::move(pending), PublishOutcome{std::nullopt, reply->integer});
  } else {
    if (reply->type == REDIS_REPLY_ERROR && !pending.heartbeat) {
      log::error("bus: Redis refused a publish: " + std::string(reply->str, reply->len));
    }
    complete(std::move(pending), PublishOutcome{BusError::refused, 0});
  }
}

void Publisher::complete(Pending pending, const PublishOutcome& outcome) {
  counters_->pending_bytes -= pending.bytes;
  if (pending.heartbeat) return;
  ++(outcome.error ? counters_->publish_failures : counters_->published);
  if (!pending.done) return;
  try {
    pending.done(outcome);
  } catch (const std::exception& e) {
    log::error(std::string("bus: a publish completion threw: ") + e.what());
  } catch (...) {
    log::error("bus: a publish completion threw");
  }
}

}  // namespace bh::cluster
