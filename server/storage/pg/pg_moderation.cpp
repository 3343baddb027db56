#include "storage/pg/pg_moderation.hpp"

#include <set>
#include <utility>

namespace bh::storage::pg {

namespace {

std::optional<std::int64_t> opt_int64(const Rows& rows, int row, int column) {
  if (rows.null(row, column)) return std::nullopt;
  return rows.int64(row, column);
}

Params& add_opt(Params& p, const std::optional<std::int64_t>& value) { return value ? p.add(*value) : p.add_null(); }

StoreResult<bool> account_exists(Conn& conn, const std::string& name) {
  Params p;
  p.add(name);
  auto rows = conn.run("SELECT 1 FROM accounts WHERE name = $1", p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  return {{}, rows.value->size() > 0};
}

StoreResult<ModerationOutcome> one(StoreResult<Rows> changed, const std::string& nothing) {
  if (!changed.error.ok()) return {changed.error, std::nullopt};
  if (changed.value->affected() == 0) return {{StoreErrc::not_found, nothing}, std::nullopt};
  return {{}, ModerationOutcome{1, {}, 0}};
}

// As SQLite's (moderation_sql.cpp): refunds, the player's ratings gone, games unrated.
StoreResult<ModerationOutcome> annul(Conn& conn, const std::string& player) {
  Params who;
  who.add(player);
  auto games = conn.run("SELECT game_id, key FROM rating_history WHERE player = $1", who);
  if (!games.error.ok()) return {games.error, std::nullopt};
  std::set<std::string> rerated{player};
  for (int g = 0; g < games.value->size(); ++g) {
    const std::string game_id = games.value->text(g, 0), key = games.value->text(g, 1);
    Params p;
    p.add(game_id).add(key).add(player);
    auto others = conn.run(
        "SELECT player, before, after FROM rating_history WHERE game_id = $1 AND key = $2 AND player <> $3", p);
    if (!others.error.ok()) return {others.error, std::nullopt};
    for (int r = 0; r < others.value->size(); ++r) {
      rerated.insert(others.value->text(r, 0));
      const double lost = others.value->real(r, 1) - others.value->real(r, 2);
      if (lost <= 0) continue;
      Params up;
      up.add(others.value->text(r, 0)).add(key).add(lost);
      auto refunded = conn.run("UPDATE ratings SET rating = rating + $3 WHERE player = $1 AND key = $2", up);
      if (!refunded.error.ok()) return {refunded.error, std::nullopt};
    }
    Params id;
    id.add(game_id);
    auto unrated = conn.run("UPDATE games SET rated = false WHERE id = $1", id);
    if (!unrated.error.ok()) return {unrated.error, std::nullopt};
  }
  for (const char* sql : {"DELETE FROM rating_history WHERE player = $1", "DELETE FROM ratings WHERE player = $1"}) {
    auto deleted = conn.run(sql, who);
    if (!deleted.error.ok()) return {deleted.error, std::nullopt};
  }
  ModerationOutcome out;
  out.count = games.value->size();
  out.rerated.assign(rerated.begin(), rerated.end());
  return {{}, std::move(out)};
}

StoreResult<ModerationOutcome> apply(Conn& conn, const ModerationAction& a) {
  const bool on_account = a.action == "grant_role" || a.action == "suspend" || a.action == "ban" || a.action == "annul";
  if (on_account) {
    auto exists = account_exists(conn, a.target);
    if (!exists.error.ok()) return {exists.error, std::nullopt};
    if (!*exists.value) return {{StoreErrc::not_found, "no account " + a.target}, std::nullopt};
  }
  Params p;
  if (a.action == "grant_role") {
    p.add(a.target);
    if (a.value == "none")
      return one(conn.run("DELETE FROM staff_roles WHERE name = $1", p), a.target + " has no role");
    p.add(a.value);
    return one(conn.run("INSERT INTO staff_roles (name, role) VALUES ($1, $2) "
                        "ON CONFLICT (name) DO UPDATE SET role = EXCLUDED.role",
                        p),
               "");
  }
  if (a.action == "suspend" || a.action == "ban") {
    p.add(a.target).add(a.action);
    add_opt(p, a.action == "ban" ? std::nullopt : a.until_ms).add(a.at_ms).add(a.reason);
    return one(conn.run("INSERT INTO sanctions (name, kind, until_ms, at_ms, reason) VALUES ($1, $2, $3, $4, $5) "
                        "ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind, until_ms = EXCLUDED.until_ms, "
                        "at_ms = EXCLUDED.at_ms, reason = EXCLUDED.reason",
                        p),
               "");
  }
  if (a.action == "lift") {
    p.add(a.target).add(a.at_ms);
    return one(conn.run("DELETE FROM sanctions WHERE name = $1 AND (until_ms IS NULL OR until_ms > $2)", p),
               a.target + " is neither suspended nor banned");
  }
  if (a.action == "block_address") {
    p.add(a.target);
    add_opt(p, a.until_ms).add(a.at_ms).add(a.reason);
    return one(conn.run("INSERT INTO address_blocks (cidr, until_ms, at_ms, reason) VALUES ($1, $2, $3, $4) "
                        "ON CONFLICT (cidr) DO UPDATE SET until_ms = EXCLUDED.until_ms, at_ms = EXCLUDED.at_ms, "
                        "reason = EXCLUDED.reason",
                        p),
               "");
  }
  if (a.action == "unblock_address") {
    p.add(a.target);
    return one(conn.run("DELETE FROM address_blocks WHERE cidr = $1", p), a.target + " is not blocked");
  }
  if (a.action == "refuse_name") {
    p.add(a.value).add(a.target).add(a.at_ms).add(a.reason);
    return one(conn.run("INSERT INTO refused_names (key, name, at_ms, reason) VALUES ($1, $2, $3, $4) "
                        "ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, at_ms = EXCLUDED.at_ms, "
                        "reason = EXCLUDED.reason",
                        p),
               "");
  }
  if (a.action == "allow_name") {
    p.add(a.value);
    return one(conn.run("DELETE FROM refused_names WHERE key = $1", p), a.target + " is not refused");
  }
  if (a.action == "close_report") {
    std::int64_t id = 0;
    for (const char ch : a.target) {
      if (ch < '0' || ch > '9' || id > 1'000'000'000'000)
        return {{StoreErrc::not_found, "no report " + a.target}, std::nullopt};
      id = id * 10 + (ch - '0');
    }
    p.add(id).add(a.moderator).add(a.at_ms);
    return one(conn.run("UPDATE reports SET closed_by = $2, closed_ms = $3 WHERE id = $1 AND closed_ms IS NULL", p),
               "no open report " + a.target);
  }
  if (a.action == "annul") return annul(conn, a.target);
  return {{StoreErrc::invalid_query, "unknown action " + a.action}, std::nullopt};
}

}  // namespace

StoreResult<ModerationState> load_moderation(Conn& conn, std::int64_t now_ms) {
  ModerationState s;
  auto blocks = conn.run("SELECT player, blocked FROM player_blocks ORDER BY player, blocked");
  if (!blocks.error.ok()) return {blocks.error, std::nullopt};
  for (int r = 0; r < blocks.value->size(); ++r)
    s.blocks.push_back({blocks.value->text(r, 0), blocks.value->text(r, 1)});
  auto staff = conn.run("SELECT name, role FROM staff_roles ORDER BY name");
  if (!staff.error.ok()) return {staff.error, std::nullopt};
  for (int r = 0; r < staff.value->size(); ++r) s.staff.push_back({staff.value->text(r, 0), staff.value->text(r, 1)});
  Params now;
  now.add(now_ms);
  auto sanctions = conn.run(
      "SELECT name, kind, until_ms, at_ms, reason FROM sanctions WHERE until_ms IS NULL OR until_ms > $1 ORDER BY name",
      now);
  if (!sanctions.error.ok()) return {sanctions.error, std::nullopt};
  const Rows& sr = *sanctions.value;
  for (int r = 0; r < sr.size(); ++r)
    s.sanctions.push_back({sr.text(r, 0), sr.text(r, 1), opt_int64(sr, r, 2), sr.int64(r, 3), sr.text(r, 4)});
  auto addresses = conn.run(
      "SELECT cidr, until_ms, at_ms, reason FROM address_blocks WHERE until_ms IS NULL OR until_ms > $1 ORDER BY cidr",
      now);
  if (!addresses.error.ok()) return {addresses.error, std::nullopt};
  const Rows& ar = *addresses.value;
  for (int r = 0; r < ar.size(); ++r)
    s.address_blocks.push_back({ar.text(r, 0), opt_int64(ar, r, 1), ar.int64(r, 2), ar.text(r, 3)});
  auto names = conn.run("SELECT name, key, at_ms, reason FROM refused_names ORDER BY name");
  if (!names.error.ok()) return {names.error, std::nullopt};
  const Rows& nr = *names.value;
  for (int r = 0; r < nr.size(); ++r)
    s.refused_names.push_back({nr.text(r, 0), nr.text(r, 1), nr.int64(r, 2), nr.text(r, 3)});
  return {{}, std::move(s)};
}

StoreError save_block(Conn& conn, const std::string& player, const std::string& blocked, bool on, int max,
                      std::int64_t now_ms) {
  Params pair;
  pair.add(player).add(blocked);
  if (!on) {
    auto deleted = conn.run("DELETE FROM player_blocks WHERE player = $1 AND blocked = $2", pair);
    if (!deleted.error.ok()) return deleted.error;
    if (deleted.value->affected() == 0) return {StoreErrc::not_found, player + " does not block " + blocked};
    return {};
  }
  auto exists = account_exists(conn, blocked);
  if (!exists.error.ok()) return exists.error;
  if (!*exists.value) return {StoreErrc::not_found, "no account " + blocked};
  Params who;
  who.add(player);
  // The blocker's account row locked: two blocks at once are counted in turn.
  if (auto locked = conn.run("SELECT 1 FROM accounts WHERE name = $1 FOR UPDATE", who); !locked.error.ok())
    return locked.error;
  auto count = conn.run("SELECT count(*) FROM player_blocks WHERE player = $1", who);
  if (!count.error.ok()) return count.error;
  if (count.value->int64(0, 0) >= max) return {StoreErrc::conflict, "at most " + std::to_string(max) + " blocks"};
  pair.add(now_ms);
  return conn.run("INSERT INTO player_blocks (player, blocked, at_ms) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", pair)
      .error;
}

StoreResult<std::int64_t> insert_report(Conn& conn, const Report& r) {
  Params p;
  p.add(r.at_ms).add(r.reporter).add(r.target).add(r.reason).add(r.text);
  if (r.game_id) p.add(*r.game_id);
  else p.add_null();
  add_opt(p, r.ply ? std::optional<std::int64_t>(*r.ply) : std::nullopt).add(r.chat);
  auto rows = conn.run(
      "INSERT INTO reports (at_ms, reporter, target, reason, text, game_id, ply, chat) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
      p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  return {{}, rows.value->int64(0, 0)};
}

StoreResult<std::vector<Report>> load_reports(Conn& conn, bool open_only, int limit) {
  Params p;
  p.add(limit);
  auto rows = conn.run(std::string("SELECT id, at_ms, reporter, target, reason, text, game_id, ply, chat, closed_by, "
                                   "closed_ms FROM reports ") +
                           (open_only ? "WHERE closed_ms IS NULL " : "") + "ORDER BY id DESC LIMIT $1",
                       p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  const Rows& x = *rows.value;
  std::vector<Report> out;
  for (int r = 0; r < x.size(); ++r) {
    Report report;
    report.id = x.int64(r, 0);
    report.at_ms = x.int64(r, 1);
    report.reporter = x.text(r, 2);
    report.target = x.text(r, 3);
    report.reason = x.text(r, 4);
    report.text = x.text(r, 5);
    if (!x.null(r, 6)) report.game_id = x.text(r, 6);
    if (!x.null(r, 7)) report.ply = static_cast<int>(x.int64(r, 7));
    report.chat = x.text(r, 8);
    if (!x.null(r, 9)) report.closed_by = x.text(r, 9);
    report.closed_ms = opt_int64(x, r, 10);
    out.push_back(std::move(report));
  }
  return {{}, std::move(out)};
}

StoreResult<ModerationOutcome> moderate(Conn& conn, const ModerationAction& a) {
  auto out = apply(conn, a);
  if (!out.error.ok()) return out;
  Params p;
  p.add(a.at_ms).add(a.moderator).add(a.action).add(a.target).add(a.reason).add(audit_detail(a, *out.value));
  auto rows = conn.run(
      "INSERT INTO audit_log (at_ms, moderator, action, target, reason, detail) VALUES ($1, $2, $3, $4, $5, $6) "
      "RETURNING id",
      p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  out.value->audit_id = rows.value->int64(0, 0);
  return out;
}

StoreResult<std::vector<AuditEntry>> load_audit(Conn& conn, std::optional<std::int64_t> before_id, int limit) {
  Params p;
  add_opt(p, before_id).add(limit);
  auto rows = conn.run(
      "SELECT id, at_ms, moderator, action, target, reason, detail FROM audit_log "
      "WHERE $1::bigint IS NULL OR id < $1::bigint ORDER BY id DESC LIMIT $2",
      p);
  if (!rows.error.ok()) return {rows.error, std::nullopt};
  const Rows& x = *rows.value;
  std::vector<AuditEntry> out;
  for (int r = 0; r < x.size(); ++r)
    out.push_back({x.int64(r, 0), x.int64(r, 1), x.text(r, 2), x.text(r, 3), x.text(r, 4), x.text(r, 5), x.text(r, 6)});
  return {{}, std::move(out)};
}

StoreError purge_report_chat(Conn& conn, std::int64_t before_ms) {
  Params p;
  p.add(before_ms);
  return conn.run("UPDATE reports SET chat = '' WHERE at_ms < $1 AND chat <> ''", p).error;
}

}  // namespace bh::storage::pg
