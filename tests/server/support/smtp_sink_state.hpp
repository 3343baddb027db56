// What SmtpSink's connections share with it (smtp_sink.cpp, smtp_sink_session.cpp):
// the options, the TLS context and what was received. Not for tests to include.
//
// Thread-safety: `options` and `tls` are set before the first connection and then only
// read; the rest is guarded by `mutex`.
#pragma once

#include <boost/asio/ssl/context.hpp>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "smtp_sink.hpp"

namespace bh::test {

struct SmtpSinkState {
  SmtpSinkOptions options;
  boost::asio::ssl::context tls{boost::asio::ssl::context::tls_server};

  mutable std::mutex mutex;
  std::condition_variable arrived;
  std::vector<SmtpMessage> messages;
  std::set<std::string> refused_recipients;
  int fail_next = 0;
  int failed = 0;
};

}  // namespace bh::test
