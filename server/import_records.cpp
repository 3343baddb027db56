#include "import_records.hpp"

#include <chrono>
#include <deque>
#include <fstream>
#include <future>
#include <ostream>
#include <utility>

#include "app/archive/imported_game.hpp"
#include "records/import.hpp"
#include "records/tafl_csv.hpp"
#include "rules/registry.hpp"
#include "storage/sqlite_store.hpp"
#include "text/control_chars.hpp"

namespace bh::server {

namespace {

// Games handed to the store and not yet written, at most: enough for the store's group
// commits (512 games a transaction) to follow one another, while the reading waits
// instead of holding a file's worth of games.
constexpr std::size_t kMaxPending = 1024;

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

int import_records(const ImportRequest& request, std::ostream& out, std::ostream& err) {
  const std::string& file = request.file;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    err << "boardhall-server: cannot read " << text::escaped_controls(file) << "\n";
    return 1;
  }
  const std::string name = base_name(file);
  // What the report prints of the file is shown on a terminal: its control characters
  // (a record's names, its moves as written, a file name) are escaped.
  const auto report = [&err, shown = text::escaped_controls(name)](const std::string& line) {
    err << shown << ": " << text::escaped_controls(line) << "\n";
  };
  const bool csv = extension(name) == "csv";
  // A list names its game nowhere inside: one wrong name would refuse every line.
  const std::string csv_game = request.game.empty() ? stem(name) : request.game;
  if (csv) {
    if (auto rules = rules::make_ruleset(csv_game); !rules) {
      err << "boardhall-server: " << text::escaped_controls(file) << ": "
          << text::escaped_controls(rules.error().message) << "; name the game with --game\n";
      return 2;
    }
  }

  storage::SqliteOptions store_options;
  store_options.log = [&err](const std::string& line) { err << "boardhall-server: store: " << line << "\n"; };
  auto opened = storage::open_sqlite_store(request.db, store_options);
  if (!opened.error.ok() || !opened.value || !*opened.value) {
    err << "boardhall-server: " << storage::open_failure_text(request.db, opened.error) << "\n";
    return 1;
  }
  auto& store = **opened.value;
  storage::Archive& archive = store;  // all the import needs, besides close()

  // Each game is stored as soon as it is read; the store writes them in group commits.
  const std::int64_t at = now_ms();
  std::size_t read_count = 0;
  int refused = 0, imported = 0, present = 0, failed = 0;
  std::deque<std::pair<int, std::future<storage::StoreError>>> pending;  // (line, result)
  const auto settle_one = [&] {
    auto [line, result] = std::move(pending.front());
    pending.pop_front();
    const storage::StoreError e = result.get();
    if (e.ok()) {
      ++imported;
    } else if (e.code == storage::StoreErrc::conflict) {
      ++present;
    } else {
      ++failed;
      report("line " + std::to_string(line) + ": not stored: " + e.message);
    }
  };
  const auto each = [&](records::ReadGame read) {
    const std::size_t index = read_count++;
    if (!read.record) {
      ++refused;
      report(read.refusal + (read.title.size() > 3 ? " (" + read.title + ")" : ""));
      return;
    }
    // Later games of the file end later, so the archive lists the file's last game first.
    storage::GameRecord record = app::imported_game(read, at + static_cast<std::int64_t>(index));
    if (record.id.empty()) {
      ++refused;
      report("line " + std::to_string(read.line) + ": unknown game '" + read.record->game + "'");
      return;
    }
    if (pending.size() >= kMaxPending) settle_one();
    auto done = std::make_shared<std::promise<storage::StoreError>>();
    pending.emplace_back(read.line, done->get_future());
    archive.save_game(std::move(record), [done](storage::StoreError e) { done->set_value(std::move(e)); });
  };
  bool read_ok = false;
  if (csv) {
    read_ok = records::read_tafl_csv(in, csv_game, request.limits, each);
  } else {
    records::ReadOptions options;
    options.default_game = !request.game.empty() ? request.game : extension(name) == "pdn" ? "draughts" : "";
    options.limits = request.limits;
    read_ok = records::read_records(in, options, each);
  }
  while (!pending.empty()) settle_one();
  store.close();
  if (!read_ok)
    err << "boardhall-server: " << text::escaped_controls(file) << ": a read error; the games before it are in\n";
  out << text::escaped_controls(name) << ": " << read_count << " games read, " << imported << " imported, " << present
      << " already in the archive, " << refused << " refused"
      << (failed > 0 ? ", " + std::to_string(failed) + " not stored" : "") << "\n";
  return failed > 0 || !read_ok ? 1 : 0;
}

}  // namespace bh::server
