// The archive answered: a game (get_game, GET /api/games/{id}) and a page of games
// (list_games, GET /api/games). Each kind has one fetch, shared by the WebSocket and the
// HTTP answer: the store call, the completion back on the network threads
// (app/completion.hpp), and for a game its replay through the rules (logged once when
// the record does not replay). The answers differ only in their shape.
//
// Thread-safety: any network thread; the answers are sent from the network threads.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "app/application.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"

namespace bh::app {

// Over WebSocket: the game_record or games reply to `c`, or an error reply.
void answer_get_game(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                     const protocol::RequestId& id, std::string game_id);
// A player sees their own private games in the listing; nobody else does.
void answer_list_games(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                       const protocol::RequestId& id, const protocol::client::ListGames& request);

// Over HTTP (the bodies are http_api's): `respond` is called once, from a network thread.
void answer_http_game(const std::shared_ptr<Context>& ctx, std::string game_id,
                      std::function<void(HttpResponse)> respond);
void answer_http_games(const std::shared_ptr<Context>& ctx, storage::ArchiveQuery query,
                       std::function<void(HttpResponse)> respond);

}  // namespace bh::app
