// The session's commands: run_command() dispatches a parsed line to one handler per
// command; each checks what it can locally and sends its request (or answers at once).
#include <algorithm>
#include <chrono>

#include "rules/registry.hpp"
#include "session.hpp"
#include "session_format.hpp"
#include "tournament_text.hpp"

namespace bh::cli {
namespace {

namespace cl = protocol::client;

}  // namespace

void Session::cmd_notify(const Command& c) {
  if (c.text.empty()) {
    request(c.kind, cl::GetNotifications{});
    return;
  }
  cl::SetNotifications r;
  const bool off = c.value == "off" || c.value == "none";
  if (c.text == "email") r.email = off ? "" : c.value;
  if (c.text == "webhook") r.webhook_url = off ? "" : c.value;
  if (c.text == "moves") r.on_move = c.value == "on";
  if (c.text == "secret") r.new_webhook_secret = true;
  if (c.text == "reminders") {
    std::vector<int> hours;
    std::string_view rest = off ? std::string_view() : std::string_view(c.value);
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      hours.push_back(std::stoi(std::string(rest.substr(0, comma))));  // checked by parse_notify
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    r.reminder_hours = std::move(hours);
  }
  request(c.kind, r);
}

// block, unblock, blocks, report, reports, mod, moderation (parse_command checked the
// reasons, actions, hours and roles; the server checks them again, and who may).
void Session::cmd_moderation(const Command& c) {
  const ModerationArgs& m = c.moderation;
  switch (c.kind) {
    case Cmd::block:
      request(c.kind, cl::BlockPlayer{c.text});
      return;
    case Cmd::unblock:
      request(c.kind, cl::UnblockPlayer{c.text});
      return;
    case Cmd::report: {
      cl::ReportPlayer r;
      r.name = c.text;
      r.reason = m.action;
      if (!m.reason.empty()) r.text = m.reason;
      r.game_id = m.game;
      r.ply = m.ply;
      request(c.kind, r);
      return;
    }
    case Cmd::reports: {
      cl::ListReports r;
      if (m.all) r.open = false;
      reports_all_ = m.all;
      request(c.kind, r);
      return;
    }
    case Cmd::moderate: {
      cl::Moderate r;
      r.action = m.action;
      r.target = c.text;
      r.reason = m.reason;
      r.role = m.role;
      r.hours = m.hours;
      request(c.kind, r);
      return;
    }
    case Cmd::moderation:
      request(c.kind, cl::GetModeration{m.before});
      return;
    default:  // blocks
      request(c.kind, cl::ListBlocks{});
      return;
  }
}

void Session::run_line(std::string_view line) {
  auto parsed = parse_command(line);
  if (!parsed) {
    if (parsed.error().empty()) return;  // a blank line
    auto words = split_words(line);
    std::string name = "command";
    if (words && !words->empty()) name = (*words)[0];
    reply_error(name, "bad_command", parsed.error());
    return;
  }
  if (!identified()) {
    reply_error("command", "not_ready", "not connected yet");
    return;
  }
  run_command(std::move(parsed).value());
}

void Session::run_command(const Command& c) {
  switch (c.kind) {
    case Cmd::help:
      return cmd_help(c);
    case Cmd::games:
      return cmd_games();
    case Cmd::rooms:
      request(c.kind, cl::ListRooms{});
      return;
    case Cmd::mygames:
      request(c.kind, cl::MyGames{});
      return;
    case Cmd::create:
      return cmd_create(c);
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
    case Cmd::watch:
      request(c.kind, cl::Watch{c.text}, c.text);
      return;
    case Cmd::unwatch: {
      const FollowedGame* g = current();
      if (g == nullptr || g->view.you) return reply_error("unwatch", "no_game", "you are not watching a game");
      request(c.kind, cl::Unwatch{g->view.game_id}, g->view.game_id);
      return;
    }
    case Cmd::board:
      return cmd_board();
    case Cmd::flip:
      return cmd_flip();
    case Cmd::moves:
      return cmd_moves();
    case Cmd::move:
      return cmd_move(c);
    case Cmd::huff:
      return cmd_huff(c);
    case Cmd::resign:
    case Cmd::draw:
    case Cmd::accept:
    case Cmd::decline:
    case Cmd::abort:
      return cmd_game_request(c);
    case Cmd::say:
      return cmd_say(c);
    case Cmd::mute:
    case Cmd::unmute:
      return cmd_mute(c);
    case Cmd::takeback:
      return cmd_takeback(c);
    case Cmd::archive:
      return cmd_archive(c);
    case Cmd::replay:
      request(c.kind, cl::GetGame{c.text}, c.text);
      return;
    case Cmd::export_game:
      export_files_[c.text] = c.file;
      request(c.kind, cl::GetGame{c.text}, c.text);
      return;
    case Cmd::profile:
      request(c.kind, cl::GetPlayer{c.text});
      return;
    case Cmd::notify:
      return cmd_notify(c);
    case Cmd::challenge:
      return cmd_challenge(c);
    case Cmd::challenges:
      request(c.kind, cl::ListChallenges{});
      return;
    case Cmd::decline_challenge:
      request(c.kind, cl::DeclineChallenge{c.text, c.value.empty() ? std::nullopt : std::optional(c.value)});
      return;
    case Cmd::block:
    case Cmd::unblock:
    case Cmd::blocks:
    case Cmd::report:
    case Cmd::reports:
    case Cmd::moderate:
    case Cmd::moderation:
      return cmd_moderation(c);
    case Cmd::token:
      if (c.text == "new") {
        request(c.kind, cl::CreateToken{c.value, c.scopes});
      } else if (c.text == "revoke") {
        request(c.kind, cl::RevokeToken{c.value});
      } else {
        request(c.kind, cl::ListTokens{});
      }
      return;
    case Cmd::create_tournament:
      return cmd_create_tournament(c);
    case Cmd::tournaments:
    case Cmd::tournament:
    case Cmd::join_tournament:
    case Cmd::withdraw_tournament:
    case Cmd::start_tournament:
    case Cmd::add_computer:
    case Cmd::remove_computer:
      return cmd_tournament(c);
    case Cmd::explore: {
      cl::Explore q;
      q.game = c.create.game;
      if (!c.create.options.empty())
        q.options = protocol::OptionMap{{c.create.options.begin(), c.create.options.end()}};
      if (!c.explore.moves.empty()) q.moves = c.explore.moves;
      q.source = c.explore.source;
      q.rating = c.explore.rating;
      q.since = c.explore.since;
      q.until = c.explore.until;
      request(c.kind, q);
      return;
    }
    case Cmd::top: {
      cl::GetLeaderboard q{c.text, std::nullopt};
      if (c.number > 0) q.limit = c.number;
      request(c.kind, q);
      return;
    }
    case Cmd::next:
    case Cmd::prev:
    case Cmd::first:
    case Cmd::last:
    case Cmd::go_to:
      return cmd_replay_step(c);
    case Cmd::wait:
      return cmd_wait(c);
    case Cmd::seek:
      return cmd_seek(c);
    case Cmd::computer:
      return cmd_computer(c);
    case Cmd::rematch:
    case Cmd::leave:
      return cmd_rematch(c);
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

namespace {

// The `clock` of create, seek and computer: a live clock or a correspondence game's.
cl::ClockSeconds clock_request(const ClockSpec& c) {
  cl::ClockSeconds out;
  if (c.days_per_move > 0) {
    out.days_per_move = c.days_per_move;
  } else if (c.bank_days > 0) {
    out.bank_days = c.bank_days;
    out.increment_hours = c.increment_hours;
    out.minimum_hours = c.minimum_hours;
  } else {
    out.initial_s = c.initial_s;
    out.increment_s = c.increment_s;
  }
  return out;
}

}  // namespace

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
  if (a.clock) r.clock = clock_request(*a.clock);
  if (a.match != 1) r.games = a.match;
  if (a.is_private) r.is_private = true;
  request(c.kind, r);
}

void Session::cmd_challenge(const Command& c) {
  const CreateArgs& a = c.create;
  if (auto r = rules::make_ruleset(a.game, a.options); !r && r.error().code != rules::Errc::unknown_game)
    return reply_error("challenge", "bad_options", r.error().message);
  cl::ChallengePlayer r;
  r.to = c.text;
  r.game = a.game;
  if (!a.options.empty()) r.options = protocol::OptionMap{{a.options.begin(), a.options.end()}};
  if (!a.side.empty()) r.side = a.side;
  if (a.clock) r.clock = clock_request(*a.clock);
  if (a.match != 1) r.games = a.match;
  r.rated = c.rated;
  request(c.kind, r);
}

void Session::cmd_seek(const Command& c) {
  const CreateArgs& a = c.create;
  if (auto r = rules::make_ruleset(a.game, a.options); !r && r.error().code != rules::Errc::unknown_game)
    return reply_error("seek", "bad_options", r.error().message);
  cl::Seek r;
  r.game = a.game;
  if (!a.options.empty()) {
    protocol::OptionMap m;
    for (const auto& [k, v] : a.options) m.values[k] = v;
    r.options = m;
  }
  if (a.clock) r.clock = clock_request(*a.clock);
  r.rated = c.rated;
  request(c.kind, r);
}

void Session::cmd_computer(const Command& c) {
  const CreateArgs& a = c.create;
  if (auto r = rules::make_ruleset(a.game, a.options); !r && r.error().code != rules::Errc::unknown_game)
    return reply_error("computer", "bad_options", r.error().message);
  cl::PlayComputer r;
  r.game = a.game;
  if (!a.options.empty()) {
    protocol::OptionMap m;
    for (const auto& [k, v] : a.options) m.values[k] = v;
    r.options = m;
  }
  r.level = a.level;
  if (a.clock) r.clock = clock_request(*a.clock);
  if (!a.side.empty()) r.side = a.side;
  request(c.kind, r);
}

// create-tournament FORMAT GAME CLOCK [K=V]... (parse_command checked the settings'
// values and which format each is for; the server checks them again).
void Session::cmd_create_tournament(const Command& c) {
  const CreateArgs& a = c.create;
  const TournamentArgs& t = c.tournament;
  if (auto r = rules::make_ruleset(a.game, a.options); !r && r.error().code != rules::Errc::unknown_game)
    return reply_error("create-tournament", "bad_options", r.error().message);
  cl::CreateTournament r;
  r.format = t.format;
  r.game = a.game;
  if (!a.options.empty()) {
    protocol::OptionMap m;
    for (const auto& [k, v] : a.options) m.values[k] = v;
    r.options = m;
  }
  r.clock = clock_request(*a.clock);  // parse_command requires one
  const std::string clock = a.clock->days_per_move > 0
                                ? std::to_string(a.clock->days_per_move) + "d"
                                : format_number(a.clock->initial_s / 60) + "+" + format_number(a.clock->increment_s);
  r.name = t.name.empty() ? default_tournament_name(t.format, a.game, clock) : t.name;
  r.rated = t.rated;
  r.rounds = t.rounds;
  r.cycles = t.cycles;
  r.group_size = t.group_size;
  r.duration_min = t.duration_min;
  r.max_players = t.max_players;
  r.min_rating = t.min_rating;
  r.is_private = t.is_private;
  r.mini_match = t.mini_match;
  r.bye_points = t.bye_points;
  if (t.starts) {
    const auto now_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
            .count();
    r.starts_ms = start_time_ms(*t.starts, now_ms);
    if (!r.starts_ms) return reply_error("create-tournament", "bad_command", "starts: there is no such date");
  }
  request(c.kind, r);
}

void Session::cmd_rematch(const Command& c) {
  const std::string name(command_name(c.kind));
  if (!rematch_room_)
    return reply_error(name, "no_room",
                       c.kind == Cmd::leave ? "no finished match to leave"
                                            : "no finished match to play again (a rematch follows a match's end)");
  if (c.kind == Cmd::leave) return void(request(c.kind, cl::LeaveRoom{*rematch_room_}));
  if (c.text == "no") return void(request(c.kind, cl::DeclineRematch{*rematch_room_}));
  request(c.kind, cl::OfferRematch{*rematch_room_});
}

void Session::cmd_move(const Command& c) {
  FollowedGame* g = current();
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

void Session::cmd_huff(const Command& c) {
  FollowedGame* g = current();
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
  FollowedGame* g = current();
  if (g == nullptr || !is_player(*g)) return reply_error(name, "no_game", "you are not playing a game");
  if (g->ended) return reply_error(name, "game_over", "the game has ended");
  const std::string& id = g->view.game_id;
  if ((c.kind == Cmd::accept || c.kind == Cmd::decline) && c.text == "takeback") return cmd_takeback(c);
  if ((c.kind == Cmd::accept || c.kind == Cmd::decline) && (!g->view.draw_offer || *g->view.draw_offer == *g->view.you))
    return reply_error(name, "no_draw_offer", "there is no draw offer from your opponent");
  switch (c.kind) {
    case Cmd::resign:
      request(c.kind, cl::Resign{id}, id);
      break;
    case Cmd::abort:
      if (g->view.ply >= 2)
        return reply_error(name, "too_late_to_abort", "both sides have moved: resign or offer a draw instead");
      request(c.kind, cl::Abort{id}, id);
      break;
    case Cmd::draw:
      request(c.kind, cl::OfferDraw{id}, id);
      break;
    case Cmd::accept:
      request(c.kind, cl::AcceptDraw{id}, id);
      break;
    default:
      request(c.kind, cl::DeclineDraw{id}, id);
      break;
  }
}

void Session::cmd_say(const Command& c) {
  const FollowedGame* g = current();
  if (g == nullptr) return reply_error("say", "no_game", "you are neither playing nor watching a game");
  request(c.kind, cl::Chat{g->view.game_id, c.text}, g->view.game_id);
}

void Session::cmd_mute(const Command& c) {
  const std::string name(command_name(c.kind));
  const FollowedGame* g = current();
  if (g == nullptr || !is_player(*g)) return reply_error(name, "no_game", "you are not playing a game");
  const std::string& id = g->view.game_id;
  if (c.kind == Cmd::mute) request(c.kind, cl::Mute{id}, id);
  else request(c.kind, cl::Unmute{id}, id);
}

// takeback, takeback yes|no, accept takeback, decline takeback.
void Session::cmd_takeback(const Command& c) {
  const std::string name(command_name(c.kind));
  FollowedGame* g = current();
  if (g == nullptr || !is_player(*g)) return reply_error(name, "no_game", "you are not playing a game");
  if (g->ended) return reply_error(name, "game_over", "the game has ended");
  const std::string& id = g->view.game_id;
  if (c.kind == Cmd::takeback && c.text.empty()) {
    request(c.kind, cl::Takeback{id}, id);
    return;
  }
  if (!g->view.takeback_offer || g->view.takeback_offer->side == *g->view.you)
    return reply_error(name, "no_takeback_request", "there is no takeback request from your opponent");
  if (c.kind == Cmd::accept || c.text == "yes") {
    request(c.kind, cl::AcceptTakeback{id}, id);
  } else {
    request(c.kind, cl::DeclineTakeback{id}, id);
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
    case Cmd::first:
      step = 0;
      break;
    case Cmd::last:
      step = last;
      break;
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
  const FollowedGame* g = current();
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
  if (const FollowedGame* g = current(); g != nullptr && !g->ended) {
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

}  // namespace bh::cli
