// The records tests' one way to read a file of tests/data (BOARDHALL_TEST_DATA).
//
// Thread-safety: a pure read.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace bh::records {

// The whole file `name` below tests/data; "" when it cannot be read.
inline std::string data_file(const std::string& name) {
  std::ifstream in(std::string(BOARDHALL_TEST_DATA) + "/" + name, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace bh::records
