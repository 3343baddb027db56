// The interactive terminal: line editing and history by libedit (its readline
// interface in callback mode, so the UI's poll() loop stays in charge), and output that
// appears above the line being typed without breaking it: the prompt and the partial
// line are cleared, the text printed, and libedit redraws both. Tab completes the word
// before the cursor through a function the caller gives (never file names).
//
// libedit keeps global state, so there is at most one Terminal at a time.
// Thread-safety: none; the UI thread only.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "session_output.hpp"

namespace bh::cli {

class Terminal final : public Sink {
 public:
  // `on_line` gets each entered line, or nullopt at end of input (Ctrl-D).
  Terminal(bool colour, std::function<void(std::optional<std::string>)> on_line);
  ~Terminal() override;
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  // Starts line editing on stdin with `prompt`; output before this is printed plainly.
  void start(const std::string& prompt);
  void stop();
  bool started() const { return started_; }
  // Call when stdin is readable.
  void read_char();
  // Redraws the prompt (and the line being typed) when it changed.
  void set_prompt(const std::string& prompt);
  // Tab: `complete` gets the line up to the cursor and gives the words that may
  // replace the word being typed (see completion.hpp).
  using Completer = std::function<std::vector<std::string>(std::string_view line)>;
  void set_completer(Completer complete) { complete_ = std::move(complete); }

  void emit(const Out& out) override;

 private:
  static void line_handler(char* line);
  static char** attempt_completion(const char* word, int start, int end);
  static char* next_match(const char* word, int state);
  void print(const std::vector<std::string>& lines, const char* colour);

  bool colour_;
  std::function<void(std::optional<std::string>)> on_line_;
  bool started_ = false;
  bool line_done_ = false;  // the last read_char() completed a line
  std::string prompt_;
  Completer complete_;
  std::vector<std::string> matches_;  // of the Tab being answered, for next_match()
};

}  // namespace bh::cli
