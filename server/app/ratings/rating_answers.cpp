#include "app/ratings/rating_answers.hpp"

#include <map>
#include <variant>

#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "app/http/http_api.hpp"
#include "log/log.hpp"
#include "names/player_names.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
using protocol::ErrorCode;
using protocol::RequestId;
using ConnPtr = std::shared_ptr<Connection>;
using FoundProfile = storage::StoreResult<storage::PlayerProfile>;
using FoundTop = storage::StoreResult<std::vector<storage::PlayerRating>>;

// The one fetch of a profile and of a leaderboard. `then` runs on the network threads;
// `failed` if it throws.
void fetch_profile(Context& ctx, std::string name, const char* what, std::function<void(FoundProfile)> then,
                   std::function<void()> failed) {
  ctx.store.get_profile(std::move(name), on_io<FoundProfile>(ctx.io, what, std::move(then), std::move(failed)));
}

void fetch_leaderboard(Context& ctx, const http::GetLeaderboard& get, const char* what,
                       std::function<void(FoundTop)> then, std::function<void()> failed) {
  ctx.store.leaderboard(get.key, get.limit, on_io<FoundTop>(ctx.io, what, std::move(then), std::move(failed)));
}

}  // namespace

void load_ratings(const std::shared_ptr<Context>& ctx) {
  auto loaded = wait_for<storage::StoreResult<std::vector<storage::PlayerRating>>>(
      [&ctx](auto done) { ctx->store.load_ratings(std::move(done)); });
  // Without them rooms show new players' ratings; the updates themselves are the store's.
  if (!loaded.error.ok() || !loaded.value) return log::error("ratings not loaded: " + loaded.error.message);
  ctx->ratings.load(*loaded.value);
}

void answer_get_player(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id, std::string name) {
  // The names the HTTP route accepts (in NFC, as kept); any other is nobody's.
  auto checked = http::player_name_from_segment(name);
  if (!checked || *checked != names::nfc(name)) return ctx->send_error(c, id, ErrorCode::not_found, "no such player");
  name = std::move(*checked);
  auto answer = [ctx, c, id, name](FoundProfile found) {
    if (found.error.code == storage::StoreErrc::not_found)
      return ctx->send_error(c, id, ErrorCode::not_found, "no player '" + name + "'");
    if (!found.error.ok() || !found.value)
      return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                             "the ratings are unavailable: " + found.error.message);
    ctx->send(c, protocol::encode(sv::Player{http::profile_body(*found.value)}, id));
  };
  fetch_profile(*ctx, std::move(name), "get_player", std::move(answer), internal_error_reply(ctx, c, id));
}

void answer_get_leaderboard(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                            const protocol::client::GetLeaderboard& request) {
  // The same checks as GET /api/leaderboard's query.
  std::map<std::string, std::string> query{{"game", request.game}};
  if (request.limit) query["limit"] = std::to_string(*request.limit);
  auto get = http::leaderboard_query(query);
  if (!get) return ctx->send_error(c, id, ErrorCode::bad_query, get.error());
  const auto key = get->key;
  auto answer = [ctx, c, id, key](FoundTop found) {
    if (found.error.code == storage::StoreErrc::invalid_query)
      return ctx->send_error(c, id, ErrorCode::bad_query, found.error.message);
    if (!found.error.ok() || !found.value)
      return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                             "the ratings are unavailable: " + found.error.message);
    ctx->send(c, protocol::encode(sv::LeaderboardReply{http::leaderboard_body(key, *found.value)}, id));
  };
  fetch_leaderboard(*ctx, *get, "get_leaderboard", std::move(answer), internal_error_reply(ctx, c, id));
}

void answer_http_profile(const std::shared_ptr<Context>& ctx, std::string name,
                         std::function<void(HttpResponse)> respond) {
  auto answer = [respond, name](FoundProfile found) { respond(http::profile_answer(name, found)); };
  fetch_profile(*ctx, std::move(name), "GET /api/players/{name}", std::move(answer), http_internal_error(respond));
}

void answer_http_leaderboard(const std::shared_ptr<Context>& ctx, const http::GetLeaderboard& get,
                             std::function<void(HttpResponse)> respond) {
  auto answer = [respond, key = get.key](FoundTop found) { respond(http::leaderboard_answer(key, found)); };
  fetch_leaderboard(*ctx, get, "GET /api/leaderboard", std::move(answer), http_internal_error(respond));
}

void answer_http_history(const std::shared_ptr<Context>& ctx, const http::GetRatingHistory& get,
                         std::function<void(HttpResponse)> respond) {
  using Found = storage::StoreResult<std::vector<storage::RatingHistoryEntry>>;
  ctx->store.rating_history(
      get.name, get.key,
      on_io<Found>(
          ctx->io, "GET /api/players/{name}/ratings",
          [respond, name = get.name, key = get.key](Found found) { respond(http::history_answer(name, key, found)); },
          http_internal_error(respond)));
}

}  // namespace bh::app
