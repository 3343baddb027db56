// The cluster bus's URL (--cluster-bus) from arbitrary bytes: never a crash, and what is
// accepted is accepted again, the same, in the spelling text() gives it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "cluster/bus_url.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto parsed = bh::cluster::parse_bus_url(text);
  if (!parsed) {
    if (parsed.error().empty()) std::abort();  // every refusal says why
    return 0;
  }
  const auto again = bh::cluster::parse_bus_url(parsed->text());
  if (!again || !(*again == *parsed)) std::abort();
  return 0;
}
