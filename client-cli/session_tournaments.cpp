// The session's tournaments (docs/tournaments.md): the commands that list, show, join,
// withdraw from and start one (create-tournament is in session_commands.cpp, beside
// create), and the tournament messages: the reply to each command, the changes of a
// tournament followed with `tournament ID`, its end, and a player's new game. The text
// is tournament_text.hpp's.
#include <chrono>

#include "protocol/server_json.hpp"
#include "session.hpp"
#include "session_format.hpp"
#include "tournament_text.hpp"

namespace bh::cli {
namespace {

namespace srv = protocol::server;
namespace cl = protocol::client;

constexpr std::size_t kRememberedTournaments = 200;

std::int64_t unix_ms_now() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The fields every tournament record carries, for scripts.
void tournament_fields(Out& out, const srv::TournamentSummary& t) {
  out.field("tournament", t.tournament_id).field("name", t.name).field("format", t.format).field("game", t.game);
  out.field("options", options_text(t.options)).field("clock", format_clock(t.clock, t.correspondence));
  out.field("status", t.status).number("round", t.round).number("rounds", t.rounds);
  out.number("players", t.players).number("max_players", t.max_players);
  out.field("rated", t.rated ? "yes" : "no").field("private", t.is_private ? "yes" : "no");
  out.field("winner", t.winner.value_or(""));
}

}  // namespace

void Session::cmd_tournament(const Command& c) {
  switch (c.kind) {
    case Cmd::tournaments: {
      cl::ListTournaments q;
      if (!c.text.empty()) q.status = c.text;
      request(c.kind, q);
      return;
    }
    case Cmd::tournament: {
      const std::string id = c.text.empty() ? shown_tournament_ : c.text;
      if (id.empty()) return reply_error("tournament", "no_tournament", "which tournament? (tournaments lists them)");
      request(c.kind, cl::GetTournament{id, std::nullopt}, id);
      return;
    }
    case Cmd::join_tournament: {
      cl::JoinTournament j{c.text, std::nullopt};
      if (!c.invite.empty()) j.invite_code = c.invite;
      request(c.kind, j, c.text);
      return;
    }
    case Cmd::withdraw_tournament:
      request(c.kind, cl::WithdrawTournament{c.text, std::nullopt}, c.text);
      return;
    case Cmd::start_tournament:
      request(c.kind, cl::StartTournament{c.text}, c.text);
      return;
    case Cmd::add_computer:
      request(c.kind, cl::AddComputer{c.text, c.number}, c.text);
      return;
    case Cmd::remove_computer:
      request(c.kind, cl::WithdrawTournament{c.text, c.invite}, c.text);
      return;
    default:
      return;
  }
}

void Session::remember_tournament(const srv::TournamentSummary& t) {
  if (!tournament_kinds_.contains(t.tournament_id) && tournament_kinds_.size() >= kRememberedTournaments)
    tournament_kinds_.erase(tournament_kinds_.begin());
  tournament_kinds_[t.tournament_id] = TournamentKind{t.game, t.format};
}

void Session::follow_tournaments_again() {
  refollow_ids_.clear();
  for (const auto& [tid, view] : followed_tournaments_) {
    const std::int64_t id = next_id_++;
    refollow_ids_.insert(id);
    send_(protocol::encode_request(cl::Request{cl::GetTournament{tid, std::nullopt}}, protocol::RequestId{id}));
  }
}

void Session::on(const srv::TournamentReply& m, const Incoming& in) {
  remember_tournament(m);
  const auto* id = std::get_if<std::int64_t>(&in.id.value);
  if (id != nullptr && refollow_ids_.erase(*id) > 0) return on_tournament_changed(m, in);  // after a reconnection
  if (in.pending) on_tournament_reply(m, in.pending->kind);
}

void Session::on_tournament_reply(const srv::TournamentView& v, Cmd kind) {
  const std::int64_t now = unix_ms_now();
  const std::string& id = v.tournament_id;
  if (auto it = followed_tournaments_.find(id); it != followed_tournaments_.end()) it->second = v;
  Out out{Out::Kind::ok, std::string(command_name(kind))};
  tournament_fields(out, v);
  if (v.invite_code) out.field("invite", *v.invite_code);
  const std::string players = std::to_string(v.players) + (v.players == 1 ? " player" : " players");
  switch (kind) {
    case Cmd::tournament:
      if (v.status != "finished") followed_tournaments_[id] = v;  // a finished one changes no more
      shown_tournament_ = id;
      // For scripts: the players, the standings and the current round's games.
      for (const auto& e : v.entrants) {
        Out d{Out::Kind::data, "entrant"};
        d.field("tournament", id).field("player", e.name).number("rating", e.rating).number("group", e.group);
        d.field("withdrawn", e.withdrawn ? "yes" : "no").field("bot", e.bot ? "yes" : "no");
        sink_.emit(d);
      }
      for (const auto& s : v.standings) {
        Out d{Out::Kind::data, "standing"};
        d.field("tournament", id).number("rank", s.rank).number("group", s.group).field("player", s.player);
        d.field("points", format_number(s.points)).number("played", s.played);
        d.number("wins", s.wins).number("draws", s.draws).number("losses", s.losses);
        if (s.sonneborn_berger) d.field("sb", format_number(*s.sonneborn_berger));
        if (s.buchholz) d.field("buchholz", format_number(*s.buchholz));
        if (s.median_buchholz) d.field("median_buchholz", format_number(*s.median_buchholz));
        std::string sheet;
        for (const int p : s.sheet.value_or(std::vector<int>{}))
          sheet += (sheet.empty() ? "" : ",") + std::to_string(p);
        if (s.sheet) d.field("sheet", sheet);
        sink_.emit(d);
      }
      for (const auto& g : v.games) {
        if (v.format == "arena" ? g.result.has_value() : g.round != v.round) continue;
        Out d{Out::Kind::data, "pairing"};
        d.field("tournament", id).number("round", g.round).number("group", g.group).field("game", g.game_id);
        d.field("first", g.first).field("second", g.second).field("result", g.result.value_or(""));
        sink_.emit(d);
      }
      out.lines = tournament_lines(v, now);
      if (v.status != "finished") out.line("(Its changes are shown as they come.)");
      break;
    case Cmd::create_tournament:
      shown_tournament_ = id;
      out.lines = tournament_lines(v, now);
      out.line("You are in it once you join it too: join-tournament " + id +
               (v.invite_code ? " " + *v.invite_code : std::string()) + ".");
      break;
    case Cmd::join_tournament:
      out.line("You joined " + v.name + " (" + id + "): " + players + "; " + tournament_progress(v, now) + ".");
      out.line("Your games start by themselves as they are paired.");
      break;
    case Cmd::withdraw_tournament:
      out.line("You withdrew from " + v.name + " (" + id + ").");
      break;
    case Cmd::add_computer:
      for (const auto& e : v.entrants)
        if (e.bot && e.level && !e.withdrawn)
          out.line(e.name + " (bot, level " + std::to_string(*e.level) + ") plays in " + v.name + ": " + players + ".");
      break;
    case Cmd::remove_computer:
      out.line("The computer is out of " + v.name + " (" + id + ").");
      break;
    case Cmd::start_tournament:
      out.line(v.name + " started: " + players +
               (v.format == "arena" ? ", for " + std::to_string(v.duration_min.value_or(0)) + " min"
                                    : ", round " + std::to_string(v.round) + " of " + std::to_string(v.rounds)) +
               ".");
      for (auto& l : current_games_lines(v)) out.line(std::move(l));
      break;
    default:
      break;
  }
  reply_ok(std::move(out));
}

void Session::on_tournament_changed(const srv::TournamentView& v, const Incoming& in) {
  remember_tournament(v);
  const auto it = followed_tournaments_.find(v.tournament_id);
  if (it == followed_tournaments_.end()) return;  // not asked for (any more)
  Out out = event(in, "tournament_updated");
  out.field("tournament", v.tournament_id).field("status", v.status).number("round", v.round);
  out.number("players", v.players);
  out.lines = tournament_changes(it->second, v);
  it->second = v;
  log_event(out.name, "");
  sink_.emit(out);
}

void Session::on(const srv::TournamentUpdated& m, const Incoming& in) { on_tournament_changed(m, in); }

// To its followers and its players: the final standings.
void Session::on(const srv::TournamentFinished& m, const Incoming& in) {
  remember_tournament(m);
  followed_tournaments_.erase(m.tournament_id);
  Out out = event(in, "tournament_finished");
  tournament_fields(out, m);
  out.lines = tournament_lines(m, unix_ms_now());
  emit(in, std::move(out));
}

// A game of ours: its game_started follows and opens it as any game.
void Session::on(const srv::TournamentPaired& m, const Incoming& in) {
  Out out = event(in, "tournament_paired");
  out.field("tournament", m.tournament_id).field("name", m.name).number("round", m.round);
  out.field("game", m.game_id).field("opponent", m.opponent).field("side", m.side);
  std::string side_name;
  bool arena = false;
  if (const auto kind = tournament_kinds_.find(m.tournament_id); kind != tournament_kinds_.end()) {
    arena = kind->second.format == "arena";
    for (const auto& g : catalogue_)
      if (g.id == kind->second.game) side_name = m.side == "first" ? g.first_side : g.second_side;
  }
  remember_player(m.opponent);
  if (tournament_game_ids_.size() >= kRememberedTournaments) tournament_game_ids_.erase(tournament_game_ids_.begin());
  tournament_game_ids_.insert(m.game_id);
  out.line(paired_line(m, side_name, arena));
  emit(in, std::move(out));
}

void Session::on(const srv::TournamentList& m, const Incoming& in) {
  if (!in.pending) return;
  const std::int64_t now = unix_ms_now();
  auto section = [&](const std::vector<srv::TournamentSummary>& list, const std::string& title) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      const auto& t = list[i];
      remember_tournament(t);
      Out d{Out::Kind::data, "tournament"};
      tournament_fields(d, t);
      if (i == 0) d.line(title);
      d.line("  " + tournament_list_line(t, now));
      sink_.emit(d);
    }
  };
  section(m.upcoming, "Upcoming:");
  section(m.running, "Running:");
  section(m.finished, "Finished:");
  Out out{Out::Kind::ok, "tournaments"};
  out.number("upcoming", m.upcoming.size()).number("running", m.running.size()).number("finished", m.finished.size());
  if (m.upcoming.empty() && m.running.empty() && m.finished.empty())
    out.line("No tournaments listed. Organise one: create-tournament swiss tablut 10+5");
  else
    out.line(m.upcoming.empty() ? "Show one with: tournament ID"
                                : "Show one with: tournament ID; enter one with: join-tournament ID");
  reply_ok(std::move(out));
}

}  // namespace bh::cli
