#include "app/archive/imported_game.hpp"

#include <openssl/evp.h>

#include <array>

#include "explorer/opening_line.hpp"
#include "protocol/utf8.hpp"
#include "rules/registry.hpp"

namespace bh::app {

std::string content_hash(const bh::records::Record& record) {
  const std::string key = bh::records::content_key(record);
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_Digest(key.data(), key.size(), digest.data(), &length, EVP_sha256(), nullptr);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 0xF];
  }
  return out;
}

storage::GameRecord imported_game(const bh::records::ReadGame& read, std::int64_t at_ms) {
  // A file's text need not be UTF-8 (old PDN files are often in a legacy code page):
  // what the archive keeps is, so that every answer and export is, and the hash is of
  // what is kept, so that the export of the game read again is the same game.
  bh::records::Record r = *read.record;
  r.first_player = protocol::utf8::repaired(r.first_player);
  r.second_player = protocol::utf8::repaired(r.second_player);
  for (auto& [name, value] : r.tags) {
    name = protocol::utf8::repaired(name);
    value = protocol::utf8::repaired(value);
  }
  storage::GameRecord out;
  auto rules = rules::make_ruleset(r.game, rules::OptionText(r.options.begin(), r.options.end()));
  if (!rules) return out;
  out.content_hash = content_hash(r);
  out.id = "i" + out.content_hash.substr(0, 24);
  out.game = r.game;
  out.options = r.options;
  out.start_position = r.start_position.empty() ? (*rules)->position_text((*rules)->start()) : r.start_position;
  // A name the file does not give (the tafl CSV has none; PDN writes "?") is shown as
  // PDN's "?", never as an empty name.
  out.first_player = r.first_player.empty() ? "?" : r.first_player;
  out.second_player = r.second_player.empty() ? "?" : r.second_player;
  switch (read.end.kind) {
    case rules::Status::Kind::win:
      out.result = read.end.winner == rules::Side::first ? "first" : "second";
      break;
    case rules::Status::Kind::draw:
      out.result = "draw";
      break;
    case rules::Status::Kind::ongoing:
    case rules::Status::Kind::aborted:
      out.result = "aborted";
      break;
  }
  out.reason = std::string(rules::to_string(read.end.reason));
  out.first_points = read.points.first;
  out.second_points = read.points.second;
  // Dated by the record's Date tag where it has one (so the archive lists and filters a
  // 1947 game under 1947), else by the import.
  const std::int64_t when = bh::records::date_tag_ms(r).value_or(at_ms);
  out.started_ms = when;
  out.ended_ms = when;
  for (const auto& move : r.moves) out.moves.push_back(storage::MoveRecord{move, -1, -1, when});
  out.imported = true;
  for (const auto& [name, value] : r.tags) out.tags.emplace(name, value);  // the first of a repeated tag
  out.opening = explorer::opening_line(out);
  return out;
}

}  // namespace bh::app
