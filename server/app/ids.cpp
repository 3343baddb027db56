#include "app/ids.hpp"

#include <cstdio>

#include "app/secrets.hpp"
#include "app/wall_clock.hpp"

namespace bh::app {

std::string make_id(std::string_view prefix) {
  char time_hex[32];
  std::snprintf(time_hex, sizeof time_hex, "%llx", static_cast<unsigned long long>(now_ms()));
  return std::string(prefix) + time_hex + "-" + random_hex(4);
}

}  // namespace bh::app
