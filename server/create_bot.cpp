#include "create_bot.hpp"

#include <future>
#include <iterator>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <variant>

#include "app/players/passwords.hpp"
#include "app/secrets.hpp"
#include "names/player_names.hpp"
#include "one_shot_store.hpp"
#include "secret_file.hpp"

namespace bh::server {

int create_bot(const std::string& db, const std::string& cluster_db, const std::string& raw_name,
               const std::string& secret_file, std::ostream& out, std::ostream& err) {
  auto checked = names::check_name(raw_name);
  if (!checked) {
    err << "--create-bot: " << names::describe(checked.error()) << ": a name has 1 to " << names::kMaxNameLength
        << " characters: letters of one script, digits, '-', '_', '.', and spaces inside (got \"" << raw_name
        << "\")\n";
    return 2;
  }
  const std::string name = *checked;
  const Secret secret = read_secret(secret_file);
  if (!secret.error.empty()) {
    err << "--secret-file " << secret_file << ": " << secret.error << "\n";
    return 2;
  }
  if (secret.exists && (secret.password.size() < 8 || secret.password.size() > 256)) {
    err << "--secret-file " << secret_file << " exists but holds no password (8 to 256 characters on its first line)\n";
    return 2;
  }
  auto opened = open_one_shot_store(db, cluster_db, err);
  if (!opened) return 2;
  auto& store = *opened;
  storage::Accounts& accounts = store;  // all a bot account needs, besides close()
  const auto found =
      wait<storage::StoreResult<storage::Account>>([&](auto done) { accounts.find_account(name, std::move(done)); });
  if (!found.error.ok() && found.error.code != storage::StoreErrc::not_found) {
    err << "cannot read the accounts: " << found.error.message << "\n";
    return 2;
  }
  if (found.value && !found.value->bot) {
    err << "--create-bot: '" << name << "' is a person's account; a bot needs a name of its own\n";
    return 2;
  }
  if (!found.value) {  // a new bot's name must not look like an account's either
    const auto like = wait<storage::StoreResult<storage::Account>>(
        [&](auto done) { accounts.find_account_like(name, std::move(done)); });
    if (like.value) {
      err << "--create-bot: '" << name << "' looks like the account '" << like.value->name
          << "'; a bot needs a name of its own\n";
      return 2;
    }
  }
  // The file's password already works: nothing to do, unless the hash is of an older
  // kind (PBKDF2), which is then upgraded to Argon2id.
  const bool same = found.value && secret.exists && app::verify_password(*found.value, secret.password);
  if (same && !app::needs_rehash(*found.value)) {
    out << "bot account '" << name << "' is ready; its password is in " << secret_file << " (unchanged)\n";
    return 0;
  }
  std::string password = secret.password;
  if (!secret.exists) {
    password = app::random_hex(24);
    if (const auto error = write_secret(secret_file, password); !error.empty()) {
      err << "--secret-file " << secret_file << ": cannot write it: " << error << "\n";
      return 2;
    }
  }
  storage::Account account;
  try {
    account = app::make_account(name, password);
  } catch (const std::exception& e) {
    err << "--create-bot: " << e.what() << "\n";
    return 2;
  }
  const auto saved =
      wait<storage::StoreError>([&](auto done) { accounts.save_bot_account(std::move(account), std::move(done)); });
  store.close();
  if (!saved.ok()) {
    err << "--create-bot: " << saved.message << "\n";
    return 2;
  }
  if (same)
    out << "bot account '" << name << "' is ready; its password is in " << secret_file
        << " (its hash upgraded to Argon2id)\n";
  else
    out << "bot account '" << name << "' " << (found.value ? "given the password in " : "created; its password is in ")
        << secret_file << "\n";
  return 0;
}

}  // namespace bh::server
