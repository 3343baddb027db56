// A line of chat checked before anyone sees it (docs/protocol.md, "Chat"): the text
// trimmed of spaces at both ends, then 1..140 Unicode code points of valid UTF-8 with no
// control characters (C0, DEL, C1, and the line and paragraph separators U+2028/U+2029)
// and no bidirectional overrides or isolates (U+202A..U+202E, U+2066..U+2069), which
// could reorder what others see around the line; and not only invisible characters
// (zero-width spaces and joiners...: Unicode's default-ignorable code points, from
// ICU), which is refused as empty. Pure; fuzzed (tests/fuzz/chat_fuzz.cpp).
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

namespace bh::game::chat {

inline constexpr std::size_t kMaxCodePoints = 140;

enum class Refusal { not_utf8, empty, too_long, control, bidi };

// The message of the `bad_chat` error for a refusal.
std::string_view describe(Refusal refusal);

// The line as it is sent to others (trimmed), or why it is refused. Trimmed: U+0020 and
// the other Unicode spaces that are not control characters (U+00A0, U+1680,
// U+2000..U+200A, U+202F, U+205F, U+3000).
std::variant<std::string, Refusal> check_text(std::string_view raw);

}  // namespace bh::game::chat
