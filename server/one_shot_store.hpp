// What the one-shot modes that write through a store share (--create-bot, --reindex):
// the store to open, PostgreSQL (--cluster-db, no lease: this is not a node) or SQLite
// (--db), and a wait for one asynchronous store call.
//
// Thread-safety: the caller's thread; `wait` blocks it until the store answers.
#pragma once

#include <future>
#include <memory>
#include <ostream>
#include <string>

#include "storage/store.hpp"

namespace bh::server {

// Null after telling `err` why the store cannot be opened.
std::unique_ptr<storage::Store> open_one_shot_store(const std::string& db, const std::string& cluster_db,
                                                    std::ostream& err);

// Runs `start(done)` and waits for `done`'s value.
template <class T, class Start>
T wait(Start start) {
  std::promise<T> result;
  start([&result](T value) { result.set_value(std::move(value)); });
  return result.get_future().get();
}

}  // namespace bh::server
