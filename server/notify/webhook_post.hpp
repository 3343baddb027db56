// Outgoing webhooks: one signed JSON POST to a player's https:// URL over libcurl, with
// the checks that keep a player from aiming the server at its own network.
//
// The signature is Stripe's scheme: X-Boardhall-Signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256 with the player's secret over "<t>.<body>">, so a receiver checks both the
// body and its age.
//
// Thread-safety: every function may be called from any thread; post_webhook blocks the
// calling thread (the outbox's worker) for at most about `timeout_ms`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "notify/send_result.hpp"

namespace bh::notify {

struct WebhookOptions {
  std::string ca_file;                   // PEM; empty: the system's CAs
  bool allow_private_addresses = false;  // tests only: loopback and private addresses allowed
  long timeout_ms = 10000;
};

// True for an https:// URL with a host, no user:password@, only printable ASCII (a
// host in punycode), at most 500 bytes. False with `why`, a sentence for the player.
bool webhook_url_acceptable(std::string_view url, std::string& why);

// "t=<unix_seconds>,v1=<lowercase hex HMAC-SHA256 of `secret` over "<t>.<body>">".
std::string webhook_signature(std::string_view secret, std::int64_t unix_seconds, std::string_view body);

// POSTs `body` (application/json) to `url` with User-Agent: Boardhall-Webhook/1,
// X-Boardhall-Key: `key` and X-Boardhall-Signature: webhook_signature(secret,
// unix_seconds, body). ok on 2xx. permanent on an unacceptable URL, an address refused
// below, a redirect (never followed) or a 4xx other than 408 and 429.
// Unless options.allow_private_addresses, refuses to connect to loopback, private,
// shared (CGNAT), link-local, unique-local, unspecified, multicast and reserved
// addresses: each address curl is about to connect to is checked, so a name that
// resolves differently later (DNS rebinding) cannot get around it. No proxy from the
// environment is used. At most 4 KiB of the response body is read.
SendResult post_webhook(const WebhookOptions& options, std::string_view url, std::string_view secret,
                        std::string_view key, std::string_view body, std::int64_t unix_seconds);

}  // namespace bh::notify
