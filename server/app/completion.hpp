// Every store completion in the application goes through one of these helpers, so that
// rules, JSON and identity work never runs on the store's one SQLite thread, where it
// would delay every room's group commit (app/thread_check.hpp checks it). The same
// holds for the password worker's results. Whatever the work throws is caught here,
// logged once, and turned into an answer by `failed`, so one bad request never ends
// the process.
//
// Thread-safety: the returned callables may be invoked from any thread, once.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <exception>
#include <functional>
#include <future>
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

// A completion for a call on another thread: `work(result)` is posted to `executor`
// (the caller's: a strand, or the io_context's) and runs there, guarded.
template <class Result, class Executor, class Work, class Failed>
std::function<void(Result)> on_executor(Executor executor, const char* what, Work work, Failed failed) {
  return [executor, what, work = std::move(work), failed = std::move(failed)](Result result) mutable {
    boost::asio::post(executor,
                      [what, work = std::move(work), failed = std::move(failed), result = std::move(result)]() mutable {
                        auto run = [&] { work(std::move(result)); };
                        run_guarded(what, run, failed);
                      });
  };
}

// The same, on the network threads: what the application's request handlers use.
template <class Result, class Work, class Failed>
std::function<void(Result)> on_io(boost::asio::io_context& io, const char* what, Work work, Failed failed) {
  return on_executor<Result>(io.get_executor(), what, std::move(work), std::move(failed));
}

// At start-up only, before the network threads run (nothing could run a posted
// completion yet): `call(done)` starts a store call, and the calling thread waits for
// its result and does the work itself. The store's thread only hands the value over.
template <class Result, class Call>
Result wait_for(Call call) {
  std::promise<Result> promise;
  auto future = promise.get_future();
  call([&promise](Result result) { promise.set_value(std::move(result)); });
  return future.get();
}

}  // namespace bh::app
