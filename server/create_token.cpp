#include "create_token.hpp"

#include <ostream>

#include "app/api/api_token.hpp"
#include "app/wall_clock.hpp"
#include "one_shot_store.hpp"
#include "secret_file.hpp"

namespace bh::server {

namespace {

std::vector<std::string> split_scopes(const std::string& list) {
  std::vector<std::string> out;
  std::string::size_type from = 0;
  for (;;) {
    const auto comma = list.find(',', from);
    out.push_back(list.substr(from, comma - from));
    if (comma == std::string::npos) return out;
    from = comma + 1;
  }
}

}  // namespace

int create_token(const TokenRequest& r, std::ostream& out, std::ostream& err) {
  const auto scopes = app::api::parse_scopes(split_scopes(r.scopes));
  if (!scopes) {
    err << "--scopes: " << scopes.error() << "\n";
    return 2;
  }
  const auto label = app::api::checked_label(r.label);
  if (!label) {
    err << "--label: " << label.error() << "\n";
    return 2;
  }
  const Secret secret = read_secret(r.secret_file);
  if (!secret.error.empty()) {
    err << "--secret-file " << r.secret_file << ": " << secret.error << "\n";
    return 2;
  }
  auto opened = open_one_shot_store(r.db, r.cluster_db, err);
  if (!opened) return 2;
  auto& store = *opened;
  if (secret.exists) {
    // A token already: kept when it is one of the account's, refused otherwise (a file
    // is never overwritten).
    const auto found = wait<storage::StoreResult<storage::ApiToken>>(
        [&](auto done) { store.find_api_token(app::api::secret_hash(secret.password), std::move(done)); });
    store.close();
    if (found.value && found.value->owner == r.owner) {
      out << "token " << found.value->id << " of '" << r.owner << "' is ready in " << r.secret_file << " (unchanged)\n";
      return 0;
    }
    err << "--secret-file " << r.secret_file << " exists and holds no token of '" << r.owner
        << "'; remove it to make a new one\n";
    return 2;
  }
  storage::ApiToken token;
  token.id = app::api::new_token_id();
  token.owner = r.owner;
  const std::string value = app::api::new_secret();
  token.hash = app::api::secret_hash(value);
  token.scopes = app::api::scopes_text(*scopes);
  token.label = *label;
  token.created_ms = app::now_ms();
  const auto id = token.id;
  const auto saved = wait<storage::StoreError>(
      [&](auto done) { store.create_token(std::move(token), app::api::kMaxTokensPerAccount, std::move(done)); });
  store.close();
  if (!saved.ok()) {
    err << "--create-token: "
        << (saved.code == storage::StoreErrc::not_found ? "no account '" + r.owner + "'" : saved.message) << "\n";
    return 2;
  }
  if (const auto error = write_secret(r.secret_file, value); !error.empty()) {
    err << "--secret-file " << r.secret_file << ": cannot write it: " << error << " (token " << id
        << " was made; revoke it)\n";
    return 2;
  }
  out << "token " << id << " of '" << r.owner << "' (" << app::api::scopes_text(*scopes) << ") written to "
      << r.secret_file << "\n";
  return 0;
}

}  // namespace bh::server
