// The identity remembered per server: the player's name and token, so that a new
// `boardhall connect` resumes the same player (and any live game) with `resume`.
//
// One file, $XDG_CONFIG_HOME/boardhall/identities (else ~/.config/boardhall/...), mode
// 0600 in a 0700 folder, one line per server URL: "URL<TAB>NAME<TAB>TOKEN". Rewritten
// whole through a temporary file and rename, so a crash leaves the old or the new file.
//
// Thread-safety: none; used by the UI thread only.
#pragma once

#include <optional>
#include <string>

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

  std::optional<StoredIdentity> find(const std::string& url) const;
  // Returns an error message, or empty on success.
  std::string save(const std::string& url, const StoredIdentity& identity) const;
  std::string forget(const std::string& url) const;

 private:
  std::string write_all(const std::string& url, const StoredIdentity* identity) const;
  std::string path_;
};

}  // namespace bh::cli
