#include "app/archive/export_http.hpp"

#include "app/archive/record_files.hpp"
#include "app/http/http_api.hpp"
#include "app/thread_check.hpp"
#include "protocol/utf8.hpp"
#include "records/export.hpp"

namespace bh::app::http {

namespace {

constexpr std::string_view kText = "text/plain; charset=utf-8";

// A file name from a game id: ids are letters and digits; anything else becomes '_' so
// that a header never carries a quote or a line break.
std::string file_name(std::string_view id, std::string_view extension) {
  std::string out;
  for (const char c : id) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    out += plain ? c : '_';
  }
  return out + "." + std::string(extension);
}

std::pair<std::string, std::string> attachment(const std::string& name) {
  return {"Content-Disposition", "attachment; filename=\"" + name + "\""};
}

}  // namespace

std::string json_string(std::string_view text) {
  const std::string valid = protocol::utf8::repaired(text);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char c : valid) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += c;
    }
  }
  return out + "\"";
}

HttpResponse export_answer(const std::string& id, const storage::StoreResult<storage::GameRecord>& found) {
  expect_off_store_thread("an HTTP export");
  if (found.error.code == storage::StoreErrc::not_found || (found.error.ok() && !found.value))
    return error(404, "not_found", "no game " + quote_client_text(id) + " in the archive");
  if (!found.error.ok()) return error(503, "storage_unavailable", found.error.message);
  auto text = bh::records::format_record(record_file(*found.value));
  if (!text) return error(422, "cannot_export", "this server cannot write the game: " + text.error().message);
  HttpResponse out(200, std::string(kText), protocol::utf8::repaired(*text));
  out.headers.push_back(attachment(file_name(found.value->id, bh::records::record_extension(found.value->game))));
  return out;
}

HttpResponse export_start(const storage::StoreError& first_page, bool ndjson, const std::optional<std::string>& game) {
  expect_off_store_thread("an HTTP export");
  if (first_page.code == storage::StoreErrc::invalid_query) return error(400, "bad_query", first_page.message);
  if (!first_page.ok()) return error(503, "storage_unavailable", first_page.message);
  HttpResponse out(200, ndjson ? "application/x-ndjson" : std::string(kText), "");
  const std::string_view extension = ndjson ? "ndjson" : bh::records::record_extension(game.value_or(""));
  out.headers.push_back(attachment(file_name("boardhall-games", extension)));
  return out;
}

std::string export_piece(const storage::GameRecord& game, bool ndjson, std::string* why) {
  auto text = bh::records::format_record(record_file(game));
  if (!text) {
    if (why) *why = text.error().message;
    if (!ndjson) return "";
    return "{\"game_id\":" + json_string(game.id) + ",\"game\":" + json_string(game.game) +
           ",\"error\":" + json_string(text.error().message) + "}\n";
  }
  if (!ndjson) return protocol::utf8::repaired(*text);
  return "{\"game_id\":" + json_string(game.id) + ",\"game\":" + json_string(game.game) + ",\"format\":\"" +
         (game.game == "draughts" ? "pdn" : "text") + "\",\"record\":" + json_string(*text) + "}\n";
}

}  // namespace bh::app::http
