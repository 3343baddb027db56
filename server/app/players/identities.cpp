#include "app/players/identities.hpp"

#include <algorithm>

#include "app/secrets.hpp"
#include "app/thread_check.hpp"
#include "app/wall_clock.hpp"
#include "names/player_names.hpp"

namespace bh::app {

void Identities::add_connection(const std::shared_ptr<Connection>& connection) {
  std::lock_guard lock(mutex_);
  connections_[connection->id()] = Conn{connection, {}, now_ms()};
}

std::optional<Identities::Dropped> Identities::remove_connection(std::uint64_t connection_id) {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  if (it == connections_.end()) return std::nullopt;
  const std::string name = it->second.player;
  connections_.erase(it);
  if (name.empty()) return std::nullopt;
  const auto p = players_.find(name);
  if (p == players_.end() || p->second.connection_id != connection_id) return std::nullopt;
  p->second.connection_id = 0;
  p->second.connection.reset();
  p->second.offline_since_ms = now_ms();
  return Dropped{name, {p->second.rooms.begin(), p->second.rooms.end()}};
}

std::optional<std::string> Identities::player_of(std::uint64_t connection_id) const {
  std::lock_guard lock(mutex_);
  const auto it = connections_.find(connection_id);
  if (it == connections_.end() || it->second.player.empty()) return std::nullopt;
  return it->second.player;
}

bool Identities::identified(std::uint64_t connection_id) const { return player_of(connection_id).has_value(); }

bool Identities::name_free(const std::string& name) const {
  const std::string key = names::name_key(name);  // ICU's work, outside the lock
  std::lock_guard lock(mutex_);
  return !players_.contains(name) && !keys_.contains(key);
}

Identities::Player& Identities::add_locked(const std::string& name, std::string key) {
  Player& p = players_[name];
  p.name = name;
  p.key = std::move(key);
  keys_.emplace(p.key, name);
  return p;
}

std::map<std::string, Identities::Player>::iterator Identities::erase_locked(
    std::map<std::string, Player>::iterator it) {
  tokens_.erase(it->second.token);
  const auto [first, last] = keys_.equal_range(it->second.key);
  for (auto k = first; k != last; ++k)
    if (k->second == it->first) {
      keys_.erase(k);
      break;
    }
  return players_.erase(it);
}

bool Identities::key_held_locked(const std::string& key, const std::string& name, bool guests_only) const {
  const auto [first, last] = keys_.equal_range(key);
  for (auto k = first; k != last; ++k) {
    if (k->second == name) continue;
    const auto p = players_.find(k->second);
    if (p != players_.end() && (!guests_only || !p->second.registered)) return true;
  }
  return false;
}

Identities::Bound Identities::bind_locked(const std::shared_ptr<Connection>& connection, Player& player) {
  expect_off_store_thread("identity binding");
  Bound out;
  const auto c = connections_.find(connection->id());
  if (c == connections_.end()) {
    out.outcome = Outcome::connection_gone;
    return out;
  }
  if (!c->second.player.empty()) {
    out.outcome = Outcome::already_identified;
    return out;
  }
  if (player.connection_id != 0 && player.connection_id != connection->id()) {
    out.replaced = player.connection.lock();
    const auto old = connections_.find(player.connection_id);
    if (old != connections_.end()) old->second.player.clear();
  }
  c->second.player = player.name;
  player.connection = connection;
  player.connection_id = connection->id();
  player.offline_since_ms = 0;
  out.name = player.name;
  out.token = player.token;
  out.registered = player.registered;
  out.bot = player.bot;
  out.rooms.assign(player.rooms.begin(), player.rooms.end());
  return out;
}

std::vector<std::shared_ptr<Connection>> Identities::unidentified(std::int64_t opened_before_ms) const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Connection>> out;
  for (const auto& [id, c] : connections_)
    if (c.player.empty() && c.opened_ms < opened_before_ms)
      if (auto conn = c.connection.lock()) out.push_back(std::move(conn));
  return out;
}

std::vector<Identities::Forgotten> Identities::forget_absent(std::int64_t now,
                                                             const std::function<bool(const std::string&)>& kept) {
  std::vector<Forgotten> out;
  std::lock_guard lock(mutex_);
  for (auto it = players_.begin(); it != players_.end();) {
    const Player& p = it->second;
    if (p.connection_id == 0 && p.rooms.empty() && now - p.offline_since_ms > grace_ms_ && !(kept && kept(p.name))) {
      out.push_back({p.name, p.token});
      it = erase_locked(it);
    } else {
      ++it;
    }
  }
  return out;
}

std::string Identities::new_token() { return random_hex(16); }

Identities::Bound Identities::bind_guest(const std::shared_ptr<Connection>& connection, const std::string& name,
                                         std::string token) {
  std::string key = names::name_key(name);
  std::lock_guard lock(mutex_);
  const auto c = connections_.find(connection->id());
  if (c != connections_.end() && !c->second.player.empty()) return failure(Outcome::already_identified);
  if (players_.contains(name) || keys_.contains(key)) return failure(Outcome::name_taken);
  if (token.empty()) token = new_token();
  if (tokens_.contains(token)) return failure(Outcome::name_taken);  // never two players' token
  Player& p = add_locked(name, std::move(key));
  p.token = std::move(token);
  p.offline_since_ms = now_ms();
  tokens_[p.token] = name;
  Bound out = bind_locked(connection, p);
  if (out.outcome != Outcome::ok) erase_locked(players_.find(name));
  return out;
}

Identities::Bound Identities::bind_registered(const std::shared_ptr<Connection>& connection, const std::string& name,
                                              bool bot) {
  std::string key = names::name_key(name);
  std::lock_guard lock(mutex_);
  auto it = players_.find(name);
  if (it != players_.end() && !it->second.registered) return failure(Outcome::name_taken);
  const bool fresh = it == players_.end();
  if (fresh && key_held_locked(key, name, true)) return failure(Outcome::name_taken);
  if (fresh) {
    Player& p = add_locked(name, std::move(key));
    p.token = random_hex(16);
    p.registered = true;
    p.offline_since_ms = now_ms();
    tokens_[p.token] = name;
    it = players_.find(name);
  }
  const bool was_bot = it->second.bot;
  // A bot account stays one for the record's life (a restored seat may have set it).
  it->second.bot = was_bot || bot;
  Bound out = bind_locked(connection, it->second);
  if (out.outcome != Outcome::ok) it->second.bot = was_bot;
  if (out.outcome != Outcome::ok && fresh) erase_locked(it);
  return out;
}

Identities::Bound Identities::bind_token(const std::shared_ptr<Connection>& connection, const std::string& token) {
  std::lock_guard lock(mutex_);
  // Looked up by exact key; then compared in constant time for good measure.
  const auto t = tokens_.find(token);
  if (t == tokens_.end()) return failure(Outcome::unknown_token);
  const auto p = players_.find(t->second);
  if (p == players_.end() || !equal_secret(p->second.token, token)) return failure(Outcome::unknown_token);
  return bind_locked(connection, p->second);
}

std::optional<Identities::Credentials> Identities::credentials(const std::string& player) const {
  std::lock_guard lock(mutex_);
  const auto p = players_.find(player);
  if (p == players_.end()) return std::nullopt;
  return Credentials{p->second.token, p->second.registered, p->second.bot};
}

bool Identities::restore(const std::string& player, const Credentials& credentials, const std::string& room_id,
                         bool correspondence) {
  std::lock_guard lock(mutex_);
  auto it = known_locked(player, credentials);
  if (it == players_.end()) return false;
  it->second.rooms.insert(room_id);
  if (correspondence) it->second.correspondence.insert(room_id);
  return true;
}

bool Identities::welcome(const std::string& player, const Credentials& credentials) {
  std::lock_guard lock(mutex_);
  return known_locked(player, credentials) != players_.end();
}

void Identities::forget(const std::string& player) {
  std::lock_guard lock(mutex_);
  const auto it = players_.find(player);
  if (it == players_.end() || it->second.connection_id != 0) return;
  if (it->second.rooms.empty()) return void(erase_locked(it));
  tokens_.erase(it->second.token);
  it->second.moved = true;
}

std::shared_ptr<Connection> Identities::connection_of(const std::string& player) const {
  std::lock_guard lock(mutex_);
  const auto it = players_.find(player);
  return it == players_.end() ? nullptr : it->second.connection.lock();
}

std::map<std::string, Identities::Player>::iterator Identities::known_locked(const std::string& player,
                                                                             const Credentials& credentials) {
  std::string key = names::name_key(player);
  auto it = players_.find(player);
  if (it == players_.end()) {
    if (credentials.token.empty() || tokens_.contains(credentials.token)) return players_.end();
    // Indexed by its key whatever else holds it: the seat was taken under older rules.
    Player& p = add_locked(player, std::move(key));
    p.token = credentials.token;
    p.registered = credentials.registered;
    p.bot = credentials.bot;
    p.offline_since_ms = now_ms();
    tokens_[p.token] = player;
    it = players_.find(player);
  } else if (it->second.token != credentials.token) {
    return players_.end();
  } else if (it->second.moved) {  // back from another node
    tokens_[it->second.token] = player;
    it->second.moved = false;
  }
  return it;
}

std::optional<std::string> Identities::claim_room(const std::string& player, const std::string& room_id) {
  std::lock_guard lock(mutex_);
  const auto p = players_.find(player);
  if (p == players_.end()) return std::nullopt;
  if (!p->second.bot)
    for (const auto& held : p->second.rooms)
      if (held != room_id && !p->second.correspondence.contains(held)) return held;
  p->second.rooms.insert(room_id);
  return std::nullopt;
}

bool Identities::claim_correspondence(const std::string& player, const std::string& room_id) {
  std::lock_guard lock(mutex_);
  const auto p = players_.find(player);
  if (p == players_.end()) return true;
  auto& mine = p->second.correspondence;
  if (!p->second.bot && !mine.contains(room_id) && mine.size() >= kMaxCorrespondenceGames) return false;
  p->second.rooms.insert(room_id);
  mine.insert(room_id);
  return true;
}

bool Identities::is_bot(const std::string& player) const {
  std::lock_guard lock(mutex_);
  const auto p = players_.find(player);
  return p != players_.end() && p->second.bot;
}

std::optional<Identities::Bot> Identities::claim_bot(const std::string& room_id, const std::string& requester) {
  std::lock_guard lock(mutex_);
  Player* best = nullptr;
  std::shared_ptr<Connection> best_connection;
  for (auto& [name, p] : players_) {
    if (!p.bot || p.connection_id == 0 || name == requester) continue;
    auto connection = p.connection.lock();
    if (!connection || connection->through_http_api()) continue;
    if (!best || p.rooms.size() < best->rooms.size()) {
      best = &p;
      best_connection = std::move(connection);
    }
  }
  if (!best) return std::nullopt;
  best->rooms.insert(room_id);
  return Bot{best->name, std::move(best_connection)};
}

std::vector<std::string> Identities::connected_bots() const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::size_t, std::string>> bots;
  for (const auto& [name, p] : players_)
    if (auto connection = p.connection.lock();
        p.bot && p.connection_id != 0 && connection && !connection->through_http_api())
      bots.emplace_back(p.rooms.size(), name);
  std::sort(bots.begin(), bots.end());
  std::vector<std::string> names;
  for (auto& [seats, name] : bots) names.push_back(std::move(name));
  return names;
}

std::size_t Identities::seats(const std::string& player) const {
  std::lock_guard lock(mutex_);
  const auto p = players_.find(player);
  return p == players_.end() ? 0 : p->second.rooms.size();
}

void Identities::remove_room(const std::string& player, const std::string& room_id) {
  std::lock_guard lock(mutex_);
  const auto p = players_.find(player);
  if (p == players_.end()) return;
  p->second.rooms.erase(room_id);
  p->second.correspondence.erase(room_id);
  if (p->second.moved && p->second.rooms.empty() && p->second.connection_id == 0) erase_locked(p);
}

std::vector<std::shared_ptr<Connection>> Identities::connections() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Connection>> out;
  for (const auto& [id, c] : connections_)
    if (auto conn = c.connection.lock()) out.push_back(std::move(conn));
  return out;
}

}  // namespace bh::app
