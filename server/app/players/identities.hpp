// Who is who: players by name, their tokens, which connection acts for whom, and the
// one seat each player may hold. Names are unique by their key (names::name_key): a
// guest cannot take `Alice` or `аlice` while `alice` is known.
//
// Thread-safety: any thread; a mutex guards the maps and is held only for map work,
// never while calling out to a room, the store or a connection.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/connection.hpp"

namespace bh::app {

// Players (by name), their tokens, and which connection acts for whom.
// A player is bound to at most one connection: binding a new one replaces the old
// (returned so the caller can tell it and close it).
class Identities {
 public:
  explicit Identities(std::int64_t grace_ms) : grace_ms_(grace_ms) {}

  enum class Outcome { ok, already_identified, name_taken, unknown_token, connection_gone };
  struct Bound {
    Outcome outcome = Outcome::ok;
    std::string name, token;
    bool registered = false;
    bool bot = false;                      // a bot account
    std::vector<std::string> rooms;        // rooms where the player holds a seat
    std::shared_ptr<Connection> replaced;  // the connection that held the player before
  };

  void add_connection(const std::shared_ptr<Connection>& connection);
  struct Dropped {
    std::string player;
    std::vector<std::string> rooms;
  };
  // The player this connection acted for, if it still did.
  std::optional<Dropped> remove_connection(std::uint64_t connection_id);
  std::optional<std::string> player_of(std::uint64_t connection_id) const;
  bool identified(std::uint64_t connection_id) const;
  // Connections that have had no identity since before `opened_before_ms` (now_ms()
  // time): the housekeeping closes them.
  std::vector<std::shared_ptr<Connection>> unidentified(std::int64_t opened_before_ms) const;
  // Forgets players offline longer than the grace with no seat, so their names are free
  // again and their tokens expire; returns them. Called by the housekeeping every second.
  // `kept` (may be empty): players kept all the same (in a tournament under way here:
  // their token resumes them, and in a cluster their name leads them back to this node).
  struct Forgotten {
    std::string name, token;
  };
  std::vector<Forgotten> forget_absent(std::int64_t now, const std::function<bool(const std::string&)>& kept = nullptr);
  // Whether a guest may take `name` now (no player record holds it or a name with its
  // key).
  bool name_free(const std::string& name) const;

  // `token`: the one claimed with the name across the nodes (name_claims.hpp); empty: a new one.
  Bound bind_guest(const std::shared_ptr<Connection>& connection, const std::string& name, std::string token = {});
  static std::string new_token();
  // After a successful login or register; reuses the player's record (and token) if any.
  // name_taken when a guest holds the name or one with its key (a guest that raced a
  // register). `bot`: the account is a bot account (only a login can say so).
  Bound bind_registered(const std::shared_ptr<Connection>& connection, const std::string& name, bool bot = false);
  Bound bind_token(const std::shared_ptr<Connection>& connection, const std::string& token);

  // A player's token and whether the name is registered, for the live-game record.
  struct Credentials {
    std::string token;
    bool registered = false;
    bool bot = false;
  };
  std::optional<Credentials> credentials(const std::string& player) const;
  // At start-up: a player seated in a restored game, offline, with the token they had.
  // False when the name is known with another token (the seat is then not resumable).
  bool restore(const std::string& player, const Credentials& credentials, const std::string& room_id,
               bool correspondence = false);
  // Cluster mode: a player another node handed over (app/relay/handoff.hpp), offline
  // here until their connection is bound with the token they had there. False when the
  // name is known here with another token.
  bool welcome(const std::string& player, const Credentials& credentials);
  // Cluster mode: the player went to another node with their connection: their token
  // binds here no more (it then leads to where their game is), and their record goes
  // once they hold no seat here (at once, or when their last room here closes). Not while
  // they are online here.
  void forget(const std::string& player);
  // The connection acting for `player` now, if any.
  std::shared_ptr<Connection> connection_of(const std::string& player) const;

  // A player holds one seat at a time (an open room, or a match being played): takes a
  // seat in `room_id` unless the player holds one elsewhere, whose room id is returned.
  // Atomic, so two joins in flight cannot both win. A bot account holds any number.
  std::optional<std::string> claim_room(const std::string& player, const std::string& room_id);
  // A correspondence game's seat (docs/correspondence.md): beside the player's live seat
  // and any number of others, up to kMaxCorrespondenceGames; false past that.
  static constexpr std::size_t kMaxCorrespondenceGames = 200;
  bool claim_correspondence(const std::string& player, const std::string& room_id);
  // Whether `player` is a known player logged in with a bot account.
  bool is_bot(const std::string& player) const;
  // play_computer: the connected bot holding the fewest seats (ties: the first name)
  // takes a seat in `room_id`, in one step, so games spread over the bots; none when no
  // bot is connected. Neither `requester` (a bot account playing the computer) nor a
  // program's connection through the HTTP API is picked.
  struct Bot {
    std::string name;
    std::shared_ptr<Connection> connection;
  };
  std::optional<Bot> claim_bot(const std::string& room_id, const std::string& requester = {});
  // The bot accounts connected now, the fewest seats first (a tournament's computer).
  std::vector<std::string> connected_bots() const;
  // The seats `player` holds (rooms kept for a bot included).
  std::size_t seats(const std::string& player) const;
  void remove_room(const std::string& player, const std::string& room_id);
  std::vector<std::shared_ptr<Connection>> connections() const;

 private:
  struct Player {
    std::string name, token;
    std::string key;  // names::name_key(name)
    bool registered = false;
    bool bot = false;
    std::weak_ptr<Connection> connection;
    std::uint64_t connection_id = 0;  // 0: offline
    std::set<std::string> rooms;
    std::set<std::string> correspondence;  // the rooms that are correspondence games
    std::int64_t offline_since_ms = 0;
    bool moved = false;  // forget(): gone to another node, erased with its last room
  };
  struct Conn {
    std::weak_ptr<Connection> connection;
    std::string player;  // empty: no identity
    std::int64_t opened_ms = 0;
  };
  static Bound failure(Outcome outcome) {
    Bound b;
    b.outcome = outcome;
    return b;
  }
  Bound bind_locked(const std::shared_ptr<Connection>& connection, Player& player);
  // The record of `player` holding `credentials`' token, made (offline) if unknown; end()
  // when the name is known with another token or the token is another's.
  std::map<std::string, Player>::iterator known_locked(const std::string& player, const Credentials& credentials);
  // A new record for `name` (not yet known), indexed by its key.
  Player& add_locked(const std::string& name, std::string key);
  std::map<std::string, Player>::iterator erase_locked(std::map<std::string, Player>::iterator it);
  // Whether a player other than `name` holds `key` (only guests: `guests_only`).
  bool key_held_locked(const std::string& key, const std::string& name, bool guests_only) const;

  std::int64_t grace_ms_;
  mutable std::mutex mutex_;
  std::map<std::string, Player> players_;
  std::map<std::string, std::string> tokens_;  // token -> name
  // name_key -> the names holding it: one, or several registered accounts kept apart
  // by the store (storage/name_keys.hpp), or records restored from live games.
  std::multimap<std::string, std::string> keys_;
  std::map<std::uint64_t, Conn> connections_;
};

}  // namespace bh::app
