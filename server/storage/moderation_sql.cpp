#include "storage/moderation_sql.hpp"

#include <sqlite3.h>
#include <set>
#include <utility>

namespace bh::storage::sql {

namespace {

StoreError done_or(Db& db, Query& q, std::string_view what) {
  if (const int rc = q.step(); rc != SQLITE_DONE) return error_from(db, rc, what);
  return {};
}

std::optional<std::int64_t> opt_int64(const Query& q, int column) {
  if (q.is_null(column)) return std::nullopt;
  return q.int64(column);
}

Query& bind_opt(Query& q, int index, const std::optional<std::int64_t>& value) {
  return value ? q.bind(index, *value) : q.bind_null(index);
}

StoreResult<bool> account_exists(Db& db, const std::string& name) {
  Query q(db, "SELECT count(*) FROM accounts WHERE name = ?1");
  q.bind(1, name);
  if (const int rc = q.step(); rc != SQLITE_ROW) return {error_from(db, rc, "cannot read the accounts"), std::nullopt};
  return {{}, q.int64(0) > 0};
}

// The rows a statement changed, or an error.
StoreResult<std::int64_t> change(Db& db, Query& q, std::string_view what) {
  if (auto error = done_or(db, q, what); !error.ok()) return {error, std::nullopt};
  return {{}, static_cast<std::int64_t>(sqlite3_changes(db.handle()))};
}

// The player's rated games stop counting (moderation.hpp, annul): each opponent gets back
// what a loss to them cost, the player's ratings and history go, the games become unrated.
StoreResult<ModerationOutcome> annul(Db& db, const std::string& player) {
  struct Counted {
    std::string game_id, key;
  };
  std::vector<Counted> games;
  {
    Query q(db, "SELECT game_id, key FROM rating_history WHERE player = ?1");
    q.bind(1, player);
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW) games.push_back({q.text(0), q.text(1)});
    if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the rating history"), std::nullopt};
  }
  std::set<std::string> rerated{player};
  for (const auto& g : games) {
    Query q(db, "SELECT player, before, after FROM rating_history WHERE game_id = ?1 AND key = ?2 AND player <> ?3");
    q.bind(1, g.game_id).bind(2, g.key).bind(3, player);
    std::vector<std::pair<std::string, double>> refunds;
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW) {
      rerated.insert(q.text(0));
      if (const double lost = q.real(1) - q.real(2); lost > 0) refunds.emplace_back(q.text(0), lost);
    }
    if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read an opponent's history"), std::nullopt};
    for (const auto& [opponent, lost] : refunds) {
      Query up(db, "UPDATE ratings SET rating = rating + ?3 WHERE player = ?1 AND key = ?2");
      up.bind(1, opponent).bind(2, g.key).bind(3, lost);
      if (auto error = done_or(db, up, "cannot refund a rating"); !error.ok()) return {error, std::nullopt};
    }
    Query unrate(db, "UPDATE games SET rated = 0 WHERE id = ?1");
    unrate.bind(1, g.game_id);
    if (auto error = done_or(db, unrate, "cannot unrate a game"); !error.ok()) return {error, std::nullopt};
  }
  for (const char* sql : {"DELETE FROM rating_history WHERE player = ?1", "DELETE FROM ratings WHERE player = ?1"}) {
    Query q(db, sql);
    q.bind(1, player);
    if (auto error = done_or(db, q, "cannot reset the ratings"); !error.ok()) return {error, std::nullopt};
  }
  ModerationOutcome out;
  out.count = static_cast<std::int64_t>(games.size());
  out.rerated.assign(rerated.begin(), rerated.end());
  return {{}, std::move(out)};
}

// The action's change alone; its audit entry is written after it.
StoreResult<ModerationOutcome> apply(Db& db, const ModerationAction& a) {
  const auto one = [](StoreResult<std::int64_t> changed, std::string_view nothing) -> StoreResult<ModerationOutcome> {
    if (!changed.error.ok()) return {changed.error, std::nullopt};
    if (*changed.value == 0) return {{StoreErrc::not_found, std::string(nothing)}, std::nullopt};
    return {{}, ModerationOutcome{1, {}, 0}};
  };
  const bool on_account = a.action == "grant_role" || a.action == "suspend" || a.action == "ban" ||
                          a.action == "annul" || a.action == "lift";
  if (on_account && a.action != "lift") {
    auto exists = account_exists(db, a.target);
    if (!exists.error.ok()) return {exists.error, std::nullopt};
    if (!*exists.value) return {{StoreErrc::not_found, "no account " + a.target}, std::nullopt};
  }
  if (a.action == "grant_role") {
    if (a.value == "none") {
      Query q(db, "DELETE FROM staff_roles WHERE name = ?1");
      q.bind(1, a.target);
      return one(change(db, q, "cannot take the role"), a.target + " has no role");
    }
    Query q(db, "INSERT INTO staff_roles (name, role) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET role = ?2");
    q.bind(1, a.target).bind(2, a.value);
    return one(change(db, q, "cannot give the role"), "");
  }
  if (a.action == "suspend" || a.action == "ban") {
    Query q(db,
            "INSERT INTO sanctions (name, kind, until_ms, at_ms, reason) VALUES (?1, ?2, ?3, ?4, ?5) "
            "ON CONFLICT (name) DO UPDATE SET kind = ?2, until_ms = ?3, at_ms = ?4, reason = ?5");
    q.bind(1, a.target).bind(2, a.action);
    bind_opt(q, 3, a.action == "ban" ? std::nullopt : a.until_ms).bind(4, a.at_ms).bind(5, a.reason);
    return one(change(db, q, "cannot sanction"), "");
  }
  if (a.action == "lift") {
    Query q(db, "DELETE FROM sanctions WHERE name = ?1 AND (until_ms IS NULL OR until_ms > ?2)");
    q.bind(1, a.target).bind(2, a.at_ms);
    return one(change(db, q, "cannot lift"), a.target + " is neither suspended nor banned");
  }
  if (a.action == "block_address") {
    Query q(db,
            "INSERT INTO address_blocks (cidr, until_ms, at_ms, reason) VALUES (?1, ?2, ?3, ?4) "
            "ON CONFLICT (cidr) DO UPDATE SET until_ms = ?2, at_ms = ?3, reason = ?4");
    q.bind(1, a.target);
    bind_opt(q, 2, a.until_ms).bind(3, a.at_ms).bind(4, a.reason);
    return one(change(db, q, "cannot block the address"), "");
  }
  if (a.action == "unblock_address") {
    Query q(db, "DELETE FROM address_blocks WHERE cidr = ?1");
    q.bind(1, a.target);
    return one(change(db, q, "cannot unblock the address"), a.target + " is not blocked");
  }
  if (a.action == "refuse_name") {
    Query q(db,
            "INSERT INTO refused_names (key, name, at_ms, reason) VALUES (?1, ?2, ?3, ?4) "
            "ON CONFLICT (key) DO UPDATE SET name = ?2, at_ms = ?3, reason = ?4");
    q.bind(1, a.value).bind(2, a.target).bind(3, a.at_ms).bind(4, a.reason);
    return one(change(db, q, "cannot refuse the name"), "");
  }
  if (a.action == "allow_name") {
    Query q(db, "DELETE FROM refused_names WHERE key = ?1");
    q.bind(1, a.value);
    return one(change(db, q, "cannot allow the name"), a.target + " is not refused");
  }
  if (a.action == "close_report") {
    Query q(db, "UPDATE reports SET closed_by = ?2, closed_ms = ?3 WHERE id = ?1 AND closed_ms IS NULL");
    q.bind(1, std::string_view(a.target)).bind(2, a.moderator).bind(3, a.at_ms);
    return one(change(db, q, "cannot close the report"), "no open report " + a.target);
  }
  if (a.action == "annul") return annul(db, a.target);
  return {{StoreErrc::invalid_query, "unknown action " + a.action}, std::nullopt};
}

}  // namespace

StoreResult<ModerationState> load_moderation(Db& db, std::int64_t now_ms) {
  ModerationState s;
  int rc = SQLITE_ROW;
  const auto failed = [&](std::string_view what) -> StoreResult<ModerationState> {
    return {error_from(db, rc, what), std::nullopt};
  };
  {
    Query q(db, "SELECT player, blocked FROM player_blocks ORDER BY player, blocked");
    while ((rc = q.step()) == SQLITE_ROW) s.blocks.push_back({q.text(0), q.text(1)});
    if (rc != SQLITE_DONE) return failed("cannot read the blocks");
  }
  {
    Query q(db, "SELECT name, role FROM staff_roles ORDER BY name");
    while ((rc = q.step()) == SQLITE_ROW) s.staff.push_back({q.text(0), q.text(1)});
    if (rc != SQLITE_DONE) return failed("cannot read the roles");
  }
  {
    Query q(db,
            "SELECT name, kind, until_ms, at_ms, reason FROM sanctions WHERE until_ms IS NULL OR until_ms > ?1 "
            "ORDER BY name");
    q.bind(1, now_ms);
    while ((rc = q.step()) == SQLITE_ROW)
      s.sanctions.push_back({q.text(0), q.text(1), opt_int64(q, 2), q.int64(3), q.text(4)});
    if (rc != SQLITE_DONE) return failed("cannot read the sanctions");
  }
  {
    Query q(db,
            "SELECT cidr, until_ms, at_ms, reason FROM address_blocks WHERE until_ms IS NULL OR until_ms > ?1 "
            "ORDER BY cidr");
    q.bind(1, now_ms);
    while ((rc = q.step()) == SQLITE_ROW)
      s.address_blocks.push_back({q.text(0), opt_int64(q, 1), q.int64(2), q.text(3)});
    if (rc != SQLITE_DONE) return failed("cannot read the address blocks");
  }
  {
    Query q(db, "SELECT name, key, at_ms, reason FROM refused_names ORDER BY name");
    while ((rc = q.step()) == SQLITE_ROW) s.refused_names.push_back({q.text(0), q.text(1), q.int64(2), q.text(3)});
    if (rc != SQLITE_DONE) return failed("cannot read the refused names");
  }
  return {{}, std::move(s)};
}

StoreError save_block(Db& db, const std::string& player, const std::string& blocked, bool on, int max,
                      std::int64_t now_ms) {
  if (!on) {
    Query q(db, "DELETE FROM player_blocks WHERE player = ?1 AND blocked = ?2");
    q.bind(1, player).bind(2, blocked);
    auto changed = change(db, q, "cannot unblock");
    if (!changed.error.ok()) return changed.error;
    if (*changed.value == 0) return {StoreErrc::not_found, player + " does not block " + blocked};
    return {};
  }
  auto exists = account_exists(db, blocked);
  if (!exists.error.ok()) return exists.error;
  if (!*exists.value) return {StoreErrc::not_found, "no account " + blocked};
  {
    Query q(db, "SELECT count(*) FROM player_blocks WHERE player = ?1");
    q.bind(1, player);
    if (const int rc = q.step(); rc != SQLITE_ROW) return error_from(db, rc, "cannot count the blocks");
    if (q.int64(0) >= max) return {StoreErrc::conflict, "at most " + std::to_string(max) + " blocks"};
  }
  Query q(db, "INSERT INTO player_blocks (player, blocked, at_ms) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING");
  q.bind(1, player).bind(2, blocked).bind(3, now_ms);
  return done_or(db, q, "cannot block");
}

StoreResult<std::int64_t> insert_report(Db& db, const Report& r) {
  Query q(db,
          "INSERT INTO reports (at_ms, reporter, target, reason, text, game_id, ply, chat) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  q.bind(1, r.at_ms).bind(2, r.reporter).bind(3, r.target).bind(4, r.reason).bind(5, r.text);
  if (r.game_id) q.bind(6, *r.game_id);
  else q.bind_null(6);
  bind_opt(q, 7, r.ply ? std::optional<std::int64_t>(*r.ply) : std::nullopt).bind(8, r.chat);
  if (auto error = done_or(db, q, "cannot save the report"); !error.ok()) return {error, std::nullopt};
  return {{}, static_cast<std::int64_t>(sqlite3_last_insert_rowid(db.handle()))};
}

StoreResult<std::vector<Report>> load_reports(Db& db, bool open_only, int limit) {
  Query q(db, std::string("SELECT id, at_ms, reporter, target, reason, text, game_id, ply, chat, closed_by, closed_ms "
                          "FROM reports ") +
                  (open_only ? "WHERE closed_ms IS NULL " : "") + "ORDER BY id DESC LIMIT ?1");
  q.bind(1, limit);
  std::vector<Report> out;
  int rc = SQLITE_ROW;
  while ((rc = q.step()) == SQLITE_ROW) {
    Report r;
    r.id = q.int64(0);
    r.at_ms = q.int64(1);
    r.reporter = q.text(2);
    r.target = q.text(3);
    r.reason = q.text(4);
    r.text = q.text(5);
    if (!q.is_null(6)) r.game_id = q.text(6);
    if (!q.is_null(7)) r.ply = static_cast<int>(q.int64(7));
    r.chat = q.text(8);
    if (!q.is_null(9)) r.closed_by = q.text(9);
    r.closed_ms = opt_int64(q, 10);
    out.push_back(std::move(r));
  }
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot list the reports"), std::nullopt};
  return {{}, std::move(out)};
}

StoreResult<ModerationOutcome> moderate(Db& db, const ModerationAction& a) {
  auto out = apply(db, a);
  if (!out.error.ok()) return out;
  Query q(db,
          "INSERT INTO audit_log (at_ms, moderator, action, target, reason, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  q.bind(1, a.at_ms).bind(2, a.moderator).bind(3, a.action).bind(4, a.target).bind(5, a.reason);
  q.bind(6, audit_detail(a, *out.value));
  if (auto error = done_or(db, q, "cannot write the audit log"); !error.ok()) return {error, std::nullopt};
  out.value->audit_id = static_cast<std::int64_t>(sqlite3_last_insert_rowid(db.handle()));
  return out;
}

StoreResult<std::vector<AuditEntry>> load_audit(Db& db, std::optional<std::int64_t> before_id, int limit) {
  Query q(db,
          "SELECT id, at_ms, moderator, action, target, reason, detail FROM audit_log "
          "WHERE ?1 IS NULL OR id < ?1 ORDER BY id DESC LIMIT ?2");
  bind_opt(q, 1, before_id).bind(2, limit);
  std::vector<AuditEntry> out;
  int rc = SQLITE_ROW;
  while ((rc = q.step()) == SQLITE_ROW)
    out.push_back({q.int64(0), q.int64(1), q.text(2), q.text(3), q.text(4), q.text(5), q.text(6)});
  if (rc != SQLITE_DONE) return {error_from(db, rc, "cannot read the audit log"), std::nullopt};
  return {{}, std::move(out)};
}

StoreError purge_report_chat(Db& db, std::int64_t before_ms) {
  Query q(db, "UPDATE reports SET chat = '' WHERE at_ms < ?1 AND chat <> ''");
  q.bind(1, before_ms);
  return done_or(db, q, "cannot forget the reports' chat");
}

}  // namespace bh::storage::sql
