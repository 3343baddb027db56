// What one outbox row says (docs/notifications.md): the webhook's JSON body and the
// mail's subject and text, both made from the row's payload (protocol::server::
// Notification) when it is sent, so a row written before an upgrade is sent in the
// words of the running server.
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "notify/smtp_mail.hpp"
#include "storage/notifications.hpp"

namespace bh::notify {

// The POST's body: the payload with its kind, key and the game's page added.
std::string webhook_body(const storage::OutboxItem& item, std::string_view public_url);
// The mail for `item` (a turn, a reminder or a verification), to item.address, with the
// unsubscribe link of its player. `now_ms` gives the time left it states.
Mail notice_mail(const storage::OutboxItem& item, std::string_view public_url, std::int64_t now_ms);
// "2 days 3 hours", "5 hours", "40 minutes": what is left until a deadline.
std::string time_left(std::int64_t ms);

}  // namespace bh::notify
