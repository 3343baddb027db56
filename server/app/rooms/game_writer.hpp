// The durable writes of live games: a move's or a takeback's update, a game's end with
// the match's next game (and its rating changes, which the ratings cache then follows),
// and that end written again while the store fails, doubling the wait up to 30 s. Every
// answer comes back on the caller's strand, guarded (completion.hpp); the live writes'
// answers go through the completion inbox, one network-thread wake-up per batch.
//
// Thread-safety: any thread; answers run on the strand given with the call.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

#include "storage/archive.hpp"
#include "storage/live_games.hpp"
#include "storage/records.hpp"

namespace bh::app {

class CompletionInbox;
class Metrics;
class PendingWrites;
class RatingsCache;

class GameWriter {
 public:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

  GameWriter(storage::LiveGames& live, storage::Archive& archive, std::shared_ptr<CompletionInbox> inbox,
             PendingWrites& pending, RatingsCache& ratings, Metrics& metrics, const std::atomic<bool>& shutting_down)
      : live_(live),
        archive_(archive),
        inbox_(std::move(inbox)),
        pending_(pending),
        ratings_(ratings),
        metrics_(metrics),
        shutting_down_(shutting_down) {}

  // The live game's update; `done` runs on `strand` with the store's answer.
  void save_live(storage::LiveUpdate update, Strand strand, std::function<void(storage::StoreError)> done);
  // The game's end (and the match's next game); `done(error, changes)` runs on
  // `strand`. A failed write is written again later (until the server stops), but one
  // fenced (cluster mode: another node owns the game now).
  void finish(storage::GameRecord record, std::optional<storage::LiveGame> next, Strand strand,
              std::function<void(storage::StoreErrc, std::optional<storage::RatingChanges>)> done);

 private:
  void retry(std::shared_ptr<const storage::GameRecord> record, Strand strand, std::chrono::seconds delay);

  storage::LiveGames& live_;
  storage::Archive& archive_;
  std::shared_ptr<CompletionInbox> inbox_;
  PendingWrites& pending_;
  RatingsCache& ratings_;
  Metrics& metrics_;
  const std::atomic<bool>& shutting_down_;
};

}  // namespace bh::app
