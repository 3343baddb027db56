#include "reindex_explorer.hpp"

#include <cstdint>
#include <deque>
#include <future>
#include <memory>
#include <vector>

#include "explorer/opening_line.hpp"
#include "one_shot_store.hpp"

namespace bh::server {

namespace {

// Writes queued at most before the oldest is waited for: the store's group commits
// stay full, the memory bounded.
constexpr std::size_t kMaxPending = 512;

}  // namespace

int reindex_explorer(const std::string& db, const std::string& cluster_db, std::ostream& out, std::ostream& err) {
  auto store = open_one_shot_store(db, cluster_db, err);
  if (!store) return 1;
  const auto fail = [&](const std::string& what, const storage::StoreError& error) {
    err << "boardhall-server: --reindex: " << what << ": " << error.message << "\n";
    store->close();
    return 1;
  };
  if (auto cleared = wait<storage::StoreError>([&](auto done) { store->clear_explorer(std::move(done)); });
      !cleared.ok())
    return fail("cannot empty the index", cleared);

  std::int64_t read = 0, indexed = 0, skipped = 0;
  std::deque<std::future<storage::StoreError>> pending;
  std::optional<storage::StoreError> write_failed;
  const auto settle_one = [&] {
    const storage::StoreError e = pending.front().get();
    pending.pop_front();
    if (!e.ok() && !write_failed) write_failed = e;
  };
  storage::ArchiveQuery page_query;  // every public game with a result, newest first
  page_query.limit = 100;
  while (true) {
    auto page = wait<storage::StoreResult<storage::ArchivePage>>(
        [&](auto done) { store->list_games(page_query, std::move(done)); });
    if (!page.error.ok()) return fail("cannot list the games", page.error);
    // A page's records are all asked for before its writes are queued: a read waits
    // for the writes queued before it, so the page's writes then share one commit.
    std::vector<std::future<storage::StoreResult<storage::GameRecord>>> records;
    for (const storage::GameSummary& summary : page.value->games) {
      auto got = std::make_shared<std::promise<storage::StoreResult<storage::GameRecord>>>();
      records.push_back(got->get_future());
      store->get_game(summary.id, [got](storage::StoreResult<storage::GameRecord> r) { got->set_value(std::move(r)); });
    }
    for (auto& record : records) {
      auto game = record.get();
      if (!game.error.ok()) return fail("cannot read a game", game.error);
      if (++read % 10000 == 0) err << "boardhall-server: --reindex: " << read << " games read\n";
      game.value->opening = explorer::opening_line(*game.value);
      if (game.value->opening.positions.empty()) {
        ++skipped;
        continue;
      }
      if (pending.size() >= kMaxPending) settle_one();
      auto done = std::make_shared<std::promise<storage::StoreError>>();
      pending.push_back(done->get_future());
      store->index_opening(std::move(*game.value), [done](storage::StoreError e) { done->set_value(std::move(e)); });
      ++indexed;
    }
    if (!page.value->next_cursor) break;
    page_query.cursor = page.value->next_cursor;
  }
  while (!pending.empty()) settle_one();
  if (write_failed) return fail("cannot write the index", *write_failed);
  store->close();
  out << "reindexed " << (cluster_db.empty() ? db : std::string("the cluster's database")) << ": " << read
      << " games read, " << indexed << " indexed, " << skipped << " without a move the rules replay\n";
  return 0;
}

}  // namespace bh::server
