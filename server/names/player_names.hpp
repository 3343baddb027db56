// What a player's name may be (guests, accounts, bot accounts) and when two names count
// as one (docs/protocol.md, "Names"). Letters of any one script, digits, '-', '_', '.',
// and spaces inside; kept in NFC; unique by a folded key, so `Alice`, `ALICE` and `аlice`
// (a Cyrillic а) are one name, and `c0mputer` is `computer`. The Unicode data is ICU's
// (uspoof for UTS #39's skeleton and mixed scripts, unorm2 for NFC, u_strFoldCase), kept
// out of this header.
//
// Thread-safety: pure functions, callable from any thread (ICU's checker is built once,
// on first use, and only read after that).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/fallible.hpp"

namespace bh::names {

// The longest name, in Unicode code points after NFC.
inline constexpr std::size_t kMaxNameLength = 32;

enum class Refusal {
  not_utf8,
  empty,
  too_long,
  space_at_end,   // a space first or last
  character,      // a character names never have: control, format (bidi, zero-width),
                  // symbol, punctuation other than -_., or one Unicode does not recommend
                  // for identifiers (UTS #39), a mark first or repeated
  mixed_scripts,  // letters of two scripts (Latin and Cyrillic, ...)
  mixed_digits,   // digits of two numbering systems
};

// The message of the `bad_name` error for a refusal (starts lowercase, no full stop).
std::string_view describe(Refusal refusal);

// The name as it is kept and shown (NFC), or why no player may have it. `max_length`
// counts code points after NFC; the raw text may have at most 16 bytes per code point
// allowed (a bound on the work, whatever the input).
Fallible<std::string, Refusal> check_name(std::string_view raw, std::size_t max_length = kMaxNameLength);

// The key under which names are unique: NFC, case folded, then UTS #39's confusable
// skeleton, folded and skeletonised once more (the skeleton maps some characters to
// capitals: 0 to O). Equal keys: one name. Text that is not UTF-8 is its own key.
std::string name_key(std::string_view name);

// `text` in NFC (how a name is looked up: a login typed in decomposed form finds its
// account); unchanged when it is not UTF-8 or too long for a name.
std::string nfc(std::string_view text);

// Which keys and Unicode data (ICU) name_key gives ("keys 1, ICU 72.1, Unicode 15.0"): stored keys are
// computed again when it changes (storage/name_keys.hpp).
std::string key_version();

}  // namespace bh::names
