#include "game/live_journal.hpp"

#include <algorithm>

namespace bh::game {

void LiveJournal::start(bool header_durable) {
  // The buffer goes with the moves: cleared, a vector keeps its capacity, and a room's
  // journal would hold a buffer as large as its match's longest game so far until the
  // match ends (~24 KiB a room on average after 50 games under bh_loadgen, issue 27).
  std::vector<storage::MoveRecord>().swap(moves_);
  durable_plies_ = 0;
  erase_through_ = 0;
  header_durable_ = header_durable;
}

void LiveJournal::restore(std::vector<storage::MoveRecord> moves) {
  moves_ = std::move(moves);
  durable_plies_ = plies();
  header_durable_ = true;
}

LiveJournal::Write LiveJournal::next_write() const {
  Write w;
  w.header = !header_durable_;
  w.first_ply = durable_plies_ + 1;
  w.moves.assign(moves_.begin() + durable_plies_, moves_.end());
  w.plies = plies();
  w.erase_through = erase_through_;
  return w;
}

void LiveJournal::written(bool with_header, int plies, bool ok, int erase_through) {
  if (ok) {
    durable_plies_ = std::min(std::max(durable_plies_, plies), this->plies());
    if (with_header) header_durable_ = true;
    if (erase_through >= erase_through_) erase_through_ = 0;
  } else {
    header_durable_ = false;
  }
}

bool LiveJournal::starts_failing(bool ok) {
  const bool starts = !ok && !failing_;
  failing_ = !ok;
  return starts;
}

void LiveJournal::add(storage::MoveRecord move) {
  moves_.push_back(std::move(move));
  untold_ = true;
}

void LiveJournal::take_back(int plies) {
  erase_through_ = std::max(erase_through_, this->plies());
  moves_.resize(static_cast<std::size_t>(plies));
  durable_plies_ = std::min(durable_plies_, plies);
  untold_ = true;
}

std::vector<std::function<void()>> LiveJournal::told() {
  untold_ = false;
  auto out = std::move(deferred_);
  deferred_.clear();
  return out;
}

}  // namespace bh::game
