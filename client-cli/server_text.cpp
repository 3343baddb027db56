#include "server_text.hpp"

#include <string>
#include <utility>

#include "protocol/json_fields.hpp"
#include "text/control_chars.hpp"

namespace bh::cli {

bool escape_server_text(protocol::Json& json) {
  if (json.is_string()) {
    auto& s = json.get_ref<std::string&>();
    if (text::is_printable(s)) return false;
    s = text::escaped_controls(s);
    return true;
  }
  bool changed = false;
  if (json.is_array()) {
    for (auto& item : json) changed = escape_server_text(item) || changed;
    return changed;
  }
  if (!json.is_object()) return false;
  bool bad_key = false;
  for (auto it = json.begin(); it != json.end(); ++it) {
    bad_key = bad_key || !text::is_printable(it.key());
    changed = escape_server_text(it.value()) || changed;
  }
  if (!bad_key) return changed;
  // A key cannot be renamed in place: the object is built again.
  protocol::Json rebuilt = protocol::Json::object();
  for (auto it = json.begin(); it != json.end(); ++it)
    rebuilt[text::escaped_controls(it.key())] = std::move(it.value());
  json = std::move(rebuilt);
  return true;
}

}  // namespace bh::cli
