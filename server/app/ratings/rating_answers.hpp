// The application's side of the ratings' HTTP routes (rating_http.hpp decides them)
// and of their WebSocket twins (get_player, get_leaderboard): one fetch of each kind,
// shared by both answers (like archive_answers.hpp), the answer built on the network
// threads. And the ratings cache loaded at start-up.
//
// Thread-safety: any thread; `respond` runs on the network threads (completion.hpp).
// load_ratings waits for the store on the calling thread: call it once, at start-up,
// before the network starts (make_application does).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "app/application.hpp"
#include "app/ratings/rating_http.hpp"
#include "protocol/messages.hpp"

namespace bh::app {

void load_ratings(const std::shared_ptr<Context>& ctx);

// Over WebSocket: the player or leaderboard reply to `c`, or an error reply (not_found
// for a name nobody has, bad_query for a bad rating key or limit).
void answer_get_player(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                       const protocol::RequestId& id, std::string name);
void answer_get_leaderboard(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                            const protocol::RequestId& id, const protocol::client::GetLeaderboard& request);

void answer_http_profile(const std::shared_ptr<Context>& ctx, std::string name,
                         std::function<void(HttpResponse)> respond);
void answer_http_leaderboard(const std::shared_ptr<Context>& ctx, const http::GetLeaderboard& get,
                             std::function<void(HttpResponse)> respond);
void answer_http_history(const std::shared_ptr<Context>& ctx, const http::GetRatingHistory& get,
                         std::function<void(HttpResponse)> respond);

}  // namespace bh::app
