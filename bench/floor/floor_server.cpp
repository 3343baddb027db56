// bh_floor: the floor boardhall-server is measured against (docs/performance.md).
//
// The smallest server that speaks the part of the protocol bh_loadgen uses: welcome,
// guest, create_room, join_room, move. One Beast io thread, no strands, no rules, no
// clocks, no storage. A move is decoded by the same protocol module as the server's
// (its hand-written fast path included), checked for seat, turn, ply and a rook-like
// shape (one file or one rank), and its `move` event is encoded once and written to
// both players, the mover's copy with its request id: what the server does, minus the
// rules, the clocks, the durable write, the lobby and the metrics. It never ends a game;
// its welcome says "server":"boardhall-floor", and bh_loadgen then goes on with a new
// position when its own rules end a game, on the same ply count.
//
// Honest means no shortcut the real server could not take: each connection reads frames
// with Beast and keeps a FIFO of shared immutable frames with one write in flight, and
// TCP_NODELAY is set, as in server/net.
//
// Usage: bh_floor [--listen 127.0.0.1:18090]
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

#include <sys/resource.h>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>

#include "protocol/messages.hpp"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace protocol = bh::protocol;
using tcp = asio::ip::tcp;
using Frame = std::shared_ptr<const std::string>;

class Session;

// Two seats; the first seat (the creator) moves first.
struct Game {
  std::string game_id;
  std::weak_ptr<Session> seats[2];
  int ply = 0;
};

struct Floor {
  std::unordered_map<std::string, std::shared_ptr<Game>> rooms;  // open rooms by room id
  std::unordered_map<std::string, std::shared_ptr<Game>> games;  // games by game id
  std::uint64_t next_id = 1;
  std::uint64_t moves = 0;
};

// "a1-a5": two squares (a letter, then digits) on one file or one rank, not the same.
bool rook_shaped(std::string_view text) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return false;
  auto square = [](std::string_view s, char& file, int& rank) {
    if (s.size() < 2 || s.size() > 3 || s[0] < 'a' || s[0] > 'z') return false;
    rank = 0;
    for (const char c : s.substr(1)) {
      if (c < '0' || c > '9') return false;
      rank = rank * 10 + (c - '0');
    }
    file = s[0];
    return rank >= 1;
  };
  char f1 = 0, f2 = 0;
  int r1 = 0, r2 = 0;
  if (!square(text.substr(0, dash), f1, r1) || !square(text.substr(dash + 1), f2, r2)) return false;
  return (f1 == f2) != (r1 == r2);
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, Floor& floor) : ws_(std::move(socket)), floor_(floor) {}

  void run() {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(64 * 1024);
    ws_.text(true);
    ws_.async_accept([self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      protocol::server::Welcome welcome;
      welcome.server = "boardhall-floor";
      self->send(std::make_shared<const std::string>(protocol::encode(welcome)));
      self->do_read();
    });
  }

  void send(Frame frame) {
    if (closed_ || queue_.size() >= 1024) return;
    queue_.push_back(std::move(frame));
    if (!writing_) do_write();
  }

  bool seated_in(const Game& game, int seat) const { return game.seats[seat].lock().get() == this; }

 private:
  void do_read() {
    ws_.async_read(in_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) {
      closed_ = true;
      return;
    }
    const auto data = in_.cdata();
    on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
    in_.consume(in_.size());
    do_read();
  }

  void error(const protocol::RequestId& id, std::string code, std::string message) {
    send(std::make_shared<const std::string>(protocol::encode(protocol::server::Error{code, message, {}}, id)));
  }

  void on_message(std::string_view text) {
    auto decoded = protocol::decode_request(text);
    if (auto* bad = std::get_if<protocol::DecodeError>(&decoded)) return error(bad->id, "bad_request", bad->message);
    auto& envelope = std::get<protocol::Envelope>(decoded);
    const auto& id = envelope.id;
    std::visit(
        [&](auto& request) {
          using R = std::decay_t<decltype(request)>;
          if constexpr (std::is_same_v<R, protocol::client::Move>) on_move(id, request);
          else if constexpr (std::is_same_v<R, protocol::client::Guest>) on_guest(id, request);
          else if constexpr (std::is_same_v<R, protocol::client::CreateRoom>) on_create(id);
          else if constexpr (std::is_same_v<R, protocol::client::JoinRoom>) on_join(id, request);
          else error(id, "unknown_type", "the floor answers guest, create_room, join_room and move only");
        },
        envelope.request);
  }

  void on_guest(const protocol::RequestId& id, const protocol::client::Guest& guest) {
    name_ = guest.name;
    protocol::server::Identity identity;
    identity.player = name_;
    send(std::make_shared<const std::string>(protocol::encode(identity, id)));
  }

  void on_create(const protocol::RequestId& id) {
    auto game = std::make_shared<Game>();
    game->seats[0] = weak_from_this();
    protocol::server::RoomCreated created;
    created.room.room_id = "r" + std::to_string(floor_.next_id++);
    created.room.creator = name_;
    floor_.rooms[created.room.room_id] = std::move(game);
    send(std::make_shared<const std::string>(protocol::encode(created, id)));
  }

  void on_join(const protocol::RequestId& id, const protocol::client::JoinRoom& join) {
    const auto found = floor_.rooms.find(join.room_id);
    if (found == floor_.rooms.end()) return error(id, "unknown_room", "no such room");
    auto game = std::move(found->second);
    floor_.rooms.erase(found);
    game->seats[1] = weak_from_this();
    game->game_id = "g" + std::to_string(floor_.next_id++);
    floor_.games[game->game_id] = game;
    for (int seat = 0; seat < 2; ++seat) {
      if (auto player = game->seats[seat].lock()) {
        protocol::server::GameStarted started;
        started.state.game_id = game->game_id;
        started.state.you = seat == 0 ? "first" : "second";
        player->send(std::make_shared<const std::string>(protocol::encode(started)));
      }
    }
  }

  void on_move(const protocol::RequestId& id, const protocol::client::Move& move) {
    const auto found = floor_.games.find(move.game_id);
    if (found == floor_.games.end()) return error(id, "unknown_game", "no such game");
    Game& game = *found->second;
    const int seat = game.ply % 2;
    if (!seated_in(game, seat)) return error(id, "not_your_turn", "not your turn");
    if (move.ply != game.ply) return error(id, "stale_ply", "the game is at another ply");
    if (!rook_shaped(move.move)) return error(id, "illegal_move", "not a move along a file or a rank");
    ++game.ply;
    ++floor_.moves;
    protocol::server::Move event;
    event.game_id = game.game_id;
    event.ply = game.ply;
    event.move = move.move;
    auto text = std::make_shared<const std::string>(protocol::encode(event));
    if (auto opponent = game.seats[1 - seat].lock()) opponent->send(text);
    send(std::make_shared<const std::string>(protocol::with_request_id(*text, id)));
  }

  void do_write() {
    writing_ = true;
    ws_.async_write(asio::buffer(*queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      self->queue_.pop_front();
      if (ec) {
        self->closed_ = true;
        self->queue_.clear();
        return;
      }
      if (!self->queue_.empty()) self->do_write();
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  Floor& floor_;
  beast::flat_buffer in_;
  std::deque<Frame> queue_;
  std::string name_;
  bool writing_ = false, closed_ = false;
};

class Acceptor {
 public:
  Acceptor(asio::io_context& io, const tcp::endpoint& at, Floor& floor) : acceptor_(io, at), floor_(floor) {}
  void accept() {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (!ec) {
        socket.set_option(tcp::no_delay(true), ec);
        std::make_shared<Session>(std::move(socket), floor_)->run();
      }
      accept();
    });
  }

 private:
  tcp::acceptor acceptor_;
  Floor& floor_;
};

}  // namespace

int main(int argc, char** argv) {
  std::string listen = "127.0.0.1:18090";
  for (int i = 1; i + 1 < argc; i += 2)
    if (std::string_view(argv[i]) == "--listen") listen = argv[i + 1];
  if (argc % 2 == 0 || listen.rfind(':') == std::string::npos) {
    std::fprintf(stderr, "usage: bh_floor [--listen HOST:PORT]\n");
    return 2;
  }
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  const auto colon = listen.rfind(':');
  try {
    asio::io_context io{1};
    Floor floor;
    const tcp::endpoint at(asio::ip::make_address(listen.substr(0, colon)),
                           static_cast<std::uint16_t>(std::stoi(listen.substr(colon + 1))));
    Acceptor acceptor(io, at, floor);
    acceptor.accept();
    asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](beast::error_code, int) { io.stop(); });
    std::fprintf(stderr, "bh_floor listening on %s\n", listen.c_str());
    io.run();
    std::fprintf(stderr, "bh_floor: %llu moves relayed\n", static_cast<unsigned long long>(floor.moves));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bh_floor: %s\n", e.what());
    return 1;
  }
  return 0;
}
