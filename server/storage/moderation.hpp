// What players and moderators decide about players (docs/moderation.md): the blocks
// between players, the reports, and the moderators' state: roles, sanctions, blocked
// addresses, refused names; every moderator action written with its audit entry in one
// transaction, and the audit log never changed.
//
// Each call queues a job and returns at once; `done` runs later on one of the store's
// threads (store.hpp). A read sees every write queued before it.
//
// Thread-safety: every method may be called from any thread.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "storage/store_result.hpp"

namespace bh::storage {

struct PlayerBlock {
  std::string player, blocked;
};
struct StaffRole {
  std::string name, role;  // moderator, admin
};
struct Sanction {
  std::string name, kind;                // suspend, ban
  std::optional<std::int64_t> until_ms;  // none: a ban
  std::int64_t at_ms = 0;
  std::string reason;
};
struct AddressBlock {
  std::string cidr;  // as the moderator wrote it, checked by the caller
  std::optional<std::int64_t> until_ms;
  std::int64_t at_ms = 0;
  std::string reason;
};
struct RefusedName {
  std::string name, key;  // key: names::name_key, what new names are compared by
  std::int64_t at_ms = 0;
  std::string reason;
};

// Everything in force at `now_ms`, loaded at start-up (and again when another node says
// it changed) into the application's ModerationBook.
struct ModerationState {
  std::vector<PlayerBlock> blocks;
  std::vector<StaffRole> staff;
  std::vector<Sanction> sanctions;
  std::vector<AddressBlock> address_blocks;
  std::vector<RefusedName> refused_names;
};

struct Report {
  std::int64_t id = 0;  // set by the store
  std::int64_t at_ms = 0;
  std::string reporter, target, reason, text;
  std::optional<std::string> game_id;
  std::optional<int> ply;
  std::string chat;  // the game's recent chat as a JSON array; empty once purged
  std::optional<std::string> closed_by;
  std::optional<std::int64_t> closed_ms;
};

struct AuditEntry {
  std::int64_t id = 0;  // set by the store, growing
  std::int64_t at_ms = 0;
  std::string moderator, action, target, reason, detail;
};

// One moderator action. `action` is one of the protocol's (docs/protocol.md,
// "Moderation"): grant_role (value: moderator, admin or none), suspend (until_ms), ban,
// lift, block_address (until_ms optional), unblock_address, refuse_name (value: the
// name's key), allow_name, close_report (target: the report's id), annul.
struct ModerationAction {
  std::string action, target, value;
  std::optional<std::int64_t> until_ms;
  std::string moderator, reason;
  std::int64_t at_ms = 0;
};
struct ModerationOutcome {
  std::int64_t count = 0;            // annul: the games annulled; otherwise 1
  std::vector<std::string> rerated;  // annul: the players whose ratings changed
  std::int64_t audit_id = 0;
};

// The audit entry's detail of an action done (both stores write the same).
inline std::string audit_detail(const ModerationAction& a, const ModerationOutcome& out) {
  if (a.action == "grant_role") return "role " + a.value;
  if (a.action == "annul") return std::to_string(out.count) + " games";
  if (a.until_ms) return "until " + std::to_string(*a.until_ms);
  return {};
}

class Moderation {
 public:
  virtual ~Moderation() = default;

  virtual void load_moderation(std::int64_t now_ms, std::function<void(StoreResult<ModerationState>)> done) = 0;
  // Blocks (on) or unblocks `blocked` for `player`. not_found: no account `blocked`, or
  // (unblocking) no such block; conflict: `player` blocks `max` accounts already.
  virtual void save_block(std::string player, std::string blocked, bool on, int max, std::int64_t now_ms,
                          std::function<void(StoreError)> done) = 0;
  // The new report's id.
  virtual void save_report(Report report, std::function<void(StoreResult<std::int64_t>)> done) = 0;
  // Newest first, at most `limit`; only those not closed when `open_only`.
  virtual void list_reports(bool open_only, int limit, std::function<void(StoreResult<std::vector<Report>>)> done) = 0;
  // The action and its audit entry, in one transaction. not_found: no such account or
  // report, or (lift, unblock_address, allow_name, close_report) nothing to undo.
  virtual void moderate(ModerationAction action, std::function<void(StoreResult<ModerationOutcome>)> done) = 0;
  // Newest first, at most `limit`, older than `before_id` when given.
  virtual void list_audit(std::optional<std::int64_t> before_id, int limit,
                          std::function<void(StoreResult<std::vector<AuditEntry>>)> done) = 0;
  // Forgets the chat of the reports made before `before_ms` (the rest of them stays).
  virtual void purge_report_chat(std::int64_t before_ms, std::function<void(StoreError)> done) = 0;
};

}  // namespace bh::storage
