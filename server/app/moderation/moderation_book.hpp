// What is in force of moderation (docs/moderation.md), in memory, so that every check on
// a hot path (a seek, a chat line, a login, a new connection) asks no database: the
// blocks between players, the staff's roles, the sanctions, the blocked addresses and
// the refused names' keys. Loaded from the store at start-up and after another node
// says it changed; each change made here is written to the store first.
//
// Thread-safety: any thread; one mutex, held only for map work.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "net/client_address.hpp"
#include "storage/moderation.hpp"

namespace bh::app {

class ModerationBook {
 public:
  struct InForce {
    std::string kind;  // suspend, ban
    std::optional<std::int64_t> until_ms;
  };

  // Everything replaced by `state` (the store's, at `now_ms`).
  void load(const storage::ModerationState& state);

  // Blocks: `player` blocks `other`.
  bool blocks(const std::string& player, const std::string& other) const;
  // Either blocks the other: the two are never paired, nor challenge each other.
  bool apart(const std::string& a, const std::string& b) const;
  // The names `player` blocks, in order.
  std::vector<std::string> blocked_by(const std::string& player) const;
  // Everyone `player` blocks or is blocked by, in order.
  std::vector<std::string> kept_apart_from(const std::string& player) const;
  void set_block(const std::string& player, const std::string& blocked, bool on);

  // moderator or admin; nullopt for everyone else.
  std::optional<std::string> role_of(const std::string& name) const;
  void set_role(const std::string& name, const std::string& role);  // "none" takes it away

  std::optional<InForce> sanction_of(const std::string& name, std::int64_t now_ms) const;
  void set_sanction(const std::string& name, InForce sanction);
  void lift(const std::string& name);

  // Whether a blocked address or range holds `address` (canonical, as Connection::address).
  bool address_blocked(const std::string& address, std::int64_t now_ms) const;
  void set_address_block(const std::string& cidr, std::optional<std::int64_t> until_ms);
  void remove_address_block(const std::string& cidr);

  // Whether a name with this key (names::name_key) is refused.
  bool name_refused(const std::string& key) const;
  void set_name_refused(const std::string& key, bool refused);

 private:
  struct Range {
    net::Cidr cidr;
    std::optional<std::int64_t> until_ms;
  };
  mutable std::mutex mutex_;
  std::set<std::pair<std::string, std::string>> blocks_;  // (player, blocked)
  std::map<std::string, std::string> roles_;
  std::map<std::string, InForce> sanctions_;
  std::map<std::string, Range> addresses_;  // by the text the moderator wrote
  std::set<std::string> refused_keys_;
};

// What a suspended or banned player is told: "this account is banned", or suspended
// until a time in UTC.
std::string sanction_text(const ModerationBook::InForce& sanction);

}  // namespace bh::app
