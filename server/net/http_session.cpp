#include "net/http_session.hpp"

#include <atomic>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/chunk_encode.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/serializer.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <optional>
#include <string>

#include "log/log.hpp"
#include "net/client_address.hpp"
#include "net/request_checks.hpp"
#include "net/url.hpp"
#include "net/ws_session.hpp"
#include "web/site_answer.hpp"

namespace bh::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

const char* const kServerName = "boardhall/0.1.0";

std::string json_error(std::string_view code, std::string_view message) {
  std::string body = R"({"type":"error","code":")";
  body.append(code).append(R"(","message":")").append(message).append("\"}");
  return body;
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, std::shared_ptr<NetContext> context, std::string peer,
              std::optional<AddressSlots::Slot> slot)
      : stream_(std::move(socket)), context_(std::move(context)), peer_(std::move(peer)), slot_(std::move(slot)) {
    boost::system::error_code ec;
    const auto endpoint = stream_.socket().remote_endpoint(ec);
    remote_ = ec ? "?" : peer_ + ":" + std::to_string(endpoint.port());
  }

  void run() { do_read(); }

 private:
  void do_read() {
    parser_.emplace();
    parser_->body_limit(context_->limits.http_body_limit);
    stream_.expires_after(context_->limits.http_timeout);
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return do_close();
    if (ec == http::error::body_limit) return reply_error(413, 11, false, "too_large", "request body too large");
    if (ec == http::error::header_limit)
      return reply_error(431, 11, false, "too_large", "request header fields too large");
    if (ec) {
      // A malformed request gets a 400 when the stream is still usable; I/O errors end it.
      if (ec.category() == http::make_error_code(http::error::bad_target).category() &&
          ec != http::error::partial_message)
        return reply_error(400, 11, false, "bad_request", "malformed HTTP request");
      return fail(*context_, ec, "http read " + remote_);
    }
    context_->stats->http_requests.fetch_add(1, std::memory_order_relaxed);
    http::request<http::string_body> request = parser_->release();
    const unsigned version = request.version();
    const bool keep_alive = request.keep_alive();
    // Beast reads a body only for a final "chunked" and takes any other coding for no
    // body, so what follows would be read as the next request: refused, and closed.
    if (const auto codings = request.equal_range(http::field::transfer_encoding); codings.first != codings.second) {
      std::string joined;
      for (auto it = codings.first; it != codings.second; ++it) joined.append(it->value()).append(",");
      if (const unsigned status = transfer_encoding_refusal(joined, version))
        return reply_error(status, version, false, "bad_request", "Transfer-Encoding must be exactly chunked");
    }

    const auto target = split_target(request.target());
    if (!target) return reply_error(400, version, keep_alive, "bad_request", "bad request target");
    route_ = app::http_route_label(target->path);

    const auto& policy = context_->policy;
    const std::string client =
        client_address(peer_, request[http::field::forwarded], request["X-Forwarded-For"], policy.trusted_proxies);
    if (beast::websocket::is_upgrade(request)) {
      if (target->path != "/ws") return reply_error(404, version, false, "not_found", "no WebSocket here; use /ws");
      const auto legal = legal_form_asked(target->query);
      if (!legal)
        return reply_error(400, version, false, "bad_request", "legal must be compact, or left out for lists");
      if (request.count(http::field::sec_websocket_key) != 1 ||
          !valid_websocket_key(request[http::field::sec_websocket_key]))
        return reply_error(400, version, false, "bad_request", "Sec-WebSocket-Key must be 16 bytes in base64");
      if (context_->stopping.load())
        return reply_error(503, version, false, "shutting_down", "the server is shutting down");
      if (!origin_allowed(request[http::field::origin], request[http::field::host], policy.allowed_origins)) {
        context_->stats->origins_refused.fetch_add(1, std::memory_order_relaxed);
        return reply_error(403, version, false, "origin_not_allowed", "this origin may not open a WebSocket here");
      }
      // Behind a trusted proxy the listener counted nothing: count the forwarded client.
      std::optional<AddressSlots::Slot> slot = std::move(slot_);
      if (!slot) slot = context_->slots->acquire(client);
      if (!slot) {
        context_->stats->connections_refused.fetch_add(1, std::memory_order_relaxed);
        return reply_error(429, version, false, "too_many_connections", "too many connections from your address");
      }
      const std::string remote = client == peer_ ? remote_ : client + " (via " + remote_ + ")";
      stream_.expires_never();
      start_ws_session(stream_.release_socket(), std::move(request), context_, client, remote, std::move(*slot),
                       *legal);
      return;
    }
    const bool head = request.method() == http::verb::head;  // answered as GET, without the body
    // RFC 8058's one-click unsubscribe is a POST to the mail's link; the HTTP API for
    // programs (docs/api.md) takes POSTs under /api/; nothing else does.
    const bool post = request.method() == http::verb::post &&
                      (target->path == "/notifications/unsubscribe" || target->path.starts_with("/api/"));
    // A program revokes its own token (docs/api.md).
    const bool del = request.method() == http::verb::delete_ && target->path == "/api/token";
    if (request.method() != http::verb::get && !head && !post && !del)
      return reply_error(405, version, keep_alive, "method_not_allowed", "only GET and HEAD are allowed");
    if (target->path == "/ws")
      return reply_error(400, version, keep_alive, "bad_request", "WebSocket upgrade expected at /ws");

    // The web client's files and pages first; what the site leaves (the API, unknown
    // paths) goes to the application.
    if (context_->site) {
      try {
        if (auto answer = web::site_answer(*context_->site, target->path, request[http::field::if_none_match])) {
          route_ = answer->route;
          return write_site(std::move(*answer), version, keep_alive, head);
        }
      } catch (const std::exception& e) {
        log::error(std::string("internal error in HTTP ") + std::string(target->path.substr(0, 64)) + ": " + e.what());
        const auto error = internal_error();
        return write(error.status, version, keep_alive, error.content_type, error.body, head);
      }
    }

    app::HttpRequest app_request{post  ? "POST"
                                 : del ? "DELETE"
                                       : "GET",
                                 target->path, target->query, std::string(request[http::field::accept])};
    app_request.authorization = std::string(request[http::field::authorization]);
    app_request.content_type = std::string(request[http::field::content_type]);
    app_request.body = std::move(request.body());
    app_request.address = client;
    auto answer = std::make_shared<Answer>(shared_from_this(), version, keep_alive, head);
    try {
      context_->app->handle_http(std::move(app_request),
                                 [answer](app::HttpResponse response) { answer->give(std::move(response)); });
    } catch (const std::exception& e) {
      log::error(std::string("internal error in HTTP ") + std::string(target->path.substr(0, 64)) + ": " + e.what());
      answer->give(internal_error());
    }
  }

  static app::HttpResponse internal_error() {
    return {500, "application/json", json_error("internal", "internal error")};
  }

  // The one answer to a request: the first give() is written (posted to the strand; it
  // may come from any thread); if every holder lets go without giving one, the request
  // is answered 500, so a lost callback can never leave a client waiting.
  class Answer {
   public:
    Answer(std::shared_ptr<HttpSession> session, unsigned version, bool keep_alive, bool head)
        : session_(std::move(session)), version_(version), keep_alive_(keep_alive), head_(head) {}
    ~Answer() {
      if (!given_.load()) {
        log::error("internal error: an HTTP request was dropped unanswered");
        give(internal_error());
      }
    }
    void give(app::HttpResponse response) {
      if (given_.exchange(true)) return;
      if (response.status >= 500 && response.status != 503)
        session_->context_->stats->http_internal_errors.fetch_add(1, std::memory_order_relaxed);
      asio::post(session_->stream_.get_executor(), [session = session_, version = version_, keep_alive = keep_alive_,
                                                    head = head_, response = std::move(response)]() mutable {
        if (response.stream) return session->write_stream(std::move(response), version, keep_alive, head);
        session->write(response.status, version, keep_alive, response.content_type, response.body, head,
                       &response.headers);
      });
    }

   private:
    std::shared_ptr<HttpSession> session_;
    unsigned version_;
    bool keep_alive_;
    bool head_;
    std::atomic<bool> given_{false};
  };

  void reply_error(unsigned status, unsigned version, bool keep_alive, std::string_view code,
                   std::string_view message) {
    write(static_cast<int>(status), version, keep_alive, "application/json", json_error(code, message));
  }

  // `head`: the answer to HEAD, the headers of `body` (its length too) without it.
  // `extra`: the application's other headers (Content-Disposition...).
  void write(int status, unsigned version, bool keep_alive, const std::string& content_type, std::string body,
             bool head = false, const std::vector<std::pair<std::string, std::string>>* extra = nullptr) {
    begin_response(status, version, keep_alive);
    response_->set(http::field::content_type, content_type);
    response_->set(http::field::cache_control, "no-store");
    if (status == 405) response_->set(http::field::allow, "GET, HEAD");
    if (extra)
      for (const auto& [name, value] : *extra) response_->set(name, value);
    send_response(std::move(body), head, keep_alive);
  }

  // An answer whose body comes piece by piece (app::HttpBodySource): the headers, then
  // each piece as an HTTP/1.1 chunk, asked for only once the previous one is written, so
  // a slow client holds back the source instead of growing a buffer. HTTP/1.0 has no
  // chunks: the pieces are written as they are and the connection closes after the last.
  void write_stream(app::HttpResponse answer, unsigned version, bool keep_alive, bool head) {
    context_->stats->http_responses.add(route_, answer.status);
    route_ = "unread";
    chunked_ = version >= 11;
    if (!chunked_) keep_alive = false;
    stream_response_.emplace(static_cast<http::status>(answer.status), version);
    stream_response_->set(http::field::server, kServerName);
    stream_response_->set(http::field::content_type, answer.content_type);
    stream_response_->set(http::field::cache_control, "no-store");
    for (const auto& [name, value] : answer.headers) stream_response_->set(name, value);
    stream_response_->keep_alive(keep_alive);
    if (chunked_) stream_response_->chunked(true);
    if (head) chunked_ = false;  // the headers GET would have, and no body at all
    source_ = head ? nullptr : std::move(answer.stream);
    serializer_.emplace(*stream_response_);
    stream_.expires_after(context_->limits.http_timeout);
    http::async_write_header(stream_, *serializer_,
                             [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
                               if (ec) return fail(*self->context_, ec, "http write " + self->remote_);
                               self->next_piece(keep_alive);
                             });
  }

  void next_piece(bool keep_alive) {
    if (!source_) return end_stream(keep_alive, false);
    auto self = shared_from_this();
    try {
      source_->next([self, keep_alive](app::HttpBodySource::Piece piece) {
        asio::post(self->stream_.get_executor(), [self, keep_alive, piece = std::move(piece)]() mutable {
          self->write_piece(std::move(piece), keep_alive);
        });
      });
    } catch (const std::exception& e) {
      log::error(std::string("internal error in a streamed HTTP answer: ") + e.what());
      end_stream(false, true);
    }
  }

  void write_piece(app::HttpBodySource::Piece piece, bool keep_alive) {
    if (piece.failed) return end_stream(false, true);
    if (piece.text.empty()) return piece.end ? end_stream(keep_alive, false) : next_piece(keep_alive);
    piece_ = std::move(piece.text);
    const bool last = piece.end;
    auto done = [self = shared_from_this(), keep_alive, last](beast::error_code ec, std::size_t) {
      if (ec) return fail(*self->context_, ec, "http write " + self->remote_);
      if (last) return self->end_stream(keep_alive, false);
      self->next_piece(keep_alive);
    };
    stream_.expires_after(context_->limits.http_timeout);
    if (chunked_) {
      asio::async_write(stream_, http::make_chunk(asio::buffer(piece_)), std::move(done));
    } else {
      asio::async_write(stream_, asio::buffer(piece_), std::move(done));
    }
  }

  // `cut`: the source failed; the body is left unfinished (no last chunk) and the
  // connection closed, so that the client cannot take a part for the whole.
  void end_stream(bool keep_alive, bool cut) {
    source_.reset();
    piece_.clear();
    const bool was_chunked = chunked_ && serializer_ && stream_response_;
    auto finish = [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
      self->serializer_.reset();
      self->stream_response_.reset();
      if (ec) return fail(*self->context_, ec, "http write " + self->remote_);
      if (!keep_alive) return self->do_close();
      self->do_read();
    };
    if (cut || !was_chunked) {
      serializer_.reset();
      stream_response_.reset();
      if (cut) {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.socket().close(ignored);
        return;
      }
      if (!keep_alive) return do_close();
      return do_read();
    }
    stream_.expires_after(context_->limits.http_timeout);
    asio::async_write(stream_, http::make_chunk_last(), std::move(finish));
  }

  // An answer of the web client's files, with the headers the site chose.
  void write_site(web::SiteResponse answer, unsigned version, bool keep_alive, bool head) {
    begin_response(answer.status, version, keep_alive);
    for (const auto& header : answer.headers) response_->set(header.name, header.value);
    // A 304 has no body and, here, no Content-Length (it would have to be the 200's).
    if (answer.status == 304) return send_response({}, true, keep_alive, false);
    send_response(std::move(answer.body), head, keep_alive);
  }

  void begin_response(int status, unsigned version, bool keep_alive) {
    context_->stats->http_responses.add(route_, status);
    route_ = "unread";  // the next request on this connection starts unread
    response_.emplace(static_cast<http::status>(status), version);
    response_->set(http::field::server, kServerName);
    response_->keep_alive(keep_alive);
  }

  // `with_length`: false only for a 304.
  void send_response(std::string body, bool head, bool keep_alive, bool with_length = true) {
    if (head) {
      if (with_length) response_->content_length(body.size());
    } else {
      response_->body() = std::move(body);
      response_->prepare_payload();
    }
    stream_.expires_after(context_->limits.http_timeout);
    http::async_write(stream_, *response_,
                      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
  }

  void on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    if (ec) return fail(*context_, ec, "http write " + remote_);
    response_.reset();
    if (!keep_alive) return do_close();
    do_read();
  }

  void do_close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<NetContext> context_;
  const std::string peer_;                  // the TCP peer's address
  std::optional<AddressSlots::Slot> slot_;  // moves to the WebSocket session at an upgrade
  std::string remote_;
  std::string_view route_ = "unread";  // the label of the request being answered (app/http/http_counts.hpp)
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::string_body>> response_;
  // A streamed answer (write_stream): its header, the source of its pieces, the piece
  // being written, and whether pieces go out as chunks.
  std::optional<http::response<http::empty_body>> stream_response_;
  std::optional<http::response_serializer<http::empty_body>> serializer_;
  std::shared_ptr<app::HttpBodySource> source_;
  std::string piece_;
  bool chunked_ = false;
};

}  // namespace

void start_http_session(tcp::socket socket, std::shared_ptr<NetContext> context, std::string peer,
                        std::optional<AddressSlots::Slot> slot) {
  std::make_shared<HttpSession>(std::move(socket), std::move(context), std::move(peer), std::move(slot))->run();
}

}  // namespace bh::net
