#include "notify/notice_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace bh::notify {

namespace {

using Json = nlohmann::json;

Json payload_of(const storage::OutboxItem& item) {
  Json j = Json::parse(item.payload, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) j = Json::object();  // a row is sent even when its payload is lost
  return j;
}

std::string field(const Json& j, const char* name) {
  const auto it = j.find(name);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::int64_t number(const Json& j, const char* name) {
  const auto it = j.find(name);
  return it != j.end() && it->is_number_integer() ? it->get<std::int64_t>() : 0;
}

std::string game_page(std::string_view public_url, const std::string& game_id) {
  if (public_url.empty() || game_id.empty()) return {};
  return std::string(public_url) + "/game/" + game_id;
}

std::string plural(std::int64_t n, const char* unit) { return std::to_string(n) + " " + unit + (n == 1 ? "" : "s"); }

// "Tablut" for "tablut": the rules' ids are lowercase ASCII.
std::string game_name(std::string id) {
  if (id == "seatafl") return "Sea tafl";
  if (!id.empty() && id[0] >= 'a' && id[0] <= 'z') id[0] = static_cast<char>(id[0] - 'a' + 'A');
  return id;
}

// Why a game ended, as the mail says it ("on time", "by resignation").
std::string reason_text(const std::string& reason) {
  static const std::map<std::string, std::string, std::less<>> kWords{{"time", "on time"},
                                                                      {"resignation", "by resignation"},
                                                                      {"agreement", "by agreement"},
                                                                      {"king_captured", "the king was captured"},
                                                                      {"king_escaped", "the king escaped"},
                                                                      {"no_first_move", "no first move came in time"},
                                                                      {"aborted", "aborted"},
                                                                      {"repetition", "by repetition"},
                                                                      {"no_legal_move", "no legal move was left"},
                                                                      {"no_pieces", "no pieces were left"}};
  const auto it = kWords.find(reason);
  if (it != kWords.end()) return it->second;
  std::string words = reason;
  std::replace(words.begin(), words.end(), '_', ' ');
  return words;
}

}  // namespace

std::string time_left(std::int64_t ms) {
  constexpr std::int64_t kMinute = 60'000, kHour = 60 * kMinute;
  ms = std::max<std::int64_t>(0, ms);
  // To the nearest hour from an hour on: a fresh day's deadline is "1 day", not "23 hours".
  if (ms >= kHour - kMinute / 2) {
    const std::int64_t hours = (ms + kHour / 2) / kHour, days = hours / 24;
    if (days == 0) return plural(hours, "hour");
    return plural(days, "day") + (hours % 24 > 0 ? " " + plural(hours % 24, "hour") : "");
  }
  return plural(std::max<std::int64_t>(1, (ms + kMinute - 1) / kMinute), "minute");
}

std::string webhook_body(const storage::OutboxItem& item, std::string_view public_url) {
  Json j = payload_of(item);
  j["type"] = "notification";
  j["kind"] = item.kind;
  j["key"] = item.key;
  j["url"] = game_page(public_url, field(j, "game_id"));
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Mail notice_mail(const storage::OutboxItem& item, std::string_view public_url, std::int64_t now_ms) {
  const Json j = payload_of(item);
  const std::string base(public_url);
  Mail mail;
  mail.to = item.address;
  mail.message_key = item.key;
  const std::string unsubscribe = base + "/notifications/unsubscribe?token=" + item.unsubscribe_token;
  mail.unsubscribe_url = unsubscribe;
  const std::string footer = "\n\n-- \nYou get this mail because you asked Boardhall (" + base +
                             ") to tell you of your turns.\nNo more mail: " + unsubscribe + "\n";
  if (item.kind == "verify_email") {
    mail.subject = "Confirm your address for Boardhall";
    mail.text = "Someone, we hope you, asked Boardhall (" + base +
                ") to mail this address when it is their turn in a correspondence game.\n\nTo confirm, open:\n" + base +
                "/notifications/verify?token=" + item.verify_token +
                "\n\nIf it was not you, do nothing: no other mail will come from this request. To cancel "
                "it now: " +
                unsubscribe + "\n";
    return mail;
  }
  const std::string opponent = field(j, "opponent"), move = field(j, "move");
  const std::string game = game_name(field(j, "game")), id = field(j, "game_id");
  if (item.kind == "game_over") {
    const std::string outcome = field(j, "outcome");
    const std::string you = outcome == "won"     ? "you won"
                            : outcome == "lost"  ? "you lost"
                            : outcome == "drawn" ? "a draw"
                                                 : "aborted";
    mail.subject = "Your " + game + " game against " + opponent + " is over: " + you;
    mail.text = "Your " + game + " game against " + opponent + " is over: " + you + " (" +
                reason_text(field(j, "reason")) + ").\n\nSee it: " + game_page(public_url, id) + footer;
    return mail;
  }
  const std::string left = time_left(number(j, "deadline_ms") - now_ms);
  if (item.kind == "reminder") {
    mail.subject = left + " left for your move against " + opponent + " (" + game + ")";
    mail.text = "It is still your move in your " + game + " game against " + opponent + ". You have " + left +
                " left, then the game is lost on time.\n\nPlay: " + game_page(public_url, id);
  } else {
    mail.subject = "Your move against " + opponent + " (" + game + ")";
    mail.text = (move.empty() ? "Your " + game + " game against " + opponent + " has begun"
                              : opponent + " played " + move + " in your " + game + " game") +
                ". It is your move; you have " + left + ".\n\nPlay: " + game_page(public_url, id);
  }
  mail.text += footer;
  return mail;
}

}  // namespace bh::notify
