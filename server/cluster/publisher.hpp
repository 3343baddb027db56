// The bus's publishing connection: PUBLISH commands in order, and for each the
// completion its caller asked for once Redis has answered it (or the connection ended
// first). Redis answers in order, so the pending completions are a FIFO.
//
// Thread-safety: the bus's strand only.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <string>

#include "cluster/bus.hpp"
#include "cluster/bus_counters.hpp"
#include "cluster/redis_link.hpp"

namespace bh::cluster {

class Publisher {
 public:
  Publisher(Strand strand, std::shared_ptr<BusCounters> counters, RedisLink::Events link_events);
  ~Publisher();

  RedisLink& link() { return link_; }
  // Sends now, or completes `done` with `lost` when the connection cannot take it.
  // `bytes` were added to pending_bytes by the caller; they are taken off on completion.
  // A heartbeat is not counted and has no completion.
  void send(const std::string& channel, const std::string& payload, std::size_t bytes, PublishDone done,
            bool heartbeat);
  // Completes `done` with `why` without sending (the bus was lost since it was accepted).
  void fail(std::size_t bytes, PublishDone done, BusError why);
  // Ends the connection; every pending publish completes with `why`.
  void close(BusError why);

 private:
  struct Pending {
    PublishDone done;
    std::size_t bytes = 0;
    bool heartbeat = false;
  };
  void answered(redisReply* reply);
  void complete(Pending pending, const PublishOutcome& outcome);

  std::shared_ptr<BusCounters> counters_;
  std::deque<Pending> pending_;
  BusError closing_reason_ = BusError::lost;
  RedisLink link_;  // last: closed first, while pending_ is still there
};

}  // namespace bh::cluster
