// The outbox's worker as the configuration asks for it (docs/notifications.md): the
// SMTP server of --smtp-url with the login of --smtp-credentials-file, the webhooks'
// options, the links' --public-url.
#pragma once

#include <memory>
#include <string>

#include "config.hpp"
#include "notify/outbox_worker.hpp"
#include "storage/notifications.hpp"

namespace bh::server {

// Started, and woken by every commit that writes the outbox; nullptr with `why` when
// the configuration cannot be used (an unreadable credentials file).
std::unique_ptr<notify::OutboxWorker> start_outbox(const Config& config, storage::Notifications& store,
                                                   std::string& why);

}  // namespace bh::server
