#include "app/moderation/moderation_book.hpp"

#include <ctime>

namespace bh::app {

void ModerationBook::load(const storage::ModerationState& state) {
  std::lock_guard lock(mutex_);
  blocks_.clear();
  for (const auto& b : state.blocks) blocks_.emplace(b.player, b.blocked);
  roles_.clear();
  for (const auto& s : state.staff) roles_[s.name] = s.role;
  sanctions_.clear();
  for (const auto& s : state.sanctions) sanctions_[s.name] = {s.kind, s.until_ms};
  addresses_.clear();
  for (const auto& a : state.address_blocks)
    if (auto cidr = net::parse_cidr(a.cidr)) addresses_[a.cidr] = {*cidr, a.until_ms};
  refused_keys_.clear();
  for (const auto& n : state.refused_names) refused_keys_.insert(n.key);
}

bool ModerationBook::blocks(const std::string& player, const std::string& other) const {
  std::lock_guard lock(mutex_);
  return blocks_.contains({player, other});
}

bool ModerationBook::apart(const std::string& a, const std::string& b) const {
  std::lock_guard lock(mutex_);
  return blocks_.contains({a, b}) || blocks_.contains({b, a});
}

std::vector<std::string> ModerationBook::blocked_by(const std::string& player) const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (auto it = blocks_.lower_bound({player, {}}); it != blocks_.end() && it->first == player; ++it)
    out.push_back(it->second);
  return out;
}

std::vector<std::string> ModerationBook::kept_apart_from(const std::string& player) const {
  std::set<std::string> out;
  {
    std::lock_guard lock(mutex_);
    // Few blocks per player, but who blocks `player` needs a pass over all of them.
    for (const auto& [a, b] : blocks_) {
      if (a == player) out.insert(b);
      if (b == player) out.insert(a);
    }
  }
  return {out.begin(), out.end()};
}

void ModerationBook::set_block(const std::string& player, const std::string& blocked, bool on) {
  std::lock_guard lock(mutex_);
  if (on) blocks_.emplace(player, blocked);
  else blocks_.erase({player, blocked});
}

std::optional<std::string> ModerationBook::role_of(const std::string& name) const {
  std::lock_guard lock(mutex_);
  const auto it = roles_.find(name);
  if (it == roles_.end()) return std::nullopt;
  return it->second;
}

void ModerationBook::set_role(const std::string& name, const std::string& role) {
  std::lock_guard lock(mutex_);
  if (role == "none") roles_.erase(name);
  else roles_[name] = role;
}

std::optional<ModerationBook::InForce> ModerationBook::sanction_of(const std::string& name, std::int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  const auto it = sanctions_.find(name);
  if (it == sanctions_.end() || (it->second.until_ms && *it->second.until_ms <= now_ms)) return std::nullopt;
  return it->second;
}

void ModerationBook::set_sanction(const std::string& name, InForce sanction) {
  std::lock_guard lock(mutex_);
  sanctions_[name] = std::move(sanction);
}

void ModerationBook::lift(const std::string& name) {
  std::lock_guard lock(mutex_);
  sanctions_.erase(name);
}

bool ModerationBook::address_blocked(const std::string& address, std::int64_t now_ms) const {
  std::lock_guard lock(mutex_);
  if (addresses_.empty()) return false;
  const auto ip = net::parse_ip(address);
  if (!ip) return false;
  for (const auto& [text, range] : addresses_)
    if ((!range.until_ms || *range.until_ms > now_ms) && net::in_range(range.cidr, *ip)) return true;
  return false;
}

void ModerationBook::set_address_block(const std::string& cidr, std::optional<std::int64_t> until_ms) {
  const auto parsed = net::parse_cidr(cidr);
  if (!parsed) return;
  std::lock_guard lock(mutex_);
  addresses_[cidr] = {*parsed, until_ms};
}

void ModerationBook::remove_address_block(const std::string& cidr) {
  std::lock_guard lock(mutex_);
  addresses_.erase(cidr);
}

bool ModerationBook::name_refused(const std::string& key) const {
  std::lock_guard lock(mutex_);
  return refused_keys_.contains(key);
}

void ModerationBook::set_name_refused(const std::string& key, bool refused) {
  std::lock_guard lock(mutex_);
  if (refused) refused_keys_.insert(key);
  else refused_keys_.erase(key);
}

std::string sanction_text(const ModerationBook::InForce& sanction) {
  if (!sanction.until_ms) return "this account is banned";
  const std::time_t seconds = static_cast<std::time_t>(*sanction.until_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
  return std::string("this account is suspended until ") + text;
}

}  // namespace bh::app
