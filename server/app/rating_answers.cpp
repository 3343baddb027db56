#include "app/rating_answers.hpp"

#include "app/completion.hpp"
#include "app/http_api.hpp"
#include "log/log.hpp"
#include "storage/store.hpp"

namespace bh::app {

void load_ratings(const std::shared_ptr<Context>& ctx) {
  auto loaded = wait_for<storage::StoreResult<std::vector<storage::PlayerRating>>>(
      [&ctx](auto done) { ctx->store.load_ratings(std::move(done)); });
  // Without them rooms show new players' ratings; the updates themselves are the store's.
  if (!loaded.error.ok() || !loaded.value) return log::error("ratings not loaded: " + loaded.error.message);
  ctx->ratings.load(*loaded.value);
}

void answer_http_profile(const std::shared_ptr<Context>& ctx, std::string name,
                         std::function<void(HttpResponse)> respond) {
  auto failed = [respond] { respond(http::error(500, "internal", "internal error")); };
  using Found = storage::StoreResult<storage::PlayerProfile>;
  ctx->store.get_profile(
      name, on_io<Found>(
                ctx->io, "GET /api/players/{name}",
                [respond, name](Found found) { respond(http::profile_answer(name, found)); }, std::move(failed)));
}

void answer_http_leaderboard(const std::shared_ptr<Context>& ctx, const http::GetLeaderboard& get,
                             std::function<void(HttpResponse)> respond) {
  auto failed = [respond] { respond(http::error(500, "internal", "internal error")); };
  using Found = storage::StoreResult<std::vector<storage::PlayerRating>>;
  ctx->store.leaderboard(
      get.key, get.limit,
      on_io<Found>(
          ctx->io, "GET /api/leaderboard",
          [respond, key = get.key](Found found) { respond(http::leaderboard_answer(key, found)); }, std::move(failed)));
}

void answer_http_history(const std::shared_ptr<Context>& ctx, const http::GetRatingHistory& get,
                         std::function<void(HttpResponse)> respond) {
  auto failed = [respond] { respond(http::error(500, "internal", "internal error")); };
  using Found = storage::StoreResult<std::vector<storage::RatingHistoryEntry>>;
  ctx->store.rating_history(
      get.name, get.key,
      on_io<Found>(
          ctx->io, "GET /api/players/{name}/ratings",
          [respond, name = get.name, key = get.key](Found found) { respond(http::history_answer(name, key, found)); },
          std::move(failed)));
}

}  // namespace bh::app
