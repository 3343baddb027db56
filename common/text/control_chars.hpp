// Characters that act on a terminal or reorder text instead of showing: C0 (U+0000..
// U+001F), DEL, C1 (U+0080..U+009F), the line and paragraph separators U+2028/U+2029,
// and the bidirectional overrides and isolates (U+202A..U+202E, U+2066..U+2069) -- the
// set the chat refuses (server/app/chat_text.hpp). Text that came from elsewhere (an
// imported record file, a server) is either cleaned of them before it is kept
// (`without_controls`: import, export) or shows them as escapes when printed
// (`escaped_controls`: the terminal client), so that `ESC[2J`, BEL or U+202E in a player's
// name never reach a terminal or a file raw. Standard library only, so the records
// module and the client share it.
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bh::text {

// C0, DEL, C1, U+2028, U+2029.
bool is_control(char32_t c);
// U+202A..U+202E, U+2066..U+2069.
bool is_bidi_control(char32_t c);

// `s` with every control and bidirectional control removed, except that a tab or a line
// break (U+0009..U+000D, U+2028, U+2029) becomes a space so that words stay apart; bytes
// that are not UTF-8 become U+FFFD.
std::string without_controls(std::string_view s);

// `s` with every control and bidirectional control written as visible text: `\x1b` for
// a C0 or C1 character or DEL, `\u202e` for the others; a byte that is not UTF-8 as
// `\xff` (a lone 0x9B is CSI to an 8-bit terminal). Everything else is kept.
std::string escaped_controls(std::string_view s);

// True when escaped_controls(s) == s (nothing to escape): the common case, tested first.
bool is_printable(std::string_view s);

// The number of code points of `s` (a byte that is not UTF-8 counts as one).
std::size_t code_points(std::string_view s);

// The longest prefix of `s` with at most `n` code points (never cuts a character).
std::string_view first_code_points(std::string_view s, std::size_t n);

}  // namespace bh::text
