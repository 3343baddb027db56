// A Dispatcher for the bus (cluster/bus.hpp) that posts to an Asio executor, e.g. the
// caller's strand, so its handlers run there. Kept apart so that bus.hpp needs no Asio.
//
// Thread-safety: the Dispatcher may be called from any thread (Asio's post is).
#pragma once

#include <boost/asio/post.hpp>
#include <functional>
#include <utility>

#include "cluster/bus.hpp"

namespace bh::cluster {

template <class Executor>
Dispatcher post_to(Executor executor) {
  return [executor = std::move(executor)](std::function<void()> task) { boost::asio::post(executor, std::move(task)); };
}

}  // namespace bh::cluster
