#include "records/tag_text.hpp"

#include <cctype>
#include <sstream>

#include "records/line_reader.hpp"
#include "text/control_chars.hpp"

namespace bh::records {

namespace {

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

std::string bytes(std::size_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

}  // namespace

TagPairReader::TagPairReader(ReadLimits limits, std::function<void(RawGame)> each)
    : limits_(limits), each_(std::move(each)) {}

void TagPairReader::line(std::string_view text, int number) {
  line_ = number;
  if (number == 1 && text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::size_t i = 0;
  while (i < text.size()) {
    if (mode_ == Mode::comment) {
      const auto close = text.find('}', i);
      if (close == std::string_view::npos) return;  // the comment goes on to the next line
      i = close + 1;
      mode_ = comment_in_variation_ ? Mode::variation : Mode::normal;
      comment_in_variation_ = false;
      continue;
    }
    if (mode_ == Mode::variation) {
      const char c = text[i++];
      if (c == '(') ++depth_;
      if (c == ')' && --depth_ == 0) mode_ = Mode::normal;
      if (c == '{') {
        mode_ = Mode::comment;
        comment_in_variation_ = true;
        comment_line_ = line_;
      }
      continue;
    }
    const char c = text[i];
    if (space(c)) {
      ++i;
    } else if ((c == '%' && i == 0) || c == ';') {
      return;  // PDN 3.0: a line comment starting with '%'; ';' to the end of the line
    } else if (c == '[') {
      if (in_movetext_) end_game();
      read_tag(text, i);
    } else if (c == '{') {
      ++i;
      mode_ = Mode::comment;
      comment_line_ = line_;
    } else if (c == '(') {
      ++i;
      mode_ = Mode::variation;
      depth_ = 1;
      variation_line_ = line_;
    } else {
      read_token(text, i);
    }
  }
}

void TagPairReader::too_long_line(int number) {
  line_ = number;
  fault(number, "the line is longer than " + bytes(limits_.line_bytes) + " (not read)");
}

void TagPairReader::finish() {
  if (mode_ == Mode::comment) fault(comment_line_, "a comment '{' is never closed");
  if (mode_ == Mode::variation) fault(variation_line_, "a variation '(' is never closed");
  mode_ = Mode::normal;
  end_game();
}

void TagPairReader::start_game() {
  if (current_.line == 0) current_.line = line_;
}

void TagPairReader::fault(int line, const std::string& what) {
  if (current_.line == 0) current_.line = line;
  if (current_.error.empty()) current_.error = "line " + std::to_string(line) + ": " + what;
}

void TagPairReader::read_tag(std::string_view text, std::size_t& i) {
  start_game();
  ++i;  // '['
  std::string name;
  while (i < text.size() && !space(text[i]) && text[i] != '"' && text[i] != ']') name += text[i++];
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  std::string value;
  bool quoted = false;
  if (i < text.size() && text[i] == '"') {
    ++i;
    while (i < text.size() && text[i] != '"') {
      if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) ++i;
      value += text[i++];
    }
    quoted = i < text.size() && text[i] == '"';
    if (quoted) ++i;
  }
  while (i < text.size() && text[i] != ']') ++i;
  if (i == text.size() || !quoted || name.empty()) {
    fault(line_, "a tag is not of the form [Name \"value\"]");
    return;
  }
  ++i;
  // Past a limit the tag is not kept (a name or value is never echoed: it may be huge).
  if (name.size() > limits_.tag_name_bytes) {
    fault(line_, "a tag name is longer than " + bytes(limits_.tag_name_bytes));
  } else if (value.size() > limits_.tag_value_bytes) {
    fault(line_, "the value of the tag " + name + " is longer than " + bytes(limits_.tag_value_bytes));
  } else if (current_.tags.size() >= limits_.tags) {
    fault(line_, "the game has more than " + std::to_string(limits_.tags) + " tags");
  } else {
    current_.tags.emplace_back(std::move(name), std::move(value));
  }
}

void TagPairReader::read_token(std::string_view text, std::size_t& i) {
  std::size_t j = i;
  while (j < text.size() && !space(text[j]) && text[j] != '{' && text[j] != '[' && text[j] != '(' && text[j] != ';')
    ++j;
  std::string token(text.substr(i, j - i));
  i = j;
  start_game();
  in_movetext_ = true;
  if (is_result_token(token)) {
    current_.result = std::move(token);
    end_game();
    return;
  }
  // A move number, alone ("12." "12...") or glued to its move ("12.c3-d4").
  std::size_t k = 0;
  while (k < token.size() && digit(token[k])) ++k;
  if (k > 0 && k < token.size() && token[k] == '.') {
    while (k < token.size() && token[k] == '.') ++k;
    token.erase(0, k);
  }
  if (token == "..." || token.empty() || token[0] == '$') return;  // an ellipsis, a NAG
  // A move strength mark ("!", "?!", "(?)") says nothing of the move itself.
  while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.pop_back();
  if (token.empty()) return;
  if (current_.moves.size() >= limits_.moves) {
    fault(line_, "the game has more than " + std::to_string(limits_.moves) + " moves");
    return;
  }
  current_.moves.push_back(Token{std::move(token), line_});
}

void TagPairReader::end_game() {
  if (!current_.tags.empty() || !current_.moves.empty() || !current_.result.empty() || !current_.error.empty())
    each_(std::move(current_));
  current_ = RawGame{};
  in_movetext_ = false;
}

bool read_tag_pairs(std::istream& in, const ReadLimits& limits, const std::function<void(RawGame)>& each) {
  TagPairReader reader(limits, each);
  LineReader lines(in, limits.line_bytes);
  while (const auto line = lines.next()) {
    if (line->too_long) reader.too_long_line(line->number);
    else reader.line(line->text, line->number);
  }
  reader.finish();
  return !lines.failed();
}

std::vector<RawGame> read_tag_pairs(std::string_view text, const ReadLimits& limits) {
  std::vector<RawGame> out;
  std::istringstream in{std::string(text)};
  read_tag_pairs(in, limits, [&out](RawGame game) { out.push_back(std::move(game)); });
  return out;
}

bool is_result_token(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "2-0" || t == "0-2" || t == "1-1" || t == "0-0" || t == "*";
}

std::string tag_pair(std::string_view name, std::string_view value) {
  // No control character reaches a file (a terminal showing it would obey it): names
  // stored before the import filtered them lose them here.
  std::string out = "[";
  out.append(text::without_controls(name)).append(" \"");
  for (const char c : text::without_controls(value)) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += "\"]\n";
  return out;
}

const std::string* find_tag(const std::vector<std::pair<std::string, std::string>>& tags, std::string_view name) {
  for (const auto& [key, value] : tags)
    if (key == name) return &value;
  return nullptr;
}

}  // namespace bh::records
