// What the store benchmarks share (archive_pages, explorer_lookups, store_reads): a wait
// for one asynchronous store call, a percentile, and a temporary folder for the file.
//
// Thread-safety: the benchmark's thread.
#pragma once

#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <vector>

namespace bh::bench {

// Starts an asynchronous call with a completion and waits for its result.
template <class R, class Start>
R await(Start start) {
  auto promise = std::make_shared<std::promise<R>>();
  auto future = promise->get_future();
  start([promise](R result) { promise->set_value(std::move(result)); });
  return future.get();
}

// The p-th percentile (nearest rank) of `values`, 0 < p <= 100.
inline double percentile(std::vector<double> values, int p) {
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, (values.size() * static_cast<std::size_t>(p) + 99) / 100 - 1)];
}

// A new folder under the system's temporary one, named from `prefix`; empty on failure
// (after saying why).
inline std::filesystem::path temp_folder(const std::string& prefix) {
  std::string pattern = (std::filesystem::temp_directory_path() / (prefix + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) {
    std::perror("mkdtemp");
    return {};
  }
  return pattern;
}

}  // namespace bh::bench
