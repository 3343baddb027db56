// The identities remembered per server and player: the player's name and token, so
// that a new `boardhall connect` resumes the same player (and any live game) with
// `resume`. Keyed by (server, name): two terminals of one user playing two players on
// one server each keep their own token.
//
// One file, $XDG_CONFIG_HOME/boardhall/identities (else ~/.config/boardhall/...), mode
// 0600 in a 0700 folder, one line per identity: "SERVER<TAB>NAME<TAB>TOKEN", where
// SERVER is server_key() of the URL (command_line.hpp). Rewritten whole through a
// temporary file and rename, so a crash leaves the old or the new file; each rewrite
// holds a lock on "identities.lock", so clients saving at once never lose each other's.
//
// Thread-safety: none; used by the UI thread only.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bh::cli {

struct StoredIdentity {
  std::string name;
  std::string token;
};

class IdentityStore {
 public:
  // The default file; empty when neither XDG_CONFIG_HOME nor HOME is set.
  static std::string default_path();
  explicit IdentityStore(std::string path) : path_(std::move(path)) {}

  std::optional<StoredIdentity> find(const std::string& server, const std::string& name) const;
  // Every identity remembered for `server`, oldest first.
  std::vector<StoredIdentity> find_all(const std::string& server) const;
  // Each returns an error message, or empty on success.
  std::string save(const std::string& server, const StoredIdentity& identity) const;
  std::string forget(const std::string& server, const std::string& name) const;

 private:
  // Rewrites the file without (server, name), and with `identity` when given.
  std::string write_all(const std::string& server, const std::string& name, const StoredIdentity* identity) const;
  std::string path_;
};

}  // namespace bh::cli
