#include "app/players/notification_answers.hpp"

#include <algorithm>
#include <utility>

#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "app/secrets.hpp"
#include "app/wall_clock.hpp"
#include "notify/smtp_mail.hpp"
#include "notify/webhook_post.hpp"
#include "storage/notifications.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
using protocol::ErrorCode;
using protocol::RequestId;
using ConnPtr = std::shared_ptr<Connection>;
using Found = storage::StoreResult<storage::NotifySettings>;

constexpr std::size_t kMaxReminders = 4;
constexpr int kMaxReminderHours = 14 * 24;  // the longest days per move

sv::NotificationSettings view(const Context& ctx, const storage::NotifySettings& s) {
  sv::NotificationSettings v;
  v.email = s.email;
  v.email_verified = s.email_verified;
  v.on_move = s.on_move;
  v.reminder_hours = s.reminder_hours;
  v.webhook_url = s.webhook_url;
  v.webhook_secret = s.webhook_secret;
  v.mail_available = ctx.config.mail_available;
  return v;
}

// Registered players only: a guest's name is nobody's once they leave, and a mail or a
// POST must reach the same person every time. Nullptr (and the refusal sent) otherwise.
storage::Notifications* allowed(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                                const std::string& player) {
  const auto credentials = ctx->identities.credentials(player);
  if (!credentials || !credentials->registered) {
    ctx->send_error(c, id, ErrorCode::account_required, "notifications are for registered players");
    return nullptr;
  }
  if (!ctx->config.notifications) {
    ctx->send_error(c, id, ErrorCode::bad_options, "this server sends no notifications (a cluster does not yet)");
    return nullptr;
  }
  return ctx->config.notifications;
}

std::function<void(Found)> answer(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id) {
  return on_io<Found>(
      ctx->io, "notification settings",
      [ctx, c, id](Found found) {
        if (found.error.code == storage::StoreErrc::conflict)
          return ctx->send_error(c, id, ErrorCode::rate_limited,
                                 "too many verification mails to this address today; try again tomorrow");
        if (!found.error.ok() || !found.value)
          return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                                 "the notification settings are unavailable: " + found.error.message);
        ctx->send(c, protocol::encode(view(*ctx, *found.value), id));
      },
      internal_error_reply(ctx, c, id));
}

// Why the request cannot be taken as it is, or "".
std::string refusal(const Context& ctx, const protocol::client::SetNotifications& r) {
  if (r.email && !r.email->empty()) {
    if (!ctx.config.mail_available) return "this server sends no mail (its operator gave no --smtp-url)";
    if (!notify::plausible_email(*r.email)) return "email: not an address (name@example.org)";
  }
  if (r.reminder_hours) {
    if (r.reminder_hours->size() > kMaxReminders) return "reminder_hours: at most 4";
    for (const int h : *r.reminder_hours)
      if (h < 1 || h > kMaxReminderHours) return "reminder_hours: each from 1 to 336";
  }
  if (r.webhook_url && !r.webhook_url->empty()) {
    std::string why;
    if (!notify::webhook_url_acceptable(*r.webhook_url, why)) return "webhook_url: " + why;
  }
  return {};
}

std::string page(const std::string& title, const std::string& text) {
  return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
         "content=\"width=device-width\"><title>" +
         title + " · Boardhall</title></head><body><main><h1>" + title + "</h1><p>" + text +
         "</p><p><a href=\"/\">Boardhall</a></p></main></body></html>";
}

}  // namespace

void answer_notifications(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                          const std::string& player) {
  auto* store = allowed(ctx, c, id, player);
  if (store) store->notify_settings(player, answer(ctx, c, id));
}

void answer_set_notifications(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                              const std::string& player, protocol::client::SetNotifications r) {
  auto* store = allowed(ctx, c, id, player);
  if (!store) return;
  if (const auto why = refusal(*ctx, r); !why.empty()) return ctx->send_error(c, id, ErrorCode::bad_options, why);
  storage::NotifyChange change;
  change.player = player;
  change.email = std::move(r.email);
  change.on_move = r.on_move;
  if (r.reminder_hours) {
    auto hours = std::move(*r.reminder_hours);
    std::sort(hours.begin(), hours.end(), std::greater<>());
    hours.erase(std::unique(hours.begin(), hours.end()), hours.end());
    change.reminder_hours = std::move(hours);
  }
  change.webhook_url = std::move(r.webhook_url);
  change.new_webhook_secret = r.new_webhook_secret.value_or(false);
  change.now_ms = now_ms();
  change.verification_limit = ctx->config.verification_mails_per_day;
  change.fresh_verify_token = random_hex(24);
  change.fresh_mail_key = random_hex(8);
  change.fresh_unsubscribe_token = random_hex(24);
  change.fresh_secret = random_hex(32);
  store->save_notify_settings(std::move(change), answer(ctx, c, id));
}

void answer_mail_link(const std::shared_ptr<Context>& ctx, const http::MailLink& link,
                      std::function<void(HttpResponse)> respond) {
  auto html = [](int status, const std::string& title, const std::string& text) {
    return HttpResponse(status, "text/html; charset=utf-8", page(title, text));
  };
  auto* store = ctx->config.notifications;
  const std::string& token = link.token;
  // Tokens are 48 hex digits; anything else is no link of ours (and never reaches SQL).
  const bool well_formed = token.size() == 48 && std::all_of(token.begin(), token.end(), [](char ch) {
                             return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f');
                           });
  if (!store || !well_formed)
    return respond(html(404, "Link not found", "This link is not one of ours, or it has expired."));
  if (!link.verify && !link.post) {
    return respond(html(200, "Unsubscribe",
                        "Stop every mail from Boardhall?</p><form method=\"post\" "
                        "action=\"/notifications/unsubscribe?token=" +
                            token + "\"><button type=\"submit\">Unsubscribe</button></form><p>"));
  }
  using Done = storage::StoreResult<std::string>;
  const bool verify = link.verify;
  auto done = on_io<Done>(
      ctx->io, verify ? "verify_email" : "unsubscribe",
      [respond, html, verify](Done result) {
        if (result.error.code == storage::StoreErrc::not_found)
          return respond(html(404, "Link not found",
                              verify ? "This address was changed since, or is verified already."
                                     : "This link is no longer valid: mails are off already."));
        if (!result.error.ok()) return respond(html(503, "Try again later", "The server cannot save this now."));
        if (verify)
          return respond(
              html(200, "Address verified", "Boardhall will mail you when it is your turn in a correspondence game."));
        respond(html(200, "Unsubscribed",
                     "Boardhall will send you no more mail. To get mail again, give your address in your "
                     "notification settings."));
      },
      http_internal_error(respond));
  if (verify) {
    store->verify_email(token, std::move(done));
  } else {
    store->unsubscribe(token, std::move(done));
  }
}

}  // namespace bh::app
