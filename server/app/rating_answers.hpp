// The application's side of the ratings' HTTP routes (rating_http.hpp decides them):
// the store asked, the answer built on the network threads. And the ratings cache
// loaded at start-up.
//
// Thread-safety: any thread; `respond` runs on the network threads (completion.hpp).
// load_ratings waits for the store on the calling thread: call it once, at start-up,
// before the network starts (make_application does).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/app_context.hpp"
#include "app/rating_http.hpp"

namespace bh::app {

void load_ratings(const std::shared_ptr<Context>& ctx);

void answer_http_profile(const std::shared_ptr<Context>& ctx, std::string name,
                         std::function<void(HttpResponse)> respond);
void answer_http_leaderboard(const std::shared_ptr<Context>& ctx, const http::GetLeaderboard& get,
                             std::function<void(HttpResponse)> respond);
void answer_http_history(const std::shared_ptr<Context>& ctx, const http::GetRatingHistory& get,
                         std::function<void(HttpResponse)> respond);

}  // namespace bh::app
