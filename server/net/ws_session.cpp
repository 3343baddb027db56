#include "net/ws_session.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <algorithm>
#include <boost/asio/defer.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <optional>
#include <vector>

#include "app/connection.hpp"
#include "log/log.hpp"
#include "log/throttle.hpp"
#include "net/close_code_guard.hpp"
#include "net/memory_return.hpp"
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
            AddressSlots::Slot slot, app::LegalForm legal)
      : legal_(legal),
        ws_(std::move(socket)),
        context_(std::move(context)),
        address_(std::move(address)),
        remote_(std::move(remote)),
        slot_(std::move(slot)),
        id_(context_->next_id.fetch_add(1)),
        limiter_(context_->limits.rate, context_->limits.burst, RateLimiter::Clock::now()) {}

  ~WsSession() override {
    context_->sessions.remove(id_);
    // Its queue and buffers are freed by now: after a large one, give the memory back.
    if (held_much_.load()) return_free_memory();
  }

  void run(http::request<http::string_body> request) {
    // The kernel would otherwise take up to 4 MiB per connection (tcp_wmem) of what a
    // client does not read, and the queue would drain into it: reading would go on, and
    // so would the work of answering. Unsent bytes past this wait in the queue, where the
    // pause and the bounds see them. Bytes in flight are not limited, so a fast far
    // client is not slowed. Best effort: a system without the option keeps its default.
    const int unsent = static_cast<int>(context_->limits.tcp_unsent_bytes);
    ::setsockopt(beast::get_lowest_layer(ws_).socket().native_handle(), IPPROTO_TCP, TCP_NOTSENT_LOWAT, &unsent,
                 sizeof unsent);
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
      if (kind == websocket::frame_type::close) {
        if (close_code_refused(ws_.reason().code)) ws_.next_layer().refuse_close_code(ws_.reason().code);
        return;
      }
      context_->stats->control_frames_in.fetch_add(1, std::memory_order_relaxed);
      const auto verdict = limiter_.on_message(RateLimiter::Clock::now());
      if (verdict == RateLimiter::Verdict::accept) return;
      context_->stats->rate_limited.fetch_add(1, std::memory_order_relaxed);
      if (verdict == RateLimiter::Verdict::disconnect && !flood_close_posted_) {
        flood_close_posted_ = true;
        asio::post(ws_.get_executor(), [self = shared_from_this()] { self->close_for_flooding("control frames"); });
      }
    });
    ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }

  // app::Connection, any thread.
  void send(app::Frame frame) override {
    if (!frame || dead_.load()) return;
    const auto& limits = context_->limits;
    const std::size_t size = frame->size();
    if (queued_frames_.fetch_add(1) + 1 > limits.queue_frames) {
      queued_frames_.fetch_sub(1);
      drop();
      return;
    }
    Count count = Count::bounded;
    if (queued_bytes_.fetch_add(size) + size > limits.queue_bytes) {
      queued_bytes_.fetch_sub(size);
      // One frame at a time may go past the bound: a reply larger than it (a long list,
      // a big snapshot) is sent rather than taken for a client that does not read. A
      // client that does not read still stops at the bound plus that one frame, and the
      // pause in reading keeps it from asking for more long before.
      std::size_t none = 0;
      if (size == 0 || !over_bound_bytes_.compare_exchange_strong(none, size)) {
        queued_frames_.fetch_sub(1);
        drop();
        return;
      }
      count = Count::over_bound;
    }
    if (queued() > limits.read_pause_bytes) held_much_.store(true);
    if (context_->queued_bytes.fetch_add(size) + size > limits.queue_bytes_total) shed_largest_queues(*context_);
    // Deferred: from a network thread (a room's strand) the write starts on that thread
    // once the caller's handler returns, without waking another; from any other thread
    // this is a post.
    asio::defer(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame), count]() mutable {
      self->enqueue(std::move(frame), count);
    });
  }

  void close(std::string reason) override {
    asio::post(ws_.get_executor(), [self = shared_from_this(), reason = std::move(reason)] {
      self->request_close(websocket::close_reason(websocket::close_code::normal, reason));
    });
  }

  // Closes the connection now, as a client that does not read (it is over a queue
  // bound). False when it was already closing.
  bool drop() {
    if (dead_.exchange(true)) return false;
    asio::post(ws_.get_executor(), [self = shared_from_this()] { self->drop_slow_client(); });
    return true;
  }

  // Bytes queued and not yet written; any thread.
  std::size_t queued() const { return queued_bytes_.load() + over_bound_bytes_.load(); }
  bool dead() const { return dead_.load(); }

  std::uint64_t id() const override { return id_; }
  const std::string& remote() const override { return remote_; }
  const std::string& address() const override { return address_; }
  app::LegalForm legal_form() const override { return legal_; }

  // The shutdown's close frame, after what is queued.
  void close_going_away() {
    asio::post(ws_.get_executor(), [self = shared_from_this()] {
      self->request_close(websocket::close_reason(websocket::close_code::going_away, "shutting_down"));
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return fail(*context_, ec, "ws accept " + remote_);
    phase_ = Phase::open;
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
      enqueue(error_frame("too_large", "message over the size limit"));
      request_close(websocket::close_reason(websocket::close_code::too_big, "too_large"));
      return;
    }
    if (!ws_.is_message_done()) return read_more();
    switch (limiter_.on_message(RateLimiter::Clock::now())) {
      case RateLimiter::Verdict::accept:
        if (!ws_.got_text()) {
          enqueue(error_frame("bad_request", "binary frames are not accepted; send JSON text"));
          break;
        }
        context_->stats->messages_in.fetch_add(1, std::memory_order_relaxed);
        try {
          context_->app->on_message(shared_from_this(), beast::buffers_to_string(buffer_.data()));
        } catch (const std::exception& e) {  // the application's bug: answer, log, read on
          log::error("internal error on a message from " + remote_ + ": " + e.what());
          enqueue(error_frame("internal", "internal error"));
        }
        break;
      case RateLimiter::Verdict::drop:
        context_->stats->rate_limited.fetch_add(1, std::memory_order_relaxed);
        enqueue(error_frame("rate_limited", "too many messages; this one was dropped"));
        break;
      case RateLimiter::Verdict::disconnect:
        context_->stats->rate_limited.fetch_add(1, std::memory_order_relaxed);
        close_for_flooding("messages");
        return;
    }
    read_next();
  }

  // Backpressure: while more than read_pause_bytes wait to be sent, the client's next
  // message is not read, so a client that asks and never reads stops costing the server
  // (its requests wait in the kernel's buffers, then in its own). on_write reads on once
  // the queue is down again.
  void read_next() {
    if (queued() > context_->limits.read_pause_bytes) {
      if (reading_ == Reading::on) reading_ = Reading::paused;  // never back from ended
      return;
    }
    do_read();
  }

  void resume_reading() {
    if (reading_ != Reading::paused || queued() > context_->limits.read_pause_bytes) return;
    if (phase_ != Phase::open) return;  // a closing stream reads no more messages
    reading_ = Reading::on;
    do_read();
  }

  // A client that keeps sending far over the rate: closed with 1008 "rate_limited".
  void close_for_flooding(const char* what) {
    if (closing_or_closed()) return;
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
    if (phase_ == Phase::handshake || reading_ == Reading::ended) return;
    reading_ = Reading::ended;
    context_->stats->open_connections.fetch_sub(1);
    log::debug("ws " + std::to_string(id_) + " closed");
    context_->app->on_close(shared_from_this());
  }

  // How a queued frame is counted. Frames the session makes itself (errors) are few and
  // not counted against the client; send() counts the others within the bound, or as
  // the one frame let past it.
  enum class Count { none, bounded, over_bound };

  void enqueue(app::Frame frame, Count count = Count::none) {
    if (closing_or_closed() || (count != Count::none && dead_.load())) {
      uncount(*frame, count);
      return;
    }
    queue_.push_back(Queued{std::move(frame), count});
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
      uncount(*queue_.front().frame, queue_.front().count);
      queue_.pop_front();
    }
    if (ec) {
      drop_queue();
      end_reading();  // also when reading was paused: no read is left to see the end
      return fail(*context_, ec, "ws write " + remote_);
    }
    context_->stats->frames_out.fetch_add(1, std::memory_order_relaxed);
    resume_reading();
    if (!queue_.empty()) return do_write();
    if (pending_close_) do_close();
  }

  void request_close(websocket::close_reason reason) {
    if (closing_or_closed()) return;
    phase_ = Phase::closing;
    dead_.store(true);
    pending_close_ = std::move(reason);
    if (!writing_ && queue_.empty()) do_close();
  }

  void do_close() {
    auto reason = std::move(*pending_close_);
    pending_close_.reset();
    ws_.async_close(reason, [self = shared_from_this()](beast::error_code ec) {
      self->phase_ = Phase::closed;
      self->end_reading();
      fail(*self->context_, ec, "ws close " + self->remote_);
    });
  }

  // The queue is full: the client is not reading. A close frame would wait behind the
  // queue, so the socket is closed at once; pending operations end with "aborted".
  void drop_slow_client() {
    if (phase_ == Phase::closed) return;
    context_->stats->slow_clients_dropped.fetch_add(1, std::memory_order_relaxed);
    log::debug("ws " + std::to_string(id_) + " dropped: send queue full (" + remote_ + ")");
    phase_ = Phase::closed;
    drop_queue();
    end_reading();  // a paused connection has no read to end it
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).close();
  }

  void drop_queue() {
    // The front frame is in flight until its handler runs; it is uncounted there.
    const std::size_t keep = writing_ ? 1 : 0;
    while (queue_.size() > keep) {
      uncount(*queue_.back().frame, queue_.back().count);
      queue_.pop_back();
    }
  }

  void uncount(const std::string& frame, Count count) {
    if (count == Count::none) return;
    queued_frames_.fetch_sub(1);
    if (count == Count::bounded) queued_bytes_.fetch_sub(frame.size());
    if (count == Count::over_bound) over_bound_bytes_.store(0);
    context_->queued_bytes.fetch_sub(frame.size());
  }

  struct Queued {
    app::Frame frame;
    Count count;
  };

  // The stream's life; it only moves forward: handshake → open → closing → closed, or
  // open → closed when a slow client is dropped. closing: our close frame waits behind
  // the queue or is on its way (pending_close_); closed: the close handshake is over or
  // the socket is shut.
  enum class Phase { handshake, open, closing, closed };
  bool closing_or_closed() const { return phase_ == Phase::closing || phase_ == Phase::closed; }

  // Reading, apart from the phase: a closing stream may still be reading (the peer's
  // close frame ends it), and a failed read ends reading without a close of ours.
  // paused: backpressure (read_next); ended: the application was told on_close, once.
  enum class Reading { on, paused, ended };

  const app::LegalForm legal_;  // first: set before the stream is made
  websocket::stream<CloseCodeGuard<beast::tcp_stream>> ws_;
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
  std::atomic<std::size_t> queued_bytes_{0};      // within limits.queue_bytes
  std::atomic<std::size_t> over_bound_bytes_{0};  // the one frame let past it; 0: none
  std::atomic<bool> held_much_{false};            // its queue once went over read_pause_bytes

  // Strand only.
  Phase phase_ = Phase::handshake;
  Reading reading_ = Reading::on;  // meaningful once open
  std::deque<Queued> queue_;
  bool writing_ = false;             // the queue's front is being written (the write side, apart from the phase)
  bool flood_close_posted_ = false;  // the control callback posted close_for_flooding (once)
  std::optional<websocket::close_reason> pending_close_;  // closing: our close frame, until it is sent
};

void start_ws_session(tcp::socket socket, http::request<http::string_body> request, std::shared_ptr<NetContext> context,
                      std::string address, std::string remote, AddressSlots::Slot slot, app::LegalForm legal) {
  std::make_shared<WsSession>(std::move(socket), std::move(context), std::move(address), std::move(remote),
                              std::move(slot), legal)
      ->run(std::move(request));
}

void shed_largest_queues(NetContext& context) {
  // At most one look at a time, and one every 20 ms: the connections it closes give
  // their bytes back only once their strands have run.
  const std::int64_t now =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count();
  std::int64_t last = context.last_shed_ms.load();
  if (now - last < 20 || !context.last_shed_ms.compare_exchange_strong(last, now)) return;
  std::vector<std::pair<std::size_t, std::shared_ptr<WsSession>>> queues;
  std::size_t total = 0;
  for (auto& session : context.sessions.snapshot()) {
    const std::size_t bytes = session->queued();
    if (bytes == 0 || session->dead()) continue;
    total += bytes;
    queues.emplace_back(bytes, std::move(session));
  }
  // Down to three quarters of the budget, so that the next frames do not start again.
  const std::size_t target = context.limits.queue_bytes_total / 4 * 3;
  if (total <= target) return;
  std::sort(queues.begin(), queues.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::size_t closed = 0;
  for (const auto& [bytes, session] : queues) {
    if (total <= target) break;
    if (!session->drop()) continue;
    total -= bytes;
    ++closed;
  }
  static log::Throttle throttle(std::chrono::seconds(10));
  if (auto line = throttle.pass("closed " + std::to_string(closed) +
                                " connection(s) with the largest send queues: all queues together were over " +
                                std::to_string(context.limits.queue_bytes_total) + " bytes"))
    log::info(*line);
}

void close_all_sessions(NetContext& context) {
  for (const auto& session : context.sessions.snapshot()) session->close_going_away();
}

}  // namespace bh::net
