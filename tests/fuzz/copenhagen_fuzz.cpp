// libFuzzer target: Copenhagen hnefatafl (11x11), position strings and move texts (see rules_fuzz.hpp).
#include "rules_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return bh::fuzz::run_one("copenhagen", {}, data, size);
}
