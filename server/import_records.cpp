#include "import_records.hpp"

#include <chrono>
#include <fstream>
#include <future>
#include <ostream>
#include <sstream>
#include <vector>

#include "app/imported_game.hpp"
#include "records/import.hpp"
#include "records/tafl_csv.hpp"
#include "rules/registry.hpp"
#include "storage/sqlite_store.hpp"

namespace bh::server {

namespace {

// A record file is text of a few megabytes; this bounds what one mistaken path costs.
constexpr std::streamsize kMaxFileBytes = 256 * 1024 * 1024;

std::string base_name(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string extension(const std::string& name) {
  const auto dot = name.find_last_of('.');
  return dot == std::string::npos ? std::string() : name.substr(dot + 1);
}

std::string stem(const std::string& name) {
  const auto dot = name.find_last_of('.');
  return dot == std::string::npos ? name : name.substr(0, dot);
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

int import_records(const std::string& db, const std::string& file, const std::string& game, std::ostream& out,
                   std::ostream& err) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    err << "boardhall-server: cannot read " << file << "\n";
    return 1;
  }
  std::string text;
  {
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  if (static_cast<std::streamsize>(text.size()) > kMaxFileBytes) {
    err << "boardhall-server: " << file << " is larger than 256 MiB\n";
    return 1;
  }

  const std::string name = base_name(file);
  std::vector<records::ReadGame> games;
  if (extension(name) == "csv") {
    // A list names its game nowhere inside: one wrong name would refuse every line.
    const std::string id = game.empty() ? stem(name) : game;
    if (auto rules = rules::make_ruleset(id); !rules) {
      err << "boardhall-server: " << file << ": " << rules.error().message << "; name the game with --game\n";
      return 2;
    }
    games = records::read_tafl_csv(text, id);
  } else {
    records::ReadOptions options;
    options.default_game = !game.empty() ? game : extension(name) == "pdn" ? "draughts" : "";
    games = records::read_records(text, options);
  }

  storage::SqliteOptions store_options;
  store_options.log = [&err](const std::string& line) { err << "boardhall-server: store: " << line << "\n"; };
  auto opened = storage::open_sqlite_store(db, store_options);
  if (!opened.error.ok() || !opened.value || !*opened.value) {
    err << "boardhall-server: cannot open the database " << db << ": " << opened.error.message << "\n";
    return 1;
  }
  auto& store = **opened.value;

  // Every game queued at once: the store writes them in a few group commits.
  const std::int64_t at = now_ms();
  int refused = 0;
  std::vector<std::pair<const records::ReadGame*, std::future<storage::StoreError>>> pending;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const records::ReadGame& read = games[i];
    if (!read.record) {
      ++refused;
      err << name << ": " << read.refusal << (read.title.size() > 3 ? " (" + read.title + ")" : "") << "\n";
      continue;
    }
    // Later games of the file end later, so the archive lists the file's last game first.
    storage::GameRecord record = app::imported_game(read, at + static_cast<std::int64_t>(i));
    if (record.id.empty()) {
      ++refused;
      err << name << ": line " << read.line << ": unknown game '" << read.record->game << "'\n";
      continue;
    }
    auto done = std::make_shared<std::promise<storage::StoreError>>();
    pending.emplace_back(&read, done->get_future());
    store.save_game(std::move(record), [done](storage::StoreError e) { done->set_value(std::move(e)); });
  }
  int imported = 0, present = 0, failed = 0;
  for (auto& [read, result] : pending) {
    const storage::StoreError e = result.get();
    if (e.ok()) {
      ++imported;
    } else if (e.code == storage::StoreErrc::conflict) {
      ++present;
    } else {
      ++failed;
      err << name << ": line " << read->line << ": not stored: " << e.message << "\n";
    }
  }
  store.close();
  out << name << ": " << games.size() << " games read, " << imported << " imported, " << present
      << " already in the archive, " << refused << " refused"
      << (failed > 0 ? ", " + std::to_string(failed) + " not stored" : "") << "\n";
  return failed > 0 ? 1 : 0;
}

}  // namespace bh::server
