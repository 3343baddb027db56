// The tournaments being played on this server (docs/tournaments.md), and what carries
// out their steps: the value (tournament/tournament.hpp) decides, the director writes
// its rows, then makes its games through the one game-creation path (Games), tells the
// players and followers, and reads each game's end from the rooms' events. A step's
// games are made and its news told only once its rows are written, so a restart finds
// every round paired once: games written but not yet made are made then.
//
// Upcoming and running tournaments are in memory (read back at start-up); finished
// ones in the store only. In cluster mode one node directs them all, the live node with
// the lowest epoch: it reads them back when it becomes the director, and writes only
// while it is (the store fences the others); every node reads them from the store. One clock (a second) starts the
// tournaments whose time came, runs the arenas' pairing passes and tells followers what changed, at most once a second
// each.
//
// Thread-safety: any thread; the state lives on the director's strand (tournament_of
// under a mutex, for the rooms).
#pragma once

#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/application.hpp"
#include "app/connection.hpp"
#include "protocol/messages.hpp"
#include "storage/tournaments.hpp"
#include "tournament/tournament.hpp"

namespace bh::app {

struct Context;

class TournamentDirector : public std::enable_shared_from_this<TournamentDirector> {
 public:
  // `store` null: no tournaments here (a cluster without a bus): requests are refused.
  TournamentDirector(Context& ctx, storage::Tournaments* store);

  // At start-up, before the live games come back: the tournaments not finished read back
  // (waits for the store), so a restored game knows its tournament. In cluster mode only
  // which game is whose: the director reads the rest when it becomes the director.
  void load();
  // Cluster mode: the live nodes' epochs (after each lease renewal). The lowest directs;
  // this node takes over when it becomes that one, and stops when another is.
  void nodes_alive(std::vector<std::int64_t> epochs);
  // Cluster mode: the node directing the tournaments when it is another one.
  std::optional<std::int64_t> leader_elsewhere() const;
  // Which game is whose, read again (before a node gone's games are adopted here); then
  // `done`, on any thread.
  void refresh_games(std::function<void()> done);
  // After the live games (`live`: the ids the store holds): a round whose last result
  // the archive has but the tournament had not written moves on, the games paired but
  // never made are made, the clock starts.
  void resume(std::set<std::string> live);
  void stop();

  // Whether `player` is in a tournament this node directs, under way or upcoming: kept
  // known while away (Identities::forget_absent), so that the news and games of it
  // reach them here when they come back, in a cluster from any node.
  bool holds(const std::string& player) const;
  // The tournament whose game this is, if any (the rooms' settings after a restart).
  std::optional<std::string> tournament_of(const std::string& game_id) const;
  // A game of a tournament ended (the rooms' seats_released): `result` as the archive
  // writes it, `plies` played.
  void game_over(const std::string& game_id, const std::string& result, int plies);

  using ConnPtr = std::shared_ptr<Connection>;
  using RequestId = protocol::RequestId;
  void create(const ConnPtr& c, const RequestId& id, const std::string& player,
              protocol::client::CreateTournament request);
  void join(const ConnPtr& c, const RequestId& id, const std::string& player, protocol::client::JoinTournament request);
  // The creator enters the computer: the connected bot account with the fewest seats
  // among those not in it.
  void add_computer(const ConnPtr& c, const RequestId& id, const std::string& player,
                    protocol::client::AddComputer request);
  // `computer`: the creator takes out the computer it added.
  void withdraw(const ConnPtr& c, const RequestId& id, const std::string& player, std::string tournament_id,
                std::optional<std::string> computer);
  void start(const ConnPtr& c, const RequestId& id, const std::string& player, std::string tournament_id);
  void list(const ConnPtr& c, const RequestId& id, std::optional<std::string> status);
  // `player` may be empty (a visitor); `follow`: the connection hears of its changes.
  void get(const ConnPtr& c, const RequestId& id, const std::string& player, std::string tournament_id, bool follow);

  // GET /api/tournaments and /api/tournaments/{id}.
  void http_list(std::function<void(HttpResponse)> respond);
  void http_get(std::string tournament_id, std::function<void(HttpResponse)> respond);

 private:
  using Tournament = tournament::Tournament;
  struct Requester {
    ConnPtr connection;
    RequestId request;
    std::string player;
  };

  template <class F>
  void on_strand(F f);
  std::function<std::string()> game_ids() const;
  // The step taken: rows written, then its games made and its news told (`to` answered
  // with the tournament); a refusal answers `to`.
  void apply(const std::string& tournament_id, tournament::Step step, std::optional<Requester> to);
  void written(const std::string& tournament_id, const tournament::Change& change, std::optional<Requester> to);
  void make_games(const Tournament& t, const std::vector<tournament::Game>& games);
  // `may_free`: a player's open room in the way is cancelled and the game made again.
  void make_game(const Tournament& t, const tournament::Game& g, bool may_free);
  void forfeit(const std::string& tournament_id, const std::string& game_id, std::array<bool, 2> elsewhere);
  void tell_paired(const Tournament& t, const std::vector<tournament::Game>& games);
  void tell(const std::string& tournament_id, const std::string& frame, bool players_too);
  void refuse(const Requester& to, const tournament::Refused& refused);
  bool refuse_disabled(const ConnPtr& c, const RequestId& id);
  bool refuse_not_leading(const ConnPtr& c, const RequestId& id);
  void reread(const std::string& tournament_id);
  void collect(std::function<void(std::optional<protocol::server::TournamentList>)> done);
  void collect_stored(std::function<void(std::optional<protocol::server::TournamentList>)> done);
  void find(const std::string& tournament_id, ConnPtr follower,
            std::function<void(std::optional<Tournament>, bool failed)> then);
  void tick();
  void arm_tick();
  void take_lead();
  void step_down(const std::string& why);
  void resume_all(const std::set<std::string>& live);
  // Cluster mode: the results the archive has that this director was not told (games
  // another node played to the end: taken over from a node gone), applied.
  void read_results();
  void remember_games(const std::vector<Tournament>& tournaments);
  void note_players();  // players_ again from live_
  void arena_passes(std::int64_t now);
  // The operator's tournaments (--tournament-schedule) due to be announced, made.
  void make_planned(std::int64_t now);

  Context& ctx_;
  storage::Tournaments* store_;
  const bool cluster_;                   // one of a cluster's nodes, with a bus
  bool leading_;                         // this node directs (a single server always)
  bool taking_ = false;                  // reading them back to direct them
  std::atomic<std::int64_t> leader_{0};  // cluster mode: the directing node's epoch
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer timer_;
  bool stopped_ = false;
  std::map<std::string, Tournament> live_;  // upcoming and running, by id
  std::map<std::string, std::vector<std::weak_ptr<Connection>>> followers_;
  std::set<std::string> dirty_;  // changed since the followers were last told
  int ticks_ = 0;
  mutable std::mutex games_mutex_;
  std::map<std::string, std::string> game_tournament_;  // game id -> tournament id
  std::set<std::string> players_;                       // in live_, not withdrawn
};

}  // namespace bh::app
