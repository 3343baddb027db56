#include "app/rooms/game_writer.hpp"

#include <boost/asio/defer.hpp>
#include <boost/asio/steady_timer.hpp>

#include "app/completion.hpp"
#include "app/completion_inbox.hpp"
#include "app/metrics.hpp"
#include "app/pending_writes.hpp"
#include "app/ratings/ratings.hpp"
#include "explorer/opening_line.hpp"
#include "log/log.hpp"

namespace bh::app {

namespace asio = boost::asio;

void GameWriter::save_live(storage::LiveUpdate update, Strand strand, std::function<void(storage::StoreError)> done) {
  const std::string game_id = update.game_id;
  live_.save_live(std::move(update),
                  [this, strand, game_id, done = std::move(done)](storage::StoreError error) mutable {
                    if (!error.ok()) metrics_.live_write_failures++;
                    // From the store's thread to a network thread with the batch's other completions,
                    // then to the room's strand on that thread.
                    inbox_->post([strand, game_id, done = std::move(done), error = std::move(error)]() mutable {
                      asio::defer(strand, [game_id, done = std::move(done), error = std::move(error)]() mutable {
                        auto run = [&] { done(error); };
                        auto failed = [&] { log::error("live game " + game_id + ": its write's answer was lost"); };
                        run_guarded("a live game's write", run, failed);
                      });
                    });
                  });
}

void GameWriter::finish(storage::GameRecord record, std::optional<storage::LiveGame> next, Strand strand,
                        std::function<void(storage::StoreErrc, std::optional<storage::RatingChanges>)> done) {
  pending_.add();
  // The explorer's keys, replayed here: the store's threads run no rules.
  record.opening = explorer::opening_line(record);
  auto kept = std::make_shared<const storage::GameRecord>(record);
  auto answer = on_executor<storage::StoreResult<storage::GameFinish>>(
      strand, "a game's end",
      [this, kept, strand, done](storage::StoreResult<storage::GameFinish> result) {
        std::optional<storage::RatingChanges> changes;
        if (result.value) changes = std::move(result.value->rating_changes);
        // Each player is in one game at a time: the cache follows the database.
        if (changes) ratings_.apply(kept->first_player, kept->second_player, *changes);
        if (result.error.code == storage::StoreErrc::fenced) {
          log::info("game " + kept->id + " not archived here: " + result.error.message);
        } else if (!result.error.ok()) {
          metrics_.archive_failures++;
          log::error("game " + kept->id + " could not be archived: " + result.error.message);
          retry(kept, strand, std::chrono::seconds(1));
        }
        done(result.error.code, std::move(changes));
      },
      [kept] { log::error("game " + kept->id + ": its end's answer failed"); });
  live_.finish_game(std::move(record), std::move(next),
                    [this, answer = std::move(answer)](storage::StoreResult<storage::GameFinish> result) mutable {
                      answer(std::move(result));
                      pending_.done();
                    });
}

void GameWriter::retry(std::shared_ptr<const storage::GameRecord> record, Strand strand, std::chrono::seconds delay) {
  auto timer = std::make_shared<asio::steady_timer>(strand, delay);
  timer->async_wait([this, timer, record, strand, delay](const boost::system::error_code& ec) {
    if (ec) return;
    // save_game also drops the game's live row, which a later game of the room superseded.
    archive_.save_game(*record, on_executor<storage::StoreError>(
                                    strand, "an archive retry",
                                    [this, record, strand, delay](storage::StoreError error) {
                                      if (error.ok()) return log::info("game " + record->id + " archived after all");
                                      if (error.code != storage::StoreErrc::unavailable)  // stored already
                                        return log::error("game " + record->id + " not archived: " + error.message);
                                      if (!shutting_down_)
                                        retry(record, strand, std::min(delay * 2, std::chrono::seconds(30)));
                                    },
                                    [] {}));
  });
}

}  // namespace bh::app
