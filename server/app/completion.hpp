// Completions that arrive on another thread (the store's, the password worker's) come
// back to the network threads before any application work runs: rules, JSON and
// identities never run on the store's one SQLite thread, where they would delay every
// room's group commit. Whatever such work throws is caught here, logged once, and turned
// into an answer by `failed`, so one bad request never ends the process.
//
// Thread-safety: the returned callable may be invoked from any thread, once.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <exception>
#include <functional>
#include <string>

#include "log/log.hpp"

namespace bh::app {

// Runs `work`; if it throws, logs `what` with the exception and runs `failed` instead.
template <class Work, class Failed>
void run_guarded(const char* what, Work& work, Failed& failed) {
  std::string reason;
  try {
    work();
    return;
  } catch (const std::exception& e) {
    reason = e.what();
  } catch (...) {
    reason = "unknown exception";
  }
  log::error(std::string("internal error in ") + what + ": " + reason);
  try {
    failed();
  } catch (...) {
    log::error(std::string("internal error in ") + what + ": answering the failure threw too");
  }
}

// A completion for a call on another thread: `work(result)` runs on `io`, guarded.
template <class Result, class Work, class Failed>
std::function<void(Result)> on_io(boost::asio::io_context& io, const char* what, Work work, Failed failed) {
  return [&io, what, work = std::move(work), failed = std::move(failed)](Result result) mutable {
    boost::asio::post(io, [what, work = std::move(work), failed = std::move(failed),
                           result = std::move(result)]() mutable {
      auto run = [&] { work(std::move(result)); };
      run_guarded(what, run, failed);
    });
  };
}

}  // namespace bh::app
