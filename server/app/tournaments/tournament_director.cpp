#include "app/tournaments/tournament_director.hpp"

#include <boost/asio/post.hpp>
#include <chrono>

#include "app/app_context.hpp"
#include "app/completion.hpp"
#include "app/http/http_api.hpp"
#include "app/ids.hpp"
#include "app/rooms/computer_games.hpp"
#include "app/rooms/directory.hpp"
#include "app/rooms/games.hpp"
#include "app/rooms/room.hpp"
#include "app/secrets.hpp"
#include "app/tournaments/tournament_request.hpp"
#include "app/tournaments/tournament_schedule.hpp"
#include "app/tournaments/tournament_views.hpp"
#include "app/wall_clock.hpp"
#include "log/log.hpp"
#include "storage/glicko2.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
using protocol::ErrorCode;
using tournament::Refusal;

ErrorCode code_of(Refusal why) {
  switch (why) {
    case Refusal::not_found:
      return ErrorCode::unknown_tournament;
    case Refusal::started:
    case Refusal::finished:
      return ErrorCode::tournament_started;
    case Refusal::full:
      return ErrorCode::tournament_full;
    case Refusal::rating_too_low:
    case Refusal::bots_not_allowed:
      return ErrorCode::not_eligible;
    case Refusal::already_joined:
      return ErrorCode::already_joined;
    case Refusal::not_joined:
      return ErrorCode::not_joined;
    case Refusal::not_creator:
      return ErrorCode::not_creator;
    case Refusal::too_few_players:
      return ErrorCode::too_few_players;
    case Refusal::bad_settings:
      return ErrorCode::bad_options;
    case Refusal::no_computer:
      return ErrorCode::no_computer;
  }
  return ErrorCode::bad_request;
}

// A bot plays many games at once: in an arena it is free when no game of this one is
// under way.
bool playing_in(const tournament::Tournament& t, int number) {
  return std::any_of(t.games.begin(), t.games.end(), [&](const tournament::Game& g) {
    return !g.outcome && !g.game_id.empty() && (g.first == number || g.second == number);
  });
}

constexpr std::size_t kMaxFollowers = 2000;  // connections following one tournament
constexpr int kUpcomingPerCreator = 5;       // tournaments a player may have waiting to start

}  // namespace

TournamentDirector::TournamentDirector(Context& ctx, storage::Tournaments* store)
    : ctx_(ctx),
      store_(store),
      cluster_(store && ctx.config.node_link),
      leading_(!cluster_),
      strand_(boost::asio::make_strand(ctx.io)),
      timer_(strand_) {}

template <class F>
void TournamentDirector::on_strand(F f) {
  boost::asio::post(strand_, [self = shared_from_this(), f = std::move(f)]() mutable { f(*self); });
}

std::function<std::string()> TournamentDirector::game_ids() const {
  return [] { return make_id("g"); };
}

void TournamentDirector::load() {
  if (!store_) return;
  auto loaded = wait_for<storage::StoreResult<std::vector<tournament::Tournament>>>(
      [this](auto done) { store_->load_tournaments(std::move(done)); });
  if (!loaded.error.ok()) return log::error("tournaments not read back: " + loaded.error.message);
  remember_games(*loaded.value);
  if (cluster_) return;
  for (auto& t : *loaded.value) live_[t.id] = std::move(t);
  note_players();
  if (!live_.empty()) log::info("read back " + std::to_string(live_.size()) + " tournaments");
}

bool TournamentDirector::holds(const std::string& player) const {
  std::lock_guard lock(games_mutex_);
  return players_.contains(player);
}

void TournamentDirector::note_players() {
  std::set<std::string> players;
  for (const auto& [id, t] : live_)
    for (const auto& p : t.players)
      if (p.in()) players.insert(p.name);
  std::lock_guard lock(games_mutex_);
  players_ = std::move(players);
}

void TournamentDirector::remember_games(const std::vector<Tournament>& tournaments) {
  std::lock_guard lock(games_mutex_);
  for (const auto& t : tournaments)
    for (const auto& g : t.games)
      if (!g.game_id.empty()) game_tournament_[g.game_id] = t.id;
}

void TournamentDirector::resume(std::set<std::string> live) {
  if (!store_) return;
  on_strand([live = std::move(live)](TournamentDirector& d) {
    if (!d.cluster_) d.resume_all(live);  // a cluster's director resumes when it takes over
    d.arm_tick();
  });
}

// On the strand: each tournament goes on from where the store has it.
void TournamentDirector::resume_all(const std::set<std::string>& live) {
  std::vector<std::string> ids;
  for (const auto& [id, t] : live_) ids.push_back(id);
  for (const auto& id : ids) {
    const auto& t = live_.at(id);
    // Written but never made (the server stopped in between): made now, with their ids.
    std::vector<tournament::Game> unmade;
    for (const auto& g : tournament::playable_now(t))
      if (!live.contains(g.game_id)) unmade.push_back(g);
    if (!unmade.empty()) {
      log::info("tournament " + id + ": " + std::to_string(unmade.size()) + " paired games made after the restart");
      make_games(t, unmade);
    }
    apply(id, tournament::catch_up(t, now_ms(), game_ids()), std::nullopt);
  }
  make_planned(now_ms());
}

// ---- cluster mode: one director ----

void TournamentDirector::nodes_alive(std::vector<std::int64_t> epochs) {
  if (!cluster_ || epochs.empty()) return;
  const auto lowest = *std::min_element(epochs.begin(), epochs.end());
  if (leader_.exchange(lowest) != lowest && lowest != ctx_.config.node_link->self())
    log::info("node " + std::to_string(lowest) + " directs the tournaments");
  on_strand([lowest](TournamentDirector& d) {
    const bool mine = lowest == d.ctx_.config.node_link->self();
    if (mine && !d.leading_ && !d.taking_ && !d.stopped_) d.take_lead();
    if (!mine && d.leading_) d.step_down("node " + std::to_string(lowest) + " directs them now");
  });
}

std::optional<std::int64_t> TournamentDirector::leader_elsewhere() const {
  if (!cluster_) return std::nullopt;
  const auto leader = leader_.load();
  if (leader == 0 || leader == ctx_.config.node_link->self()) return std::nullopt;
  return leader;
}

// Read back whole, with which paired games are live on any node: the rest of what was
// paired is made here (its node stopped before it made them, or they were never made).
void TournamentDirector::take_lead() {
  taking_ = true;
  auto self = shared_from_this();
  auto failed = [self] { self->taking_ = false; };
  using Loaded = storage::StoreResult<std::vector<Tournament>>;
  using Live = storage::StoreResult<std::vector<std::string>>;
  store_->load_tournaments(on_executor<Loaded>(
      strand_, "the tournaments taken over",
      [self, failed](Loaded loaded) {
        if (!loaded.error.ok()) {
          failed();
          return log::error("tournaments not taken over (tried again): " + loaded.error.message);
        }
        self->store_->live_tournament_games(on_executor<Live>(
            self->strand_, "the tournaments' live games",
            [self, loaded = std::move(*loaded.value)](Live live) mutable {
              self->taking_ = false;
              if (!live.error.ok())
                return log::error("tournaments not taken over (tried again): " + live.error.message);
              if (self->stopped_ || self->leader_elsewhere()) return;
              self->remember_games(loaded);
              self->live_.clear();
              for (auto& t : loaded) self->live_[t.id] = std::move(t);
              self->note_players();
              self->leading_ = true;
              log::info("this node directs the tournaments (" + std::to_string(self->live_.size()) + " under way)");
              self->resume_all(std::set<std::string>(live.value->begin(), live.value->end()));
            },
            failed));
      },
      failed));
}

void TournamentDirector::step_down(const std::string& why) {
  log::info("this node no longer directs the tournaments: " + why);
  leading_ = false;
  live_.clear();
  note_players();
  followers_.clear();
  dirty_.clear();
}

void TournamentDirector::refresh_games(std::function<void()> done) {
  if (!store_) return done();
  auto self = shared_from_this();
  store_->load_tournaments([self, done = std::move(done)](storage::StoreResult<std::vector<Tournament>> loaded) {
    if (loaded.error.ok()) self->remember_games(*loaded.value);
    else log::error("which games are tournaments' not read again: " + loaded.error.message);
    done();
  });
}

void TournamentDirector::read_results() {
  auto self = shared_from_this();
  using Loaded = storage::StoreResult<std::vector<Tournament>>;
  store_->load_tournaments(on_executor<Loaded>(
      strand_, "the tournaments' results",
      [self](Loaded loaded) {
        if (!loaded.error.ok() || !self->leading_) return;
        for (const auto& stored : *loaded.value)
          for (const auto& g : stored.games) {
            const auto it = self->live_.find(stored.id);
            if (!g.outcome || g.game_id.empty() || it == self->live_.end()) continue;
            const bool told =
                std::any_of(it->second.games.begin(), it->second.games.end(),
                            [&](const tournament::Game& m) { return m.game_id == g.game_id && m.outcome; });
            if (told) continue;
            log::info("tournament " + stored.id + ": game " + g.game_id + "'s result read from the archive");
            self->apply(stored.id,
                        tournament::game_ended(it->second, g.game_id, *g.outcome, now_ms(), self->game_ids()),
                        std::nullopt);
          }
      },
      [] {}));
}

void TournamentDirector::stop() {
  on_strand([](TournamentDirector& d) {
    d.stopped_ = true;
    d.timer_.cancel();
  });
}

std::optional<std::string> TournamentDirector::tournament_of(const std::string& game_id) const {
  std::lock_guard lock(games_mutex_);
  const auto it = game_tournament_.find(game_id);
  if (it == game_tournament_.end()) return std::nullopt;
  return it->second;
}

void TournamentDirector::game_over(const std::string& game_id, const std::string& result, int plies) {
  const auto outcome = tournament::outcome_of_game(result, plies);
  const auto tid = tournament_of(game_id);
  if (!outcome || !tid) return;
  on_strand([game_id, outcome = *outcome, tid = *tid](TournamentDirector& d) {
    const auto it = d.live_.find(tid);
    if (it == d.live_.end()) return;
    d.apply(tid, tournament::game_ended(it->second, game_id, outcome, now_ms(), d.game_ids()), std::nullopt);
  });
}

// ---- steps ----

void TournamentDirector::apply(const std::string& tid, tournament::Step step, std::optional<Requester> to) {
  if (auto* refused = std::get_if<tournament::Refused>(&step)) {
    if (to) refuse(*to, *refused);
    return;
  }
  auto change = std::get<tournament::Change>(std::move(step));
  if (change.players.empty() && change.games.empty() && change.next == live_[tid] && !to) return;
  live_[tid] = change.next;
  if (!change.players.empty()) note_players();
  {
    std::lock_guard lock(games_mutex_);
    for (const auto& g : change.created) game_tournament_[g.game_id] = tid;
  }
  storage::TournamentWrite write{change.next, change.players, change.games};
  auto self = shared_from_this();
  store_->save_tournament(std::move(write),
                          on_executor<storage::StoreError>(
                              strand_, "a tournament's write",
                              [self, tid, change = std::move(change), to](storage::StoreError error) mutable {
                                if (error.ok()) return self->written(tid, change, std::move(to));
                                log::error("tournament " + tid + " not written: " + error.message);
                                if (to)
                                  self->ctx_.send_error(to->connection, to->request, ErrorCode::storage_unavailable,
                                                        "the server cannot save the tournament now; try again");
                                // Another node directs them now: nothing of this step happened.
                                if (error.code == storage::StoreErrc::fenced) return self->step_down(error.message);
                                self->reread(tid);
                              },
                              [self, to] {
                                if (to)
                                  self->ctx_.send_error(to->connection, to->request, ErrorCode::internal,
                                                        "internal error");
                              }));
}

// What memory holds must be what the store has: after a failed write, read back.
void TournamentDirector::reread(const std::string& tid) {
  auto self = shared_from_this();
  store_->get_tournament(tid, on_executor<storage::StoreResult<Tournament>>(
                                  strand_, "a tournament read back",
                                  [self, tid](storage::StoreResult<Tournament> found) {
                                    if (found.error.ok() && found.value.has_value() &&
                                        found.value->status != tournament::Status::finished) {
                                      self->live_[tid] = std::move(*found.value);
                                    } else if (found.error.code == storage::StoreErrc::not_found) {
                                      self->live_.erase(tid);
                                    }
                                    self->note_players();
                                  },
                                  [] {}));
}

void TournamentDirector::written(const std::string& tid, const tournament::Change& change,
                                 std::optional<Requester> to) {
  const auto& t = change.next;
  if (to) {
    sv::TournamentReply reply;
    static_cast<sv::TournamentView&>(reply) = tournament_view(t, to->player == t.settings.creator);
    ctx_.send(to->connection, protocol::encode(reply, to->request));
  }
  if (!change.created.empty()) {
    // Told first: a player's tournament_paired comes before the game's game_started (the
    // room sends that from its own strand), so a client knows the game is a tournament's.
    tell_paired(t, change.created);
    make_games(t, change.created);
  }
  dirty_.insert(tid);
  if (change.finished) {
    sv::TournamentFinished finished;
    static_cast<sv::TournamentView&>(finished) = tournament_view(t, false);
    tell(tid, protocol::encode(finished), true);
    log::info("tournament " + tid + " finished");
    live_.erase(tid);
    note_players();
    dirty_.erase(tid);
    followers_.erase(tid);
    std::lock_guard lock(games_mutex_);
    for (const auto& g : t.games) game_tournament_.erase(g.game_id);
  }
}

void TournamentDirector::make_games(const Tournament& t, const std::vector<tournament::Game>& games) {
  for (const auto& g : games) make_game(t, g, true);
}

// A player who sits in another game when paired forfeits this one (docs/tournaments.md),
// unless that seat is an open room of theirs still waiting for an opponent: it is
// cancelled (as lichess cancels a paired player's seeks), and the game made again.
void TournamentDirector::make_game(const Tournament& t, const tournament::Game& g, bool may_free) {
  const auto* first = t.number(g.first);
  const auto* second = t.number(g.second);
  auto settings = tournament_room_settings(t, g.game_id);
  if (!settings || !first || !second) {
    log::error("tournament " + t.id + ": game " + g.game_id +
               " not made: " + (settings ? std::string("a player is missing") : settings.error()));
    return forfeit(t.id, g.game_id, {true, true});
  }
  const std::array<std::string, 2> names{first->name, second->name};
  const auto held = ctx_.games.create_tournament_game(std::move(*settings), names);
  if (!held) return;
  std::vector<std::pair<std::string, std::shared_ptr<Room>>> open;
  bool rooms_found = true;
  for (int i = 0; i < 2; ++i) {
    if (!(*held)[i]) continue;
    auto room = (*held)[i]->empty() ? nullptr : ctx_.directory.find_room(*(*held)[i]);
    if (room) open.emplace_back(names[i], std::move(room));
    else rooms_found = false;
  }
  if (!may_free || !rooms_found) return forfeit(t.id, g.game_id, {(*held)[0].has_value(), (*held)[1].has_value()});
  // Made again once every room answered, whether it was cancelled or not (then it forfeits).
  auto left = std::make_shared<std::size_t>(open.size());
  for (auto& [player, room] : open)
    room->cancel_open(player, "tournament", [self = shared_from_this(), left, tid = t.id, id = g.game_id](bool) {
      self->on_strand([left, tid, id](TournamentDirector& d) {
        if (--*left > 0) return;
        const auto it = d.live_.find(tid);
        if (it == d.live_.end()) return;
        for (const auto& game : it->second.games)
          if (game.game_id == id && !game.outcome) return d.make_game(it->second, game, false);
      });
    });
}

void TournamentDirector::forfeit(const std::string& tid, const std::string& game_id, std::array<bool, 2> elsewhere) {
  const auto outcome = elsewhere[0] && elsewhere[1] ? tournament::Outcome::both_forfeited
                       : elsewhere[0]               ? tournament::Outcome::second_won_by_forfeit
                                                    : tournament::Outcome::first_won_by_forfeit;
  log::info("tournament " + tid + ": game " + game_id + " forfeited (a player sits in another game)");
  on_strand([tid, game_id, outcome](TournamentDirector& d) {
    const auto it = d.live_.find(tid);
    if (it != d.live_.end())
      d.apply(tid, tournament::game_ended(it->second, game_id, outcome, now_ms(), d.game_ids()), std::nullopt);
  });
}

void TournamentDirector::tell_paired(const Tournament& t, const std::vector<tournament::Game>& games) {
  for (const auto& g : games) {
    const auto* first = t.number(g.first);
    const auto* second = t.number(g.second);
    if (!first || !second) continue;
    for (int side = 0; side < 2; ++side) {
      const auto* me = side == 0 ? first : second;
      const auto* them = side == 0 ? second : first;
      sv::TournamentPaired paired{t.id,      t.settings.name, g.round,
                                  g.game_id, them->name,      side == 0 ? "first" : "second"};
      if (auto c = ctx_.identities.connection_of(me->name)) ctx_.send(c, protocol::encode(paired));
    }
  }
}

void TournamentDirector::tell(const std::string& tid, const std::string& text, bool players_too) {
  const auto frame = make_frame(text);
  std::set<std::uint64_t> told;
  auto& followers = followers_[tid];
  std::erase_if(followers, [](const std::weak_ptr<Connection>& w) { return w.expired(); });
  for (const auto& w : followers)
    if (auto c = w.lock(); c && told.insert(c->id()).second) c->send(frame);
  if (!players_too) return;
  const auto it = live_.find(tid);
  if (it == live_.end()) return;
  for (const auto& p : it->second.players)
    if (auto c = ctx_.identities.connection_of(p.name); c && told.insert(c->id()).second) c->send(frame);
}

void TournamentDirector::refuse(const Requester& to, const tournament::Refused& refused) {
  ctx_.send_error(to.connection, to.request, code_of(refused.why), refused.message);
}

bool TournamentDirector::refuse_disabled(const ConnPtr& c, const RequestId& id) {
  if (store_) return false;
  ctx_.send_error(c, id, ErrorCode::storage_unavailable,
                  "this server keeps no tournaments (a cluster's nodes need their bus, --cluster-bus)");
  return true;
}

// On the strand, before a change: only the directing node changes a tournament (the
// others hand such requests to it; this one is taking over, or cannot reach it).
bool TournamentDirector::refuse_not_leading(const ConnPtr& c, const RequestId& id) {
  if (leading_) return false;
  ctx_.send_error(c, id, ErrorCode::storage_unavailable,
                  "the tournaments are being taken over by another node of this server; try again in a moment");
  return true;
}

// ---- the clock ----

void TournamentDirector::arm_tick() {
  if (stopped_) return;
  timer_.expires_after(std::chrono::seconds(1));
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec) return;
    self->tick();
  });
}

void TournamentDirector::tick() {
  if (stopped_) return;
  if (!leading_) return arm_tick();
  const auto now = now_ms();
  std::vector<std::string> due;
  for (const auto& [id, t] : live_)
    if (t.status == tournament::Status::upcoming && t.settings.starts_ms && now >= t.settings.starts_ms)
      due.push_back(id);
  for (const auto& id : due) apply(id, tournament::start_or_cancel(live_.at(id), now, game_ids()), std::nullopt);
  if (++ticks_ % 2 == 0) arena_passes(now);
  if (ticks_ % 10 == 0) make_planned(now);
  if (cluster_ && ticks_ % 3 == 0) read_results();
  for (const auto& id : dirty_) {
    const auto it = live_.find(id);
    if (it == live_.end()) continue;
    sv::TournamentUpdated updated;
    static_cast<sv::TournamentView&>(updated) = tournament_view(it->second, false);
    tell(id, protocol::encode(updated), false);
  }
  dirty_.clear();
  arm_tick();
}

// An arena pairs, every two seconds, its players who are connected and sit in no game.
void TournamentDirector::arena_passes(std::int64_t now) {
  std::vector<std::string> ids;
  for (const auto& [id, t] : live_)
    if (t.status == tournament::Status::running && t.settings.format == tournament::Format::arena) ids.push_back(id);
  for (const auto& id : ids) {
    const auto& t = live_.at(id);
    std::vector<std::string> free;
    for (const auto& p : t.players)
      if (p.in() && ctx_.identities.connection_of(p.name) &&
          (p.bot ? !playing_in(t, p.number) : ctx_.identities.seats(p.name) == 0))
        free.push_back(p.name);
    std::vector<std::pair<std::string, std::string>> apart;  // blocks between free players
    for (std::size_t i = 0; i < free.size(); ++i)
      for (std::size_t j = i + 1; j < free.size(); ++j)
        if (ctx_.moderation.apart(free[i], free[j])) apart.emplace_back(free[i], free[j]);
    apply(id, tournament::arena_pass(t, free, now, game_ids(), apart), std::nullopt);
  }
}

// Each plan keeps one tournament announced: its next, made once its id is not known.
void TournamentDirector::make_planned(std::int64_t now) {
  if (!ctx_.config.tournament_plans) return;
  for (const auto& plan : *ctx_.config.tournament_plans) {
    const bool announced = std::any_of(live_.begin(), live_.end(), [&](const auto& entry) {
      return entry.second.status == tournament::Status::upcoming && is_planned_by(plan, entry.first);
    });
    const auto starts = next_planned_start(plan, now);
    // A tournament is announced at most 90 days ahead (as a player's): a later one waits.
    if (announced || !starts || *starts > now + 89LL * 86'400'000) continue;
    const auto tid = planned_tournament_id(plan, *starts);
    if (live_.contains(tid)) continue;
    auto request = plan.request;
    request.starts_ms = *starts;
    auto settings = checked_tournament_settings(request, "", ctx_.config.tournament_bots, now);
    if (!settings) {
      log::error("tournament schedule: " + plan.key + " not made: " + settings.error());
      continue;
    }
    if (settings->is_private) settings->invite_code = random_hex(8);
    log::info("tournament " + tid + " announced by the schedule (" + plan.key + ")");
    apply(tid, tournament::Change{tournament::create(tid, std::move(*settings), now), {}, {}, {}, false, false},
          std::nullopt);
  }
}

// ---- requests ----

void TournamentDirector::create(const ConnPtr& c, const RequestId& id, const std::string& player,
                                protocol::client::CreateTournament r) {
  if (refuse_disabled(c, id)) return;
  const auto credentials = ctx_.identities.credentials(player);
  if (!credentials || !credentials->registered || credentials->bot)
    return ctx_.send_error(c, id, ErrorCode::account_required, "tournaments are made by registered players");
  auto settings = checked_tournament_settings(r, player, ctx_.config.tournament_bots, now_ms());
  if (!settings) return ctx_.send_error(c, id, ErrorCode::bad_options, settings.error());
  if (settings->is_private) settings->invite_code = random_hex(8);
  on_strand([c, id, player, settings = std::move(*settings)](TournamentDirector& d) mutable {
    if (d.refuse_not_leading(c, id)) return;
    int waiting = 0;
    for (const auto& [tid, t] : d.live_)
      if (t.status == tournament::Status::upcoming && t.settings.creator == player) ++waiting;
    if (waiting >= kUpcomingPerCreator)
      return d.ctx_.send_error(c, id, ErrorCode::rate_limited,
                               "you have " + std::to_string(waiting) + " tournaments waiting to start");
    auto t = tournament::create(make_id("t"), std::move(settings), now_ms());
    const auto tid = t.id;
    log::info("tournament " + tid + " created by " + player);
    d.apply(tid, tournament::Change{std::move(t), {}, {}, {}, false, false}, Requester{c, id, player});
  });
}

void TournamentDirector::join(const ConnPtr& c, const RequestId& id, const std::string& player,
                              protocol::client::JoinTournament r) {
  if (refuse_disabled(c, id)) return;
  const auto credentials = ctx_.identities.credentials(player);
  if (!credentials || !credentials->registered)
    return ctx_.send_error(c, id, ErrorCode::account_required, "tournaments are for registered players");
  on_strand([c, id, player, bot = credentials->bot, r = std::move(r)](TournamentDirector& d) {
    if (d.refuse_not_leading(c, id)) return;
    const auto it = d.live_.find(r.tournament_id);
    if (it == d.live_.end())
      return d.ctx_.send_error(c, id, ErrorCode::unknown_tournament,
                               "no tournament '" + r.tournament_id + "' open to join");
    const auto& t = it->second;
    if (t.settings.is_private && player != t.settings.creator && r.invite_code.value_or("") != t.settings.invite_code)
      return d.ctx_.send_error(c, id, ErrorCode::bad_invite, "a private tournament is joined with its invite code");
    int rating = 1500;
    if (const auto key = rating::rating_key(t.settings.game, t.settings.options))
      rating = static_cast<int>(d.ctx_.ratings.find(player, *key).rating + 0.5);
    d.apply(t.id, tournament::join(t, player, rating, bot), Requester{c, id, player});
  });
}

void TournamentDirector::add_computer(const ConnPtr& c, const RequestId& id, const std::string& player,
                                      protocol::client::AddComputer r) {
  if (refuse_disabled(c, id)) return;
  const int level = r.level.value_or(kDefaultComputerLevel);
  if (level < 1 || level > kMaxComputerLevel)
    return ctx_.send_error(c, id, ErrorCode::bad_request, "level must be 1 to " + std::to_string(kMaxComputerLevel));
  on_strand([c, id, player, level, tid = std::move(r.tournament_id)](TournamentDirector& d) {
    if (d.refuse_not_leading(c, id)) return;
    const auto it = d.live_.find(tid);
    if (it == d.live_.end())
      return d.ctx_.send_error(c, id, ErrorCode::unknown_tournament, "no tournament '" + tid + "' open to join");
    const auto& t = it->second;
    std::vector<tournament::Candidate> bots;
    const auto key = rating::rating_key(t.settings.game, t.settings.options);
    for (auto& name : d.ctx_.identities.connected_bots()) {
      const int rating = key ? static_cast<int>(d.ctx_.ratings.find(name, *key).rating + 0.5) : 1500;
      bots.push_back({std::move(name), rating});
    }
    auto step = tournament::add_computer(t, player, bots, level);
    if (const auto* change = std::get_if<tournament::Change>(&step))
      log::info("tournament " + tid + ": " + player + " adds the computer (" + change->players.back().name +
                ") at level " + std::to_string(level));
    d.apply(tid, std::move(step), Requester{c, id, player});
  });
}

void TournamentDirector::withdraw(const ConnPtr& c, const RequestId& id, const std::string& player, std::string tid,
                                  std::optional<std::string> computer) {
  if (refuse_disabled(c, id)) return;
  on_strand([c, id, player, tid = std::move(tid), computer = std::move(computer)](TournamentDirector& d) {
    if (d.refuse_not_leading(c, id)) return;
    const auto it = d.live_.find(tid);
    if (it == d.live_.end())
      return d.ctx_.send_error(c, id, ErrorCode::unknown_tournament, "no tournament '" + tid + "' under way");
    d.apply(tid,
            computer ? tournament::withdraw_computer(it->second, player, *computer)
                     : tournament::withdraw(it->second, player),
            Requester{c, id, player});
  });
}

void TournamentDirector::start(const ConnPtr& c, const RequestId& id, const std::string& player, std::string tid) {
  if (refuse_disabled(c, id)) return;
  on_strand([c, id, player, tid = std::move(tid)](TournamentDirector& d) {
    if (d.refuse_not_leading(c, id)) return;
    const auto it = d.live_.find(tid);
    if (it == d.live_.end())
      return d.ctx_.send_error(c, id, ErrorCode::unknown_tournament, "no tournament '" + tid + "' to start");
    d.apply(tid, tournament::start(it->second, player, now_ms(), d.game_ids()), Requester{c, id, player});
  });
}

void TournamentDirector::list(const ConnPtr& c, const RequestId& id, std::optional<std::string> status) {
  if (refuse_disabled(c, id)) return;
  std::optional<tournament::Status> wanted;
  if (status) {
    wanted = tournament::status_from(*status);
    if (!wanted) return ctx_.send_error(c, id, ErrorCode::bad_query, "status must be upcoming, running or finished");
  }
  collect([ctx = &ctx_, c, id, wanted](std::optional<sv::TournamentList> list) {
    if (!list) return ctx->send_error(c, id, ErrorCode::storage_unavailable, "cannot read the tournaments now");
    if (wanted != tournament::Status::upcoming && wanted) list->upcoming.clear();
    if (wanted != tournament::Status::running && wanted) list->running.clear();
    if (wanted != tournament::Status::finished && wanted) list->finished.clear();
    ctx->send(c, protocol::encode(*list, id));
  });
}

void TournamentDirector::http_list(std::function<void(HttpResponse)> respond) {
  if (!store_) return respond(http::error(404, "not_found", "this server keeps no tournaments (cluster mode)"));
  collect([respond = std::move(respond)](std::optional<sv::TournamentList> list) {
    if (!list) return respond(http::error(503, "storage_unavailable", "cannot read the tournaments now"));
    respond(HttpResponse{200, "application/json", protocol::encode_body(*list)});
  });
}

// Upcoming and running from memory (public ones, soonest first), the latest finished
// from the store; `done` on the network threads.
void TournamentDirector::collect(std::function<void(std::optional<sv::TournamentList>)> done) {
  on_strand([done = std::move(done)](TournamentDirector& d) mutable {
    if (!d.leading_) return d.collect_stored(std::move(done));
    sv::TournamentList list;
    for (const auto& [tid, t] : d.live_) {
      if (t.settings.is_private) continue;
      (t.status == tournament::Status::upcoming ? list.upcoming : list.running).push_back(tournament_summary(t));
    }
    storage::TournamentQuery query;
    query.status = tournament::Status::finished;
    query.limit = 20;
    d.store_->list_tournaments(
        query, on_io<storage::StoreResult<std::vector<Tournament>>>(
                   d.ctx_.io, "the tournaments listed",
                   [done, list = std::move(list)](storage::StoreResult<std::vector<Tournament>> found) mutable {
                     if (!found.error.ok()) return done(std::nullopt);
                     for (const auto& t : *found.value) list.finished.push_back(tournament_summary(t));
                     done(std::move(list));
                   },
                   [done] { done(std::nullopt); }));
  });
}

// A node that does not direct them lists them all from the store (upcoming soonest first).
void TournamentDirector::collect_stored(std::function<void(std::optional<sv::TournamentList>)> done) {
  storage::TournamentQuery query;
  query.limit = 100;
  store_->list_tournaments(query, on_io<storage::StoreResult<std::vector<Tournament>>>(
                                      ctx_.io, "the tournaments listed",
                                      [done](storage::StoreResult<std::vector<Tournament>> found) {
                                        if (!found.error.ok()) return done(std::nullopt);
                                        sv::TournamentList list;
                                        int finished = 0;
                                        for (auto it = found.value->rbegin(); it != found.value->rend(); ++it) {
                                          if (it->status == tournament::Status::upcoming)
                                            list.upcoming.push_back(tournament_summary(*it));
                                          if (it->status == tournament::Status::running)
                                            list.running.push_back(tournament_summary(*it));
                                        }
                                        for (const auto& t : *found.value)
                                          if (t.status == tournament::Status::finished && finished++ < 20)
                                            list.finished.push_back(tournament_summary(t));
                                        done(std::move(list));
                                      },
                                      [done] { done(std::nullopt); }));
}

void TournamentDirector::get(const ConnPtr& c, const RequestId& id, const std::string& player, std::string tid,
                             bool follow) {
  if (refuse_disabled(c, id)) return;
  find(tid, follow ? c : nullptr, [ctx = &ctx_, c, id, player, tid](std::optional<Tournament> t, bool failed) {
    if (failed) return ctx->send_error(c, id, ErrorCode::storage_unavailable, "cannot read the tournament now");
    if (!t) return ctx->send_error(c, id, ErrorCode::unknown_tournament, "no tournament '" + tid + "'");
    sv::TournamentReply reply;
    static_cast<sv::TournamentView&>(reply) = tournament_view(*t, player == t->settings.creator);
    ctx->send(c, protocol::encode(reply, id));
  });
}

void TournamentDirector::http_get(std::string tid, std::function<void(HttpResponse)> respond) {
  if (!store_) return respond(http::error(404, "not_found", "this server keeps no tournaments (cluster mode)"));
  find(tid, nullptr, [respond = std::move(respond), tid](std::optional<Tournament> t, bool failed) {
    if (failed) return respond(http::error(503, "storage_unavailable", "cannot read the tournament now"));
    if (!t) return respond(http::error(404, "not_found", "no tournament '" + tid + "'"));
    respond(HttpResponse{200, "application/json", protocol::encode_body(tournament_view(*t, false))});
  });
}

// A tournament from memory, or a finished one from the store; `then` on the network
// threads (the view is built there, not on the director's strand). `follower`: it hears
// of the tournament's changes from now on.
void TournamentDirector::find(const std::string& tid, ConnPtr follower,
                              std::function<void(std::optional<Tournament>, bool failed)> then) {
  on_strand([tid, follower = std::move(follower), then = std::move(then)](TournamentDirector& d) mutable {
    const auto it = d.live_.find(tid);
    if (it != d.live_.end()) {
      if (follower) {
        auto& followers = d.followers_[tid];
        std::erase_if(followers, [](const std::weak_ptr<Connection>& w) { return w.expired(); });
        if (followers.size() < kMaxFollowers) {
          followers.push_back(follower);
          d.ctx_.watchers.follow_tournament(follower->id());  // spared the identify timeout
        }
      }
      return boost::asio::post(d.ctx_.io,
                               [then = std::move(then), t = it->second]() mutable { then(std::move(t), false); });
    }
    d.store_->get_tournament(tid, on_io<storage::StoreResult<Tournament>>(
                                      d.ctx_.io, "a tournament read",
                                      [then](storage::StoreResult<Tournament> found) {
                                        if (found.error.code == storage::StoreErrc::not_found)
                                          return then(std::nullopt, false);
                                        if (!found.error.ok()) return then(std::nullopt, true);
                                        then(std::move(*found.value), false);
                                      },
                                      [then] { then(std::nullopt, true); }));
  });
}

}  // namespace bh::app
