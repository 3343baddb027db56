#include "terminal.hpp"

#include <editline/readline.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace bh::cli {
namespace {
Terminal* active = nullptr;  // libedit's callback has no user pointer
}

Terminal::Terminal(bool colour, std::function<void(std::optional<std::string>)> on_line)
    : colour_(colour), on_line_(std::move(on_line)) {}

Terminal::~Terminal() { stop(); }

void Terminal::start(const std::string& prompt) {
  if (started_) return;
  active = this;
  prompt_ = prompt;
  rl_attempted_completion_function = &Terminal::attempt_completion;
  rl_callback_handler_install(prompt_.c_str(), &Terminal::line_handler);
  started_ = true;
}

void Terminal::stop() {
  if (!started_) return;
  rl_callback_handler_remove();
  std::fputs("\n", stdout);
  std::fflush(stdout);
  started_ = false;
  active = nullptr;
}

void Terminal::read_char() {
  if (!started_) return;
  line_done_ = false;
  rl_callback_read_char();
  if (line_done_ && started_) {
    // libedit (3.1-20221030) keeps the entered text in its buffer after the callback;
    // without a fresh install the next redraw shows it again and new typing is
    // appended to it.
    rl_callback_handler_remove();
    rl_callback_handler_install(prompt_.c_str(), &Terminal::line_handler);
  }
}

void Terminal::line_handler(char* line) {
  Terminal* self = active;
  if (self == nullptr) {
    std::free(line);
    return;
  }
  if (line == nullptr) {
    self->on_line_(std::nullopt);
    return;
  }
  self->line_done_ = true;
  std::string text(line);
  std::free(line);
  if (text.find_first_not_of(" \t") != std::string::npos) add_history(text.c_str());
  self->on_line_(std::move(text));
}

char** Terminal::attempt_completion(const char* word, int /*start*/, int end) {
  rl_attempted_completion_over = 1;  // no fallback to file names, which mean nothing here
  Terminal* self = active;
  if (self == nullptr || !self->complete_ || rl_line_buffer == nullptr) return nullptr;
  self->matches_ = self->complete_(std::string_view(rl_line_buffer, static_cast<std::size_t>(end)));
  // libedit replaces its own idea of the word (split at its break characters); keep
  // only what extends that word.
  std::erase_if(self->matches_, [word](const std::string& m) { return !m.starts_with(word); });
  return rl_completion_matches(word, &Terminal::next_match);
}

// libedit's generator: the state-th match (from 0), malloc'ed (libedit frees it).
char* Terminal::next_match(const char*, int state) {
  Terminal* self = active;
  if (self == nullptr || state < 0 || static_cast<std::size_t>(state) >= self->matches_.size()) return nullptr;
  return strdup(self->matches_[static_cast<std::size_t>(state)].c_str());
}

void Terminal::set_prompt(const std::string& prompt) {
  if (!started_ || prompt == prompt_) return;
  prompt_ = prompt;
  rl_set_prompt(prompt_.c_str());
  std::fputs("\r\033[K", stdout);
  std::fflush(stdout);
  rl_forced_update_display();
}

void Terminal::print(const std::vector<std::string>& lines, const char* colour) {
  if (lines.empty()) return;
  if (started_) std::fputs("\r\033[K", stdout);  // clear the prompt and the partial line
  for (const auto& l : lines) {
    if (colour != nullptr && colour_) std::fprintf(stdout, "\033[%sm%s\033[0m\n", colour, l.c_str());
    else std::fprintf(stdout, "%s\n", l.c_str());
  }
  std::fflush(stdout);
  if (started_) rl_forced_update_display();  // the prompt and the partial line again
}

void Terminal::emit(const Out& out) {
  const char* colour = nullptr;
  if (out.kind == Out::Kind::error) colour = "31";
  print(out.lines, colour);
}

}  // namespace bh::cli
