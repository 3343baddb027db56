#include "records/tag_text.hpp"

#include <cctype>

namespace bh::records {

namespace {

bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// Walks the text keeping the line number, so that every token and fault can be placed.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {
    if (text_.starts_with("\xEF\xBB\xBF")) text_.remove_prefix(3);
  }

  std::vector<RawGame> run() {
    while (i_ < text_.size()) {
      const char c = text_[i_];
      if (space(c)) {
        advance();
      } else if (c == '%' && at_line_start()) {
        skip_to_line_end();  // PDN 3.0: a line comment starting with '%'
      } else if (c == ';') {
        skip_to_line_end();
      } else if (c == '[') {
        if (in_movetext_) finish();
        read_tag();
      } else if (c == '{') {
        skip_until('}', "a comment '{' is never closed");
      } else if (c == '(') {
        skip_variation();
      } else {
        read_token();
      }
    }
    finish();
    return std::move(games_);
  }

 private:
  void advance() {
    if (text_[i_] == '\n') ++line_;
    ++i_;
  }
  bool at_line_start() const { return i_ == 0 || text_[i_ - 1] == '\n'; }
  void skip_to_line_end() {
    while (i_ < text_.size() && text_[i_] != '\n') ++i_;
  }
  void start_game() {
    if (current_.line == 0) current_.line = line_;
  }
  void fault(const std::string& what) {
    start_game();
    if (current_.error.empty()) current_.error = "line " + std::to_string(line_) + ": " + what;
  }
  void skip_until(char close, const char* unclosed) {
    const int open_line = line_;
    while (i_ < text_.size() && text_[i_] != close) advance();
    if (i_ == text_.size()) {
      line_ = open_line;
      fault(unclosed);
      return;
    }
    ++i_;
  }
  void skip_variation() {
    int depth = 0;
    const int open_line = line_;
    do {
      if (text_[i_] == '(') ++depth;
      if (text_[i_] == ')') --depth;
      if (text_[i_] == '{') {
        skip_until('}', "a comment '{' is never closed");
        continue;
      }
      advance();
    } while (i_ < text_.size() && depth > 0);
    if (depth > 0) {
      line_ = open_line;
      fault("a variation '(' is never closed");
    }
  }

  void read_tag() {
    start_game();
    const int tag_line = line_;
    ++i_;  // '['
    std::string name;
    while (i_ < text_.size() && !space(text_[i_]) && text_[i_] != '"' && text_[i_] != ']') name += text_[i_++];
    while (i_ < text_.size() && (text_[i_] == ' ' || text_[i_] == '\t')) ++i_;
    std::string value;
    bool quoted = false;
    if (i_ < text_.size() && text_[i_] == '"') {
      ++i_;
      while (i_ < text_.size() && text_[i_] != '"' && text_[i_] != '\n') {
        if (text_[i_] == '\\' && i_ + 1 < text_.size() && (text_[i_ + 1] == '"' || text_[i_ + 1] == '\\')) ++i_;
        value += text_[i_++];
      }
      quoted = i_ < text_.size() && text_[i_] == '"';
      if (quoted) ++i_;
    }
    while (i_ < text_.size() && text_[i_] != ']' && text_[i_] != '\n') ++i_;
    if (i_ == text_.size() || text_[i_] != ']' || !quoted || name.empty()) {
      line_ = tag_line;
      fault("a tag is not of the form [Name \"value\"]");
      return;
    }
    ++i_;
    current_.tags.emplace_back(std::move(name), std::move(value));
  }

  void read_token() {
    std::size_t j = i_;
    while (j < text_.size() && !space(text_[j]) && text_[j] != '{' && text_[j] != '[' && text_[j] != '(' &&
           text_[j] != ';')
      ++j;
    std::string token(text_.substr(i_, j - i_));
    i_ = j;
    start_game();
    in_movetext_ = true;
    if (is_result_token(token)) {
      current_.result = std::move(token);
      finish();
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
    current_.moves.push_back(Token{std::move(token), line_});
  }

  void finish() {
    if (!current_.tags.empty() || !current_.moves.empty() || !current_.result.empty() || !current_.error.empty())
      games_.push_back(std::move(current_));
    current_ = RawGame{};
    in_movetext_ = false;
  }

  std::string_view text_;
  std::size_t i_ = 0;
  int line_ = 1;
  bool in_movetext_ = false;
  RawGame current_;
  std::vector<RawGame> games_;
};

}  // namespace

std::vector<RawGame> read_tag_pairs(std::string_view text) { return Reader(text).run(); }

bool is_result_token(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "2-0" || t == "0-2" || t == "1-1" || t == "0-0" || t == "*";
}

std::string tag_pair(std::string_view name, std::string_view value) {
  std::string out = "[";
  out.append(name).append(" \"");
  for (const char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += (c == '\n' || c == '\r') ? ' ' : c;
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
