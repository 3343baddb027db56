#include "pg_cluster.hpp"

#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace bh::testing {

namespace {

namespace fs = std::filesystem;

// The newest installed PostgreSQL's programs, unless the environment names them.
std::string find_bin() {
  if (const char* bin = std::getenv("BOARDHALL_PG_BIN"); bin && *bin) return bin;
  std::vector<fs::path> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec))
    if (fs::exists(entry.path() / "bin" / "initdb")) found.push_back(entry.path() / "bin");
  if (found.empty()) return {};
  std::sort(found.begin(), found.end(), [](const fs::path& a, const fs::path& b) {
    return std::stoi(a.parent_path().filename().string()) < std::stoi(b.parent_path().filename().string());
  });
  return found.back().string();
}

std::vector<char*> argv_of(std::vector<std::string>& words) {
  std::vector<char*> argv;
  for (auto& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  return argv;
}

}  // namespace

std::unique_ptr<PgCluster> PgCluster::start(std::string& error) {
  std::unique_ptr<PgCluster> cluster(new PgCluster());
  cluster->bin_ = find_bin();
  if (cluster->bin_.empty()) {
    error = "no PostgreSQL server found (scripts/deps --test installs it; or set BOARDHALL_PG_BIN)";
    return nullptr;
  }
  // /tmp, not a long TMPDIR: a Unix socket's path must stay under ~100 bytes.
  std::string pattern = "/tmp/bh-pg-XXXXXX";
  if (!mkdtemp(pattern.data())) {
    error = "mkdtemp failed";
    return nullptr;
  }
  cluster->folder_ = pattern;
  cluster->data_ = pattern + "/data";
  cluster->log_ = pattern + "/server.log";
  if (geteuid() == 0) {
    const passwd* nobody = getpwnam("nobody");
    if (!nobody) {
      error = "running as root and there is no user nobody to run PostgreSQL as";
      fs::remove_all(cluster->folder_);
      return nullptr;
    }
    cluster->as_nobody_ = true;
    cluster->uid_ = nobody->pw_uid;
    cluster->gid_ = nobody->pw_gid;
    if (chown(cluster->folder_.c_str(), cluster->uid_, cluster->gid_) != 0) {
      error = "cannot give " + cluster->folder_ + " to nobody";
      fs::remove_all(cluster->folder_);
      return nullptr;
    }
  }
  cluster->start_watchdog();  // from here on, the folder goes whatever happens
  if (!cluster->run("initdb", {"-D", cluster->data_, "-U", "boardhall", "-A", "trust", "-E", "UTF8", "--locale=C",
                               "--no-sync"})) {
    error = "initdb failed (see " + cluster->folder_ + "/commands.log)";
    return nullptr;
  }
  {
    std::ofstream conf(cluster->data_ + "/postgresql.conf", std::ios::app);
    conf << "\n# the test's (pg_cluster.cpp)\nlisten_addresses = ''\nunix_socket_directories = '" << cluster->folder_
         << "'\nfsync = off\nfull_page_writes = off\nshared_buffers = 16MB\nmax_connections = 200\n";
  }
  if (!cluster->restart()) {
    error = "PostgreSQL did not start (see " + cluster->log_ + ")";
    return nullptr;
  }
  return cluster;
}

PgCluster::~PgCluster() {
  if (running_) stop();
  if (watchdog_fd_ >= 0) close(watchdog_fd_);
  if (watchdog_ > 0) waitpid(watchdog_, nullptr, 0);
  std::error_code ec;
  fs::remove_all(folder_, ec);
}

void PgCluster::start_watchdog() {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return;
  std::vector<std::string> words = {
      "/bin/sh",
      "-c",
      "trap '' INT TERM HUP; read _; \"$1/pg_ctl\" -D \"$2\" -m immediate -w stop >/dev/null 2>&1; rm -rf \"$3\"",
      "bh-pg-watchdog",
      bin_,
      data_,
      folder_};
  auto argv = argv_of(words);
  const pid_t pid = fork();
  if (pid == 0) {
    // Its own session: a signal to the test's process group leaves it to clean up.
    setsid();
    dup2(fds[0], 0);
    if (as_nobody_ && (setgid(gid_) != 0 || setuid(uid_) != 0)) _exit(1);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fds[0]);
  watchdog_fd_ = fds[1];
  watchdog_ = pid;
}

bool PgCluster::run(const std::string& program, const std::vector<std::string>& args) const {
  std::vector<std::string> words = {bin_ + "/" + program};
  words.insert(words.end(), args.begin(), args.end());
  auto argv = argv_of(words);
  const std::string log = folder_ + "/commands.log";
  const int out = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  const pid_t pid = fork();
  if (pid == 0) {
    if (out >= 0) {
      dup2(out, 1);
      dup2(out, 2);
    }
    const int in = open("/dev/null", O_RDONLY);
    if (in >= 0) dup2(in, 0);
    if (chdir(folder_.c_str()) != 0) _exit(126);
    if (as_nobody_ && (setgroups(0, nullptr) != 0 || setgid(gid_) != 0 || setuid(uid_) != 0)) _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  if (out >= 0) close(out);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool PgCluster::stop() {
  const bool ok = run("pg_ctl", {"-D", data_, "-m", "fast", "-w", "-t", "60", "stop"});
  if (ok) running_ = false;
  return ok;
}

bool PgCluster::restart() {
  running_ = run("pg_ctl", {"-D", data_, "-l", log_, "-w", "-t", "60", "start"});
  return running_;
}

std::string PgCluster::dsn(const std::string& database) const {
  return "host=" + folder_ + " user=boardhall dbname=" + database;
}

std::string PgCluster::create_database() {
  const std::string name = "t" + std::to_string(++databases_);
  // An identifier, made here from a counter: not a value, so not a parameter.
  const auto rows = sql("postgres", "CREATE DATABASE " + name);
  if (!rows.empty()) return {};
  return name;
}

std::vector<std::string> PgCluster::sql(const std::string& database, const std::string& text) const {
  std::vector<std::string> rows;
  PGconn* conn = PQconnectdb(dsn(database).c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    rows.push_back(std::string("ERROR: ") + PQerrorMessage(conn));
    PQfinish(conn);
    return rows;
  }
  PGresult* result = PQexec(conn, text.c_str());
  const auto status = PQresultStatus(result);
  if (status == PGRES_TUPLES_OK) {
    for (int r = 0; r < PQntuples(result); ++r) {
      std::string row;
      for (int c = 0; c < PQnfields(result); ++c) {
        if (c > 0) row += '|';
        row += PQgetvalue(result, r, c);
      }
      rows.push_back(std::move(row));
    }
  } else if (status != PGRES_COMMAND_OK) {
    rows.push_back(std::string("ERROR: ") + PQresultErrorMessage(result));
  }
  PQclear(result);
  PQfinish(conn);
  return rows;
}

}  // namespace bh::testing
