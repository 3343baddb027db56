// The opening explorer answered (docs/explorer.md): the store's rows for the position a
// request's moves lead to, shaped as the protocol's Explorer, over the WebSocket
// (`explore`) and HTTP (GET /api/explorer). The request is checked before
// (explorer/explorer_request.hpp); both answers share one fetch and one body
// (explorer_body.hpp).
//
// Thread-safety: any network thread; the answers are sent from the network threads.
#pragma once

#include <functional>
#include <memory>

#include "app/app_context.hpp"
#include "app/application.hpp"
#include "explorer/explorer_request.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"

namespace bh::app {

void answer_explore(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                    const protocol::RequestId& id, const protocol::client::Explore& request);
void answer_http_explore(const std::shared_ptr<Context>& ctx, explorer::Lookup lookup,
                         std::function<void(HttpResponse)> respond);

}  // namespace bh::app
