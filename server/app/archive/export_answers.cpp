#include "app/archive/export_answers.hpp"

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <optional>

#include "app/archive/export_http.hpp"
#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "log/log.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace {

using Page = storage::StoreResult<storage::ArchivePage>;
using Found = storage::StoreResult<storage::GameRecord>;
using Piece = HttpBodySource::Piece;

// The bulk export's body: the ids of the page being written, the cursor of the next.
class ArchiveExport : public HttpBodySource, public std::enable_shared_from_this<ArchiveExport> {
 public:
  ArchiveExport(std::shared_ptr<Context> ctx, storage::ArchiveQuery query, bool ndjson, storage::ArchivePage first)
      : ctx_(std::move(ctx)), query_(std::move(query)), ndjson_(ndjson) {
    const int rate = ctx_->config.export_games_per_second;
    if (rate > 0) interval_ = std::chrono::microseconds(1'000'000 / rate);
    take(std::move(first));
  }

  void next(std::function<void(Piece)> give) override {
    if (!ids_.empty()) {
      std::string id = std::move(ids_.front());
      ids_.pop_front();
      return write_game(std::move(id), std::move(give));
    }
    if (!query_.cursor) return give(Piece{"", true, false});
    auto self = shared_from_this();
    auto failed = [give] { give(Piece{"", false, true}); };
    ctx_->store.list_games(query_, on_io<Page>(
                                       ctx_->io, "GET /api/games/export",
                                       [self, give](Page page) {
                                         if (!page.error.ok() || !page.value) {
                                           log::error("export cut: the archive failed: " + page.error.message);
                                           return give(Piece{"", false, true});
                                         }
                                         self->take(std::move(*page.value));
                                         self->next(give);
                                       },
                                       failed));
  }

 private:
  void take(storage::ArchivePage page) {
    for (auto& game : page.games) ids_.push_back(std::move(game.id));
    query_.cursor = std::move(page.next_cursor);
  }

  void write_game(std::string id, std::function<void(Piece)> give) {
    auto self = shared_from_this();
    auto failed = [give] { give(Piece{"", false, true}); };
    ctx_->store.get_game(id, on_io<Found>(
                                 ctx_->io, "GET /api/games/export",
                                 [self, give, id](Found found) {
                                   // Gone since its page was read: nothing to write.
                                   if (found.error.code == storage::StoreErrc::not_found) return self->next(give);
                                   if (!found.error.ok() || !found.value) {
                                     log::error("export cut: the archive failed: " + found.error.message);
                                     return give(Piece{"", false, true});
                                   }
                                   std::string why;
                                   std::string text = http::export_piece(*found.value, self->ndjson_, &why);
                                   if (!why.empty()) log::error("export: game " + id + " cannot be written: " + why);
                                   if (text.empty()) return self->next(give);
                                   self->paced(Piece{std::move(text), false, false}, std::move(give));
                                 },
                                 failed));
  }

  // Gives `piece` when the export's pace allows: at most one game per interval, so a
  // download takes a bounded share of the network threads (AppConfig::export_games_per_second).
  void paced(Piece piece, std::function<void(Piece)> give) {
    using Clock = std::chrono::steady_clock;
    const auto now = Clock::now();
    const auto due = due_;
    due_ = std::max(due_, now) + interval_;
    if (interval_.count() == 0 || due <= now) return give(std::move(piece));
    auto timer = std::make_shared<boost::asio::steady_timer>(ctx_->io, due);
    timer->async_wait([timer, piece = std::move(piece),
                       give = std::move(give)](const boost::system::error_code&) mutable { give(std::move(piece)); });
  }

  std::shared_ptr<Context> ctx_;
  std::chrono::microseconds interval_{0};
  std::chrono::steady_clock::time_point due_{};
  storage::ArchiveQuery query_;  // its cursor: where the next page starts; none after the last
  bool ndjson_;
  std::deque<std::string> ids_;  // the current page's games not yet written
};

}  // namespace

void answer_http_export(const std::shared_ptr<Context>& ctx, std::string game_id,
                        std::function<void(HttpResponse)> respond) {
  auto failed = http_internal_error(respond);
  ctx->store.get_game(game_id, on_io<Found>(
                                   ctx->io, "GET /api/games/{id}/export",
                                   [respond, game_id](Found found) { respond(http::export_answer(game_id, found)); },
                                   std::move(failed)));
}

void answer_http_export_all(const std::shared_ptr<Context>& ctx, storage::ArchiveQuery query, bool ndjson,
                            std::function<void(HttpResponse)> respond) {
  auto failed = http_internal_error(respond);
  auto first = query;
  ctx->store.list_games(std::move(first), on_io<Page>(
                                              ctx->io, "GET /api/games/export",
                                              [ctx, query, ndjson, respond](Page page) {
                                                HttpResponse answer =
                                                    http::export_start(page.error, ndjson, query.game);
                                                if (answer.status == 200 && page.value)
                                                  answer.stream = std::make_shared<ArchiveExport>(
                                                      ctx, query, ndjson, std::move(*page.value));
                                                respond(std::move(answer));
                                              },
                                              std::move(failed)));
}

}  // namespace bh::app
