// Cluster mode: this node's side of the names held across the nodes
// (storage/cluster_names.hpp). A guest's name is claimed in PostgreSQL before it is
// bound here, so two nodes never give one name to two players; a player arriving here
// (a connection handed over, a game taken over) holds its name here from then on; a
// player forgotten here gives it back; and a token unknown here is looked up to find
// the node where its player is. Off (every call a no-op, claim() always claimed) on a
// single node, whose names are Identities' alone.
//
// Thread-safety: any thread; results come back on the io_context (app/completion.hpp).
#pragma once

#include <boost/asio/io_context.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "storage/cluster_names.hpp"

namespace bh::app {

class NameClaims {
 public:
  // `names` null: off. `epoch`: this node's.
  NameClaims(boost::asio::io_context& io, storage::ClusterNames* names, std::int64_t epoch)
      : io_(io), names_(names), epoch_(epoch) {}
  bool on() const { return names_ != nullptr; }
  std::int64_t epoch() const { return epoch_; }

  enum class Claimed { yes, taken, unavailable };
  // Takes `name` for `token` on this node; `done` on the io_context.
  void claim(const std::string& name, const std::string& token, bool registered, bool bot,
             std::function<void(Claimed)> done);
  // The player is here now, with the token it had: its name held on this node. Not
  // waited for; a failure is logged.
  void hold(const std::string& name, const std::string& token, bool registered, bool bot);
  // The player is forgotten here: the name is free, unless another node holds it now.
  // One that the store could not write is tried again by retry_releases().
  void release(const std::string& name, const std::string& token, int attempt = 0);
  // The housekeeping's, once a second: the releases that failed, again (at most an hour
  // of attempts each), so that no name stays held by a player forgotten here.
  void retry_releases();
  static constexpr int kReleaseAttempts = 3600;
  // Who holds `token` and where; `done` on the io_context.
  void find(const std::string& token, std::function<void(storage::StoreResult<storage::NameHolder>)> done);
  // Who holds `name` (its key) and where; `done` on the io_context.
  void find_name(const std::string& name, std::function<void(storage::StoreResult<storage::NameHolder>)> done);

 private:
  storage::NameClaim make(const std::string& name, const std::string& token, bool registered, bool bot) const;

  struct Failed {
    struct Release {
      std::string name, token;
      int attempt = 0;
    };
    std::mutex mutex;
    std::vector<Release> releases;
  };

  boost::asio::io_context& io_;
  const std::shared_ptr<Failed> failed_ = std::make_shared<Failed>();  // the store's callbacks keep it
  storage::ClusterNames* const names_;                                 // the store: outlives the application
  const std::int64_t epoch_;
};

}  // namespace bh::app
