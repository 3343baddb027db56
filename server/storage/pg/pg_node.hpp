// A cluster node's lease and takeovers (docs/cluster.md): a thread with its own
// connection that renews this start's lease every renew_ms and, once asked, takes over
// the live games of nodes whose lease lapsed, handing them, loaded, to `adopt`.
// Internal to bh_storage_pg (PgStore owns one in cluster mode).
//
// Thread-safety: held() and adopt_lapsed() from any thread; `adopt` runs on the lease's
// thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "storage/pg/pg_conn.hpp"
#include "storage/records.hpp"

namespace bh::storage::pg {

struct NodeSettings {
  std::string dsn;
  std::string node_id;
  std::int64_t epoch = 0;
  int lease_ms = 5000;
  int renew_ms = 1000;
  std::function<void(const std::string&)> log;   // failures
  std::function<void(const std::string&)> note;  // what it did (a takeover, the lease released)
  // False while this node must not own games (it has lost the bus to the other nodes):
  // the lease is then not renewed, so it lapses and the others take the games over.
  // Empty: always renewed.
  std::function<bool()> may_renew;
};

class NodeLease {
 public:
  // The lease was registered (register_node) when `renewed_at` was sent; the thread starts.
  NodeLease(NodeSettings settings, std::chrono::steady_clock::time_point renewed_at);
  ~NodeLease();  // stops the thread
  NodeLease(const NodeLease&) = delete;
  NodeLease& operator=(const NodeLease&) = delete;

  // True while the lease surely runs on PostgreSQL's clock too: renewed less than
  // lease_ms - renew_ms ago by this node's clock (a renewal's lease counts from when it
  // was sent, before PostgreSQL's now()). A node that is not may have lost its games.
  bool held() const;
  // The last renewal failed (PostgreSQL unreachable, or the node's row gone): known
  // within renew_ms, long before the lease lapses, so the node stops its games' clocks.
  bool failing() const { return failing_now_.load(); }
  // From now on, the games of lapsed nodes are taken over and given to `adopt`. Once.
  void adopt_lapsed(std::function<void(std::vector<LiveGame>)> adopt);
  // From now on, after each renewal, `told` gets the epochs of the nodes alive (this
  // one's too), on the lease's thread. Empty: no more.
  void watch_nodes(std::function<void(std::vector<std::int64_t>)> told);
  // Ends the lease now, on the lease's thread (the caller does not wait), and renews it
  // no more: the other nodes take the games at once.
  void hand_over();
  // Stops the thread, then ends the lease now if hand_over() has not.
  void release();

 private:
  void run();
  void take_over_lapsed();
  void tell_nodes();
  void end_lease();  // on the lease's thread, or after it stopped

  NodeSettings settings_;
  Conn conn_;
  std::atomic<std::int64_t> renewed_at_ns_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;                                      // under mutex_
  bool handing_over_ = false;                                  // under mutex_
  std::atomic<bool> released_{false};                          // the lease was ended
  std::function<void(std::vector<LiveGame>)> adopt_;           // under mutex_
  std::function<void(std::vector<std::int64_t>)> nodes_told_;  // under mutex_
  bool failing_ = false;                                       // the thread's: a failure was logged
  std::atomic<bool> failing_now_{false};                       // failing(): the last renewal failed
  bool withheld_ = false;                                      // the thread's: may_renew said no
  std::chrono::steady_clock::time_point quiet_until_{};        // the thread's: no takeover before
  std::thread thread_;
};

}  // namespace bh::storage::pg
