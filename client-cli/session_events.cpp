// The session's server messages: handle() works out which request a message answers
// and dispatches it to one handler per message type. What the game and listing
// messages change is in session_games.cpp and session_listings.cpp.
#include <utility>

#include "session.hpp"
#include "session_format.hpp"

namespace bh::cli {
namespace {

namespace srv = protocol::server;

}  // namespace

void Session::handle(const protocol::ServerFrame& frame, std::shared_ptr<const protocol::Json> raw) {
  const auto* num = std::get_if<std::int64_t>(&frame.id.value);
  const bool identity_reply = num != nullptr && *num == 0;
  const Incoming in{frame.id, identity_reply, identity_reply ? std::nullopt : take_pending(frame.id), std::move(raw)};
  std::visit([&](const auto& m) { on(m, in); }, frame.message);
}

Out Session::event(const Incoming& in, std::string type) const {
  Out out{Out::Kind::event, std::move(type)};
  out.message = in.raw;
  return out;
}

void Session::answer(const Incoming& in, Out out) {
  out.kind = Out::Kind::ok;
  out.name = std::string(command_name(in.pending->kind));
  reply_ok(std::move(out));
}

void Session::emit(const Incoming& in, Out out) {
  if (in.pending) return answer(in, std::move(out));
  log_event(out.name, "");
  sink_.emit(out);
}

void Session::on(const srv::Welcome& m, const Incoming&) {
  catalogue_ = m.games;
  grace_ms_ = m.reconnect_grace_ms;
  identify();
}

void Session::on(const srv::Pong&, const Incoming&) {}

void Session::on(const srv::Ok&, const Incoming& in) {
  if (in.pending) {
    if (in.pending->kind == Cmd::unwatch) {
      games_.erase(in.pending->game_id);
      if (current_id_ == in.pending->game_id) current_id_.clear();
    }
    Out out;
    if (in.pending->kind == Cmd::block) out.line("Blocked (unblock NAME undoes it).");
    if (in.pending->kind == Cmd::unblock) out.line("Unblocked.");
    if (in.pending->kind == Cmd::report) out.line("Reported: the moderators will see it.");
    answer(in, std::move(out));
  }
}

void Session::on(const srv::Error& m, const Incoming& in) {
  if (in.identity_reply) return on_identity_error(m);
  // A tournament followed again after a reconnection that the server no longer has.
  if (const auto* id = std::get_if<std::int64_t>(&in.id.value); id != nullptr && refollow_ids_.erase(*id) > 0) return;
  if (in.pending && in.pending->kind == Cmd::watch && m.code == "unknown_game" &&
      games_.contains(in.pending->game_id)) {
    games_.erase(in.pending->game_id);  // watched before a reconnection, gone since
    if (current_id_ == in.pending->game_id) current_id_.clear();
    return reply_error("watch", m.code,
                       "no longer watching " + in.pending->game_id + ": the game has ended or is gone");
  }
  if (in.pending && in.pending->kind == Cmd::computer && m.code == "no_computer")
    return reply_error("computer", m.code, no_computer_text());
  if (in.pending && m.code == "account_required" &&
      (in.pending->kind == Cmd::create_tournament || in.pending->kind == Cmd::join_tournament ||
       in.pending->kind == Cmd::block || in.pending->kind == Cmd::unblock || in.pending->kind == Cmd::blocks ||
       in.pending->kind == Cmd::report))
    return reply_error(command_name(in.pending->kind), m.code,
                       m.message + " (you play as a guest: connect with --register NAME or --login NAME)");
  if (in.pending) return reply_error(command_name(in.pending->kind), m.code, m.message);
  Out out = event(in, "error");
  out.field("code", m.code).field("message", m.message).line("Server: " + m.message);
  sink_.emit(out);
}

void Session::on(const srv::Identity& m, const Incoming& in) { on_identity(m, in.id); }

void Session::on(const srv::SessionReplaced& m, const Incoming& in) {
  Out out = event(in, "session_replaced");
  out.field("message", m.message).line(m.message + "; this session ends.");
  sink_.emit(out);
  last_ok_ = false;
  finished_ = true;
}

void Session::on(const srv::Shutdown& m, const Incoming& in) {
  Out out = event(in, "shutdown");
  out.field("message", m.message).line("Server: " + m.message);
  emit(in, std::move(out));
}

void Session::on(const srv::Lobby& m, const Incoming& in) {
  const auto* id = std::get_if<std::int64_t>(&in.id.value);
  if (id != nullptr && room_check_id_ == *id) {
    room_check_id_.reset();
    return check_room_listed(m);
  }
  if (in.pending) return on_lobby(m);
}

void Session::check_room_listed(const srv::Lobby& m) {
  const bool complete = !m.rooms_total || *m.rooms_total <= static_cast<int>(m.rooms.size());
  if (!room_id_ || !complete) return;
  for (const auto& r : m.rooms)
    if (r.room_id == *room_id_) return;
  // Its game started while we were away: the room's state may come after this answer
  // (the room sends it from its own strand), and then it is that game, never gone.
  for (const auto& g : m.games)
    if (g.room_id == *room_id_) return;
  if (m.games_total && *m.games_total > static_cast<int>(m.games.size())) return;  // not sure: say nothing
  Out out{Out::Kind::event, "room_closed"};
  out.field("room", *room_id_).field("reason", "gone");
  out.line("Your room " + *room_id_ + " is gone: it closed while you were away. Create it again.");
  sink_.emit(out);
  room_id_.reset();
}

void Session::on(const srv::RoomOpened&, const Incoming&) {}

void Session::on(const srv::RoomClosed& m, const Incoming& in) {
  if (room_id_ && *room_id_ == m.room_id && m.reason != "started") {
    room_id_.reset();
    Out out = event(in, "room_closed");
    out.field("room", m.room_id)
        .field("reason", m.reason)
        .line("Your room " + m.room_id + " closed (" + m.reason + ").");
    emit(in, std::move(out));
  }
}

void Session::on(const srv::LiveGameListed&, const Incoming&) {}

void Session::on(const srv::LiveGameEnded&, const Incoming&) {}

void Session::on(const srv::RoomCreated& m, const Incoming& in) {
  room_id_ = m.room.room_id;
  room_private_ = m.invite_code.has_value();
  Out out = event(in, "room_created");
  out.field("room", m.room.room_id).field("invite", m.invite_code.value_or(""));
  std::string side = m.room.creator_side;
  if (auto s = side_of(side)) {
    for (const auto& g : catalogue_)
      if (g.id == m.room.game) side = *s == rules::Side::first ? g.first_side : g.second_side;
  }
  out.line("Room " + m.room.room_id + " open: " + m.room.game +
           (m.room.options.values.empty() ? "" : " (" + options_text(m.room.options) + ")") + ", you play " + side +
           ", clock " + format_clock(m.room.clock, m.room.correspondence) +
           (m.room.games > 1 ? ", " + std::to_string(m.room.games) + " games" : "") + ".");
  if (m.room.computer_level) {
    // The server keeps the other seat for a bot; the game starts when it joins.
    out.number("computer_level", *m.room.computer_level);
    out.line("Waiting for the computer (level " + std::to_string(*m.room.computer_level) + ")...");
  } else if (m.room.challenged) {
    out.field("challenged", *m.room.challenged);
    out.line("Waiting for " + *m.room.challenged + " to answer (cancel withdraws the challenge).");
  } else {
    if (m.invite_code) out.line("Private: the opponent types  join " + m.room.room_id + " " + *m.invite_code);
    out.line("Waiting for an opponent (cancel to close the room).");
  }
  emit(in, std::move(out));
}

void Session::on(const srv::RoomCancelled& m, const Incoming& in) {
  if (room_id_ == m.room_id) room_id_.reset();  // not a challenge to us that was withdrawn
  Out out = event(in, "room_cancelled");
  out.field("room", m.room_id).field("reason", m.reason.value_or(""));
  if (m.decline_reason) out.field("decline_reason", *m.decline_reason);
  out.line(room_cancelled_text(m.room_id, m.reason, m.decline_reason));
  emit(in, std::move(out));
}

void Session::on(const srv::ChallengeReceived& m, const Incoming& in) {
  Out out = event(in, "challenge_received");
  out.field("room", m.room.room_id).field("from", m.room.creator).field("game", m.room.game);
  out.line(challenge_text(m.room, "you"));
  out.line("  join " + m.room.room_id + " to accept, decline-challenge " + m.room.room_id + " to say no.");
  emit(in, std::move(out));
}

void Session::on(const srv::Challenges& m, const Incoming& in) {
  if (!in.pending) return;
  for (const auto* list : {&m.incoming, &m.outgoing}) {
    const bool incoming = list == &m.incoming;
    for (const auto& c : *list) {
      Out d{Out::Kind::data, incoming ? "incoming" : "outgoing"};
      d.field("room", c.room.room_id).field("from", c.room.creator).field("to", c.room.challenged.value_or(""));
      d.field("game", c.room.game);
      d.line(challenge_text(c.room, incoming ? "you" : c.room.challenged.value_or("?")));
      sink_.emit(d);
    }
  }
  Out out{Out::Kind::ok, "challenges"};
  out.number("incoming", static_cast<std::int64_t>(m.incoming.size()));
  out.number("outgoing", static_cast<std::int64_t>(m.outgoing.size()));
  if (m.incoming.empty() && m.outgoing.empty()) out.line("No challenges.");
  answer(in, std::move(out));
}

void Session::on(const srv::GameStarted& m, const Incoming& in) {
  on_game_view(m.state, true);
  Out out = event(in, "game_started");
  const FollowedGame& g = games_[m.state.game_id];
  out.field("game", m.state.game_id).field("you", m.state.you.value_or("")).field("to_move", m.state.to_move);
  out.line("Game " + m.state.game_id + " started: " + side_label(g, "first") + " against " + side_label(g, "second") +
           ".");
  for (auto& l : game_lines(g)) out.line(l);
  emit(in, std::move(out));
}

void Session::on(const srv::GameState& m, const Incoming& in) {
  on_game_view(m.state, false);
  Out out = event(in, "game_state");
  const FollowedGame& g = games_[m.state.game_id];
  out.field("game", m.state.game_id).number("ply", m.state.ply).field("to_move", m.state.to_move);
  out.field("you", m.state.you.value_or(""));
  out.lines = game_lines(g);
  emit(in, std::move(out));
}

void Session::on(const srv::Move& m, const Incoming& in) {
  on_move(m);
  Out out = event(in, "move");
  out.field("game", m.game_id).number("ply", m.ply).field("move", m.move);
  out.field("side", m.side).field("to_move", m.to_move).field("status", m.status.state);
  if (auto it = games_.find(m.game_id); it != games_.end()) {
    const FollowedGame& g = it->second;
    // A move in another game of the player's (correspondence games come many at once) is
    // one line: the board on show stays the game the next move typed goes to.
    if (g.view.you && !current_id_.empty() && m.game_id != current_id_) {
      const bool mine = *g.view.you == m.to_move && m.status.state == "ongoing";
      out.line(side_label(g, m.side) + " played " + m.move + " in " + g.view.game + " " + m.game_id +
               (mine ? ": your move there (watch " + m.game_id + ")" : ""));
    } else {
      out.lines = game_lines(g);
    }
  }
  emit(in, std::move(out));
}

void Session::on(const srv::GameOver& m, const Incoming& in) {
  on_game_over(m);
  Out out = event(in, "game_over");
  out.field("game", m.game_id).field("result", m.result).field("winner", m.winner.value_or(""));
  out.field("reason", m.reason).field("points", format_number(m.points.first) + "-" + format_number(m.points.second));
  if (m.rating_changes) {
    out.field("first_rating", format_number(m.rating_changes->first.after));
    out.field("second_rating", format_number(m.rating_changes->second.after));
  }
  if (auto it = games_.find(m.game_id); it != games_.end()) out.line(it->second.end_text);
  if (m.match.games > 1) {
    std::string totals;
    for (const auto& [name, pts] : m.match.totals)
      totals += (totals.empty() ? "" : ", ") + name + " " + format_number(pts);
    out.line("Match: game " + std::to_string(m.match.number) + " of " + std::to_string(m.match.games) + "; " + totals);
  }
  // resign, abort and accept have no reply of their own: the game's end answers them.
  for (auto it = pending_.begin(); it != pending_.end(); ++it) {
    const Cmd kind = it->second.kind;
    if ((kind == Cmd::resign || kind == Cmd::accept || kind == Cmd::abort) && it->second.game_id == m.game_id) {
      Out done{Out::Kind::ok, std::string(command_name(it->second.kind))};
      done.field("game", m.game_id);
      pending_.erase(it);
      reply_ok(std::move(done));
      break;
    }
  }
  log_event("game_over", m.game_id);
  sink_.emit(out);
}

void Session::on(const srv::MatchOver& m, const Incoming& in) {
  Out out = event(in, "match_over");
  std::string totals;
  for (const auto& [name, pts] : m.totals) totals += (totals.empty() ? "" : ", ") + name + " " + format_number(pts);
  out.field("winner", m.winner.value_or("")).field("totals", totals);
  // A single game's end was said by game_over; a match of several gets its own line.
  if (m.games > 1)
    out.line("Match over: " + (m.winner ? *m.winner + " wins" : std::string("drawn")) + " (" + totals + ").");
  // A tournament's game has no rematch: the tournament pairs the next.
  bool tournament = false;
  for (const auto& [id, g] : games_)
    tournament = tournament || (g.view.room_id == m.room_id && tournament_game_ids_.contains(id));
  if (m.totals.contains(player_) && !tournament) {  // a player: the room stays a while for a rematch
    rematch_room_ = m.room_id;
    out.field("room", m.room_id);
    out.line("rematch to play again (sides swapped), leave to go.");
  }
  emit(in, std::move(out));
}

void Session::on(const srv::DrawOffered& m, const Incoming& in) {
  if (auto it = games_.find(m.game_id); it != games_.end()) it->second.view.draw_offer = m.side;
  Out out = event(in, "draw_offered");
  out.field("game", m.game_id).field("side", m.side).field("player", m.player);
  const FollowedGame* g = current();
  const bool mine = g != nullptr && g->view.you && *g->view.you == m.side;
  out.line(mine ? "You offered a draw." : m.player + " offers a draw (accept or decline).");
  emit(in, std::move(out));
}

void Session::on(const srv::DrawDeclined& m, const Incoming& in) {
  if (auto it = games_.find(m.game_id); it != games_.end()) it->second.view.draw_offer.reset();
  Out out = event(in, "draw_declined");
  out.field("game", m.game_id).field("side", m.side).field("player", m.player);
  out.line(m.player + " declined the draw.");
  emit(in, std::move(out));
}

void Session::on(const srv::TakebackOffered& m, const Incoming& in) {
  if (auto it = games_.find(m.game_id); it != games_.end())
    it->second.view.takeback_offer = srv::TakebackOffer{m.side, m.plies};
  Out out = event(in, "takeback_offered");
  out.field("game", m.game_id).field("side", m.side).field("player", m.player).number("plies", m.plies);
  const FollowedGame* g = current();
  const bool mine = g != nullptr && g->view.you && *g->view.you == m.side;
  const std::string what = m.plies == 1 ? "the last move" : "the last two moves";
  out.line(mine ? "You asked to take back " + what + "."
                : m.player + " asks to take back " + what + " (takeback yes or takeback no).");
  emit(in, std::move(out));
}

void Session::on(const srv::TakebackDeclined& m, const Incoming& in) {
  if (auto it = games_.find(m.game_id); it != games_.end()) it->second.view.takeback_offer.reset();
  Out out = event(in, "takeback_declined");
  out.field("game", m.game_id).field("side", m.side).field("player", m.player);
  out.line(m.player + " declined the takeback.");
  emit(in, std::move(out));
}

void Session::on(const srv::TakebackAccepted& m, const Incoming& in) {
  // The game_state that follows brings the board back.
  if (auto it = games_.find(m.game_id); it != games_.end()) it->second.view.takeback_offer.reset();
  Out out = event(in, "takeback_accepted");
  out.field("game", m.game_id).field("side", m.side).field("player", m.player).number("plies", m.plies);
  out.number("ply", m.ply);
  out.line(m.player + " accepted the takeback: back to ply " + std::to_string(m.ply) + ".");
  emit(in, std::move(out));
}

void Session::on(const srv::PlayerReturned& m, const Incoming& in) {
  Out out = event(in, "player_returned");
  out.field("game", m.game_id).field("side", m.side).field("player", m.player);
  out.line(m.player + " is back.");
  emit(in, std::move(out));
}

void Session::on(const srv::PlayerLeft& m, const Incoming& in) {
  Out out = event(in, "player_left");
  out.field("game", m.game_id).field("side", m.side).field("player", m.player);
  out.line(m.player + " left; they lose unless they are back within " + format_ms(m.grace_ms) + ".");
  emit(in, std::move(out));
}

// Kept for the game's header, not printed: a crowd coming and going is not news.
void Session::on(const srv::Spectators& m, const Incoming&) {
  if (auto it = games_.find(m.game_id); it != games_.end()) it->second.view.spectators = m.count;
}

// A chat line, shown as plain text: the server refuses control characters, and this
// client would not pass one to the terminal anyway (chat_line).
void Session::on(const srv::Chat& m, const Incoming& in) {
  Out out = event(in, "chat");
  out.field("game", plain_text(m.game_id))
      .field("channel", plain_text(m.channel))
      .field("from", plain_text(m.from))
      .field("text", plain_text(m.text));
  out.line(chat_line(m));
  emit(in, std::move(out));
}

void Session::on(const srv::Games& m, const Incoming& in) {
  if (in.pending) on_games(m);
}

void Session::on(const srv::GameRecord& m, const Incoming& in) {
  if (in.pending && in.pending->kind == Cmd::export_game) return on_export(m.record);
  if (in.pending) on_game_record(m.record);
}

void Session::on(const srv::RematchOffered& m, const Incoming& in) {
  Out out = event(in, "rematch_offered");
  out.field("room", m.room_id).field("player", m.player);
  out.line(m.player == player_ ? "You offered a rematch; waiting for the answer."
                               : m.player + " offers a rematch (rematch to accept, rematch no to decline).");
  emit(in, std::move(out));
}

void Session::on(const srv::RematchStarted& m, const Incoming& in) {
  if (rematch_room_ == m.room_id) rematch_room_.reset();
  Out out = event(in, "rematch_started");
  out.field("room", m.new_room_id).field("game", m.game_id);
  out.line("Rematch: game " + m.game_id + " in room " + m.new_room_id + ", sides swapped.");
  emit(in, std::move(out));
}

void Session::on(const srv::RematchCancelled& m, const Incoming& in) {
  if (m.reason != "declined" && rematch_room_ == m.room_id) rematch_room_.reset();
  Out out = event(in, "rematch_cancelled");
  out.field("room", m.room_id).field("reason", m.reason);
  out.line(m.reason == "declined"  ? "The rematch was declined."
           : m.reason == "expired" ? "The rematch offer expired."
                                   : "No rematch: a player left the room.");
  emit(in, std::move(out));
}

void Session::on(const srv::Player& m, const Incoming& in) {
  if (in.pending) on_profile(m);
}

void Session::on(const srv::ExplorerReply& m, const Incoming& in) {
  if (in.pending) on_explorer(m);
}

void Session::on(const srv::LeaderboardReply& m, const Incoming& in) {
  if (in.pending) on_leaderboard(m);
}

void Session::on(const srv::PlayerGames& m, const Incoming& in) {
  if (in.pending) on_my_games(m);
}

void Session::on(const srv::NotificationSettings& m, const Incoming& in) {
  if (in.pending) on_notifications(m);
}

void Session::on(const srv::TokenCreated& m, const Incoming& in) {
  if (!in.pending) return;
  Out out{Out::Kind::ok, "token"};
  out.field("token_id", m.token.token_id).field("label", m.token.label).field("secret", m.secret);
  out.line("Token " + m.token.token_id + " (" + m.token.label + ": " + join_scopes(m.token.scopes) + ") made.");
  out.line("Its secret, shown this once (send it as Authorization: Bearer ...):");
  out.line("  " + m.secret);
  out.lines_for_scripts = false;
  answer(in, std::move(out));
}

void Session::on(const srv::Tokens& m, const Incoming& in) {
  if (!in.pending) return;
  for (const auto& t : m.tokens) {
    Out d{Out::Kind::data, "token"};
    d.field("token_id", t.token_id).field("label", t.label).field("scopes", join_scopes(t.scopes));
    d.line(t.token_id + "  " + t.label + "  " + join_scopes(t.scopes) + "  made " + format_date(t.created_ms) +
           ", last used " + (t.last_used_ms ? format_date(*t.last_used_ms) : std::string("never")));
    sink_.emit(d);
  }
  Out out{Out::Kind::ok, "token"};
  out.number("tokens", static_cast<std::int64_t>(m.tokens.size()));
  if (m.tokens.empty()) out.line("No tokens (token new LABEL SCOPE... makes one).");
  answer(in, std::move(out));
}

void Session::on(const srv::Blocks& m, const Incoming& in) {
  if (!in.pending) return;
  for (const auto& name : m.names) {
    Out d{Out::Kind::data, "blocked"};
    if (&name == &m.names.front()) d.line("You have blocked:");
    d.field("name", name).line("  " + name);
    sink_.emit(d);
  }
  Out out{Out::Kind::ok, "blocks"};
  out.number("blocks", static_cast<std::int64_t>(m.names.size()));
  if (m.names.empty()) out.line("You have blocked nobody (block NAME).");
  answer(in, std::move(out));
}

void Session::on(const srv::Reports& m, const Incoming& in) {
  if (!in.pending) return;
  for (const auto& r : m.reports) {
    Out d{Out::Kind::data, "report"};
    d.number("report_id", r.report_id).field("at", format_time(r.at_ms));
    d.field("reporter", r.reporter).field("target", r.target).field("reason", r.reason).field("text", r.text);
    d.field("game", r.game_id.value_or(""));
    if (r.ply) d.number("ply", *r.ply);
    d.number("chat", static_cast<std::int64_t>(r.chat.size()));
    d.field("closed_by", r.closed_by.value_or("")).field("closed_at", r.closed_ms ? format_time(*r.closed_ms) : "");
    d.lines = report_lines(r);
    sink_.emit(d);
  }
  Out out{Out::Kind::ok, "reports"};
  out.number("reports", static_cast<std::int64_t>(m.reports.size()));
  if (m.reports.empty()) out.line(reports_all_ ? "No reports." : "No open reports.");
  answer(in, std::move(out));
}

void Session::on(const srv::ModerationReply& m, const Incoming& in) {
  if (!in.pending) return;
  // A section's title goes with its first record, as the tournaments' list does; an
  // empty section's "none" line with the next record shown (or the ok), so each is said
  // in its place.
  std::vector<std::string> empty_sections;
  auto section = [&](const auto& items, const char* name, const std::string& title, auto&& fill) {
    if (items.empty()) empty_sections.push_back(title + " none.");
    for (std::size_t i = 0; i < items.size(); ++i) {
      Out d{Out::Kind::data, name};
      if (i == 0) {
        d.lines = std::exchange(empty_sections, {});
        d.line(title);
      }
      fill(d, items[i]);
      sink_.emit(d);
    }
  };
  section(m.staff, "staff", "Staff:", [](Out& d, const srv::StaffInfo& s) {
    d.field("name", s.name).field("role", s.role).line("  " + plain_text(s.name) + "  " + plain_text(s.role));
  });
  section(m.sanctions, "sanction", "Sanctions in force:", [](Out& d, const srv::SanctionInfo& s) {
    d.field("name", s.name).field("kind", s.kind).field("until", s.until_ms ? format_time(*s.until_ms) : "");
    d.field("at", format_time(s.at_ms)).field("reason", s.reason).line("  " + sanction_line(s));
  });
  section(m.address_blocks, "address_block", "Blocked addresses:", [](Out& d, const srv::AddressBlockInfo& b) {
    d.field("cidr", b.cidr).field("until", b.until_ms ? format_time(*b.until_ms) : "");
    d.field("at", format_time(b.at_ms)).field("reason", b.reason).line("  " + address_block_line(b));
  });
  section(m.refused_names, "refused_name", "Refused names:", [](Out& d, const srv::RefusedNameInfo& n) {
    d.field("name", n.name).field("at", format_time(n.at_ms)).field("reason", n.reason);
    d.line("  " + refused_name_line(n));
  });
  section(m.audit, "audit", "Audit log, newest first:", [](Out& d, const srv::AuditInfo& a) {
    d.number("audit_id", a.audit_id).field("at", format_time(a.at_ms)).field("moderator", a.moderator);
    d.field("action", a.action).field("target", a.target).field("reason", a.reason).field("detail", a.detail);
    d.line("  " + audit_line(a));
  });
  Out out{Out::Kind::ok, "moderation"};
  out.number("staff", static_cast<std::int64_t>(m.staff.size()));
  out.number("sanctions", static_cast<std::int64_t>(m.sanctions.size()));
  out.number("address_blocks", static_cast<std::int64_t>(m.address_blocks.size()));
  out.number("refused_names", static_cast<std::int64_t>(m.refused_names.size()));
  out.number("audit", static_cast<std::int64_t>(m.audit.size()));
  out.lines = std::move(empty_sections);
  if (m.audit.size() >= 100) out.line("Older entries: moderation --before " + std::to_string(m.audit.back().audit_id));
  answer(in, std::move(out));
}

void Session::on(const srv::Moderated& m, const Incoming& in) {
  if (!in.pending) return;
  Out out{Out::Kind::ok, "mod"};
  out.field("action", m.action).field("target", m.target).number("count", m.count);
  out.line(moderated_text(m));
  answer(in, std::move(out));
}

// Only a bot account is sent challenges; a person's terminal has nothing to do with one.
void Session::on(const srv::Challenge&, const Incoming&) {}

}  // namespace bh::cli
