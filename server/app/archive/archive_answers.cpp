#include "app/archive/archive_answers.hpp"

#include <optional>
#include <variant>

#include "app/archive/archive.hpp"
#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "app/http/http_api.hpp"
#include "log/log.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
using protocol::ErrorCode;
using protocol::RequestId;
using ConnPtr = std::shared_ptr<Connection>;

// An archived game as both answers need it: the store's error, or the record replayed.
struct Replayed {
  storage::StoreError error;
  std::optional<sv::ArchivedGame> record;  // set when error.ok()
};

// The one fetch of an archived game. `then` runs on the network threads; `failed` if
// it throws.
void fetch_game(Context& ctx, std::string game_id, const char* what, std::function<void(Replayed)> then,
                std::function<void()> failed) {
  auto replay = [then = std::move(then), game_id](storage::StoreResult<storage::GameRecord> found) {
    Replayed out{std::move(found.error), std::nullopt};
    if (out.error.ok() && found.value) {
      std::string replay_error;
      out.record = record_view(*found.value, &replay_error);
      if (!replay_error.empty()) log::error("archived game " + game_id + " does not replay: " + replay_error);
    } else if (out.error.ok()) {
      out.error = {storage::StoreErrc::unavailable, "no record"};
    }
    then(std::move(out));
  };
  using Found = storage::StoreResult<storage::GameRecord>;
  ctx.store.get_game(std::move(game_id), on_io<Found>(ctx.io, what, std::move(replay), std::move(failed)));
}

// The one fetch of a page of the archive. `then` runs on the network threads.
void fetch_games(Context& ctx, storage::ArchiveQuery query, const char* what,
                 std::function<void(storage::StoreResult<storage::ArchivePage>)> then, std::function<void()> failed) {
  using Page = storage::StoreResult<storage::ArchivePage>;
  ctx.store.list_games(std::move(query), on_io<Page>(ctx.io, what, std::move(then), std::move(failed)));
}

}  // namespace

void answer_get_game(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id, std::string game_id) {
  auto answer = [ctx, c, id, game_id](Replayed found) {
    if (found.error.code == storage::StoreErrc::not_found)
      return ctx->send_error(c, id, ErrorCode::not_found, "no game '" + game_id + "' in the archive");
    if (!found.error.ok())
      return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                             "the archive is unavailable: " + found.error.message);
    ctx->send(c, protocol::encode(sv::GameRecord{std::move(*found.record)}, id));
  };
  fetch_game(*ctx, std::move(game_id), "get_game", std::move(answer), internal_error_reply(ctx, c, id));
}

void answer_list_games(const std::shared_ptr<Context>& ctx, const ConnPtr& c, const RequestId& id,
                       const protocol::client::ListGames& request) {
  auto query = archive_query(request);
  if (!query) return ctx->send_error(c, id, ErrorCode::bad_query, query.error());
  query->viewer = ctx->identities.player_of(c->id());
  auto answer = [ctx, c, id](storage::StoreResult<storage::ArchivePage> page) {
    if (page.error.code == storage::StoreErrc::invalid_query)
      return ctx->send_error(c, id, ErrorCode::bad_query, page.error.message);
    if (!page.error.ok())
      return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                             "the archive is unavailable: " + page.error.message);
    ctx->send(c, protocol::encode(games_view(*page.value), id));
  };
  fetch_games(*ctx, std::move(query).value(), "list_games", std::move(answer), internal_error_reply(ctx, c, id));
}

void answer_http_game(const std::shared_ptr<Context>& ctx, std::string game_id,
                      std::function<void(HttpResponse)> respond) {
  auto failed = http_internal_error(respond);
  auto answer = [respond, game_id](Replayed found) {
    respond(http::game_record(game_id, found.error, found.record ? &*found.record : nullptr));
  };
  fetch_game(*ctx, std::move(game_id), "GET /api/games/{id}", std::move(answer), std::move(failed));
}

void answer_http_games(const std::shared_ptr<Context>& ctx, storage::ArchiveQuery query,
                       std::function<void(HttpResponse)> respond) {
  auto failed = http_internal_error(respond);
  fetch_games(
      *ctx, std::move(query), "GET /api/games",
      [respond](storage::StoreResult<storage::ArchivePage> page) { respond(http::games_page(page)); },
      std::move(failed));
}

}  // namespace bh::app
