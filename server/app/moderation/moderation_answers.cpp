#include "app/moderation/moderation_answers.hpp"

#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "app/rooms/room.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"
#include "names/player_names.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
namespace cl = protocol::client;
using protocol::ErrorCode;
using protocol::RequestId;
using ConnPtr = std::shared_ptr<Connection>;
using ModJson = nlohmann::ordered_json;

constexpr int kMaxBlocks = 500;
constexpr int kReportsListed = 200;
constexpr int kAuditListed = 100;
constexpr int kMaxHours = 8760;
const std::set<std::string> kReportReasons{"abuse", "cheating", "sandbagging", "boosting", "stalling", "other"};
const std::set<std::string> kActions{"suspend",     "ban",        "lift",         "block_address", "unblock_address",
                                     "refuse_name", "allow_name", "close_report", "annul",         "grant_role"};

// Blocks and reports are for registered players: a guest's name is nobody's once they leave.
bool mod_registered(Context& ctx, const ConnPtr& c, const RequestId& id, const std::string& player,
                    std::string_view what) {
  const auto credentials = ctx.identities.credentials(player);
  if (credentials && credentials->registered) return true;
  ctx.send_error(c, id, ErrorCode::account_required, std::string(what) + " are for registered players");
  return false;
}

// The actor's role, or the refusal answered.
std::optional<std::string> staff_role(Context& ctx, const ConnPtr& c, const RequestId& id, const std::string& player) {
  auto role = ctx.moderation.role_of(player);
  if (!role) ctx.send_error(c, id, ErrorCode::forbidden, "this is for the server's moderators");
  return role;
}

void storage_down(Context& ctx, const ConnPtr& c, const RequestId& id, const std::string& message) {
  ctx.send_error(c, id, ErrorCode::storage_unavailable, "moderation is unavailable: " + message);
}

bool has_control(std::string_view text) {
  for (const unsigned char ch : text)
    if (ch < 0x20 || ch == 0x7f) return true;
  return false;
}

std::string chat_json(const std::vector<sv::Chat>& lines) {
  ModJson out = ModJson::array();
  for (const auto& line : lines)
    out.push_back({{"from", line.from}, {"channel", line.channel}, {"text", line.text}, {"at_ms", line.at_ms}});
  return out.dump();
}

std::vector<sv::ReportChatLine> chat_lines(const std::string& text) {
  std::vector<sv::ReportChatLine> out;
  if (text.empty()) return out;
  const auto parsed = ModJson::parse(text, nullptr, false);
  if (!parsed.is_array()) return out;
  for (const auto& line : parsed) {
    if (!line.is_object()) continue;
    out.push_back({line.value("from", ""), line.value("channel", ""), line.value("text", ""),
                   line.value("at_ms", std::int64_t{0})});
  }
  return out;
}

sv::ReportInfo report_info(const storage::Report& r) {
  return {r.id,      r.at_ms, r.reporter,         r.target,    r.reason,   r.text,
          r.game_id, r.ply,   chat_lines(r.chat), r.closed_by, r.closed_ms};
}

void save_report(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id, storage::Report report) {
  const std::string what = report.reporter + " reported " + report.target + " (" + report.reason + ")";
  ctx->store.save_report(std::move(report),
                         on_io<storage::StoreResult<std::int64_t>>(
                             ctx->io, "report",
                             [ctx, c, id, what](storage::StoreResult<std::int64_t> saved) {
                               if (!saved.error.ok()) return storage_down(*ctx, c, id, saved.error.message);
                               log::info("report " + std::to_string(*saved.value) + ": " + protocol::json_string(what));
                               ctx->send(c, protocol::encode(sv::Ok{}, id));
                             },
                             internal_error_reply(ctx, c, id)));
}

// The action checked and made ready for the store; the refusal answered when it is not.
std::optional<storage::ModerationAction> checked_action(Context& ctx, const ConnPtr& c, const RequestId& id,
                                                        const std::string& actor, const std::string& role,
                                                        const cl::Moderate& r) {
  const auto refuse = [&](ErrorCode code, std::string message) -> std::optional<storage::ModerationAction> {
    ctx.send_error(c, id, code, std::move(message));
    return std::nullopt;
  };
  if (!kActions.contains(r.action))
    return refuse(ErrorCode::bad_request, "unknown action '" + r.action +
                                              "': suspend, ban, lift, block_address, unblock_address, refuse_name, "
                                              "allow_name, close_report, annul or grant_role");
  if (r.reason.empty() || has_control(r.reason))
    return refuse(ErrorCode::bad_request, "say why, in 1 to 500 bytes without control characters");
  if (r.target.empty() || r.target.size() > 256 || has_control(r.target))
    return refuse(ErrorCode::bad_request, "the action needs a target");
  storage::ModerationAction a{r.action, r.target, {}, std::nullopt, actor, r.reason, now_ms()};
  const bool on_player = r.action == "suspend" || r.action == "ban" || r.action == "lift" || r.action == "annul" ||
                         r.action == "grant_role";
  if (on_player) {
    a.target = names::nfc(r.target);
    if (a.target == actor) return refuse(ErrorCode::bad_request, "not on yourself");
    if (role != "admin" && ctx.moderation.role_of(a.target) == "admin")
      return refuse(ErrorCode::forbidden, "only an admin acts on an admin");
  }
  if (r.action == "grant_role") {
    if (role != "admin") return refuse(ErrorCode::forbidden, "only an admin gives roles");
    const std::string given = r.role.value_or("");
    if (given != "moderator" && given != "admin" && given != "none")
      return refuse(ErrorCode::bad_request, "role: moderator, admin or none");
    a.value = given;
  }
  const bool timed = r.action == "suspend" || r.action == "block_address";
  if (r.action == "suspend" && !r.hours) return refuse(ErrorCode::bad_request, "a suspension needs its hours");
  if (r.hours && (!timed || *r.hours < 1 || *r.hours > kMaxHours))
    return refuse(ErrorCode::bad_request, "hours: 1 to 8760, for a suspension or an address block");
  if (r.hours) a.until_ms = a.at_ms + std::int64_t{*r.hours} * 3'600'000;
  if (r.action == "block_address" || r.action == "unblock_address") {
    const auto range = canonical_range(r.target);
    if (!range) return refuse(ErrorCode::bad_request, "'" + r.target + "' is not an address or a CIDR range");
    a.target = *range;
  }
  if (r.action == "refuse_name" || r.action == "allow_name") {
    a.target = names::nfc(r.target);
    a.value = names::name_key(a.target);
  }
  return a;
}

// The book follows the store; what the action sets in motion is set in motion.
void put_in_force(Context& ctx, const storage::ModerationAction& a, const Enforcement& enforce) {
  auto& book = ctx.moderation;
  if (a.action == "grant_role") book.set_role(a.target, a.value);
  if (a.action == "suspend" || a.action == "ban") {
    const ModerationBook::InForce sanction{a.action, a.action == "ban" ? std::nullopt : a.until_ms};
    book.set_sanction(a.target, sanction);
    if (enforce.sanctioned) enforce.sanctioned(a.target, sanction);
  }
  if (a.action == "lift") book.lift(a.target);
  if (a.action == "block_address") {
    book.set_address_block(a.target, a.until_ms);
    if (enforce.address_blocked) enforce.address_blocked(a.target);
  }
  if (a.action == "unblock_address") book.remove_address_block(a.target);
  if (a.action == "refuse_name") book.set_name_refused(a.value, true);
  if (a.action == "allow_name") book.set_name_refused(a.value, false);
  if (enforce.changed) enforce.changed(a.action, a.target);
}

}  // namespace

std::optional<std::string> canonical_range(const std::string& text) {
  auto range = net::parse_cidr(text);
  if (!range) return std::nullopt;
  for (int bit = range->prefix; bit < 128; ++bit)
    range->base.bytes[bit / 8] &= static_cast<std::uint8_t>(~(1u << (7 - bit % 8)));
  std::string out = net::format_ip(range->base);
  const int bits = range->base.v4 ? range->prefix - 96 : range->prefix;
  if (bits != (range->base.v4 ? 32 : 128)) out += "/" + std::to_string(bits);
  return out;
}

void load_moderation_book(Context& ctx) {
  auto loaded = wait_for<storage::StoreResult<storage::ModerationState>>(
      [&ctx](auto done) { ctx.store.load_moderation(now_ms(), std::move(done)); });
  if (!loaded.error.ok() || !loaded.value) return log::error("moderation not loaded: " + loaded.error.message);
  ctx.moderation.load(*loaded.value);
}

void answer_block(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id, const std::string& player,
                  std::string name, bool on, const Enforcement& enforce) {
  if (!mod_registered(*ctx, c, id, player, "blocks")) return;
  name = names::nfc(name);
  if (name == player) return ctx->send_error(c, id, ErrorCode::bad_request, "you cannot block yourself");
  if (name.empty()) return ctx->send_error(c, id, ErrorCode::bad_request, "whom? a player's name");
  ctx->store.save_block(
      player, name, on, kMaxBlocks, now_ms(),
      on_io<storage::StoreError>(
          ctx->io, "block",
          [ctx, c, id, player, name, on, changed = enforce.changed](const storage::StoreError& error) {
            if (error.code == storage::StoreErrc::not_found)
              return ctx->send_error(c, id, ErrorCode::not_found,
                                     on ? "no account '" + name + "'" : "you do not block '" + name + "'");
            if (error.code == storage::StoreErrc::conflict)
              return ctx->send_error(c, id, ErrorCode::bad_request,
                                     "at most " + std::to_string(kMaxBlocks) + " blocks; unblock one first");
            if (!error.ok()) return storage_down(*ctx, c, id, error.message);
            ctx->moderation.set_block(player, name, on);
            if (changed) changed(on ? "block" : "unblock", player);
            ctx->send(c, protocol::encode(sv::Ok{}, id));
          },
          internal_error_reply(ctx, c, id)));
}

void answer_list_blocks(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                        const std::string& player) {
  if (!mod_registered(*ctx, c, id, player, "blocks")) return;
  ctx->send(c, protocol::encode(sv::Blocks{ctx->moderation.blocked_by(player)}, id));
}

void answer_report(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                   const std::string& player, cl::ReportPlayer r) {
  if (!mod_registered(*ctx, c, id, player, "reports")) return;
  r.name = names::nfc(r.name);
  if (r.name.empty()) return ctx->send_error(c, id, ErrorCode::bad_request, "whom? a player's name");
  if (r.name == player) return ctx->send_error(c, id, ErrorCode::bad_request, "you cannot report yourself");
  if (!kReportReasons.contains(r.reason))
    return ctx->send_error(c, id, ErrorCode::bad_request,
                           "reason: abuse, cheating, sandbagging, boosting, stalling or other");
  if (r.ply && (*r.ply < 0 || *r.ply > 100'000))
    return ctx->send_error(c, id, ErrorCode::bad_request, "ply: 0 or more");
  if (const auto wait = ctx->reports.take(player, std::chrono::steady_clock::now()); wait > 0)
    return ctx->send_error(c, id, ErrorCode::rate_limited,
                           "at most " + std::to_string(Context::kReportsPerHour) + " reports an hour", wait);
  storage::Report report;
  report.at_ms = now_ms();
  report.reporter = player;
  report.target = r.name;
  report.reason = r.reason;
  report.text = r.text.value_or("");
  report.game_id = r.game_id;
  report.ply = r.ply;
  // A player of a live game here, or a name known to the store: anyone else is nobody.
  const bool known = ctx->identities.credentials(r.name).has_value();
  auto with_chat = [ctx, c, id, report]() mutable {
    const auto room = report.game_id ? ctx->directory.find_game(*report.game_id) : nullptr;
    if (!room) return save_report(ctx, c, id, std::move(report));
    const std::string game_id = *report.game_id;
    room->recent_chat(game_id, [ctx, c, id, report](std::vector<sv::Chat> lines) mutable {
      report.chat = chat_json(lines);
      save_report(ctx, c, id, std::move(report));
    });
  };
  if (known) return with_chat();
  ctx->store.find_account(
      r.name, on_io<storage::StoreResult<storage::Account>>(
                  ctx->io, "report",
                  [ctx, c, id, player, name = r.name, with_chat](storage::StoreResult<storage::Account> found) mutable {
                    if (found.error.code == storage::StoreErrc::not_found) {
                      ctx->reports.give_back(player);  // nothing was reported
                      return ctx->send_error(c, id, ErrorCode::not_found, "no player '" + name + "'");
                    }
                    if (!found.error.ok()) return storage_down(*ctx, c, id, found.error.message);
                    with_chat();
                  },
                  internal_error_reply(ctx, c, id)));
}

void answer_list_reports(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                         const std::string& player, const cl::ListReports& r) {
  if (!staff_role(*ctx, c, id, player)) return;
  using Found = storage::StoreResult<std::vector<storage::Report>>;
  ctx->store.list_reports(r.open.value_or(true), kReportsListed,
                          on_io<Found>(
                              ctx->io, "list reports",
                              [ctx, c, id](Found found) {
                                if (!found.error.ok()) return storage_down(*ctx, c, id, found.error.message);
                                sv::Reports out;
                                for (const auto& report : *found.value) out.reports.push_back(report_info(report));
                                ctx->send(c, protocol::encode(out, id));
                              },
                              internal_error_reply(ctx, c, id)));
}

void answer_get_moderation(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                           const std::string& player, const cl::GetModeration& r) {
  if (!staff_role(*ctx, c, id, player)) return;
  using State = storage::StoreResult<storage::ModerationState>;
  using Audit = storage::StoreResult<std::vector<storage::AuditEntry>>;
  const auto before = r.audit_before;
  ctx->store.load_moderation(
      now_ms(),
      on_io<State>(
          ctx->io, "moderation",
          [ctx, c, id, before](State state) {
            if (!state.error.ok()) return storage_down(*ctx, c, id, state.error.message);
            sv::ModerationReply out;
            for (const auto& s : state.value->staff) out.staff.push_back({s.name, s.role});
            for (const auto& s : state.value->sanctions)
              out.sanctions.push_back({s.name, s.kind, s.until_ms, s.at_ms, s.reason});
            for (const auto& a : state.value->address_blocks)
              out.address_blocks.push_back({a.cidr, a.until_ms, a.at_ms, a.reason});
            for (const auto& n : state.value->refused_names) out.refused_names.push_back({n.name, n.at_ms, n.reason});
            ctx->store.list_audit(
                before, kAuditListed,
                on_io<Audit>(
                    ctx->io, "audit log",
                    [ctx, c, id, out = std::move(out)](Audit audit) mutable {
                      if (!audit.error.ok()) return storage_down(*ctx, c, id, audit.error.message);
                      for (const auto& e : *audit.value)
                        out.audit.push_back({e.id, e.at_ms, e.moderator, e.action, e.target, e.reason, e.detail});
                      ctx->send(c, protocol::encode(out, id));
                    },
                    internal_error_reply(ctx, c, id)));
          },
          internal_error_reply(ctx, c, id)));
}

void answer_moderate(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                     const std::string& player, cl::Moderate r, const Enforcement& enforce) {
  const auto role = staff_role(*ctx, c, id, player);
  if (!role) return;
  auto action = checked_action(*ctx, c, id, player, *role, r);
  if (!action) return;
  const storage::ModerationAction kept = *action;
  using Done = storage::StoreResult<storage::ModerationOutcome>;
  ctx->store.moderate(
      std::move(*action),
      on_io<Done>(
          ctx->io, "moderate",
          [ctx, c, id, kept, enforce](Done done) {
            if (done.error.code == storage::StoreErrc::not_found)
              return ctx->send_error(c, id, ErrorCode::not_found, done.error.message);
            if (!done.error.ok()) return storage_down(*ctx, c, id, done.error.message);
            log::info("moderation: " + protocol::json_string(kept.moderator) + " " + kept.action + " " +
                      protocol::json_string(kept.target) + " (audit " + std::to_string(done.value->audit_id) + ")");
            put_in_force(*ctx, kept, enforce);
            if (kept.action == "annul") {  // ratings changed under the cache
              ctx->store.load_ratings([ctx](storage::StoreResult<std::vector<storage::PlayerRating>> all) {
                if (all.error.ok()) ctx->ratings.load(*all.value);
              });
            }
            ctx->send(c, protocol::encode(sv::Moderated{kept.action, kept.target, done.value->count}, id));
          },
          internal_error_reply(ctx, c, id)));
}

}  // namespace bh::app
