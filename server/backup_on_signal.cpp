#include "backup_on_signal.hpp"

#include <cstdio>
#include <ctime>
#include <filesystem>

#include "log/log.hpp"
#include "storage/sqlite_store.hpp"

namespace bh::server {

std::string backup_file_name(const std::string& db, const std::string& backup_dir,
                             std::chrono::system_clock::time_point now) {
  const std::filesystem::path file(db);
  const std::filesystem::path folder = backup_dir.empty() ? file.parent_path() : std::filesystem::path(backup_dir);
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char stamp[40];
  const std::size_t length = std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", &utc);
  std::snprintf(stamp + length, sizeof stamp - length, "%03dZ", static_cast<int>(millis));
  return (folder / (file.stem().string() + "-backup-" + stamp + ".db")).string();
}

std::function<void()> backup_on_signal(storage::SqliteStore& store, std::string db, std::string backup_dir) {
  return [&store, db = std::move(db), backup_dir = std::move(backup_dir)] {
    std::string destination = backup_file_name(db, backup_dir, std::chrono::system_clock::now());
    log::info("SIGUSR1: backing up " + db + " to " + destination);
    store.backup_to(destination, [destination](const storage::StoreError& error) {
      if (error.ok()) log::info("backup written: " + destination);
      else log::error("backup not written: " + error.message);
    });
  };
}

}  // namespace bh::server
