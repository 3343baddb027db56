#include "session.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "board_view.hpp"
#include "line_fit.hpp"
#include "rules/registry.hpp"

namespace bh::cli {
namespace {

namespace srv = protocol::server;
namespace cl = protocol::client;

template <class... F>
struct Overload : F... {
  using F::operator()...;
};
template <class... F>
Overload(F...) -> Overload<F...>;

constexpr std::size_t max_logged_events = 256;

std::string format_ms(std::int64_t ms) {
  if (ms < 0) ms = 0;
  char buf[32];
  if (ms < 10000) {
    std::snprintf(buf, sizeof buf, "%d.%d", static_cast<int>(ms / 1000), static_cast<int>(ms % 1000 / 100));
  } else {
    const std::int64_t s = ms / 1000;
    if (s >= 3600)
      std::snprintf(buf, sizeof buf, "%d:%02d:%02d", static_cast<int>(s / 3600), static_cast<int>(s / 60 % 60),
                    static_cast<int>(s % 60));
    else
      std::snprintf(buf, sizeof buf, "%d:%02d", static_cast<int>(s / 60), static_cast<int>(s % 60));
  }
  return buf;
}

std::string format_number(double v) {
  if (v == std::floor(v)) return std::to_string(static_cast<long long>(v));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string format_clock(const std::optional<protocol::ClockMs>& c) {
  if (!c) return "none";
  return format_number(static_cast<double>(c->initial_ms) / 60000.0) + "+" +
         format_number(static_cast<double>(c->increment_ms) / 1000.0);
}

std::string options_text(const protocol::OptionMap& o) {
  std::string out;
  for (const auto& [k, v] : o.values) out += (out.empty() ? "" : ",") + k + "=" + v;
  return out;
}

std::string reason_text(std::string r) {
  std::replace(r.begin(), r.end(), '_', ' ');
  return r;
}

std::shared_ptr<const rules::Ruleset> make_rules(const std::string& game, const protocol::OptionMap& options) {
  rules::OptionText text;
  for (const auto& [k, v] : options.values) text[k] = v;
  auto r = rules::make_ruleset(game, text);
  if (!r) return nullptr;
  return *r;
}

std::optional<rules::Side> side_of(const std::string& s) {
  if (s == "first") return rules::Side::first;
  if (s == "second") return rules::Side::second;
  return std::nullopt;
}

// Moves as "1. e1-e3 e9-e7  2. ..." with the move at `current` (1-based ply) bracketed.
std::vector<std::string> move_list(const std::vector<std::string>& moves, int current) {
  std::vector<std::string> lines;
  std::string line;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    std::string item;
    if (i % 2 == 0) item = std::to_string(i / 2 + 1) + ". ";
    const bool here = static_cast<int>(i) + 1 == current;
    item += here ? "[" + moves[i] + "]" : moves[i];
    if (line.size() + item.size() + 2 > 76) {
      lines.push_back(line);
      line.clear();
    }
    if (!line.empty()) line += i % 2 == 0 ? "  " : " ";
    line += item;
  }
  if (!line.empty()) lines.push_back(line);
  if (lines.empty()) lines.push_back("(no moves)");
  return lines;
}

// "a3", "a3 or b4", "a3, b4 or d4".
std::string or_list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return out;
}

// "A vs B" as one header item, or two that may wrap apart when it alone passes 80
// columns (names have up to 32 characters).
std::vector<std::string> versus(const std::string& first, const std::string& second) {
  std::string both = first + " vs " + second;
  if (both.size() <= screen_width) return {std::move(both)};
  return {first + " vs", second};
}

// Counts are of plies (one side's move each), as the server's `ply` and `goto N` are;
// only the move list numbers full moves, as players write them.
std::string plies(int n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

// Ply `ply` (from 1) as the move list numbers it: "2. e1-e3" for the first side's,
// "2... e9-e7" for the second side's.
std::string numbered(int ply, const std::string& move) {
  return std::to_string((ply + 1) / 2) + (ply % 2 == 1 ? ". " : "... ") + move;
}

}  // namespace

Session::Session(SessionConfig config, Sink& sink, std::function<void(std::string)> send)
    : config_(std::move(config)), sink_(sink), send_(std::move(send)) {}

// ---------------------------------------------------------------------------------
// Connection and identity

void Session::on_connected() {}

void Session::on_closed(const std::string& why) {
  if (finished_) return;
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
        reply_error("connect", "which_player",
                    "several players are remembered for " + config_.server + " (" + names +
                        "); say which with --name NAME");
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
  reply_ok(std::move(out));
  // The server forgets what a dropped connection watched: ask again for each game (its
  // full state comes back; a game that ended meanwhile is said so and dropped).
  if (back)
    for (const auto& [id, g] : games_)
      if (!g.view.you && !g.ended) request(Cmd::watch, cl::Watch{id}, id);
}

void Session::on_identity_error(const srv::Error& e) {
  if (tried_resume_ && e.code == "auth_failed") {
    // The server forgot the token (restarted): start afresh under the same name.
    tried_resume_ = false;
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
// Commands

void Session::run_line(std::string_view line) {
  auto parsed = parse_command(line);
  if (auto* err = std::get_if<std::string>(&parsed)) {
    if (err->empty()) return;  // a blank line
    auto words = split_words(line);
    std::string name = "command";
    if (auto* w = std::get_if<std::vector<std::string>>(&words); w && !w->empty()) name = (*w)[0];
    reply_error(name, "bad_command", *err);
    return;
  }
  if (!identified()) {
    reply_error("command", "not_ready", "not connected yet");
    return;
  }
  run_command(std::get<Command>(parsed));
}

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

void Session::run_command(const Command& c) {
  switch (c.kind) {
    case Cmd::help: return cmd_help(c);
    case Cmd::games: return cmd_games();
    case Cmd::rooms: request(c.kind, cl::ListRooms{}); return;
    case Cmd::create: return cmd_create(c);
    case Cmd::join: {
      cl::JoinRoom j{c.text, std::nullopt};
      if (!c.invite.empty()) j.invite_code = c.invite;
      request(c.kind, j);
      return;
    }
    case Cmd::cancel:
      if (!room_id_) return reply_error("cancel", "no_room", "you have no open room");
      request(c.kind, cl::CancelRoom{*room_id_});
      return;
    case Cmd::watch: request(c.kind, cl::Watch{c.text}, c.text); return;
    case Cmd::unwatch: {
      const LiveGame* g = current();
      if (g == nullptr || g->view.you) return reply_error("unwatch", "no_game", "you are not watching a game");
      request(c.kind, cl::Unwatch{g->view.game_id}, g->view.game_id);
      return;
    }
    case Cmd::board: return cmd_board();
    case Cmd::flip: return cmd_flip();
    case Cmd::moves: return cmd_moves();
    case Cmd::move: return cmd_move(c);
    case Cmd::huff: return cmd_huff(c);
    case Cmd::resign:
    case Cmd::draw:
    case Cmd::accept:
    case Cmd::decline: return cmd_game_request(c);
    case Cmd::archive: return cmd_archive(c);
    case Cmd::replay: request(c.kind, cl::GetGame{c.text}, c.text); return;
    case Cmd::next:
    case Cmd::prev:
    case Cmd::first:
    case Cmd::last:
    case Cmd::go_to: return cmd_replay_step(c);
    case Cmd::wait: return cmd_wait(c);
    case Cmd::quit: {
      Out out{Out::Kind::ok, "quit"};
      reply_ok(std::move(out));
      finished_ = true;
      return;
    }
  }
}

void Session::cmd_help(const Command& c) {
  Out out{Out::Kind::ok, "help"};
  out.lines_for_scripts = true;
  if (c.text.empty()) {
    out.line("Commands:");
    for (auto& l : help_overview()) out.line(l);
  } else {
    auto lines = help_for(c.text);
    if (!lines) return reply_error("help", "bad_command", "no command '" + c.text + "' (try: help)");
    out.lines = *lines;
  }
  reply_ok(std::move(out));
}

void Session::cmd_games() {
  for (const auto& g : catalogue_) {
    Out d{Out::Kind::data, "game"};
    std::string opts;
    for (const auto& o : g.options) {
      std::string allowed;
      for (int v : o.allowed) allowed += (allowed.empty() ? "" : "|") + std::to_string(v);
      opts += (opts.empty() ? "" : " ") + o.name + "=" + (allowed.empty() ? "N" : allowed) +
              (o.fallback ? " (default " + std::to_string(*o.fallback) + ")" : "");
    }
    d.field("id", g.id).field("name", g.name).field("sides", g.first_side + "/" + g.second_side).field("options", opts);
    d.line(g.id + std::string(g.id.size() < 10 ? 10 - g.id.size() : 1, ' ') + g.name + "  (" + g.first_side +
           " move first, then " + g.second_side + ")");
    for (const auto& o : g.options) {
      std::string allowed;
      for (int v : o.allowed) allowed += (allowed.empty() ? "" : ", ") + std::to_string(v);
      d.line("          --option " + o.name + "=" + (allowed.empty() ? "N" : allowed) + ": " + o.description +
             (o.fallback ? " (default " + std::to_string(*o.fallback) + ")" : ""));
    }
    sink_.emit(d);
  }
  Out out{Out::Kind::ok, "games"};
  out.number("count", catalogue_.size());
  reply_ok(std::move(out));
}

void Session::cmd_create(const Command& c) {
  const CreateArgs& a = c.create;
  // Check the options here first for a quick message; the server checks again.
  if (auto r = rules::make_ruleset(a.game, a.options); !r && r.error().code != rules::Errc::unknown_game)
    return reply_error("create", "bad_options", r.error().message);
  cl::CreateRoom r;
  r.game = a.game;
  if (!a.options.empty()) {
    protocol::OptionMap m;
    for (const auto& [k, v] : a.options) m.values[k] = v;
    r.options = m;
  }
  if (!a.side.empty()) r.side = a.side;
  if (a.clock) r.clock = cl::ClockSeconds{a.clock->initial_s, a.clock->increment_s};
  if (a.match != 1) r.games = a.match;
  if (a.is_private) r.is_private = true;
  request(c.kind, r);
}

void Session::cmd_move(const Command& c) {
  LiveGame* g = current();
  if (g == nullptr || !is_player(*g)) return reply_error("move", "no_game", "you are not playing a game");
  if (g->ended || g->view.status.state != "ongoing") return reply_error("move", "game_over", "the game has ended");
  if (g->view.to_move != *g->view.you)
    return reply_error("move", "not_your_turn", "it is " + side_label(*g, g->view.to_move) + "'s turn");
  std::string text = c.text;
  if (!g->huff.empty() && !text.starts_with("huff ")) text = "huff " + g->huff + " " + text;
  if (g->rules && g->position) {
    auto m = g->rules->legal_move_from_text(*g->position, text);
    if (!m) {
      // "c3 e5" was joined as c3-e5: it may be a capture, written with ':'.
      std::string as_capture = text;
      const auto from = text.starts_with("huff ") ? text.find(' ', 5) + 1 : 0;
      std::replace(as_capture.begin() + static_cast<std::ptrdiff_t>(from), as_capture.end(), '-', ':');
      if (as_capture != text && g->rules->legal_move_from_text(*g->position, as_capture)) {
        text = as_capture;
      } else {
        return reply_error("move", "illegal_move", m.error().message + " (try: moves)");
      }
    }
  }
  g->huff.clear();
  request(c.kind, cl::Move{g->view.game_id, g->view.ply, text}, g->view.game_id);
}

std::vector<std::string> Session::huff_choices(const LiveGame& g) {
  std::vector<std::string> out;
  if (!g.rules || !g.position) return out;
  rules::MoveList moves;
  g.rules->legal_moves(*g.position, moves);
  for (const auto& m : moves) {
    const std::string text = g.rules->move_text(m);
    if (!text.starts_with("huff ")) continue;
    const std::string square = text.substr(5, text.find(' ', 5) - 5);
    if (std::find(out.begin(), out.end(), square) == out.end()) out.push_back(square);
  }
  return out;
}

void Session::cmd_huff(const Command& c) {
  LiveGame* g = current();
  if (g == nullptr || !is_player(*g)) return reply_error("huff", "no_game", "you are not playing a game");
  if (g->ended || g->view.status.state != "ongoing") return reply_error("huff", "game_over", "the game has ended");
  if (g->view.to_move != *g->view.you)
    return reply_error("huff", "not_your_turn", "it is " + side_label(*g, g->view.to_move) + "'s turn");
  const auto choices = huff_choices(*g);
  if (choices.empty())
    return reply_error("huff", "no_huff",
                       "there is no piece to name now: you name one only when your opponent left a capture untaken "
                       "and more than one of their pieces could have taken (with one, it is removed by itself)");
  if (std::find(choices.begin(), choices.end(), c.text) == choices.end())
    return reply_error("huff", "bad_huff", "name one of " + or_list(choices));
  g->huff = c.text;
  Out out{Out::Kind::ok, "huff"};
  out.field("square", c.text).line("The piece on " + c.text + " goes with your move; now type the move.");
  reply_ok(std::move(out));
}

void Session::cmd_game_request(const Command& c) {
  const std::string name(command_name(c.kind));
  LiveGame* g = current();
  if (g == nullptr || !is_player(*g)) return reply_error(name, "no_game", "you are not playing a game");
  if (g->ended) return reply_error(name, "game_over", "the game has ended");
  const std::string& id = g->view.game_id;
  if ((c.kind == Cmd::accept || c.kind == Cmd::decline) &&
      (!g->view.draw_offer || *g->view.draw_offer == *g->view.you))
    return reply_error(name, "no_draw_offer", "there is no draw offer from your opponent");
  switch (c.kind) {
    case Cmd::resign: request(c.kind, cl::Resign{id}, id); break;
    case Cmd::draw: request(c.kind, cl::OfferDraw{id}, id); break;
    case Cmd::accept: request(c.kind, cl::AcceptDraw{id}, id); break;
    default: request(c.kind, cl::DeclineDraw{id}, id); break;
  }
}

void Session::cmd_archive(const Command& c) {
  cl::ListGames q;
  if (c.archive.next_page) {
    if (!archive_cursor_) return reply_error("archive", "no_page", "no further page (list with archive first)");
    q = archive_query_;
    q.cursor = archive_cursor_;
  } else {
    q.game = c.archive.game;
    q.player = c.archive.player;
    q.result = c.archive.result;
    q.winner = c.archive.winner;
    q.limit = 10;
    archive_query_ = q;
  }
  request(c.kind, q);
}

void Session::cmd_replay_step(const Command& c) {
  const std::string name(command_name(c.kind));
  if (!replay_) return reply_error(name, "no_replay", "no replay open (try: replay GAME)");
  const int last = static_cast<int>(replay_->positions.size()) - 1;
  int step = replay_->step;
  switch (c.kind) {
    case Cmd::next:
      if (step >= last) return reply_error(name, "at_end", "already at the last ply (" + std::to_string(last) + ")");
      ++step;
      break;
    case Cmd::prev:
      if (step <= 0) return reply_error(name, "at_start", "already at the start");
      --step;
      break;
    case Cmd::first: step = 0; break;
    case Cmd::last: step = last; break;
    default:
      if (c.number > last)
        return reply_error(name, "bad_step", "goto 0 to " + std::to_string(last) + ": the game has " + plies(last));
      step = c.number;
  }
  replay_->step = step;
  reply_ok(replay_step_out(name));
}

void Session::cmd_wait(const Command& c) {
  wait_ = Wait{c.wait, Clock::now() + std::chrono::milliseconds(static_cast<std::int64_t>(c.wait.timeout_s * 1000))};
  check_wait();
}

void Session::cmd_board() {
  const LiveGame* g = current();
  Out out{Out::Kind::ok, "board"};
  out.lines_for_scripts = true;
  if (g != nullptr && (!g->ended || !replay_)) {
    out.field("game", g->view.game_id).number("ply", g->view.ply).field("position", g->view.position);
    out.lines = game_lines(*g);
  } else if (replay_) {
    out = replay_step_out("board");
    out.lines_for_scripts = true;
  } else {
    return reply_error("board", "no_game", "no game to show (try: rooms, watch, replay)");
  }
  reply_ok(std::move(out));
}

void Session::cmd_moves() {
  std::shared_ptr<const rules::Ruleset> r;
  std::optional<rules::Position> p;
  if (const LiveGame* g = current(); g != nullptr && !g->ended) {
    r = g->rules;
    p = g->position;
  } else if (replay_ && replay_->rules) {
    r = replay_->rules;
    p = replay_->positions[static_cast<std::size_t>(replay_->step)];
  }
  if (!r || !p) return reply_error("moves", "no_game", "no position to list moves of");
  rules::MoveList moves;
  r->legal_moves(*p, moves);
  std::sort(moves.begin(), moves.end());
  Out out{Out::Kind::ok, "moves"};
  std::string all, line;
  for (const auto& m : moves) {
    const std::string t = r->move_text(m);
    all += (all.empty() ? "" : " ") + t;
    if (line.size() + t.size() > 74) {
      out.line(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + t;
  }
  if (!line.empty()) out.line(line);
  if (moves.empty()) out.line("no legal moves");
  out.number("count", moves.size()).field("moves", all);
  reply_ok(std::move(out));
}

// ---------------------------------------------------------------------------------
// Server messages

void Session::on_frame(std::string_view text) {
  auto decoded = protocol::decode_server_message(text);
  if (auto* err = std::get_if<protocol::DecodeError>(&decoded)) {
    Out out{Out::Kind::event, "unreadable"};
    out.field("message", err->message).line("(a server message this client cannot read: " + err->message + ")");
    sink_.emit(out);
    return;
  }
  protocol::Json raw = protocol::Json::parse(text, nullptr, false);
  handle(std::get<protocol::ServerFrame>(decoded), raw);
  check_wait();
}

std::optional<Session::Pending> Session::take_pending(const protocol::RequestId& id) {
  const auto* n = std::get_if<std::int64_t>(&id.value);
  if (n == nullptr) return std::nullopt;
  auto it = pending_.find(*n);
  if (it == pending_.end()) return std::nullopt;
  Pending p = it->second;
  pending_.erase(it);
  return p;
}

void Session::handle(const protocol::ServerFrame& frame, const protocol::Json& raw) {
  const auto* num = std::get_if<std::int64_t>(&frame.id.value);
  const bool identity_reply = num != nullptr && *num == 0;
  const std::optional<Pending> pending = identity_reply ? std::nullopt : take_pending(frame.id);
  auto event = [&](std::string type) {
    Out out{Out::Kind::event, std::move(type)};
    if (!raw.is_discarded()) out.message = raw;
    return out;
  };
  auto ok = [&](Out out) {
    out.kind = Out::Kind::ok;
    out.name = std::string(command_name(pending->kind));
    reply_ok(std::move(out));
  };
  auto emit = [&](Out out) {
    if (pending) return ok(std::move(out));
    log_event(out.name, "");
    sink_.emit(out);
  };

  std::visit(
      Overload{
          [&](const srv::Welcome& m) {
            catalogue_ = m.games;
            grace_ms_ = m.reconnect_grace_ms;
            identify();
          },
          [&](const srv::Pong&) {},
          [&](const srv::Ok&) {
            if (pending) {
              if (pending->kind == Cmd::unwatch) {
                games_.erase(pending->game_id);
                if (current_id_ == pending->game_id) current_id_.clear();
              }
              ok(Out{});
            }
          },
          [&](const srv::Error& m) {
            if (identity_reply) return on_identity_error(m);
            if (pending && pending->kind == Cmd::watch && m.code == "unknown_game" && games_.contains(pending->game_id)) {
              games_.erase(pending->game_id);  // watched before a reconnection, gone since
              if (current_id_ == pending->game_id) current_id_.clear();
              return reply_error("watch", m.code,
                                 "no longer watching " + pending->game_id + ": the game has ended or is gone");
            }
            if (pending) return reply_error(command_name(pending->kind), m.code, m.message);
            Out out = event("error");
            out.field("code", m.code).field("message", m.message).line("Server: " + m.message);
            sink_.emit(out);
          },
          [&](const srv::Identity& m) { on_identity(m, frame.id); },
          [&](const srv::SessionReplaced& m) {
            Out out = event("session_replaced");
            out.field("message", m.message).line(m.message + "; this session ends.");
            sink_.emit(out);
            last_ok_ = false;
            finished_ = true;
          },
          [&](const srv::Shutdown& m) {
            Out out = event("shutdown");
            out.field("message", m.message).line("Server: " + m.message);
            emit(std::move(out));
          },
          [&](const srv::Lobby& m) {
            if (pending) return on_lobby(m);
          },
          [&](const srv::RoomOpened&) {},
          [&](const srv::RoomClosed& m) {
            if (room_id_ && *room_id_ == m.room_id && m.reason != "started") {
              room_id_.reset();
              Out out = event("room_closed");
              out.field("room", m.room_id).field("reason", m.reason).line("Your room " + m.room_id + " closed (" + m.reason + ").");
              emit(std::move(out));
            }
          },
          [&](const srv::LiveGame&) {},
          [&](const srv::LiveGameEnded&) {},
          [&](const srv::RoomCreated& m) {
            room_id_ = m.room.room_id;
            Out out = event("room_created");
            out.field("room", m.room.room_id).field("invite", m.invite_code.value_or(""));
            std::string side = m.room.creator_side;
            if (auto s = side_of(side)) {
              for (const auto& g : catalogue_)
                if (g.id == m.room.game) side = *s == rules::Side::first ? g.first_side : g.second_side;
            }
            out.line("Room " + m.room.room_id + " open: " + m.room.game +
                     (m.room.options.values.empty() ? "" : " (" + options_text(m.room.options) + ")") +
                     ", you play " + side + ", clock " + format_clock(m.room.clock) +
                     (m.room.games > 1 ? ", " + std::to_string(m.room.games) + " games" : "") + ".");
            if (m.invite_code)
              out.line("Private: the opponent types  join " + m.room.room_id + " " + *m.invite_code);
            out.line("Waiting for an opponent (cancel to close the room).");
            emit(std::move(out));
          },
          [&](const srv::RoomCancelled& m) {
            room_id_.reset();
            Out out = event("room_cancelled");
            out.field("room", m.room_id).line("Room " + m.room_id + " cancelled.");
            emit(std::move(out));
          },
          [&](const srv::GameStarted& m) {
            on_game_view(m.state, true);
            Out out = event("game_started");
            const LiveGame& g = games_[m.state.game_id];
            out.field("game", m.state.game_id).field("you", m.state.you.value_or("")).field("to_move", m.state.to_move);
            out.line("Game " + m.state.game_id + " started: " + side_label(g, "first") + " against " +
                     side_label(g, "second") + ".");
            for (auto& l : game_lines(g)) out.line(l);
            emit(std::move(out));
          },
          [&](const srv::GameState& m) {
            on_game_view(m.state, false);
            Out out = event("game_state");
            const LiveGame& g = games_[m.state.game_id];
            out.field("game", m.state.game_id).number("ply", m.state.ply).field("to_move", m.state.to_move);
            out.field("you", m.state.you.value_or(""));
            out.lines = game_lines(g);
            emit(std::move(out));
          },
          [&](const srv::Move& m) {
            on_move(m);
            Out out = event("move");
            out.field("game", m.game_id).number("ply", m.ply).field("move", m.move);
            out.field("side", m.side).field("to_move", m.to_move).field("status", m.status.state);
            if (auto it = games_.find(m.game_id); it != games_.end()) out.lines = game_lines(it->second);
            emit(std::move(out));
          },
          [&](const srv::GameOver& m) {
            on_game_over(m);
            Out out = event("game_over");
            out.field("game", m.game_id).field("result", m.result).field("winner", m.winner.value_or(""));
            out.field("reason", m.reason)
                .field("points", format_number(m.points.first) + "-" + format_number(m.points.second));
            if (auto it = games_.find(m.game_id); it != games_.end()) out.line(it->second.end_text);
            if (m.match.games > 1) {
              std::string totals;
              for (const auto& [name, pts] : m.match.totals) totals += (totals.empty() ? "" : ", ") + name + " " + format_number(pts);
              out.line("Match: game " + std::to_string(m.match.number) + " of " + std::to_string(m.match.games) + "; " + totals);
            }
            // resign and accept have no reply of their own: the game's end answers them.
            for (auto it = pending_.begin(); it != pending_.end(); ++it) {
              if ((it->second.kind == Cmd::resign || it->second.kind == Cmd::accept) && it->second.game_id == m.game_id) {
                Out done{Out::Kind::ok, std::string(command_name(it->second.kind))};
                done.field("game", m.game_id);
                pending_.erase(it);
                reply_ok(std::move(done));
                break;
              }
            }
            log_event("game_over", m.game_id);
            sink_.emit(out);
          },
          [&](const srv::MatchOver& m) {
            Out out = event("match_over");
            std::string totals;
            for (const auto& [name, pts] : m.totals) totals += (totals.empty() ? "" : ", ") + name + " " + format_number(pts);
            out.field("winner", m.winner.value_or("")).field("totals", totals);
            // A single game's end was said by game_over; a match of several gets its own line.
            if (m.games > 1)
              out.line("Match over: " + (m.winner ? *m.winner + " wins" : std::string("drawn")) + " (" + totals + ").");
            emit(std::move(out));
          },
          [&](const srv::DrawOffered& m) {
            if (auto it = games_.find(m.game_id); it != games_.end()) it->second.view.draw_offer = m.side;
            Out out = event("draw_offered");
            out.field("game", m.game_id).field("side", m.side).field("player", m.player);
            const LiveGame* g = current();
            const bool mine = g != nullptr && g->view.you && *g->view.you == m.side;
            out.line(mine ? "You offered a draw." : m.player + " offers a draw (accept or decline).");
            emit(std::move(out));
          },
          [&](const srv::DrawDeclined& m) {
            if (auto it = games_.find(m.game_id); it != games_.end()) it->second.view.draw_offer.reset();
            Out out = event("draw_declined");
            out.field("game", m.game_id).field("side", m.side).field("player", m.player);
            out.line(m.player + " declined the draw.");
            emit(std::move(out));
          },
          [&](const srv::PlayerReturned& m) {
            Out out = event("player_returned");
            out.field("game", m.game_id).field("side", m.side).field("player", m.player);
            out.line(m.player + " is back.");
            emit(std::move(out));
          },
          [&](const srv::PlayerLeft& m) {
            Out out = event("player_left");
            out.field("game", m.game_id).field("side", m.side).field("player", m.player);
            out.line(m.player + " left; they lose unless they are back within " + format_ms(m.grace_ms) + ".");
            emit(std::move(out));
          },
          [&](const srv::Games& m) {
            if (pending) on_games(m);
          },
          [&](const srv::GameRecord& m) {
            if (pending) on_game_record(m.record);
          },
      },
      frame.message);
}

void Session::on_game_view(const srv::GameView& v, bool started) {
  LiveGame g;
  g.view = v;
  g.clocks_at = Clock::now();
  g.rules = make_rules(v.game, v.options);
  if (g.rules) {
    if (auto p = g.rules->parse_position(v.position)) g.position = *p;
    // The position before the last move, for the last-move marks.
    if (!v.moves.empty()) {
      auto start = g.rules->parse_position(v.start_position);
      std::optional<rules::Position> pos;
      if (start) pos = *start;
      for (std::size_t i = 0; pos && i + 1 < v.moves.size(); ++i) {
        auto m = g.rules->legal_move_from_text(*pos, v.moves[i]);
        if (!m) pos.reset();
        else pos = g.rules->apply(*pos, *m);
      }
      g.previous = pos;
      g.last_move = v.moves.back();
    }
  }
  g.ended = v.status.state != "ongoing";
  if (started) room_id_.reset();
  games_[v.game_id] = std::move(g);
  current_id_ = v.game_id;
}

void Session::on_move(const srv::Move& m) {
  auto it = games_.find(m.game_id);
  if (it == games_.end()) return;
  LiveGame& g = it->second;
  g.previous = g.position;
  g.position.reset();
  if (g.rules) {
    if (auto p = g.rules->parse_position(m.position)) g.position = *p;
  }
  g.last_move = m.move;
  g.view.ply = m.ply;
  g.view.moves.push_back(m.move);
  g.view.position = m.position;
  g.view.to_move = m.to_move;
  g.view.clocks = m.clocks;
  g.clocks_at = Clock::now();
  g.view.status = m.status;
  g.view.draw_offer.reset();  // an offer lapses when either side moves
}

void Session::on_game_over(const srv::GameOver& m) {
  auto it = games_.find(m.game_id);
  if (it == games_.end()) return;
  LiveGame& g = it->second;
  g.ended = true;
  g.view.status.state = m.result == "draw" ? "draw" : "win";
  if (m.result != "draw") g.view.status.winner = m.result;
  g.view.status.reason = m.reason;
  if (g.view.clocks) g.view.clocks->running.reset();
  // Points by name: "1-0" read by the second player, or by a spectator, says nothing.
  const std::string score = g.view.players.first + " " + format_number(m.points.first) + ", " +
                            g.view.players.second + " " + format_number(m.points.second);
  if (m.result == "draw") {
    g.end_text = "Game over: a draw by " + reason_text(m.reason) + " (" + score + ").";
  } else {
    const bool me = g.view.you && *g.view.you == m.result;
    g.end_text = "Game over: " + (me ? std::string("you win") : side_label(g, m.result) + " wins") + " by " +
                 reason_text(m.reason) + " (" + score + ").";
  }
  if (!m.archived) g.end_text += " (not archived: the server's store failed)";
}

void Session::on_lobby(const srv::Lobby& l) {
  listed_.rooms.clear();
  listed_.live.clear();
  for (const auto& r : l.rooms) listed_.rooms.push_back(r.room_id);
  for (const auto& g : l.games) listed_.live.push_back(g.game_id);
  for (const auto& r : l.rooms) {
    Out d{Out::Kind::data, "room"};
    d.field("room", r.room_id).field("game", r.game).field("options", options_text(r.options));
    d.field("creator", r.creator).field("creator_side", r.creator_side).field("clock", format_clock(r.clock));
    d.number("games", r.games);
    d.line("room " + r.room_id + "  " + r.game + (r.options.values.empty() ? "" : " " + options_text(r.options)) +
           "  by " + r.creator + " (" + r.creator_side + ")  clock " + format_clock(r.clock) +
           (r.games > 1 ? "  " + std::to_string(r.games) + " games" : "") + "   -> join " + r.room_id);
    sink_.emit(d);
  }
  for (const auto& g : l.games) {
    Out d{Out::Kind::data, "live"};
    d.field("game", g.game_id).field("rules", g.game).field("first", g.players.first).field("second", g.players.second);
    d.number("ply", g.ply);
    d.line("live " + g.game_id + "  " + g.game + "  " + g.players.first + " vs " + g.players.second + "  ply " +
           std::to_string(g.ply) + "   -> watch " + g.game_id);
    sink_.emit(d);
  }
  Out out{Out::Kind::ok, "rooms"};
  out.number("rooms", l.rooms.size()).number("games", l.games.size());
  if (l.rooms.empty() && l.games.empty()) out.line("No open rooms and no live games. Open one: create GAME");
  reply_ok(std::move(out));
}

void Session::on_games(const srv::Games& page) {
  listed_.archived.clear();
  for (const auto& g : page.games) listed_.archived.push_back(g.game_id);
  for (const auto& g : page.games) {
    Out d{Out::Kind::data, "archived"};
    d.field("game", g.game_id).field("rules", g.game).field("first", g.first_player).field("second", g.second_player);
    d.field("result", g.result).field("reason", g.reason).number("moves", g.moves);
    d.field("points", format_number(g.first_points) + "-" + format_number(g.second_points));
    d.field("options", options_text(g.options)).field("clock", format_clock(g.clock));
    const std::string result = g.result == "draw" ? "draw" : (g.result == "first" ? g.first_player : g.second_player) + " won";
    d.line(g.game_id + "  " + g.game + (g.options.values.empty() ? "" : " " + options_text(g.options)) + "  " +
           (g.clock ? format_clock(g.clock) + "  " : "") + g.first_player + " vs " + g.second_player + "  " + result + " (" +
           reason_text(g.reason) + ", " + format_number(g.first_points) + "-" + format_number(g.second_points) + ")  " +
           plies(g.moves));
    sink_.emit(d);
  }
  archive_cursor_ = page.next_cursor;
  Out out{Out::Kind::ok, "archive"};
  out.number("count", page.games.size()).field("more", page.next_cursor ? "yes" : "no");
  if (page.games.empty()) out.line("No games found.");
  if (page.next_cursor) out.line("More: archive --page   Replay one: replay GAME");
  reply_ok(std::move(out));
}

void Session::on_game_record(const srv::Record& record) {
  Replay r;
  r.record = record;
  r.rules = make_rules(record.game, record.options);
  if (!r.rules) return reply_error("replay", "unknown_game", "this client does not know the game '" + record.game + "'");
  auto start = r.rules->parse_position(record.start_position);
  r.positions.push_back(start ? *start : r.rules->start());
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    auto m = r.rules->legal_move_from_text(r.positions.back(), record.moves[i].move);
    if (!m) {
      r.problem = "move " + std::to_string(i + 1) + " (" + record.moves[i].move + ") does not replay here: " + m.error().message;
      break;
    }
    r.positions.push_back(r.rules->apply(r.positions.back(), *m));
  }
  replay_ = std::move(r);
  Out out = replay_step_out("replay");
  out.number("moves", record.moves.size());
  out.line("Step with next, prev, first, last, goto N.");
  reply_ok(std::move(out));
}

void Session::log_event(const std::string& type, const std::string& game_id) {
  events_.push_back({type, game_id, false});
  while (events_.size() > max_logged_events) events_.pop_front();
}

void Session::check_wait() {
  if (!wait_) return;
  const WaitArgs& a = wait_->args;
  Out out{Out::Kind::ok, "wait"};
  const LiveGame* g = current();
  auto done = [&](bool ok, std::string code = {}, std::string message = {}) {
    wait_.reset();
    if (ok) reply_ok(std::move(out));
    else reply_error("wait", std::move(code), std::move(message));
  };
  switch (a.what) {
    case WaitArgs::What::turn:
      if (g != nullptr && is_player(*g) && !g->ended && g->view.status.state == "ongoing" && g->view.to_move == *g->view.you) {
        out.field("what", "turn").field("game", g->view.game_id).number("ply", g->view.ply);
        return done(true);
      }
      if (g != nullptr && is_player(*g) && g->ended && g->view.match.number >= g->view.match.games)
        return done(false, "game_over", "the game has ended");
      return;
    case WaitArgs::What::end:
      if (g != nullptr && g->ended) {
        out.field("what", "end").field("game", g->view.game_id).field("result", g->view.status.winner.value_or("draw"));
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
  return d;
}

// ---------------------------------------------------------------------------------
// Replies and display

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

Session::LiveGame* Session::current() {
  auto it = games_.find(current_id_);
  return it == games_.end() ? nullptr : &it->second;
}

const Session::LiveGame* Session::current() const {
  auto it = games_.find(current_id_);
  return it == games_.end() ? nullptr : &it->second;
}

bool Session::is_player(const LiveGame& g) const { return g.view.you.has_value(); }

std::string Session::side_label(const LiveGame& g, const std::string& side) const {
  const bool first = side == "first";
  const std::string& name = first ? g.view.sides.first : g.view.sides.second;
  const std::string& player = first ? g.view.players.first : g.view.players.second;
  return player + " (" + name + ")";
}

std::string Session::clock_line(const LiveGame& g, Clock::time_point now) const {
  if (!g.view.clocks) return {};
  const auto& c = *g.view.clocks;
  const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(now - g.clocks_at).count();
  std::int64_t first = c.first_ms, second = c.second_ms;
  if (c.running && *c.running == "first") first -= elapsed;
  if (c.running && *c.running == "second") second -= elapsed;
  const bool first_runs = c.running && *c.running == "first";
  const bool second_runs = c.running && *c.running == "second";
  return g.view.players.first + " " + format_ms(first) + (first_runs ? "*" : "") + " | " + g.view.players.second +
         " " + format_ms(second) + (second_runs ? "*" : "");
}

std::vector<std::string> Session::game_lines(const LiveGame& g) const {
  std::vector<std::string> lines;
  const auto& v = g.view;
  const std::string you = v.you ? "(you: " + std::string(*v.you == "first" ? v.sides.first : v.sides.second) + ")" : "(watching)";
  std::vector<std::string> head{v.game, v.game_id, "ply " + std::to_string(v.ply)};
  for (auto& item : versus(side_label(g, "first"), side_label(g, "second"))) head.push_back(std::move(item));
  head.push_back(you);
  lines = fit_items(head);
  if (g.rules && g.position) {
    BoardMarks marks;
    if (g.previous && !g.last_move.empty()) marks = marks_for_move(*g.rules, *g.previous, *g.position, g.last_move);
    for (auto& l : render_board(*g.rules, *g.position, marks, board_style(g))) lines.push_back(std::move(l));
  } else {
    lines.push_back("position: " + v.position + " (this client cannot draw " + v.game + ")");
  }
  if (!g.last_move.empty()) lines.push_back("last move: " + g.last_move);
  if (v.clocks) lines.push_back("clocks: " + clock_line(g, Clock::now()));
  if (g.ended || v.status.state != "ongoing") {
    // Until game_over brings the result and its reason, say nothing: that line follows.
    if (!g.end_text.empty()) lines.push_back(g.end_text);
  } else {
    const bool mine = v.you && *v.you == v.to_move;
    lines.push_back(side_label(g, v.to_move) + " to move" + (mine ? " -- your move" : ""));
    if (const auto choices = mine ? huff_choices(g) : std::vector<std::string>{}; !choices.empty()) {
      const std::string other = v.to_move == "first" ? v.players.second : v.players.first;
      lines.push_back(other + " did not capture: you may huff " + or_list(choices) + " with your move (huff " +
                      choices.front() + ", then the move; or huff " + choices.front() + " MOVE).");
    }
    if (v.draw_offer && (!v.you || *v.draw_offer != *v.you)) lines.push_back("A draw is offered (accept or decline).");
  }
  return lines;
}

Out Session::replay_step_out(std::string_view command) const {
  const Replay& r = *replay_;
  Out out{Out::Kind::ok, std::string(command)};
  const auto step = static_cast<std::size_t>(r.step);
  const std::string move = step > 0 ? r.record.moves[step - 1].move : "";
  out.field("game", r.record.game_id).number("ply", r.step);
  out.number("of", r.positions.size() - 1).field("move", move);
  out.field("position", r.rules->position_text(r.positions[step]));
  const std::string result = r.record.result == "draw" ? "draw"
                             : (r.record.result == "first" ? r.record.first_player : r.record.second_player) + " won";
  std::vector<std::string> head{"Replay " + r.record.game_id, r.record.game};
  for (auto& item : versus(r.record.first_player, r.record.second_player)) head.push_back(std::move(item));
  head.push_back("(" + result + ", " + reason_text(r.record.reason) + ")");
  for (auto& l : fit_items(head)) out.line(l);
  BoardMarks marks;
  if (step > 0) marks = marks_for_move(*r.rules, r.positions[step - 1], r.positions[step], move);
  for (auto& l : render_board(*r.rules, r.positions[step], marks, board_style(r))) out.line(l);
  const std::string of = " of " + std::to_string(r.positions.size() - 1) + ": ";
  out.line("ply " + std::to_string(step) + of + (step == 0 ? "the start position" : numbered(r.step, move)));
  std::vector<std::string> texts;
  for (const auto& m : r.record.moves) texts.push_back(m.move);
  for (auto& l : move_list(texts, r.step)) out.line(l);
  if (!r.problem.empty()) out.line("note: " + r.problem);
  return out;
}

std::string Session::prompt(Clock::time_point now) const {
  if (const LiveGame* g = current(); g != nullptr && !g->ended) {
    std::string p = "[";
    if (g->view.clocks) p += clock_line(*g, now);
    else p += g->view.players.first + (g->view.to_move == "first" ? "*" : "") + " - " + g->view.players.second +
              (g->view.to_move == "second" ? "*" : "");
    p += "]";
    if (g->view.you && *g->view.you == g->view.to_move) p += " your move";
    return p + "> ";
  }
  if (replay_) return "replay ply " + std::to_string(replay_->step) + "/" + std::to_string(replay_->positions.size() - 1) + "> ";
  if (room_id_) return "waiting> ";
  return "boardhall> ";
}

bool Session::clocks_ticking() const {
  const LiveGame* g = current();
  return g != nullptr && !g->ended && g->view.clocks && g->view.clocks->running;
}

}  // namespace bh::cli
