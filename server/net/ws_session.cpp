#include "net/ws_session.hpp"

#include <boost/asio/defer.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <optional>

#include "app/connection.hpp"
#include "log/log.hpp"
#include "log/throttle.hpp"
#include "net/rate_limiter.hpp"

namespace bh::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

app::Frame error_frame(std::string_view code, std::string_view message) {
  std::string text = R"({"type":"error","code":")";
  text.append(code).append(R"(","message":")").append(message).append("\"}");
  return app::make_frame(std::move(text));
}

}  // namespace

class WsSession : public app::Connection, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, std::shared_ptr<NetContext> context, std::string address, std::string remote,
            AddressSlots::Slot slot)
      : ws_(std::move(socket)),
        context_(std::move(context)),
        address_(std::move(address)),
        remote_(std::move(remote)),
        slot_(std::move(slot)),
        id_(context_->next_id.fetch_add(1)),
        limiter_(context_->limits.rate, context_->limits.burst, RateLimiter::Clock::now()) {}

  ~WsSession() override { context_->sessions.remove(id_); }

  void run(http::request<http::string_body> request) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) { response.set(http::field::server, "boardhall/0.1.0"); }));
    // on_read refuses a message over max_frame politely, with an error frame; this
    // backstop fails the connection at once for a frame declared far larger.
    ws_.read_message_max(context_->limits.max_frame * 16);
    ws_.text(true);
    // Runs on the strand, inside a read; it must not start an operation on the stream,
    // so a flood is ended from a posted handler.
    ws_.control_callback([this](websocket::frame_type kind, std::string_view) {
      if (kind == websocket::frame_type::close) return;
      context_->stats->control_frames_in.fetch_add(1, std::memory_order_relaxed);
      const auto verdict = limiter_.on_message(RateLimiter::Clock::now());
      if (verdict == RateLimiter::Verdict::accept) return;
      context_->stats->rate_limited.fetch_add(1, std::memory_order_relaxed);
      if (verdict == RateLimiter::Verdict::disconnect && !control_flood_) {
        control_flood_ = true;
        asio::post(ws_.get_executor(), [self = shared_from_this()] { self->close_for_flooding("control frames"); });
      }
    });
    ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }

  // app::Connection, any thread.
  void send(app::Frame frame) override {
    if (!frame || dead_.load()) return;
    const auto& limits = context_->limits;
    const std::size_t frames = queued_frames_.fetch_add(1) + 1;
    const std::size_t bytes = queued_bytes_.fetch_add(frame->size()) + frame->size();
    if (frames > limits.queue_frames || bytes > limits.queue_bytes) {
      queued_frames_.fetch_sub(1);
      queued_bytes_.fetch_sub(frame->size());
      if (!dead_.exchange(true))
        asio::post(ws_.get_executor(), [self = shared_from_this()] { self->drop_slow_client(); });
      return;
    }
    // Deferred: from a network thread (a room's strand) the write starts on that thread
    // once the caller's handler returns, without waking another; from any other thread
    // this is a post.
    asio::defer(ws_.get_executor(),
                [self = shared_from_this(), frame = std::move(frame)]() mutable { self->enqueue(std::move(frame)); });
  }

  void close(std::string reason) override {
    asio::post(ws_.get_executor(), [self = shared_from_this(), reason = std::move(reason)] {
      self->request_close(websocket::close_reason(websocket::close_code::normal, reason));
    });
  }

  std::uint64_t id() const override { return id_; }
  const std::string& remote() const override { return remote_; }
  const std::string& address() const override { return address_; }

  // The shutdown's close frame, after what is queued.
  void close_going_away() {
    asio::post(ws_.get_executor(), [self = shared_from_this()] {
      self->request_close(websocket::close_reason(websocket::close_code::going_away, "shutting_down"));
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return fail(*context_, ec, "ws accept " + remote_);
    opened_ = true;
    context_->sessions.add(id_, weak_from_this());
    context_->stats->open_connections.fetch_add(1);
    log::debug("ws " + std::to_string(id_) + " opened from " + remote_);
    context_->app->on_open(shared_from_this());
    do_read();
  }

  // Reads a message in pieces, so one over max_frame is noticed while the stream is still
  // usable (a failed Beast read fails the stream) and can be answered before the close.
  void do_read() {
    buffer_.clear();
    read_more();
  }

  void read_more() {
    const std::size_t room = context_->limits.max_frame + 1 - buffer_.size();
    ws_.async_read_some(buffer_, room, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == websocket::error::message_too_big) {  // the backstop: Beast already closed with 1009
      context_->stats->too_large.fetch_add(1, std::memory_order_relaxed);
      return end_reading();
    }
    if (ec) {
      end_reading();
      return fail(*context_, ec, "ws read " + remote_);
    }
    if (buffer_.size() > context_->limits.max_frame) {
      context_->stats->too_large.fetch_add(1, std::memory_order_relaxed);
      end_reading();
      enqueue(error_frame("too_large", "message over the size limit"), /*counted=*/false);
      request_close(websocket::close_reason(websocket::close_code::too_big, "too_large"));
      return;
    }
    if (!ws_.is_message_done()) return read_more();
    switch (limiter_.on_message(RateLimiter::Clock::now())) {
      case RateLimiter::Verdict::accept:
        if (!ws_.got_text()) {
          enqueue(error_frame("bad_request", "binary frames are not accepted; send JSON text"), false);
          break;
        }
        context_->stats->messages_in.fetch_add(1, std::memory_order_relaxed);
        try {
          context_->app->on_message(shared_from_this(), beast::buffers_to_string(buffer_.data()));
        } catch (const std::exception& e) {  // the application's bug: answer, log, read on
          log::error("internal error on a message from " + remote_ + ": " + e.what());
          enqueue(error_frame("internal", "internal error"), false);
        }
        break;
      case RateLimiter::Verdict::drop:
        context_->stats->rate_limited.fetch_add(1, std::memory_order_relaxed);
        enqueue(error_frame("rate_limited", "too many messages; this one was dropped"), false);
        break;
      case RateLimiter::Verdict::disconnect:
        context_->stats->rate_limited.fetch_add(1, std::memory_order_relaxed);
        close_for_flooding("messages");
        return;
    }
    do_read();
  }

  // A client that keeps sending far over the rate: closed with 1008 "rate_limited".
  void close_for_flooding(const char* what) {
    if (close_requested_ || torn_down_) return;
    context_->stats->flood_disconnects.fetch_add(1, std::memory_order_relaxed);
    if (auto line = flood_log().pass("closed a connection from " + address_ + " for flooding (" + what + ")"))
      log::info(*line);
    end_reading();
    request_close(websocket::close_reason(websocket::close_code::policy_error, "rate_limited"));
  }

  static log::Throttle& flood_log() {
    static log::Throttle throttle(std::chrono::seconds(10));
    return throttle;
  }

  // The connection is over for the application: exactly one on_close.
  void end_reading() {
    dead_.store(true);
    if (!opened_ || close_notified_) return;
    close_notified_ = true;
    context_->stats->open_connections.fetch_sub(1);
    log::debug("ws " + std::to_string(id_) + " closed");
    context_->app->on_close(shared_from_this());
  }

  // `counted`: the frame went through send()'s accounting. Frames the session makes
  // itself (errors) are few and not counted against the client.
  void enqueue(app::Frame frame, bool counted = true) {
    if (close_requested_ || torn_down_ || (counted && dead_.load())) {
      if (counted) uncount(*frame);
      return;
    }
    queue_.push_back(Queued{std::move(frame), counted});
    if (!writing_) do_write();
  }

  void do_write() {
    writing_ = true;
    ws_.async_write(asio::buffer(*queue_.front().frame),
                    beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (!queue_.empty()) {
      if (queue_.front().counted) uncount(*queue_.front().frame);
      queue_.pop_front();
    }
    if (ec) {
      drop_queue();
      return fail(*context_, ec, "ws write " + remote_);
    }
    context_->stats->frames_out.fetch_add(1, std::memory_order_relaxed);
    if (!queue_.empty()) return do_write();
    if (pending_close_) do_close();
  }

  void request_close(websocket::close_reason reason) {
    if (close_requested_ || torn_down_) return;
    close_requested_ = true;
    dead_.store(true);
    pending_close_ = std::move(reason);
    if (!writing_ && queue_.empty()) do_close();
  }

  void do_close() {
    auto reason = std::move(*pending_close_);
    pending_close_.reset();
    ws_.async_close(reason, [self = shared_from_this()](beast::error_code ec) {
      self->torn_down_ = true;
      fail(*self->context_, ec, "ws close " + self->remote_);
    });
  }

  // The queue is full: the client is not reading. A close frame would wait behind the
  // queue, so the socket is closed at once; pending operations end with "aborted".
  void drop_slow_client() {
    if (torn_down_) return;
    context_->stats->slow_clients_dropped.fetch_add(1, std::memory_order_relaxed);
    log::debug("ws " + std::to_string(id_) + " dropped: send queue full (" + remote_ + ")");
    torn_down_ = true;
    drop_queue();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).close();
  }

  void drop_queue() {
    // The front frame is in flight until its handler runs; it is uncounted there.
    const std::size_t keep = writing_ ? 1 : 0;
    while (queue_.size() > keep) {
      if (queue_.back().counted) uncount(*queue_.back().frame);
      queue_.pop_back();
    }
  }

  void uncount(const std::string& frame) {
    queued_frames_.fetch_sub(1);
    queued_bytes_.fetch_sub(frame.size());
  }

  struct Queued {
    app::Frame frame;
    bool counted;
  };

  websocket::stream<beast::tcp_stream> ws_;
  std::shared_ptr<NetContext> context_;
  const std::string address_;
  const std::string remote_;
  AddressSlots::Slot slot_;  // given back when the session ends
  const std::uint64_t id_;
  beast::flat_buffer buffer_;
  RateLimiter limiter_;

  // Any thread.
  std::atomic<bool> dead_{false};  // no more frames are accepted
  std::atomic<std::size_t> queued_frames_{0};
  std::atomic<std::size_t> queued_bytes_{0};

  // Strand only.
  std::deque<Queued> queue_;
  bool writing_ = false;
  bool opened_ = false;
  bool close_notified_ = false;
  bool close_requested_ = false;
  bool torn_down_ = false;
  bool control_flood_ = false;
  std::optional<websocket::close_reason> pending_close_;
};

void start_ws_session(tcp::socket socket, http::request<http::string_body> request, std::shared_ptr<NetContext> context,
                      std::string address, std::string remote, AddressSlots::Slot slot) {
  std::make_shared<WsSession>(std::move(socket), std::move(context), std::move(address), std::move(remote),
                              std::move(slot))
      ->run(std::move(request));
}

void close_all_sessions(NetContext& context) {
  for (const auto& session : context.sessions.snapshot()) session->close_going_away();
}

}  // namespace bh::net
