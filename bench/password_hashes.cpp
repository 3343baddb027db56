// What a password hash costs (docs/protocol.md, "Identity"): time and memory per hash for
// the server's Argon2id parameters, a few others for comparison, and the PBKDF2 it
// replaced; and so how many logins a second the one password worker can check.
//   bh_bench_passwords [ROUNDS]   (default 20 hashes per setting)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "app/players/passwords.hpp"

namespace {

// A field of /proc/self/status in KiB ("VmRSS", "VmHWM": the peak), -1 when unknown.
long status_kib(const std::string& key) {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind(key + ":", 0) == 0) return std::atol(line.c_str() + key.size() + 1);
  return -1;
}

template <class Hash>
void measure(const char* name, int rounds, Hash hash) {
  std::ofstream("/proc/self/clear_refs") << "5";  // resets VmHWM to the current RSS (Linux 4.0+)
  const long rss_before = status_kib("VmRSS");
  std::vector<double> ms;
  for (int i = 0; i < rounds; ++i) {
    const auto start = std::chrono::steady_clock::now();
    hash();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  const double median = ms[ms.size() / 2];
  std::printf("%-34s median %6.1f ms  p90 %6.1f ms  peak RSS +%5.1f MiB  -> %5.1f checks/s on one thread\n", name,
              median, ms[ms.size() * 9 / 10], static_cast<double>(status_kib("VmHWM") - rss_before) / 1024.0,
              1000.0 / median);
}

}  // namespace

int main(int argc, char** argv) {
  using bh::app::PasswordCost;
  const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  const std::string password = "correct horse battery";
  const auto pbkdf2 = bh::app::make_pbkdf2_account("bench", password, 100'000);
  measure("PBKDF2-SHA256 100000 (before)", rounds, [&] { bh::app::verify_password(pbkdf2, password); });
  const auto server = bh::app::make_account("bench", password);
  measure("Argon2id m=19MiB t=2 p=1 (server)", rounds, [&] { bh::app::verify_password(server, password); });
  measure("  the dummy check (unknown name)", rounds, [&] { bh::app::verify_against_dummy(password); });
  measure("  make_account (register)", rounds, [&] { bh::app::make_account("bench", password); });
  const auto t1 = bh::app::make_account("bench", password, PasswordCost{1, std::size_t{46} << 20});
  measure("Argon2id m=46MiB t=1 p=1", rounds, [&] { bh::app::verify_password(t1, password); });
  const auto interactive = bh::app::make_account("bench", password, PasswordCost{2, std::size_t{64} << 20});
  measure("Argon2id m=64MiB t=2 (INTERACTIVE)", rounds, [&] { bh::app::verify_password(interactive, password); });
  return 0;
}
