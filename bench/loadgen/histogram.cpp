#include "histogram.hpp"

#include <algorithm>
#include <cmath>

namespace bh::loadgen {

void Histogram::merge(const Histogram& other) {
  for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  overflow_ += other.overflow_;
  total_ += other.total_;
  max_ = std::max(max_, other.max_);
}

void Histogram::clear() {
  std::fill(counts_.begin(), counts_.end(), 0u);
  overflow_ = total_ = max_ = 0;
}

std::uint64_t Histogram::percentile(double p) const {
  if (total_ == 0) return 0;
  const auto rank = static_cast<std::uint64_t>(std::ceil(static_cast<double>(total_) * p / 100.0));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    seen += counts_[i];
    if (seen >= std::max<std::uint64_t>(rank, 1)) return i;
  }
  return kExactMicros;
}

}  // namespace bh::loadgen
