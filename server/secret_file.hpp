// A secret kept in a file for the operator's one-shot commands (--create-bot's password,
// --create-token's token): read from its first line, or written to a new file that only
// its owner may read.
//
// Thread-safety: plain file I/O.
#pragma once

#include <string>

namespace bh::server {

struct Secret {
  bool exists = false;
  std::string password;  // the first line, without its line break
  std::string error;     // the file exists but cannot be read
};
Secret read_secret(const std::string& path);

// Writes `secret` and a line break to a new file (never an existing one), mode 0600, and
// syncs it. Returns "" or why it could not (the file is then removed).
std::string write_secret(const std::string& path, const std::string& secret);

}  // namespace bh::server
