// Cluster mode: who holds each player name across the nodes, and on which node each
// resume token's player is (docs/cluster.md, "Names across the nodes"). A single node
// keeps its names in memory only (app/players/identities.hpp); on PostgreSQL (PgStore)
// a name is a row, taken in one statement, so two guests cannot take one name on two
// nodes at once.
//
// Thread-safety: as the store's: any thread; `done` runs on a store thread.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "storage/store_result.hpp"

namespace bh::storage {

struct NameClaim {
  std::string name;
  std::string key;  // names::name_key(name): the unique part
  std::string token;
  bool registered = false;
  bool bot = false;
  std::int64_t epoch = 0;  // the claiming node's
};

// Where a token's player is.
struct NameHolder {
  std::string name;
  std::string token;
  bool registered = false;
  bool bot = false;
  std::int64_t epoch = 0;  // the node that holds the player
  bool alive = false;      // that node's lease runs
};

class ClusterNames {
 public:
  virtual ~ClusterNames() = default;
  // Takes the name's key for `claim.token` on `claim.epoch`: true when no one held it,
  // the same token held it (the player moved between nodes, or its node was replaced),
  // its holder's node is gone (lease lapsed), or both claims are of the registered
  // account (its password was checked again: the newer login holds it). False: another
  // player holds it on a node alive.
  virtual void claim_name(NameClaim claim, std::function<void(StoreResult<bool>)> done) = 0;
  // Gives the name back, if `token` still holds it on `epoch` (not once another node
  // took it over).
  virtual void release_name(std::string key, std::string token, std::int64_t epoch,
                            std::function<void(StoreError)> done) = 0;
  // Who holds `token`, and where; not_found when no one does.
  virtual void find_token(std::string token, std::function<void(StoreResult<NameHolder>)> done) = 0;
  // Who holds the name key `key`, and where; not_found when no one does.
  virtual void find_name(std::string key, std::function<void(StoreResult<NameHolder>)> done) = 0;
};

}  // namespace bh::storage
