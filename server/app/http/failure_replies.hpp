// What answers a request whose work threw on another thread (the `failed` hand-off of
// app/completion.hpp): `internal` to a WebSocket request, 500 to an HTTP one.
#pragma once

#include <functional>
#include <memory>
#include <utility>

#include "app/app_context.hpp"
#include "app/http/http_api.hpp"

namespace bh::app {

inline std::function<void()> internal_error_reply(const std::shared_ptr<Context>& ctx,
                                                  const std::shared_ptr<Connection>& c, const protocol::RequestId& id) {
  return [ctx, c, id] { ctx->send_error(c, id, protocol::ErrorCode::internal, "internal error"); };
}

inline std::function<void()> http_internal_error(std::function<void(HttpResponse)> respond) {
  return [respond = std::move(respond)] { respond(http::error(500, "internal", "internal error")); };
}

}  // namespace bh::app
