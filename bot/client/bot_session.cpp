#include "bot_session.hpp"

#include <chrono>
#include <utility>

namespace bh::bot::client {

namespace cl = protocol::client;
namespace sv = protocol::server;

namespace {
std::string side_text(rules::Side s) { return s == rules::Side::first ? "first" : "second"; }

// The wall clock, for the server's first-move deadline (a unix time in ms).
std::int64_t unix_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::optional<std::int64_t> int_id(const protocol::RequestId& id) {
  if (const auto* n = std::get_if<std::int64_t>(&id.value)) return *n;
  return std::nullopt;
}
}  // namespace

void Actions::append(Actions&& other) {
  for (auto& f : other.frames) frames.push_back(std::move(f));
  for (auto& s : other.searches) searches.push_back(std::move(s));
  cancels.insert(cancels.end(), other.cancels.begin(), other.cancels.end());
  for (auto& l : other.log) log.push_back(std::move(l));
  for (auto& e : other.ended) ended.push_back(std::move(e));
  if (other.save_token) save_token = std::move(other.save_token);
  reconnect = reconnect || other.reconnect;
  if (other.retry_after_ms) retry_after_ms = other.retry_after_ms;
  fatal = fatal || other.fatal;
}

BotSession::BotSession(SessionConfig config, std::shared_ptr<const PlayPolicy> policy)
    : config_(std::move(config)), policy_(std::move(policy)) {}

template <class Request>
void BotSession::send(Actions& out, Request request, Sent kind, std::string subject) {
  const std::int64_t id = next_request_++;
  pending_[id] = Pending{kind, std::move(subject)};
  out.frames.push_back(protocol::encode_request(cl::Request{std::move(request)}, protocol::RequestId{id}));
}

Actions BotSession::on_connected() {
  Actions out;
  out.log.push_back("connected");
  return out;
}

Actions BotSession::on_disconnected() {
  Actions out;
  identified_ = false;
  awaiting_states_ = false;
  pending_.clear();
  for (auto& [id, g] : games_) {
    stop_search(out, g);
    g.move_sent_ply = -1;
    g.resyncing = false;
    g.synced = false;
  }
  return out;
}

const BotGame* BotSession::game(const std::string& game_id) const {
  auto it = games_.find(game_id);
  return it == games_.end() ? nullptr : &it->second;
}

std::size_t BotSession::live_games() const {
  std::size_t n = 0;
  for (const auto& [id, g] : games_) n += g.synced && !g.ended ? 1 : 0;
  return n;
}

void BotSession::identify(Actions& out) {
  if (config_.token) return send(out, cl::Resume{*config_.token}, Sent::resume, {});
  if (!config_.password.empty()) return send(out, cl::Login{config_.name, config_.password}, Sent::login, {});
  out.log.push_back("no token and no password: cannot log in");
  out.fatal = true;
}

Actions BotSession::join_room(const std::string& room_id, std::optional<std::string> invite_code,
                              std::optional<int> level) {
  Actions out;
  room_levels_[room_id] = level.value_or(config_.default_level);
  send(out, cl::JoinRoom{room_id, std::move(invite_code)}, Sent::join, room_id);
  return out;
}

Actions BotSession::on_frame(std::string_view text) {
  auto decoded = protocol::decode_server_message(text);
  if (auto* bad = std::get_if<protocol::DecodeError>(&decoded)) {
    Actions out;
    out.log.push_back("unreadable frame from the server: " + bad->message);
    return out;
  }
  return on_message(std::get<protocol::ServerFrame>(decoded));
}

Actions BotSession::on_message(const protocol::ServerFrame& frame) {
  Actions out;
  std::optional<Pending> pending;
  if (auto id = int_id(frame.id)) {
    if (auto it = pending_.find(*id); it != pending_.end()) {
      pending = it->second;
      pending_.erase(it);
    }
  }
  const auto& msg = frame.message;
  // The game_states of our seats follow the identity at once; a game not among them
  // ended while we were away.
  if (awaiting_states_ && !std::holds_alternative<sv::GameState>(msg)) prune_unsynced(out);

  if (std::holds_alternative<sv::Welcome>(msg)) {
    identify(out);
  } else if (const auto* identity = std::get_if<sv::Identity>(&msg)) {
    on_identity(out, *identity);
  } else if (const auto* error_msg = std::get_if<sv::Error>(&msg)) {
    on_error(out, *error_msg, pending);
  } else if (const auto* challenge_msg = std::get_if<sv::Challenge>(&msg)) {
    if (config_.max_games && static_cast<int>(live_games()) >= *config_.max_games) {
      out.log.push_back("challenge from " + challenge_msg->opponent + " let lapse: already at " +
                        std::to_string(*config_.max_games) + " games");
    } else {
      out.log.push_back("challenge accepted: " + challenge_msg->opponent + ", " + challenge_msg->game + ", level " +
                        std::to_string(challenge_msg->level) + ", room " + challenge_msg->room_id);
      out.append(join_room(challenge_msg->room_id, std::nullopt, challenge_msg->level));
    }
  } else if (const auto* game_started = std::get_if<sv::GameStarted>(&msg)) {
    on_view(out, game_started->state, false);
  } else if (const auto* game_state = std::get_if<sv::GameState>(&msg)) {
    const bool resync = pending && pending->kind == Sent::watch;
    on_view(out, game_state->state, resync);
    if (resync) send(out, cl::Unwatch{game_state->state.game_id}, Sent::other, game_state->state.game_id);
  } else if (const auto* move_msg = std::get_if<sv::Move>(&msg)) {
    on_move(out, *move_msg);
  } else if (const auto* game_over = std::get_if<sv::GameOver>(&msg)) {
    std::string result = game_over->result == "draw" || game_over->result == "aborted"
                             ? game_over->result
                             : "won by " + game_over->winner.value_or("?");
    out.log.push_back("game over: " + game_over->game_id + " " + result + " (" + game_over->reason + ")");
    end_game(out, game_over->game_id);
  } else if (const auto* match_over = std::get_if<sv::MatchOver>(&msg)) {
    out.log.push_back("match over: room " + match_over->room_id + ", winner " + match_over->winner.value_or("none"));
  } else if (const auto* draw_offered = std::get_if<sv::DrawOffered>(&msg)) {
    if (auto it = games_.find(draw_offered->game_id);
        it != games_.end() && draw_offered->side != side_text(it->second.me))
      answer_draw(out, it->second);
  } else if (const auto* takeback_offered = std::get_if<sv::TakebackOffered>(&msg)) {
    if (auto it = games_.find(takeback_offered->game_id);
        it != games_.end() && takeback_offered->side != side_text(it->second.me))
      answer_takeback(out, it->second);
  } else if (const auto* takeback_accepted = std::get_if<sv::TakebackAccepted>(&msg)) {
    // The game goes back; its game_state follows. Until then nothing we compute holds.
    if (auto it = games_.find(takeback_accepted->game_id); it != games_.end()) {
      stop_search(out, it->second);
      it->second.move_sent_ply = -1;
      it->second.resyncing = true;
    }
  } else if (const auto* rematch_offered = std::get_if<sv::RematchOffered>(&msg)) {
    if (rematch_offered->player != player_) {
      out.log.push_back("rematch offered by " + rematch_offered->player + " in room " + rematch_offered->room_id +
                        ": accepted");
      send(out, cl::AcceptRematch{rematch_offered->room_id}, Sent::rematch, rematch_offered->room_id);
    }
  } else if (const auto* rematch_started = std::get_if<sv::RematchStarted>(&msg)) {
    if (auto it = room_levels_.find(rematch_started->room_id); it != room_levels_.end())
      room_levels_[rematch_started->new_room_id] = it->second;
  } else if (const auto* player_left = std::get_if<sv::PlayerLeft>(&msg)) {
    out.log.push_back("opponent left game " + player_left->game_id + ": " + player_left->player);
  } else if (const auto* player_returned = std::get_if<sv::PlayerReturned>(&msg)) {
    out.log.push_back("opponent returned to game " + player_returned->game_id + ": " + player_returned->player);
  } else if (const auto* session_replaced = std::get_if<sv::SessionReplaced>(&msg)) {
    out.log.push_back("replaced by another connection of this bot: " + session_replaced->message);
    out.fatal = true;
  } else if (const auto* shutdown_msg = std::get_if<sv::Shutdown>(&msg)) {
    out.log.push_back("server shutting down: " + shutdown_msg->message);
  } else if (const auto* room_cancelled = std::get_if<sv::RoomCancelled>(&msg)) {
    out.log.push_back("room cancelled: " + room_cancelled->room_id);
  }
  return out;
}

void BotSession::on_identity(Actions& out, const sv::Identity& m) {
  identified_ = true;
  player_ = m.player;
  if (config_.token != m.token) out.save_token = m.token;
  config_.token = m.token;
  out.log.push_back("logged in as " + m.player +
                    (m.bot.value_or(false) ? " (bot account)" : " (not a bot account: no challenges will come)"));
  awaiting_states_ = true;
  for (auto& [id, g] : games_) g.synced = false;
}

void BotSession::prune_unsynced(Actions& out) {
  awaiting_states_ = false;
  for (auto it = games_.begin(); it != games_.end();) {
    if (it->second.synced) {
      ++it;
      continue;
    }
    out.log.push_back("game " + it->first + " did not come back: dropped");
    stop_search(out, it->second);
    out.ended.push_back(it->first);
    it = games_.erase(it);
  }
}

void BotSession::on_error(Actions& out, const sv::Error& m, const std::optional<Pending>& pending) {
  const Sent kind = pending ? pending->kind : Sent::other;
  const std::string subject = pending ? pending->subject : std::string();
  out.log.push_back("error " + m.code + (subject.empty() ? "" : " (" + subject + ")") + ": " + m.message);
  if (m.code == "rate_limited" && !pending) {
    // The server dropped a frame unread (over its --rate): which one, it cannot say, so a
    // move may be lost and its game would wait for it forever. Come back after a second:
    // the resume brings every game's state, and the moves due are searched again.
    out.reconnect = true;
    out.retry_after_ms = 1000;
    return;
  }
  if (kind == Sent::resume) {
    // An unknown token (the server forgot us): the password logs us in again.
    config_.token.reset();
    if (m.code == "auth_failed" && !config_.password.empty()) {
      send(out, cl::Login{config_.name, config_.password}, Sent::login, {});
    } else if (m.code == "auth_failed") {
      out.fatal = true;
    } else {
      out.reconnect = true;
      out.retry_after_ms = m.retry_after_ms;
    }
    return;
  }
  if (kind == Sent::login) {
    if (m.code == "auth_failed" || m.code == "bad_name") {
      out.fatal = true;  // the secret is wrong: retrying cannot help
    } else {
      out.reconnect = true;
      out.retry_after_ms = m.retry_after_ms;
    }
    return;
  }
  if (kind == Sent::join) {
    room_levels_.erase(subject);
    return;
  }
  auto it = games_.find(subject);
  if (it == games_.end()) return;
  BotGame& g = it->second;
  if (m.code == "game_over" || m.code == "unknown_game") {
    if (m.code == "unknown_game") end_game(out, subject);
    return;
  }
  if (kind == Sent::move || kind == Sent::resign || kind == Sent::watch) resync(out, g);
}

void BotSession::on_view(Actions& out, const sv::GameView& view, bool resync_reply) {
  auto existing = games_.find(view.game_id);
  std::optional<rules::Side> me;
  if (view.you) me = side_from_text(*view.you);
  if (!me && resync_reply && existing != games_.end()) me = existing->second.me;  // a watch has no `you`
  if (!me) return;                                                                // a game we only watch
  if (view.status.state != "ongoing") {
    end_game(out, view.game_id);
    return;
  }
  std::string why;
  auto state = replay_view(view, why);
  if (!state) {
    out.log.push_back("game " + view.game_id + " cannot be followed: " + why);
    return;
  }
  if (existing == games_.end()) {
    existing = games_.emplace(view.game_id, BotGame(std::move(*state))).first;
    const bool first = *me == rules::Side::first;
    out.log.push_back("game started: " + view.game_id + " " + view.game + " vs " +
                      (first ? view.players.second : view.players.first) + ", playing " +
                      (first ? view.sides.first : view.sides.second));
  } else {
    stop_search(out, existing->second);
    existing->second.state = std::move(*state);
  }
  BotGame& g = existing->second;
  g.game_id = view.game_id;
  g.room_id = view.room_id;
  g.me = *me;
  if (view.computer_level) {
    g.level = *view.computer_level;
  } else if (auto lv = room_levels_.find(view.room_id); lv != room_levels_.end()) {
    g.level = lv->second;
  } else {
    g.level = config_.default_level;
  }
  g.clocks = view.clocks;
  g.synced = true;
  g.resyncing = false;
  g.ended = false;
  g.move_sent_ply = -1;
  if (view.draw_offer && *view.draw_offer != side_text(g.me)) answer_draw(out, g);
  if (view.takeback_offer && view.takeback_offer->side != side_text(g.me)) answer_takeback(out, g);
  think(out, g);
}

void BotSession::on_move(Actions& out, const sv::Move& m) {
  auto it = games_.find(m.game_id);
  if (it == games_.end()) return;
  BotGame& g = it->second;
  if (g.resyncing || !g.synced) return;  // the full state on its way replaces this
  if (m.ply <= g.state.ply()) return;    // seen already
  if (m.ply != g.state.ply() + 1) {
    out.log.push_back("game " + g.game_id + ": missed a move (at ply " + std::to_string(g.state.ply()) +
                      ", event for ply " + std::to_string(m.ply) + ")");
    return resync(out, g);
  }
  stop_search(out, g);
  if (auto played = g.state.play(m.move); !played) {
    out.log.push_back("game " + g.game_id + ": move " + m.move + " refused by the rules: " + played.error().message);
    return resync(out, g);
  }
  g.clocks = m.clocks;
  if (m.status.state != "ongoing") g.ended = true;
  think(out, g);
}

void BotSession::answer_draw(Actions& out, BotGame& g) {
  const PolicyInput in{g.level, g.scores, g.state.ply(), false};
  const bool accept = policy_->accept_draw(in);
  out.log.push_back("draw offered in " + g.game_id + ": " + (accept ? "accepted" : "declined"));
  if (accept) {
    send(out, cl::AcceptDraw{g.game_id}, Sent::draw_answer, g.game_id);
  } else {
    send(out, cl::DeclineDraw{g.game_id}, Sent::draw_answer, g.game_id);
  }
}

void BotSession::answer_takeback(Actions& out, BotGame& g) {
  // A patient partner at the low levels; a strict one above.
  const bool accept = g.level <= 4;
  out.log.push_back("takeback asked in " + g.game_id + ": " + (accept ? "accepted" : "declined"));
  if (accept) {
    stop_search(out, g);
    send(out, cl::AcceptTakeback{g.game_id}, Sent::takeback_answer, g.game_id);
  } else {
    send(out, cl::DeclineTakeback{g.game_id}, Sent::takeback_answer, g.game_id);
  }
}

void BotSession::end_game(Actions& out, const std::string& game_id) {
  auto it = games_.find(game_id);
  if (it == games_.end()) return;
  stop_search(out, it->second);
  out.ended.push_back(game_id);
  games_.erase(it);
}

void BotSession::resync(Actions& out, BotGame& g) {
  stop_search(out, g);
  g.move_sent_ply = -1;
  if (g.resyncing) return;
  g.resyncing = true;
  // `watch` answers the full state of a live game to anyone, a player included.
  send(out, cl::Watch{g.game_id}, Sent::watch, g.game_id);
}

void BotSession::stop_search(Actions& out, BotGame& g) {
  if (!g.search_id) return;
  out.cancels.push_back(*g.search_id);
  g.search_id.reset();
  g.search_ply = -1;
}

void BotSession::think(Actions& out, BotGame& g) {
  if (!identified_ || g.resyncing || !g.synced || g.resigned || !g.my_turn()) return stop_search(out, g);
  const int ply = g.state.ply();
  if (g.move_sent_ply == ply) return;              // the echo of our move is on its way
  if (g.search_id && g.search_ply == ply) return;  // already thinking about this position
  stop_search(out, g);
  g.search_id = next_search_++;
  g.search_ply = ply;
  out.searches.push_back(SearchOrder{*g.search_id, g.game_id, g.state, limits_for(g, config_.seed, unix_now_ms())});
}

Actions BotSession::on_search_done(std::uint64_t search_id, const Choice& choice) {
  Actions out;
  BotGame* g = nullptr;
  for (auto& [id, game] : games_)
    if (game.search_id == search_id) g = &game;
  if (!g) return out;  // a stale result: its game moved on, ended or was resynced
  g->search_id.reset();
  const int ply = g->state.ply();
  if (g->search_ply != ply || !g->my_turn() || !identified_) return out;
  g->search_ply = -1;
  const std::string text = g->state.rules().move_text(choice.move);
  if (!g->state.rules().legal_move_from_text(g->state.position(), text)) {
    out.log.push_back("game " + g->game_id + ": the chooser gave an illegal move " + text + "; thinking again");
    think(out, *g);
    return out;
  }
  g->scores.push_back(choice.score);
  const PolicyInput in{g->level, g->scores, ply, choice.forced_loss};
  if (g->level >= 5 && policy_->resign(in)) {
    out.log.push_back("resigning game " + g->game_id + " (score " + std::to_string(choice.score) + ")");
    g->resigned = true;
    send(out, cl::Resign{g->game_id}, Sent::resign, g->game_id);
    return out;
  }
  g->move_sent_ply = ply;
  send(out, cl::Move{g->game_id, ply, text}, Sent::move, g->game_id);
  // After the move: an offer made before it would lapse with it.
  const bool may_offer = !g->last_offer_at || g->scores.size() - *g->last_offer_at >= 20;
  if (may_offer && policy_->offer_draw(in)) {
    g->last_offer_at = g->scores.size();
    out.log.push_back("offering a draw in " + g->game_id);
    send(out, cl::OfferDraw{g->game_id}, Sent::offer_draw, g->game_id);
  }
  return out;
}

}  // namespace bh::bot::client
