// Fitting text to a terminal of 80 columns: the width a line takes on screen (ANSI
// colour codes take none), and short items packed into as few lines as fit.
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bh::cli {

// Every line the client prints about a game fits this many columns.
inline constexpr std::size_t screen_width = 80;

// Columns `line` takes: its characters without ANSI escape sequences (ESC [ ... letter).
// Counts one column per code point (not per byte: a name may be Cyrillic, Greek...);
// wide CJK characters and combining marks are not told apart.
std::size_t visible_width(std::string_view line);

// `items` in order, two spaces between them, a new line whenever the next item would
// pass `width`. An item wider than `width` gets a line of its own (never cut).
std::vector<std::string> fit_items(const std::vector<std::string>& items, std::size_t width = screen_width);

}  // namespace bh::cli
