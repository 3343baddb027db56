// The tag-pair text every record file here shares (PDN 3.0's reading grammar, which
// PGN's is too): `[Name "value"]` tags, then movetext with move numbers, comments
// `{...}` and `;...`, variations `(...)`, NAGs `$n`, and a result token ending the game.
// This reads the syntax only; which moves the tokens stand for is replay.hpp's job.
//
// The text is read a line at a time (TagPairReader), so a file of any size is read in
// the memory of one line and one game, each bounded by ReadLimits: a game past a limit is
// refused with the reason (docs/records.md, "Limits").
//
// Thread-safety: pure functions; a TagPairReader is used by one thread.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
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

// What one line and one game of a record file may hold; past a limit the game is
// refused (its refusal says which limit) and what is past it is not kept.
struct ReadLimits {
  std::size_t line_bytes = 64 * 1024;  // a longer line is skipped unread and refuses its game
  std::size_t tags = 64;               // tags per game
  std::size_t tag_name_bytes = 64;
  std::size_t tag_value_bytes = 1024;
  std::size_t name_chars = 100;  // a player's name (White, Black, Attackers, Defenders), in characters
  std::size_t moves = 10000;     // moves per game
};

// Reads a tag-pair file line by line. Games are handed out as soon as they end (at the
// next game's first tag, a result token, or the end of the file).
class TagPairReader {
 public:
  TagPairReader(ReadLimits limits, std::function<void(RawGame)> each);
  // The file's next line, without its line break.
  void line(std::string_view text, int number);
  // A line longer than limits.line_bytes (LineReader): its game is refused.
  void too_long_line(int number);
  // The end of the file: the last game, or the fault of a comment or variation left open.
  void finish();

 private:
  void read_tag(std::string_view text, std::size_t& i);
  void read_token(std::string_view text, std::size_t& i);
  void start_game();
  void fault(int line, const std::string& what);
  void end_game();

  enum class Mode { normal, comment, variation };
  ReadLimits limits_;
  std::function<void(RawGame)> each_;
  int line_ = 0;
  Mode mode_ = Mode::normal;
  bool comment_in_variation_ = false;          // a '{' inside a variation: back to it at the '}'
  int depth_ = 0;                              // of nested variations
  int comment_line_ = 0, variation_line_ = 0;  // where the open comment and variation began
  bool in_movetext_ = false;
  RawGame current_;
};

// Every game of `in` (UTF-8, LF or CRLF, an optional byte order mark), each handed to
// `each` in file order. False when the stream failed before its end (an I/O error).
bool read_tag_pairs(std::istream& in, const ReadLimits& limits, const std::function<void(RawGame)>& each);

// Every game of `text`.
std::vector<RawGame> read_tag_pairs(std::string_view text, const ReadLimits& limits = {});

// True for the tokens that end a game: 1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *.
bool is_result_token(std::string_view token);

// `[Name "value"]` and a newline, with `\` and `"` escaped, line breaks and tabs turned
// into spaces and the other control characters removed (text/control_chars.hpp), so any
// value reads back as written and none acts on a terminal that shows the file.
std::string tag_pair(std::string_view name, std::string_view value);

// The value of `name` among `tags`, or nullptr.
const std::string* find_tag(const std::vector<std::pair<std::string, std::string>>& tags, std::string_view name);

}  // namespace bh::records
