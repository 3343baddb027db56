#include "tournament_text.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "line_fit.hpp"
#include "session_format.hpp"

namespace bh::cli {
namespace {

namespace srv = protocol::server;

using Rows = std::vector<std::vector<std::string>>;

// Rows of cells as columns two spaces apart, each as wide as its widest cell (in
// columns: "½" takes one); the columns `right` names are aligned to the right.
std::vector<std::string> columns_table(const Rows& rows, const std::vector<bool>& right) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], visible_width(row[i]));
  }
  std::vector<std::string> lines;
  for (const auto& row : rows) {
    std::string line = " ";
    for (std::size_t i = 0; i < row.size(); ++i) {
      const std::string pad(widths[i] - visible_width(row[i]), ' ');
      const bool to_right = i < right.size() && right[i];
      line += "  " + (to_right ? pad + row[i] : row[i] + pad);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

bool is_arena(const srv::TournamentSummary& t) { return t.format == "arena"; }

std::string players_text(int n) { return std::to_string(n) + (n == 1 ? " player" : " players"); }

std::string entrant_text(const srv::TournamentEntrant& e) {
  std::string text = e.name;
  if (e.rating > 0) text += " " + std::to_string(e.rating);
  if (e.bot) text += e.level ? " (bot, level " + std::to_string(*e.level) + ")" : std::string(" (bot)");
  if (e.withdrawn) text += " (withdrawn)";
  return text;
}

bool withdrawn(const srv::TournamentView& v, const std::string& player) {
  return std::any_of(v.entrants.begin(), v.entrants.end(),
                     [&](const srv::TournamentEntrant& e) { return e.name == player && e.withdrawn; });
}

// The settings after the game: "double round robin, rated, by alice".
std::string settings_text(const srv::TournamentView& v) {
  std::vector<std::string> items;
  if (v.format == "round_robin") {
    items.push_back(v.cycles.value_or(1) == 2 ? "double round robin (each pair plays both sides)" : "round robin");
    if (v.group_size.value_or(0) > 0) items.push_back("groups of at most " + std::to_string(*v.group_size));
  } else if (v.format == "swiss") {
    items.push_back("Swiss, " + std::to_string(v.rounds) + (v.rounds == 1 ? " round" : " rounds"));
    if (v.mini_match.value_or(false)) items.push_back("each round a game on each side");
    if (v.bye_points) items.push_back("a bye scores " + format_number(*v.bye_points));
  } else {
    items.push_back("arena, " + std::to_string(v.duration_min.value_or(0)) + " min");
  }
  items.push_back(v.rated ? "rated" : "casual");
  if (v.min_rating > 0) items.push_back("rating " + std::to_string(v.min_rating) + "+");
  if (v.is_private) items.push_back("private");
  if (v.bots) items.push_back("bots welcome");
  items.push_back(v.creator.empty() ? std::string("run by this server") : "by " + v.creator);
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::vector<std::string> standings_table(const srv::TournamentView& v,
                                         const std::vector<srv::TournamentStanding>& rows) {
  const bool robin = v.format == "round_robin", swiss = v.format == "swiss";
  Rows cells;
  std::vector<std::string> head{"#", "player", "points"};
  std::vector<bool> right{true, false, true};
  if (robin) head.push_back("SB");
  if (swiss) {
    head.push_back("Buch");
    head.push_back("Med");
  }
  if (robin || swiss) right.resize(head.size(), true);
  head.push_back("games");
  right.push_back(true);
  if (robin)
    for (std::size_t i = 0; i < rows.size(); ++i) head.push_back(std::to_string(i + 1));
  if (is_arena(v)) head.push_back("points each game");
  cells.push_back(head);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const auto& s = rows[r];
    std::vector<std::string> row{std::to_string(s.rank), s.player + (withdrawn(v, s.player) ? " (withdrawn)" : ""),
                                 format_number(s.points)};
    if (robin) row.push_back(format_number(s.sonneborn_berger.value_or(0)));
    if (swiss) {
      row.push_back(format_number(s.buchholz.value_or(0)));
      row.push_back(format_number(s.median_buchholz.value_or(0)));
    }
    row.push_back(std::to_string(s.played));
    if (robin) {
      for (std::size_t c = 0; c < rows.size(); ++c) {
        const std::string cell = s.cells && c < s.cells->size() ? (*s.cells)[c] : "";
        row.push_back(c == r ? "x" : cell.empty() ? "." : cell);
      }
    }
    if (is_arena(v)) {
      std::string sheet;
      for (const int p : s.sheet.value_or(std::vector<int>{})) sheet += (sheet.empty() ? "" : " ") + std::to_string(p);
      if (s.on_fire.value_or(false)) sheet += " *";
      row.push_back(sheet);
    }
    cells.push_back(std::move(row));
  }
  return columns_table(cells, right);
}

// "alice 1-0 bob", "eve (bye)".
std::string game_text(const srv::TournamentGame& g) {
  if (g.second.empty() || g.result == "bye") return g.first + " (bye)";
  if (!g.result) return g.first + " - " + g.second;
  return g.first + " " + tournament_result_text(g.result) + " " + g.second;
}

std::vector<std::string> games_table(const std::vector<const srv::TournamentGame*>& games) {
  // A round robin in one group says none.
  const bool grouped = std::any_of(games.begin(), games.end(), [](const auto* g) { return g->group > 1; });
  Rows rows;
  for (const auto* g : games) {
    std::vector<std::string> row{grouped ? "group " + std::to_string(g->group) : "", g->first};
    if (g->second.empty() || g->result == "bye") {
      row.insert(row.end(), {"", "", "bye"});
    } else {
      row.insert(row.end(), {"-", g->second, tournament_result_text(g->result)});
      if (!g->result && !g->game_id.empty()) row.push_back("-> watch " + g->game_id);
    }
    rows.push_back(std::move(row));
  }
  auto lines = columns_table(rows, {});
  // Without groups the first column is empty: drop its two spaces.
  if (!grouped)
    for (auto& l : lines) l.erase(2, 2);
  return lines;
}

// The games of `round` (not an arena's), and a bye for each player in none of them (a
// round robin's rest is no game of the server's).
std::vector<srv::TournamentGame> round_games(const srv::TournamentView& v, int round) {
  std::vector<srv::TournamentGame> games;
  std::set<std::string> paired;
  for (const auto& g : v.games) {
    if (g.round != round) continue;
    games.push_back(g);
    paired.insert(g.first);
    paired.insert(g.second);
  }
  for (const auto& e : v.entrants)
    if (!e.withdrawn && !paired.contains(e.name)) games.push_back({round, e.group, "", e.name, "", "bye"});
  return games;
}

std::string game_key(const srv::TournamentGame& g) {
  if (!g.game_id.empty()) return g.game_id;
  return std::to_string(g.round) + "/" + std::to_string(g.group) + "/" + g.first + "/" + g.second;
}

// `head` and the items after it, ", " between them and `end` after the last, wrapped
// at the screen's width (the lines after the first indented by two).
std::vector<std::string> run_on(const std::string& head, const std::vector<std::string>& items,
                                const std::string& end) {
  std::vector<std::string> lines{head};
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = items[i] + (i + 1 < items.size() ? "," : end);
    if (visible_width(lines.back()) + 1 + visible_width(item) > screen_width) lines.push_back(" ");
    lines.back() += " " + item;
  }
  return lines;
}

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

}  // namespace

std::string format_label(const std::string& format) {
  if (format == "round_robin") return "round robin";
  if (format == "swiss") return "Swiss";
  return format;
}

std::string tournament_game_text(const srv::TournamentSummary& t) {
  std::string text = t.game;
  if (!t.options.values.empty()) text += " " + options_text(t.options);
  return text + " " + format_clock(t.clock, t.correspondence);
}

std::string default_tournament_name(const std::string& format, const std::string& game, const std::string& clock) {
  std::string label = format_label(format);
  if (!label.empty()) label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
  return label + " " + game + " " + clock;
}

std::string tournament_result_text(const std::optional<std::string>& result) {
  if (!result) return "playing";
  if (*result == "first") return "1-0";
  if (*result == "second") return "0-1";
  if (*result == "draw") return "½-½";
  if (*result == "first_by_forfeit") return "1-0 (forfeit)";
  if (*result == "second_by_forfeit") return "0-1 (forfeit)";
  if (*result == "both_forfeited") return "0-0 (both forfeited)";
  return *result;  // "bye", or one this client does not know
}

std::string tournament_progress(const srv::TournamentSummary& t, std::int64_t now_ms) {
  if (t.status == "upcoming") {
    if (t.starts_ms > 0)
      return t.starts_ms > now_ms ? "starts in " + time_left_text(t.starts_ms - now_ms) : "starts now";
    return t.creator.empty() ? "starts when its organiser starts it" : t.creator + " starts it";
  }
  if (t.status == "running") {
    if (!is_arena(t)) return "round " + std::to_string(t.round) + "/" + std::to_string(t.rounds);
    const std::int64_t left = t.started_ms + std::int64_t{t.duration_min.value_or(0)} * 60'000 - now_ms;
    return std::to_string(t.round) + (t.round == 1 ? " game, " : " games, ") +
           (left > 0 ? time_left_text(left) + " left" : "its last games being played");
  }
  return t.winner ? "winner " + *t.winner : "no single winner";
}

std::string tournament_list_line(const srv::TournamentSummary& t, std::int64_t now_ms) {
  std::string settings = format_label(t.format) + ", " + tournament_game_text(t) + (t.rated ? ", rated" : ", casual");
  if (t.min_rating > 0) settings += ", rating " + std::to_string(t.min_rating) + "+";
  if (t.is_private) settings += ", private";
  std::string line = t.tournament_id + "  " + t.name + "  (" + settings + ")  " + std::to_string(t.players);
  if (t.status == "upcoming") line += "/" + std::to_string(t.max_players);
  line += t.players == 1 && t.status != "upcoming" ? " player  " : " players  ";
  return line + tournament_progress(t, now_ms);
}

std::vector<std::string> tournament_lines(const srv::TournamentView& v, std::int64_t now_ms) {
  std::vector<std::string> lines;
  lines.push_back("Tournament " + v.name + " (" + v.tournament_id + ")");
  lines.push_back("  " + tournament_game_text(v) + ", " + settings_text(v));
  if (v.status == "upcoming") {
    std::string when = tournament_progress(v, now_ms);
    if (v.starts_ms == 0 && !v.creator.empty()) when += " (start-tournament " + v.tournament_id + ")";
    lines.push_back("Upcoming: " + std::to_string(v.players) + " of at most " + std::to_string(v.max_players) +
                    " players; " + when + ".");
    if (v.invite_code)
      lines.push_back("Private: players join with  join-tournament " + v.tournament_id + " " + *v.invite_code);
    std::vector<std::string> items;
    for (const auto& e : v.entrants) items.push_back(entrant_text(e));
    if (items.empty()) lines.push_back("No players yet: join-tournament " + v.tournament_id);
    else
      for (auto& l : run_on("Players:", items, "")) lines.push_back(std::move(l));
    return lines;
  }
  if (v.status == "running") {
    lines.push_back("Running: " + players_text(v.players) + ", " + tournament_progress(v, now_ms) + ".");
  } else {
    lines.push_back("Finished: " + tournament_progress(v, now_ms) + " (" + players_text(v.players) + ").");
  }
  // The standings, a round robin's group by group.
  std::map<int, std::vector<srv::TournamentStanding>> groups;
  for (const auto& s : v.standings) groups[s.group].push_back(s);
  for (const auto& [group, rows] : groups) {
    lines.push_back(groups.size() > 1 ? "Group " + std::to_string(group) + ":" : "Standings:");
    for (auto& l : standings_table(v, rows)) lines.push_back(std::move(l));
  }
  if (v.status != "running") return lines;
  for (auto& l : current_games_lines(v)) lines.push_back(std::move(l));
  return lines;
}

std::vector<std::string> current_games_lines(const srv::TournamentView& v) {
  std::vector<std::string> lines;
  const auto round = is_arena(v) ? std::vector<srv::TournamentGame>{} : round_games(v, v.round);
  std::vector<const srv::TournamentGame*> current;
  for (const auto& g : is_arena(v) ? v.games : round)
    if (!is_arena(v) || (!g.result && !g.game_id.empty())) current.push_back(&g);
  if (current.empty()) return lines;
  constexpr std::size_t most = 20;  // an arena of hundreds plays as many games at once
  const std::size_t more = current.size() > most ? current.size() - most : 0;
  if (more > 0) current.resize(most);
  lines.push_back(is_arena(v) ? "Playing now:" : "Round " + std::to_string(v.round) + ":");
  for (auto& l : games_table(current)) lines.push_back(std::move(l));
  if (more > 0) lines.push_back("  ... and " + std::to_string(more) + " more");
  return lines;
}

std::vector<std::string> tournament_changes(const srv::TournamentView& before, const srv::TournamentView& after) {
  std::vector<std::string> lines;
  const std::string& name = after.name;
  if (before.status != after.status) {
    if (after.status == "running")
      lines.push_back(name + " started: " + players_text(after.players) +
                      (is_arena(after) ? ", for " + std::to_string(after.duration_min.value_or(0)) + " min." : "."));
    else if (after.status == "finished") lines.push_back(name + " finished: " + tournament_progress(after, 0) + ".");
  }
  // Players in and out.
  std::set<std::string> known, out_before;
  for (const auto& e : before.entrants) {
    known.insert(e.name);
    if (e.withdrawn) out_before.insert(e.name);
  }
  std::vector<std::string> joined, left;
  std::set<std::string> now_in;
  for (const auto& e : after.entrants) {
    now_in.insert(e.name);
    if (!known.contains(e.name)) joined.push_back(e.name);
    else if (e.withdrawn && !out_before.contains(e.name)) left.push_back(e.name);
  }
  for (const auto& e : before.entrants)
    if (!now_in.contains(e.name) && !e.withdrawn) left.push_back(e.name);  // left before the start
  if (!joined.empty()) lines.push_back(name + ": " + listed(joined) + " joined (" + players_text(after.players) + ").");
  if (!left.empty()) lines.push_back(name + ": " + listed(left) + " withdrew (" + players_text(after.players) + ").");
  // Results now known, by round (an arena's at once).
  std::map<std::string, bool> decided;  // game -> had a result before
  for (const auto& g : before.games) decided[game_key(g)] = g.result.has_value();
  std::map<int, std::vector<std::string>> results;
  for (const auto& g : after.games) {
    const auto seen = decided.find(game_key(g));
    const bool fresh = seen == decided.end();
    if (!g.result || (!fresh && seen->second)) continue;
    if (fresh && g.round > before.round && !is_arena(after)) continue;  // a new round's bye: said with its pairings
    results[is_arena(after) ? 0 : g.round].push_back(game_text(g));
  }
  for (const auto& [round, texts] : results)
    for (auto& l : run_on(name + (round > 0 ? ", round " + std::to_string(round) + ":" : ":"), texts, "."))
      lines.push_back(std::move(l));
  // A new round's pairings.
  if (!is_arena(after) && after.status == "running" && after.round > before.round) {
    std::vector<std::string> pairs;
    for (const auto& g : round_games(after, after.round)) pairs.push_back(game_text(g));
    if (!pairs.empty())
      for (auto& l :
           run_on(name + ", round " + std::to_string(after.round) + " of " + std::to_string(after.rounds) + ":", pairs,
                  "."))
        lines.push_back(std::move(l));
  }
  // The standings rows that moved.
  std::map<std::string, std::pair<int, double>> was;
  for (const auto& s : before.standings) was[s.player] = {s.rank, s.points};
  std::vector<std::string> moved;
  for (const auto& s : after.standings) {
    const auto it = was.find(s.player);
    if (it != was.end() && it->second == std::pair{s.rank, s.points}) continue;
    if (it == was.end() && s.played == 0) continue;  // a start: nobody has points yet
    moved.push_back(std::to_string(s.rank) + ". " + s.player + " " + format_number(s.points));
  }
  if (!moved.empty() && after.status == "running")
    for (auto& l : run_on("Standings:", moved, "")) lines.push_back(std::move(l));
  return lines;
}

std::string paired_line(const srv::TournamentPaired& p, const std::string& side_name, bool arena_game) {
  std::string side = side_name.empty() ? "the " + p.side + " side" : side_name;
  if (!side_name.empty() && side_name.back() == 's') side = "the " + side_name;  // the attackers
  return "Tournament " + p.name + (arena_game ? "" : ", round " + std::to_string(p.round)) + ": you play " +
         p.opponent + " with " + side + " (game " + p.game_id + ")";
}

}  // namespace bh::cli
