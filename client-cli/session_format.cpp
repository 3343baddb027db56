#include "session_format.hpp"

#include <ctime>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "line_fit.hpp"
#include "protocol/utf8.hpp"

namespace bh::cli {

std::string format_date(std::int64_t unix_ms) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm day{};
  gmtime_r(&seconds, &day);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &day);
  return buf;
}

std::string format_time(std::int64_t unix_ms) {
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm t{};
  gmtime_r(&seconds, &t);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &t);
  return buf;
}

std::string join_scopes(const std::vector<std::string>& scopes) {
  std::string out;
  for (const auto& s : scopes) out += (out.empty() ? "" : ", ") + s;
  return out;
}

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
    else std::snprintf(buf, sizeof buf, "%d:%02d", static_cast<int>(s / 60), static_cast<int>(s % 60));
  }
  return buf;
}

std::string format_number(double v) {
  if (v == std::floor(v)) return std::to_string(static_cast<long long>(v));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string rating_text(const std::optional<protocol::RatingView>& r) {
  if (!r) return {};
  return std::to_string(std::llround(r->rating)) + (r->provisional ? "?" : "");
}

std::string rated_name(const std::string& name, const std::optional<protocol::RatingView>& r) {
  const std::string rating = rating_text(r);
  return rating.empty() ? name : name + " " + rating;
}

std::string player_name(const std::string& name, const std::optional<std::vector<std::string>>& bots,
                        const std::optional<int>& level) {
  if (!bots || std::find(bots->begin(), bots->end(), name) == bots->end()) return name;
  return name + (level ? " (bot, level " + std::to_string(*level) + ")" : " (bot)");
}

std::string bots_text(const std::optional<std::vector<std::string>>& bots) {
  std::string out;
  if (bots)
    for (const auto& b : *bots) out += (out.empty() ? "" : ",") + b;
  return out;
}

std::string no_computer_text() {
  return "no computer player is connected to this server. Its operator starts one with "
         "scripts/serve --bot (or the bot service of docker/compose.yaml); see docs/bot.md";
}

std::string computer_did_not_come_text() { return "The computer did not come; is a bot running? See docs/bot.md"; }

std::string room_cancelled_text(const std::string& room_id, const std::optional<std::string>& reason,
                                const std::optional<std::string>& decline_reason) {
  if (reason == "no_computer") return computer_did_not_come_text();
  if (reason == "declined")
    return "Challenge " + room_id + " declined" + (decline_reason ? " (" + *decline_reason + ")" : std::string()) + ".";
  if (reason == "expired") return "Challenge " + room_id + " lapsed unanswered.";
  if (reason == "cancelled") return "Challenge " + room_id + " withdrawn.";
  // The game could not start: a player of it sits in a game on another server node.
  if (reason == "seat_taken")
    return "Room " + room_id + " cancelled: a player of its game has a seat in another game. Create it again.";
  if (reason == "tournament") return "Room " + room_id + " cancelled: your tournament game starts.";
  return "Room " + room_id + " cancelled.";
}

std::string challenge_text(const protocol::server::RoomInfo& room, const std::string& whom) {
  return room.creator + " challenges " + whom + ": " + room.game +
         (room.options.values.empty() ? "" : " (" + options_text(room.options) + ")") + ", clock " +
         format_clock(room.clock, room.correspondence) + (room.rated.value_or(false) ? ", rated" : ", casual") +
         " (room " + room.room_id + ").";
}

std::string rating_change_text(const protocol::server::RatingChange& c) {
  const long long change = std::llround(c.change);
  return std::to_string(std::llround(c.before)) + " -> " + std::to_string(std::llround(c.after)) + " (" +
         (change >= 0 ? "+" : "") + std::to_string(change) + ")";
}

std::string rated_text(const std::optional<bool>& rated) {
  if (!rated) return {};
  return *rated ? "rated" : "casual";
}

std::string first_move_text(std::int64_t deadline_ms, std::int64_t now_ms, bool forfeit) {
  const std::int64_t seconds = std::max<std::int64_t>(0, (deadline_ms - now_ms + 999) / 1000);
  return std::to_string(seconds) + " s to make the first move, or " +
         (forfeit ? "the game is lost by forfeit" : "the game is aborted");
}

std::string format_clock(const std::optional<protocol::ClockMs>& c,
                         const std::optional<protocol::Correspondence>& correspondence) {
  if (correspondence && correspondence->days_per_move)
    return std::to_string(*correspondence->days_per_move) + "d a move";
  if (correspondence)
    return "bank " + std::to_string(correspondence->bank_days.value_or(0)) + "d +" +
           std::to_string(correspondence->increment_hours.value_or(0)) + "h min " +
           std::to_string(correspondence->minimum_hours.value_or(0)) + "h";
  if (!c) return "none";
  return format_number(static_cast<double>(c->initial_ms) / 60000.0) + "+" +
         format_number(static_cast<double>(c->increment_ms) / 1000.0);
}

std::string time_left_text(std::int64_t ms) {
  if (ms <= 0) return "no time";
  const std::int64_t minutes = ms / 60'000, hours = minutes / 60, days = hours / 24;
  if (days > 0) return std::to_string(days) + (days == 1 ? " day " : " days ") + std::to_string(hours % 24) + " h";
  if (hours > 0) return std::to_string(hours) + " h " + std::to_string(minutes % 60) + " min";
  if (minutes > 0) return std::to_string(minutes) + " min";
  return "under a minute";
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

std::optional<rules::Side> side_of(const std::string& s) {
  if (s == "first") return rules::Side::first;
  if (s == "second") return rules::Side::second;
  return std::nullopt;
}

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

std::string or_list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " or " : ", ") + items[i];
  return out;
}

std::vector<std::string> versus(const std::string& first, const std::string& second) {
  std::string both = first + " vs " + second;
  if (both.size() <= screen_width) return {std::move(both)};
  return {first + " vs", second};
}

std::string plies(int n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

std::string numbered(int ply, const std::string& move) {
  return std::to_string((ply + 1) / 2) + (ply % 2 == 1 ? ". " : "... ") + move;
}

std::string plain_text(std::string_view s) {
  const std::string valid = protocol::utf8::repaired(s);
  std::string out;
  out.reserve(valid.size());
  for (std::size_t i = 0; i < valid.size();) {
    const auto lead = static_cast<unsigned char>(valid[i]);
    const std::size_t n = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    std::uint32_t c = n == 1 ? lead : n == 2 ? (lead & 0x1Fu) : n == 3 ? (lead & 0x0Fu) : (lead & 0x07u);
    for (std::size_t k = 1; k < n; ++k) c = (c << 6) | (static_cast<unsigned char>(valid[i + k]) & 0x3Fu);
    const bool control = c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x2028 || c == 0x2029;
    const bool bidi = (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    if (control || bidi) out += protocol::utf8::kReplacement;
    else out.append(valid, i, n);
    i += n;
  }
  return out;
}

std::string chat_line(const protocol::server::Chat& m) {
  const std::string who = plain_text(m.from) + ": " + plain_text(m.text);
  return m.channel == "spectators" ? "[spectator] " + who : who;
}

namespace {

// "(since 2026-11-29 14:05: why)": when a moderator did it, and why.
std::string since_text(std::int64_t at_ms, const std::string& reason) {
  return "(since " + format_time(at_ms) + ": " + plain_text(reason) + ")";
}

std::string until_text(const std::optional<std::int64_t>& until_ms) {
  return until_ms ? "until " + format_time(*until_ms) : std::string("no end");
}

}  // namespace

std::string role_text(const std::string& role) {
  const std::string what = role == "admin" ? "an admin" : role == "moderator" ? "a moderator" : "'" + role + "'";
  return "You are " + what + " here (reports, moderation and mod: see help mod).";
}

std::vector<std::string> report_lines(const protocol::server::ReportInfo& r) {
  std::string head = "#" + std::to_string(r.report_id) + "  " + format_time(r.at_ms) + "  " + plain_text(r.reporter) +
                     " -> " + plain_text(r.target) + "  " + plain_text(r.reason);
  if (r.game_id || r.ply) {
    std::string where;
    if (r.game_id) where = "game " + plain_text(*r.game_id);
    if (r.ply) where += (where.empty() ? "" : ", ") + std::string("ply ") + std::to_string(*r.ply);
    head += "  (" + where + ")";
  }
  std::vector<std::string> lines{head};
  if (!r.text.empty()) lines.push_back("    " + plain_text(r.text));
  if (!r.chat.empty()) lines.push_back("    chat:");
  for (const auto& c : r.chat) {
    const std::string time = format_time(c.at_ms).substr(11);  // the day is the report's
    lines.push_back("      " + time + " " + chat_line(protocol::server::Chat{{}, c.channel, c.from, c.text, c.at_ms}));
  }
  if (r.closed_by || r.closed_ms)
    lines.push_back("    closed by " + plain_text(r.closed_by.value_or("?")) +
                    (r.closed_ms ? " " + format_time(*r.closed_ms) : std::string()));
  else lines.push_back("    open");
  return lines;
}

std::string sanction_line(const protocol::server::SanctionInfo& s) {
  const std::string what = s.kind == "ban"       ? "banned, " + until_text(s.until_ms)
                           : s.kind == "suspend" ? "suspended, " + until_text(s.until_ms)
                                                 : plain_text(s.kind) + ", " + until_text(s.until_ms);
  return plain_text(s.name) + "  " + what + "  " + since_text(s.at_ms, s.reason);
}

std::string address_block_line(const protocol::server::AddressBlockInfo& b) {
  return plain_text(b.cidr) + "  " + until_text(b.until_ms) + "  " + since_text(b.at_ms, b.reason);
}

std::string refused_name_line(const protocol::server::RefusedNameInfo& n) {
  return plain_text(n.name) + "  " + since_text(n.at_ms, n.reason);
}

std::string audit_line(const protocol::server::AuditInfo& a) {
  return "#" + std::to_string(a.audit_id) + "  " + format_time(a.at_ms) + "  " + plain_text(a.moderator) + "  " +
         plain_text(a.action) + " " + plain_text(a.target) + ": " + plain_text(a.reason) +
         (a.detail.empty() ? "" : " [" + plain_text(a.detail) + "]");
}

std::string moderated_text(const protocol::server::Moderated& m) {
  const std::string count =
      m.action == "annul" ? std::to_string(m.count) + (m.count == 1 ? " game" : " games") : std::to_string(m.count);
  return plain_text(m.action) + " " + plain_text(m.target) + ": done (" + count + ")";
}

}  // namespace bh::cli
