// The session's core: the connection and identity, requests waiting for their reply,
// waits, and the replies shown. Commands, server messages and display live in the
// other session_*.cpp files (see session.hpp).
#include "session.hpp"

#include <algorithm>

#include "protocol/json_fields.hpp"
#include "protocol/server_json.hpp"
#include "server_text.hpp"
#include "session_format.hpp"
#include "text/control_chars.hpp"

namespace bh::cli {
namespace {

namespace srv = protocol::server;
namespace cl = protocol::client;

constexpr std::size_t max_logged_events = 256;

}  // namespace

Session::Session(SessionConfig config, Sink& sink, std::function<void(std::string)> send)
    : config_(std::move(config)), sink_(sink), send_(std::move(send)) {}

// ---------------------------------------------------------------------------------
// Connection and identity

void Session::on_connected() {}

void Session::on_closed(const std::string& close_reason) {
  if (finished_) return;
  const std::string why = text::escaped_controls(close_reason);  // the server's close reason, maybe
  if (config_.reconnect && identified()) {
    // Not the end: the caller connects again and the welcome resumes the player.
    for (auto& [id, p] : pending_) reply_error(command_name(p.kind), "offline", "the connection was lost");
    pending_.clear();
    if (!offline_) {
      Out out{Out::Kind::event, "offline"};
      out.field("reason", why).line("Connection lost (" + why + "); reconnecting...");
      sink_.emit(out);
    }
    offline_ = true;
    return;
  }
  Out out{Out::Kind::event, "closed"};
  out.field("reason", why).line("Connection closed: " + why);
  sink_.emit(out);
  for (auto& [id, p] : pending_) reply_error(command_name(p.kind), "closed", "the connection closed");
  pending_.clear();
  if (wait_) reply_error("wait", "closed", "the connection closed");
  wait_.reset();
  last_ok_ = false;
  connection_failed_ = true;
  finished_ = true;
}

void Session::identify() {
  std::optional<StoredIdentity> stored;
  std::string& name = config_.options.name;
  if (config_.store != nullptr && !config_.options.fresh) {
    if (!name.empty()) {
      stored = config_.store->find(config_.server, name);
    } else {
      // No name given: resume the one player remembered for this server, never one of
      // several (that would throw another terminal's player out).
      const auto all = config_.store->find_all(config_.server);
      if (all.size() == 1) stored = all.front();
      if (all.size() > 1) {
        std::string names;
        for (const auto& s : all) names += (names.empty() ? "" : ", ") + s.name;
        reply_error(
            "connect", "which_player",
            "several players are remembered for " + config_.server + " (" + names + "); say which with --name NAME");
        connection_failed_ = true;
        finished_ = true;
        return;
      }
    }
  }
  if (stored) {
    tried_resume_ = true;
    name = stored->name;
    send_(protocol::encode_request(cl::Resume{stored->token}, protocol::RequestId{std::int64_t{0}}));
    return;
  }
  send_identity_request(false);
}

void Session::send_identity_request(bool) {
  const std::string& name = config_.options.name;
  if (name.empty()) {
    reply_error("connect", "no_name", "who are you? give --name NAME (or --login / --register NAME)");
    connection_failed_ = true;
    finished_ = true;
    return;
  }
  using Mode = ConnectOptions::Mode;
  if (config_.options.mode != Mode::guest && config_.password.empty() && config_.ask_password) {
    if (auto p = config_.ask_password()) config_.password = *p;
  }
  cl::Request r = cl::Guest{name};
  if (config_.options.mode == Mode::login) r = cl::Login{name, config_.password};
  if (config_.options.mode == Mode::reg) r = cl::Register{name, config_.password};
  send_(protocol::encode_request(r, protocol::RequestId{std::int64_t{0}}));
}

void Session::on_identity(const srv::Identity& m, const protocol::RequestId&) {
  player_ = m.player;
  const bool back = offline_;  // a reconnection: what was watched is watched again below
  offline_ = false;
  config_.options.fresh = false;  // a reconnection resumes with the token saved below
  std::string note;
  if (config_.store != nullptr) {
    const std::string err = config_.store->save(config_.server, {m.player, m.token});
    if (!err.empty()) note = " (token not remembered: " + err + ")";
  }
  Out out{Out::Kind::ok, "connect"};
  out.field("player", m.player)
      .field("registered", m.registered ? "yes" : "no")
      .field("resumed", tried_resume_ ? "yes" : "no");
  out.line("Connected to " + config_.options.url + " as " + m.player + (m.registered ? "" : " (guest)") +
           (tried_resume_ ? ", resumed" : "") + note + ". Type help for the commands.");
  // A moderator's or an admin's role, said once (again only if it changed meanwhile).
  if (m.role) out.field("role", *m.role);
  if (m.role && *m.role != role_) out.line(role_text(*m.role));
  role_ = m.role.value_or("");
  reply_ok(std::move(out));
  // The server forgets what a dropped connection watched: ask again for each game (its
  // full state comes back; a game that ended meanwhile is said so and dropped). A
  // correspondence game of ours too: left alone meanwhile, it may be asleep, and resume
  // gives back only the games in memory (its watch wakes it and seats us again).
  if (back)
    for (const auto& [id, g] : games_)
      if ((!g.view.you || g.view.correspondence) && !g.ended) request(Cmd::watch, cl::Watch{id}, id);
  // The tournaments shown with `tournament ID`: their changes meanwhile, in brief.
  if (back) follow_tournaments_again();
  // An open room may have closed while we were away, and nobody is left to say so.
  if (back && room_id_ && !room_private_) {
    room_check_id_ = next_id_++;
    send_(protocol::encode_request(cl::Request{cl::ListRooms{}}, protocol::RequestId{*room_check_id_}));
  }
}

void Session::on_identity_error(const srv::Error& e) {
  if (tried_resume_ && e.code == "game_moved") {
    const auto wait = std::chrono::milliseconds(std::clamp<std::int64_t>(e.retry_after_ms.value_or(1000), 100, 10'000));
    resume_again_at_ = Clock::now() + wait;
    Out out{Out::Kind::event, "game_moved"};
    out.field("retry_after_ms", std::to_string(wait.count()))
        .line("Your game is moving to another server node; resuming again in " + std::to_string(wait.count()) +
              " ms...");
    sink_.emit(out);
    return;
  }
  if (tried_resume_ && e.code == "auth_failed") {
    // The server forgot the token (restarted): start afresh under the same name. A room
    // of ours went with the player it forgot.
    tried_resume_ = false;
    if (room_id_) {
      Out out{Out::Kind::event, "room_closed"};
      out.field("room", *room_id_).field("reason", "forgotten");
      out.line("Your room " + *room_id_ + " is gone: the server restarted and forgot it. Create it again.");
      sink_.emit(out);
      room_id_.reset();
    }
    if (config_.store != nullptr) (void)config_.store->forget(config_.server, config_.options.name);
    send_identity_request(false);
    return;
  }
  reply_error("connect", e.code, e.message);
  connection_failed_ = true;
  finished_ = true;
}

int Session::exit_status() const {
  if (connection_failed_ && player_.empty()) return 2;
  return last_ok_ ? 0 : 1;
}

// ---------------------------------------------------------------------------------
// Requests, waits and replies

std::int64_t Session::request(Cmd kind, const cl::Request& r, std::string game_id) {
  const std::int64_t id = next_id_++;
  if (offline_) {
    reply_error(command_name(kind), "offline", "not connected; reconnecting (quit to leave)");
    return id;
  }
  pending_[id] = Pending{kind, std::move(game_id), Clock::now() + config_.reply_timeout};
  send_(protocol::encode_request(r, protocol::RequestId{id}));
  return id;
}

void Session::on_frame(std::string_view text) {
  // Nothing the server wrote reaches the terminal raw: its strings are escaped before
  // the session reads them (server_text.hpp).
  // Parsed once: the escaped value is decoded, and kept for --json output.
  auto raw = std::make_shared<protocol::Json>(protocol::Json::parse(text, nullptr, false));
  if (!raw->is_discarded()) escape_server_text(*raw);
  auto decoded = protocol::decode_server_json(*raw);
  if (auto* err = std::get_if<protocol::DecodeError>(&decoded)) {
    // A message type added to the protocol after this client: version 1 grows by
    // additions a client may ignore (docs/protocol.md, "Changes within version 1").
    if (err->code == protocol::ErrorCode::unknown_type) return;
    // The parser's message may quote the unreadable text.
    const std::string message = text::escaped_controls(err->message);
    Out out{Out::Kind::event, "unreadable"};
    out.field("message", message).line("(a server message this client cannot read: " + message + ")");
    sink_.emit(out);
    return;
  }
  handle(std::get<protocol::ServerFrame>(decoded), std::move(raw));
  check_wait();
}

std::optional<Pending> Session::take_pending(const protocol::RequestId& id) {
  const auto* n = std::get_if<std::int64_t>(&id.value);
  if (n == nullptr) return std::nullopt;
  auto it = pending_.find(*n);
  if (it == pending_.end()) return std::nullopt;
  Pending p = it->second;
  pending_.erase(it);
  return p;
}

void Session::log_event(const std::string& type, const std::string& game_id) {
  events_.push_back({type, game_id, false});
  while (events_.size() > max_logged_events) events_.pop_front();
}

void Session::check_wait() {
  if (!wait_) return;
  const WaitArgs& a = wait_->args;
  Out out{Out::Kind::ok, "wait"};
  const FollowedGame* g = current();
  auto done = [&](bool ok, std::string code = {}, std::string message = {}) {
    wait_.reset();
    if (ok) reply_ok(std::move(out));
    else reply_error("wait", std::move(code), std::move(message));
  };
  switch (a.what) {
    case WaitArgs::What::turn:
      if (g != nullptr && is_player(*g) && !g->ended && g->view.status.state == "ongoing" &&
          g->view.to_move == *g->view.you) {
        out.field("what", "turn").field("game", g->view.game_id).number("ply", g->view.ply);
        return done(true);
      }
      if (g != nullptr && is_player(*g) && g->ended && g->view.match.number >= g->view.match.games)
        return done(false, "game_over", "the game has ended");
      return;
    case WaitArgs::What::end:
      if (g != nullptr && g->ended) {
        out.field("what", "end")
            .field("game", g->view.game_id)
            .field("result",
                   g->view.status.state == "aborted" ? std::string("aborted") : g->view.status.winner.value_or("draw"));
        out.field("reason", g->view.status.reason.value_or(""));
        return done(true);
      }
      if (g == nullptr && !room_id_) return done(false, "no_game", "no game to wait for");
      return;
    case WaitArgs::What::game:
      if (g != nullptr && !g->ended) {
        out.field("what", "game").field("game", g->view.game_id);
        return done(true);
      }
      return;
    case WaitArgs::What::event:
      for (auto& e : events_) {
        if (!e.taken && e.type == a.event_type) {
          e.taken = true;
          out.field("what", "event").field("type", e.type);
          return done(true);
        }
      }
      return;
  }
}

void Session::tick(Clock::time_point now) {
  if (resume_again_at_ && *resume_again_at_ <= now) {
    resume_again_at_.reset();
    identify();
  }
  for (auto it = pending_.begin(); it != pending_.end();) {
    if (it->second.deadline <= now) {
      const Cmd kind = it->second.kind;
      it = pending_.erase(it);
      reply_error(command_name(kind), "timeout", "no reply from the server in time");
    } else {
      ++it;
    }
  }
  if (wait_ && wait_->deadline <= now) {
    wait_.reset();
    reply_error("wait", "timeout", "nothing came before the timeout");
  }
}

std::optional<Clock::time_point> Session::next_deadline() const {
  std::optional<Clock::time_point> d;
  for (const auto& [id, p] : pending_)
    if (!d || p.deadline < *d) d = p.deadline;
  if (wait_ && (!d || wait_->deadline < *d)) d = wait_->deadline;
  if (resume_again_at_ && (!d || *resume_again_at_ < *d)) d = resume_again_at_;
  return d;
}

void Session::reply_ok(Out out) {
  out.kind = Out::Kind::ok;
  last_ok_ = true;
  sink_.emit(out);
}

void Session::reply_error(std::string_view command, std::string code, std::string message) {
  last_ok_ = false;
  Out out{Out::Kind::error, std::string(command)};
  out.line("error: " + message);
  out.field("code", std::move(code)).field("message", std::move(message));
  sink_.emit(out);
}

}  // namespace bh::cli
