// Addresses inside a mailbox header ("Boardhall <noreply@boardhall.example>"), for the
// envelope and the Message-ID. plausible_email() itself is declared in smtp_mail.hpp.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

namespace bh::notify {

// The address of `mailbox`: between its last '<' and the '>' after it, else all of it,
// trimmed of spaces. CR and LF are dropped.
std::string address_in(std::string_view mailbox);

// The domain of `address` (after its last '@') when it is a plausible domain, else
// "boardhall.invalid" (RFC 2606), so a Message-ID is always well formed.
std::string message_id_domain(std::string_view address);

}  // namespace bh::notify
