// The notification settings requests (docs/notifications.md): `notifications` and
// `set_notifications` over the WebSocket, and the links of the mails (GET
// /notifications/verify and /notifications/unsubscribe), whose pages are plain HTML.
//
// Thread-safety: call from the network threads; answers come back on them.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "app/http/http_api.hpp"

namespace bh::app {

void answer_notifications(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                          const protocol::RequestId& id, const std::string& player);
void answer_set_notifications(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                              const protocol::RequestId& id, const std::string& player,
                              protocol::client::SetNotifications request);
void answer_mail_link(const std::shared_ptr<Context>& ctx, const http::MailLink& link,
                      std::function<void(HttpResponse)> respond);

}  // namespace bh::app
