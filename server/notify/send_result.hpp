// The result of one delivery attempt by the notification senders (smtp_mail.hpp,
// webhook_post.hpp): the outbox's worker keeps a row for another try unless it was
// delivered or `permanent` says a retry cannot help.
//
// Thread-safety: a plain value.
#pragma once

#include <string>

namespace bh::notify {

struct SendResult {
  bool ok = false;
  // Retrying cannot help: a recipient refused by SMTP with 5xx, a webhook's 4xx other
  // than 408/429, a URL or address we refuse.
  bool permanent = false;
  std::string error;  // short, for the log and the outbox row; empty when ok
};

}  // namespace bh::notify
