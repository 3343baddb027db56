#include "app/archive/explorer_answers.hpp"

#include <utility>

#include "app/archive/explorer_body.hpp"
#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "app/http/http_api.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
using protocol::ErrorCode;
using ExplorerFound = storage::StoreResult<storage::ExplorerPosition>;

void fetch_explorer(Context& ctx, storage::ExplorerQuery query, const char* what,
                    std::function<void(ExplorerFound)> then, std::function<void()> failed) {
  ctx.store.explore(std::move(query), on_io<ExplorerFound>(ctx.io, what, std::move(then), std::move(failed)));
}

}  // namespace

void answer_explore(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                    const protocol::RequestId& id, const protocol::client::Explore& request) {
  auto lookup = explorer::lookup(request);
  if (!lookup) return ctx->send_error(c, id, ErrorCode::bad_query, lookup.error());
  auto answer = [ctx, c, id, walk = lookup->walk](ExplorerFound found) {
    if (found.error.code == storage::StoreErrc::invalid_query)
      return ctx->send_error(c, id, ErrorCode::bad_query, found.error.message);
    if (!found.error.ok() || !found.value)
      return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                             "the archive is unavailable: " + found.error.message);
    ctx->send(c, protocol::encode(sv::ExplorerReply{explorer_body(walk, *found.value)}, id));
  };
  fetch_explorer(*ctx, std::move(lookup->query), "explore", std::move(answer), internal_error_reply(ctx, c, id));
}

void answer_http_explore(const std::shared_ptr<Context>& ctx, explorer::Lookup lookup,
                         std::function<void(HttpResponse)> respond) {
  auto failed = http_internal_error(respond);
  auto answer = [respond, walk = std::move(lookup.walk)](ExplorerFound found) {
    respond(http::explorer_answer(walk, found));
  };
  fetch_explorer(*ctx, std::move(lookup.query), "GET /api/explorer", std::move(answer), std::move(failed));
}

}  // namespace bh::app
