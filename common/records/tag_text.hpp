// The tag-pair text every record file here shares (PDN 3.0's reading grammar, which
// PGN's is too): `[Name "value"]` tags, then movetext with move numbers, comments
// `{...}` and `;...`, variations `(...)`, NAGs `$n`, and a result token ending the game.
// This reads the syntax only; which moves the tokens stand for is replay.hpp's job.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bh::records {

// A move token as written, with the 1-based line it is on.
struct Token {
  std::string text;
  int line = 0;
};

// One game of a tag-pair file, before the rules see it.
struct RawGame {
  int line = 0;  // the line the game starts on (its first tag, or its first move)
  std::vector<std::pair<std::string, std::string>> tags;  // in file order, names trimmed
  std::vector<Token> moves;                               // move numbers, comments, NAGs and strength marks removed
  std::string result;                                     // the result token ending the movetext; "" when none
  std::string error;                                      // a syntax fault (an unclosed tag or comment); "" when none
};

// Reads every game of `text` (UTF-8, LF or CRLF, an optional byte order mark).
std::vector<RawGame> read_tag_pairs(std::string_view text);

// True for the tokens that end a game: 1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *.
bool is_result_token(std::string_view token);

// `[Name "value"]` and a newline, with `\` and `"` escaped and line breaks turned into
// spaces, so any value reads back as written.
std::string tag_pair(std::string_view name, std::string_view value);

// The value of `name` among `tags`, or nullptr.
const std::string* find_tag(const std::vector<std::pair<std::string, std::string>>& tags, std::string_view name);

}  // namespace bh::records
