// The WebSocket's moderation requests (docs/protocol.md, "Moderation"): a registered
// player blocks, unblocks and reports; a moderator lists the reports, reads the state in
// force with the audit log, and acts. Each change is written to the store first (an
// action with its audit entry), then put in force in the ModerationBook, then told to
// the other nodes (`Enforcement::changed`) and carried out (`Enforcement`).
//
// Thread-safety: any network thread; the store's answers come back to the network
// threads before a reply is encoded.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

// What an action sets in motion beyond the book: the application's, which knows the
// connections of the HTTP API and the other nodes.
struct Enforcement {
  // A suspended or banned player: their connections closed, their games forfeited.
  std::function<void(const std::string& player, const ModerationBook::InForce& sanction)> sanctioned;
  // A blocked address or range: the connections from there closed.
  std::function<void(const std::string& cidr)> address_blocked;
  // Something changed in the book: the other nodes read theirs again ("" when none).
  std::function<void(const std::string& action, const std::string& target)> changed;
};

// At start-up: the book filled from the store (a failure is logged; the book stays empty).
void load_moderation_book(Context& ctx);

void answer_block(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                  const protocol::RequestId& id, const std::string& player, std::string name, bool on,
                  const Enforcement& enforce);
void answer_list_blocks(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                        const protocol::RequestId& id, const std::string& player);
void answer_report(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                   const protocol::RequestId& id, const std::string& player, protocol::client::ReportPlayer request);
void answer_list_reports(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                         const protocol::RequestId& id, const std::string& player,
                         const protocol::client::ListReports& request);
void answer_get_moderation(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                           const protocol::RequestId& id, const std::string& player,
                           const protocol::client::GetModeration& request);
void answer_moderate(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                     const protocol::RequestId& id, const std::string& player, protocol::client::Moderate request,
                     const Enforcement& enforce);

// The canonical text of an address or range ("10.0.0.0/8", "2001:db8::/32", one address
// alone), its host bits cleared; nullopt when it is neither.
std::optional<std::string> canonical_range(const std::string& text);

}  // namespace bh::app
