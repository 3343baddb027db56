// The listings a command asked for: the lobby (rooms), an archive page, a game record
// opened as a replay or written as a record file (export), a player's profile and a
// leaderboard (profile, top).
#include <algorithm>
#include <chrono>
#include <fstream>

#include "record_export.hpp"
#include "session.hpp"
#include "session_format.hpp"

namespace bh::cli {
namespace {

namespace srv = protocol::server;

}  // namespace

void Session::on_lobby(const srv::Lobby& l) {
  listed_.rooms.clear();
  listed_.live.clear();
  for (const auto& r : l.rooms) {
    listed_.rooms.push_back(r.room_id);
    remember_player(r.creator);
  }
  for (const auto& g : l.games) {
    listed_.live.push_back(g.game_id);
    remember_player(g.players.first);
    remember_player(g.players.second);
  }
  for (const auto& r : l.rooms) {
    Out d{Out::Kind::data, "room"};
    d.field("room", r.room_id).field("game", r.game).field("options", options_text(r.options));
    d.field("creator", r.creator)
        .field("creator_side", r.creator_side)
        .field("clock", format_clock(r.clock, r.correspondence));
    d.number("games", r.games);
    const std::string rated = rated_text(r.rated);
    if (!rated.empty()) d.field("rated", rated == "rated" ? "yes" : "no");
    if (r.creator_rating) d.field("creator_rating", rating_text(r.creator_rating));
    d.line("room " + r.room_id + "  " + r.game + (r.options.values.empty() ? "" : " " + options_text(r.options)) +
           (rated.empty() ? "" : "  " + rated) + "  by " + rated_name(r.creator, r.creator_rating) + " (" +
           r.creator_side + ")  clock " + format_clock(r.clock, r.correspondence) +
           (r.games > 1 ? "  " + std::to_string(r.games) + " games" : "") + "   -> join " + r.room_id);
    sink_.emit(d);
  }
  for (const auto& g : l.games) {
    Out d{Out::Kind::data, "live"};
    d.field("game", g.game_id).field("rules", g.game).field("first", g.players.first).field("second", g.players.second);
    d.number("ply", g.ply).field("clock", format_clock(g.clock, g.correspondence));
    if (g.bots) d.field("bots", bots_text(g.bots));
    if (g.computer_level) d.number("computer_level", *g.computer_level);
    const std::string rated = rated_text(g.rated);
    if (!rated.empty()) d.field("rated", rated == "rated" ? "yes" : "no");
    const auto first = g.ratings ? g.ratings->first : std::nullopt;
    const auto second = g.ratings ? g.ratings->second : std::nullopt;
    d.line("live " + g.game_id + "  " + g.game + (rated.empty() ? "" : "  " + rated) + "  " +
           rated_name(player_name(g.players.first, g.bots, g.computer_level), first) + " vs " +
           rated_name(player_name(g.players.second, g.bots, g.computer_level), second) + "  clock " +
           format_clock(g.clock, g.correspondence) + "  ply " + std::to_string(g.ply) + "   -> watch " + g.game_id);
    sink_.emit(d);
  }
  Out out{Out::Kind::ok, "rooms"};
  out.number("rooms", l.rooms.size()).number("games", l.games.size());
  // The server lists its lobby limit of each; it says how many there are in all.
  const auto rooms_total = static_cast<std::size_t>(std::max(0, l.rooms_total.value_or(0)));
  const auto games_total = static_cast<std::size_t>(std::max(0, l.games_total.value_or(0)));
  if (rooms_total > l.rooms.size() || games_total > l.games.size()) {
    out.number("rooms_total", std::max(rooms_total, l.rooms.size()))
        .number("games_total", std::max(games_total, l.games.size()));
    out.line("(the first " + std::to_string(l.rooms.size()) + " of " + std::to_string(rooms_total) + " rooms and " +
             std::to_string(l.games.size()) + " of " + std::to_string(games_total) + " live games)");
  }
  if (l.rooms.empty() && l.games.empty()) out.line("No open rooms and no live games. Open one: create GAME");
  reply_ok(std::move(out));
}

void Session::on_games(const srv::Games& page) {
  listed_.archived.clear();
  for (const auto& g : page.games) {
    listed_.archived.push_back(g.game_id);
    remember_player(g.first_player);
    remember_player(g.second_player);
  }
  for (const auto& g : page.games) {
    Out d{Out::Kind::data, "archived"};
    d.field("game", g.game_id).field("rules", g.game).field("first", g.first_player).field("second", g.second_player);
    d.field("result", g.result).field("reason", g.reason).number("moves", g.moves);
    d.field("points", format_number(g.first_points) + "-" + format_number(g.second_points));
    d.field("options", options_text(g.options)).field("clock", format_clock(g.clock, g.correspondence));
    const std::string rated = rated_text(g.rated);
    if (!rated.empty()) d.field("rated", rated == "rated" ? "yes" : "no");
    if (g.bots) d.field("bots", bots_text(g.bots));
    if (g.computer_level) d.number("computer_level", *g.computer_level);
    const std::string first = player_name(g.first_player, g.bots, g.computer_level);
    const std::string second = player_name(g.second_player, g.bots, g.computer_level);
    const std::string result =
        g.result == "draw" || g.result == "aborted" ? g.result : (g.result == "first" ? first : second) + " won";
    d.line(g.game_id + "  " + g.game + (g.options.values.empty() ? "" : " " + options_text(g.options)) + "  " +
           (g.clock || g.correspondence ? format_clock(g.clock, g.correspondence) + "  " : "") +
           (g.rated && *g.rated ? "rated  " : "") + first + " vs " + second + "  " + result + " (" +
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

// For completing profile NAME: the names seen, the newest kept (at most 200).
void Session::remember_player(const std::string& name) {
  auto& players = listed_.players;
  if (name.empty() || std::find(players.begin(), players.end(), name) != players.end()) return;
  if (players.size() >= 200) players.erase(players.begin());
  players.push_back(name);
}

void Session::on_profile(const srv::Profile& p) {
  Out out{Out::Kind::ok, "profile"};
  const bool bot = p.bot.value_or(false);
  out.field("player", p.name).field("registered", p.registered ? "yes" : "no").field("bot", bot ? "yes" : "no");
  out.line(p.name + (bot            ? " (bot account: the computer, run by this server's operator)"
                     : p.registered ? ""
                                    : " (a guest: no ratings)"));
  for (const auto& [key, r] : p.ratings) {
    Out d{Out::Kind::data, "rating"};
    d.field("player", p.name).field("game", key).field("rating", format_number(r.rating));
    d.field("rd", format_number(r.rd)).field("provisional", r.provisional ? "yes" : "no");
    d.number("games", r.games).number("wins", r.wins).number("draws", r.draws).number("losses", r.losses);
    d.line("  " + key + "  " + format_number(r.rating) + (r.provisional ? "?" : "") + "  rd " + format_number(r.rd) +
           "  " + std::to_string(r.games) + (r.games == 1 ? " game" : " games") + " (+" + std::to_string(r.wins) +
           " =" + std::to_string(r.draws) + " -" + std::to_string(r.losses) + ")");
    sink_.emit(d);
  }
  if (p.registered && p.ratings.empty()) out.line("  no rated games yet");
  for (const auto& g : p.recent) {
    const std::string first = player_name(g.first_player, g.bots, g.computer_level);
    const std::string second = player_name(g.second_player, g.bots, g.computer_level);
    const std::string result = g.result == "draw" ? "draw" : (g.result == "first" ? first : second) + " won";
    out.line("  " + g.game_id + "  " + g.game + (g.rated && *g.rated ? " rated" : "") + "  " + first + " vs " + second +
             "  " + result);
  }
  out.number("ratings", p.ratings.size()).number("recent", p.recent.size());
  reply_ok(std::move(out));
}

void Session::on_my_games(const srv::PlayerGames& games) {
  const auto now_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count();
  int turns = 0;
  for (const auto& g : games.games) {
    const bool mine = g.to_move_player == games.player;
    turns += mine ? 1 : 0;
    const std::string opponent = g.players.first == games.player ? g.players.second : g.players.first;
    Out d{Out::Kind::data, "my_game"};
    d.field("game", g.game_id).field("rules", g.game).field("opponent", opponent);
    d.field("clock", format_clock(g.clock, g.correspondence)).number("ply", g.ply);
    d.field("turn", mine ? "yes" : "no");
    if (g.deadline_ms) d.number("deadline_ms", *g.deadline_ms);
    std::string line = (mine ? "* " : "  ") + g.game_id + "  " + g.game + "  vs " + opponent + "  " +
                       (mine ? "your move" : opponent + " to move");
    if (g.deadline_ms) line += ", " + time_left_text(*g.deadline_ms - now_ms) + " left";
    line += "  (" + format_clock(g.clock, g.correspondence) + ", ply " + std::to_string(g.ply) + ")   -> watch " +
            g.game_id;
    d.line(line);
    sink_.emit(d);
  }
  Out out{Out::Kind::ok, "mygames"};
  out.number("count", games.games.size()).number("your_turn", turns);
  if (games.games.empty()) out.line("You have no games in progress.");
  else out.line(std::to_string(turns) + (turns == 1 ? " game waits" : " games wait") + " for your move.");
  reply_ok(std::move(out));
}

void Session::on_notifications(const srv::NotificationSettings& n) {
  Out out{Out::Kind::ok, "notify"};
  out.field("email", n.email).field("email_verified", n.email_verified ? "yes" : "no");
  out.field("on_move", n.on_move ? "yes" : "no").field("webhook_url", n.webhook_url);
  std::string hours;
  for (const int h : n.reminder_hours) hours += (hours.empty() ? "" : ",") + std::to_string(h);
  out.field("reminder_hours", hours);
  if (!n.mail_available) out.line("Mail: this server sends none.");
  else if (n.email.empty()) out.line("Mail: none (notify email ADDRESS).");
  else if (!n.email_verified) out.line("Mail: " + n.email + ", waiting for you to open the link sent there.");
  else out.line("Mail: " + n.email + ".");
  out.line("Webhook: " + (n.webhook_url.empty() ? std::string("none (notify webhook https://...).") : n.webhook_url));
  if (!n.webhook_url.empty()) out.line("  signed with the secret " + n.webhook_secret + " (docs/notifications.md)");
  std::string when;  // "24 h, 2 h"
  for (const int h : n.reminder_hours) when += (when.empty() ? "" : ", ") + std::to_string(h) + " h";
  out.line(std::string("On each move of your opponent: ") + (n.on_move ? "yes" : "no (reminders only)") +
           ". Reminders: " + (when.empty() ? "none" : when + " before a deadline") + ".");
  reply_ok(std::move(out));
}

void Session::on_leaderboard(const srv::Leaderboard& l) {
  int rank = 0;
  for (const auto& e : l.players) {
    Out d{Out::Kind::data, "ranked"};
    d.number("rank", ++rank).field("player", e.name).field("rating", format_number(e.rating));
    d.field("rd", format_number(e.rd)).number("games", e.games);
    d.line(std::to_string(rank) + ". " + e.name + "  " + format_number(e.rating) + "  rd " + format_number(e.rd) +
           "  " + std::to_string(e.games) + (e.games == 1 ? " game" : " games") + " (+" + std::to_string(e.wins) +
           " =" + std::to_string(e.draws) + " -" + std::to_string(e.losses) + ")");
    sink_.emit(d);
  }
  Out out{Out::Kind::ok, "top"};
  out.field("game", l.game).number("count", l.players.size());
  if (l.players.empty()) out.line("No established players in " + l.game + " yet (provisional ones are left out).");
  reply_ok(std::move(out));
}

void Session::on_export(const srv::ArchivedGame& record) {
  const auto where = export_files_.find(record.game_id);
  const std::string file = where == export_files_.end() ? std::string() : where->second;
  if (where != export_files_.end()) export_files_.erase(where);
  auto text = record_text(record);
  if (!text)
    return reply_error("export", "cannot_export", "cannot write game " + record.game_id + ": " + text.error().message);
  Out out{Out::Kind::ok, "export"};
  out.field("game_id", record.game_id).number("moves", record.moves.size());
  if (file.empty()) {
    out.lines_for_scripts = true;  // the record is what a script asked for
    std::size_t start = 0;
    for (auto end = text->find('\n'); end != std::string::npos; start = end + 1, end = text->find('\n', start))
      out.line(text->substr(start, end - start));
    return reply_ok(std::move(out));
  }
  std::ofstream written(file, std::ios::binary | std::ios::trunc);
  written << *text;
  written.close();
  if (!written) return reply_error("export", "write_failed", "cannot write " + file);
  out.field("file", file);
  out.line("Wrote game " + record.game_id + " (" + std::to_string(record.moves.size()) + " moves) to " + file + ".");
  reply_ok(std::move(out));
}

void Session::on_game_record(const srv::ArchivedGame& record) {
  Replay r;
  r.record = record;
  r.rules = make_rules(record.game, record.options);
  if (!r.rules)
    return reply_error("replay", "unknown_game", "this client does not know the game '" + record.game + "'");
  auto start = r.rules->parse_position(record.start_position);
  r.positions.push_back(start ? *start : r.rules->start());
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    auto m = r.rules->legal_move_from_text(r.positions.back(), record.moves[i].move);
    if (!m) {
      r.problem = "move " + std::to_string(i + 1) + " (" + record.moves[i].move +
                  ") does not replay here: " + m.error().message;
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

}  // namespace bh::cli
