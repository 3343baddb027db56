// A throwaway PostgreSQL server for tests (the store's, and later the cluster's): made
// with initdb in a fresh temporary folder, listening only on a Unix socket in that
// folder, stopped and deleted by the destructor. Run as `nobody` when the test runs as
// root (initdb and postgres refuse root), directly otherwise. A watchdog process stops
// the server and deletes the folder when the test process ends in any other way
// (a failed assertion that aborts, a sanitizer's report, a timeout's kill).
//
// fsync is off: the data is thrown away with the folder and no test outlives a crash of
// the machine; it saves the disk's flushes on shared test machines. Everything else is
// PostgreSQL's default, so a commit's path is the production one up to the disk.
//
// Thread-safety: none; one thread (the test's) drives it.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

namespace bh::testing {

class PgCluster {
 public:
  // initdb and start. The binaries are found in BOARDHALL_PG_BIN, else the newest
  // /usr/lib/postgresql/*/bin. nullptr with `error` set when that fails.
  static std::unique_ptr<PgCluster> start(std::string& error);
  ~PgCluster();
  PgCluster(const PgCluster&) = delete;
  PgCluster& operator=(const PgCluster&) = delete;

  // A new empty database, named "t1", "t2"... Empty string on failure.
  std::string create_database();
  // The key=value DSN of `database` (libpq's form; the folder is the socket's host).
  std::string dsn(const std::string& database) const;
  // Stops the server (fast shutdown, clients cut off) and starts it again on the same
  // data: what a store must live through. False on failure.
  bool stop();
  bool restart();
  bool running() const { return running_; }
  // Runs one SQL text on `database`: each row's columns joined by '|'. A failure is
  // returned as one row "ERROR: ...".
  std::vector<std::string> sql(const std::string& database, const std::string& text) const;
  const std::string& folder() const { return folder_; }

 private:
  PgCluster() = default;
  // Runs a PostgreSQL program (as `nobody` under root), its output to the folder's log.
  bool run(const std::string& program, const std::vector<std::string>& args) const;
  void start_watchdog();

  std::string bin_, folder_, data_, log_;
  bool as_nobody_ = false;
  uid_t uid_ = 0;
  gid_t gid_ = 0;
  bool running_ = false;
  int databases_ = 0;
  int watchdog_fd_ = -1;  // closing it (or dying) tells the watchdog to clean up
  pid_t watchdog_ = -1;
};

}  // namespace bh::testing
