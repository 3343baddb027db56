// Latency histogram in whole microseconds: exact below 1 s (one counter per µs,
// allocated once), a single overflow count above, and the exact maximum. Recording
// never allocates.
//
// Thread-safety: none; each io thread keeps its own and they are merged at the end.
#pragma once

#include <cstdint>
#include <vector>

namespace bh::loadgen {

class Histogram {
 public:
  static constexpr std::uint64_t kExactMicros = 1'000'000;

  Histogram() : counts_(kExactMicros, 0) {}
  void record(std::uint64_t micros) {
    if (micros < kExactMicros) ++counts_[micros];
    else ++overflow_;
    ++total_;
    if (micros > max_) max_ = micros;
  }
  void merge(const Histogram& other);
  void clear();
  std::uint64_t count() const { return total_; }
  std::uint64_t max() const { return max_; }
  // The smallest value v with at least p% of the samples <= v (kExactMicros when it
  // falls in the overflow); 0 when empty.
  std::uint64_t percentile(double p) const;

 private:
  std::vector<std::uint32_t> counts_;
  std::uint64_t overflow_ = 0, total_ = 0, max_ = 0;
};

}  // namespace bh::loadgen
