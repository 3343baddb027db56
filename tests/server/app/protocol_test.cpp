// The protocol library alone: decoding requests at the edge, encoding replies, and the
// client-side decoder reading back what the server writes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"

namespace bh::protocol {
namespace {

template <class T>
T as(const std::variant<Envelope, DecodeError>& decoded) {
  EXPECT_TRUE(std::holds_alternative<Envelope>(decoded))
      << (std::holds_alternative<DecodeError>(decoded) ? std::get<DecodeError>(decoded).message : "");
  return std::get<T>(std::get<Envelope>(decoded).request);
}

DecodeError error_of(std::string_view text) {
  auto decoded = decode_request(text, {});
  EXPECT_TRUE(std::holds_alternative<DecodeError>(decoded)) << text;
  return std::holds_alternative<DecodeError>(decoded) ? std::get<DecodeError>(decoded) : DecodeError{};
}

TEST(Protocol, DecodesEveryRequestType) {
  const auto m =
      as<client::Move>(decode_request(R"({"type":"move","game_id":"g1","ply":3,"move":"huff b2 c2-c3","id":9})"));
  EXPECT_EQ(m.game_id, "g1");
  EXPECT_EQ(m.ply, 3);
  EXPECT_EQ(m.move, "huff b2 c2-c3");
  const auto c = as<client::CreateRoom>(decode_request(
      R"({"type":"create_room","game":"seatafl","options":{"size":11,"king_limit":"3"},"side":"defenders",
          "clock":{"initial_s":0.2},"games":2,"private":true})"));
  EXPECT_EQ(c.options->values.at("size"), "11");
  EXPECT_EQ(c.options->values.at("king_limit"), "3");
  EXPECT_DOUBLE_EQ(c.clock->initial_s.value_or(0), 0.2);
  EXPECT_FALSE(c.clock->increment_s.has_value());
  EXPECT_EQ(*c.is_private, true);
  const auto l = as<client::ListGames>(decode_request(R"({"type":"list_games","player":"bob","from":5,"limit":3})"));
  EXPECT_EQ(*l.player, "bob");
  EXPECT_EQ(*l.from, 5);
  EXPECT_FALSE(l.to.has_value());
  for (const char* type : {"ping", "list_rooms", "subscribe_lobby", "unsubscribe_lobby"}) {
    auto d = decode_request(std::string(R"({"type":")") + type + R"("})");
    ASSERT_TRUE(std::holds_alternative<Envelope>(d)) << type;
    EXPECT_EQ(request_type(std::get<Envelope>(d).request), type);
  }
}

TEST(Protocol, RequestIdsAreEchoedAsGiven) {
  auto d = decode_request(R"({"type":"ping","id":"abc"})");
  EXPECT_EQ(std::get<std::string>(std::get<Envelope>(d).id.value), "abc");
  auto e = decode_request(R"({"type":"ping","id":-7})");
  EXPECT_EQ(std::get<std::int64_t>(std::get<Envelope>(e).id.value), -7);
  EXPECT_EQ(encode(server::Pong{}, std::get<Envelope>(e).id), R"({"type":"pong","id":-7})");
  EXPECT_EQ(error_of(R"({"type":"nope","id":4})").id, RequestId{std::int64_t{4}});
}

TEST(Protocol, BadInputIsATypedError) {
  EXPECT_EQ(error_of("").code, ErrorCode::bad_request);
  EXPECT_EQ(error_of("{").code, ErrorCode::bad_request);
  EXPECT_EQ(error_of("null").code, ErrorCode::bad_request);
  EXPECT_EQ(error_of(R"({"type":5})").code, ErrorCode::bad_request);
  EXPECT_EQ(error_of(R"({"type":"teleport"})").code, ErrorCode::unknown_type);
  EXPECT_EQ(error_of(R"({"type":"move","game_id":"g","ply":"3","move":"a1-a2"})").code, ErrorCode::bad_request);
  EXPECT_EQ(error_of(R"({"type":"move","game_id":"g","ply":1.5,"move":"a1-a2"})").code, ErrorCode::bad_request);
  EXPECT_EQ(error_of(R"({"type":"move","game_id":"g","ply":99999999999,"move":"a1-a2"})").code, ErrorCode::bad_request);
  EXPECT_EQ(error_of(R"({"type":"move","game_id":"g","move":"a1-a2"})").message, "move: missing field 'ply'");
  EXPECT_EQ(error_of(R"({"type":"create_room","game":"x","options":{"size":[1]}})").code, ErrorCode::bad_request);
  EXPECT_EQ(error_of(R"({"type":"create_room","game":"x","private":"yes"})").code, ErrorCode::bad_request);
  const std::string long_name = R"({"type":"guest","name":")" + std::string(257, 'a') + R"("})";
  EXPECT_EQ(error_of(long_name).code, ErrorCode::bad_request);
}

TEST(Protocol, ErrorCodesHaveStableNames) {
  for (int i = 0; i < kErrorCodeCount; ++i) {
    const auto code = static_cast<ErrorCode>(i);
    EXPECT_EQ(error_code_from_string(to_string(code)), code);
  }
  EXPECT_EQ(to_string(ErrorCode::stale_ply), "stale_ply");
  EXPECT_FALSE(error_code_from_string("nope").has_value());
}

TEST(Protocol, ClientDecodesWhatTheServerEncodes) {
  server::Move move;
  move.game_id = "g1";
  move.ply = 1;
  move.move = "c3-d4";
  move.side = "first";
  move.position = "B:W...";
  move.to_move = "second";
  move.clocks = server::Clocks{1000, 2000, 0, std::string("second"), std::nullopt};
  const std::string text = encode(move, RequestId{std::int64_t{12}});
  auto decoded = decode_server_message(text);
  ASSERT_TRUE(std::holds_alternative<ServerFrame>(decoded));
  const auto& frame = std::get<ServerFrame>(decoded);
  EXPECT_EQ(frame.id, RequestId{std::int64_t{12}});
  const auto& back = std::get<server::Move>(frame.message);
  EXPECT_EQ(back.move, "c3-d4");
  EXPECT_EQ(back.clocks->second_ms, 2000);
  EXPECT_EQ(*back.clocks->running, "second");
  EXPECT_EQ(back.status.state, "ongoing");
  // A request encoded by a client is decoded by the server.
  client::JoinRoom join{"r1", std::string("code")};
  auto again = decode_request(encode_request(join, RequestId{std::string("x")}));
  EXPECT_EQ(as<client::JoinRoom>(again).invite_code, "code");
}

// The additions of issue 14: `board` in states and records, `legal` in states (and in
// move events, move_codec_test.cpp), in their documented JSON form, read back by clients.
TEST(Protocol, StatesAndRecordsCarryTheBoardAndTheListOfThePlayerToMove) {
  server::Board board;
  board.files = 9;
  board.ranks = 9;
  board.marked = {{"a1", "exit"}, {"a9", "exit"}, {"i1", "exit"}, {"i9", "exit"}, {"e5", "throne"}};
  board.pieces = {
      {"a", "first", "man", "attacker"}, {"d", "second", "man", "defender"}, {"k", "second", "royal", "king"}};
  server::GameState state;
  state.state.board = board;
  state.state.legal = std::vector<std::string>{"a4-a2", "e1-e3"};
  const std::string text = encode(state);
  EXPECT_NE(text.find(R"("to_move":"","legal":["a4-a2","e1-e3"],"moves":[])"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("board":{"files":9,"ranks":9,)"
                      R"("marked":{"a1":"exit","a9":"exit","e5":"throne","i1":"exit","i9":"exit"},"lines":null,)"
                      R"("pieces":[{"letter":"a","side":"first","kind":"man","name":"attacker"},)"
                      R"({"letter":"d","side":"second","kind":"man","name":"defender"},)"
                      R"({"letter":"k","side":"second","kind":"royal","name":"king"}],"note":null},)"),
            std::string::npos)
      << text;
  auto decoded = decode_server_message(text);
  ASSERT_TRUE(std::holds_alternative<ServerFrame>(decoded));
  const auto& back = std::get<server::GameState>(std::get<ServerFrame>(decoded).message).state;
  EXPECT_EQ(back.board, board);
  EXPECT_EQ(back.legal, state.state.legal);

  // Everyone but the player to move: null.
  state.state.legal.reset();
  EXPECT_NE(encode(state).find(R"("legal":null)"), std::string::npos);

  // A board of points and lines (Alquerque), with a note, in a record.
  server::GameRecord record;
  record.record.board = server::Board{5,
                                      5,
                                      {},
                                      std::vector<std::vector<std::string>>{{"a1", "b1"}, {"a1", "b2"}},
                                      {{"w", "first", "man", "white"}},
                                      std::string("a note")};
  const std::string record_text = encode(record);
  EXPECT_NE(
      record_text.find(R"("board":{"files":5,"ranks":5,"marked":{},"lines":[["a1","b1"],["a1","b2"]],)"
                       R"("pieces":[{"letter":"w","side":"first","kind":"man","name":"white"}],"note":"a note"})"),
      std::string::npos)
      << record_text;
  auto record_back = decode_server_message(record_text);
  ASSERT_TRUE(std::holds_alternative<ServerFrame>(record_back));
  EXPECT_EQ(std::get<server::GameRecord>(std::get<ServerFrame>(record_back).message).record.board, record.record.board);

  // A state from a server without these fields still reads (both absent).
  nlohmann::json old = nlohmann::json::parse(encode(state));
  old["state"].erase("board");
  old["state"].erase("legal");
  auto old_back = decode_server_message(old.dump());
  ASSERT_TRUE(std::holds_alternative<ServerFrame>(old_back));
  EXPECT_FALSE(std::get<server::GameState>(std::get<ServerFrame>(old_back).message).state.board.has_value());
}

// The spectator count (in states and its own event) and the clock of a lobby's live game,
// in their documented JSON form; an older server's state without the count still reads.
TEST(Protocol, SpectatorCountAndLiveGameClockReadBack) {
  const std::string event = encode(server::Spectators{"g1", 3});
  EXPECT_EQ(event, R"({"type":"spectators","game_id":"g1","count":3})");
  auto decoded = decode_server_message(event);
  ASSERT_TRUE(std::holds_alternative<ServerFrame>(decoded));
  EXPECT_EQ(std::get<server::Spectators>(std::get<ServerFrame>(decoded).message).count, 3);

  server::GameState state;
  state.state.spectators = 2;
  const std::string text = encode(state);
  EXPECT_NE(text.find(R"("absent":[],"spectators":2,"match":)"), std::string::npos) << text;
  nlohmann::json old = nlohmann::json::parse(text);
  old["state"].erase("spectators");
  auto old_back = decode_server_message(old.dump());
  ASSERT_TRUE(std::holds_alternative<ServerFrame>(old_back));
  EXPECT_FALSE(std::get<server::GameState>(std::get<ServerFrame>(old_back).message).state.spectators.has_value());

  server::LiveGameListed live;
  live.game.clock = ClockMs{300000, 5000};
  EXPECT_NE(encode(live).find(R"("options":{},"clock":{"initial_ms":300000,"increment_ms":5000},"players":)"),
            std::string::npos)
      << encode(live);
  live.game.clock.reset();
  EXPECT_NE(encode(live).find(R"("clock":null)"), std::string::npos);
}

// The room encodes an event once and adds the mover's id to that text; the result must
// be the bytes encode(message, id) writes, whatever the id and the message.
// A move event with every field but the legal moves set.
server::Move sample_move_event() {
  server::Move move;
  move.game_id = "g1";
  move.ply = 4;
  move.move = "c3-d4";
  move.side = "first";
  move.position = "x";
  move.to_move = "second";
  move.clocks = server::Clocks{1000, 2000, 0, std::string("second"), std::nullopt};
  return move;
}

TEST(Protocol, AnIdAddedToEncodedTextIsWhatEncodeWrites) {
  const server::Move move = sample_move_event();
  const server::DrawOffered offer{"g1", "first", "alice"};
  const server::RoomCancelled cancelled{"r1", std::nullopt, std::nullopt};
  for (const RequestId& id : {RequestId{std::int64_t{12}}, RequestId{std::int64_t{-7}},
                              RequestId{std::string("a\"b,c")}, RequestId{std::string("")}}) {
    EXPECT_EQ(with_request_id(encode(move), id), encode(move, id));
    EXPECT_EQ(with_request_id(encode(offer), id), encode(offer, id));
    EXPECT_EQ(with_request_id(encode(cancelled), id), encode(cancelled, id));
    // A message without fields: the id still goes in.
    EXPECT_EQ(with_request_id(encode(server::Pong{}), id), encode(server::Pong{}, id));
  }
  EXPECT_EQ(with_request_id(encode(server::Pong{}), RequestId{}), R"({"type":"pong"})");
  EXPECT_EQ(with_request_id(encode(server::Pong{}), RequestId{std::int64_t{3}}), R"({"type":"pong","id":3})");
}

// The player to move gets the event everyone gets with its legal moves put in: the
// same bytes as encoding the event with them.
TEST(Protocol, LegalMovesPutIntoAnEncodedMoveEventAreWhatEncodeWrites) {
  const server::Move move = sample_move_event();
  for (const auto& legal : {std::vector<std::string>{}, std::vector<std::string>{"a1-a2"},
                            std::vector<std::string>{"a1-a2", "c3:e5:g3", "huff b2 c2-c3", "q\"\\\x01\xff"}}) {
    const std::string everyone = encode(move);
    server::Move with = move;
    with.legal = legal;
    std::string array = "[";
    for (const auto& text : legal) array += (array.size() > 1 ? "," : "") + json_string(text);
    array += "]";
    EXPECT_EQ(with_legal_moves(everyone, array), encode(with));
    EXPECT_EQ(with_request_id(with_legal_moves(everyone, array), RequestId{std::int64_t{9}}),
              encode(with, RequestId{std::int64_t{9}}));
  }
}

TEST(Protocol, HttpErrorBodyIsCodeAndMessage) {
  EXPECT_EQ(encode_http_error("bad_query", "limit must be 1-100"),
            R"({"code":"bad_query","message":"limit must be 1-100"})");
  // Client text quoted in the message is escaped, and bad UTF-8 replaced, never thrown.
  EXPECT_EQ(encode_http_error("not_found", "no game 'a\"b'"), R"({"code":"not_found","message":"no game 'a\"b'"})");
  EXPECT_EQ(encode_http_error("not_found", "\xff"), "{\"code\":\"not_found\",\"message\":\"\xef\xbf\xbd\"}");
}

// The fields of ratings (docs/ratings.md) are always sent by this server, but a client
// still reads messages of a server without them (absent or null): they read as empty.
template <class M>
M read_back(const nlohmann::json& j) {
  auto decoded = decode_server_message(j.dump());
  EXPECT_TRUE(std::holds_alternative<ServerFrame>(decoded)) << j.dump();
  if (!std::holds_alternative<ServerFrame>(decoded)) return M{};
  return std::get<M>(std::get<ServerFrame>(decoded).message);
}

TEST(Protocol, RatingFieldsAreOptionalWhenAClientReads) {
  server::RoomCreated created;
  created.room.rated = true;
  created.room.creator_rating = RatingView{1741.6, 396.8, true};
  auto room = nlohmann::json::parse(encode(created));
  EXPECT_EQ(room["room"]["rated"], true);
  EXPECT_EQ(read_back<server::RoomCreated>(room).room.creator_rating, created.room.creator_rating);
  room["room"].erase("rated");
  room["room"].erase("creator_rating");
  auto old_room = read_back<server::RoomCreated>(room).room;
  EXPECT_FALSE(old_room.rated.has_value());
  EXPECT_FALSE(old_room.creator_rating.has_value());

  server::LiveGameListed live;
  live.game.rated = false;
  live.game.ratings = RatingPair{RatingView{}, std::nullopt};
  auto game = nlohmann::json::parse(encode(live));
  EXPECT_TRUE(game["game"]["ratings"]["second"].is_null());
  EXPECT_EQ(read_back<server::LiveGameListed>(game).game.ratings, live.game.ratings);
  game["game"].erase("rated");
  game["game"]["ratings"] = nullptr;
  auto old_game = read_back<server::LiveGameListed>(game).game;
  EXPECT_FALSE(old_game.rated.has_value());
  EXPECT_FALSE(old_game.ratings.has_value());

  server::GameState state;
  state.state.rated = true;
  auto view = nlohmann::json::parse(encode(state));
  view["state"].erase("rated");
  view["state"].erase("ratings");
  EXPECT_FALSE(read_back<server::GameState>(view).state.rated.has_value());

  server::GameOver over;
  over.rating_changes = server::RatingChanges{{1500, 1258.4, -241.6, 396.8}, {1500, 1741.6, 241.6, 396.8}};
  auto ended = nlohmann::json::parse(encode(over));
  EXPECT_EQ(ended["rating_changes"]["second"]["after"], 1741.6);
  ended.erase("rating_changes");
  EXPECT_FALSE(read_back<server::GameOver>(ended).rating_changes.has_value());

  // `rated` comes after the older fields of archive summaries and records (the later
  // additions follow it), and every one of them may be absent.
  server::Games games;
  games.games.emplace_back().rated = true;
  const std::string games_text = encode(games);
  EXPECT_NE(games_text.find(
                R"("moves":0,"rated":true,"bots":null,"computer_level":null,"correspondence":null,"imported":null}])"),
            std::string::npos)
      << games_text;
  auto listed = nlohmann::json::parse(games_text);
  listed["games"][0].erase("rated");
  listed["games"][0].erase("imported");
  EXPECT_FALSE(read_back<server::Games>(listed).games.at(0).rated.has_value());
  EXPECT_FALSE(read_back<server::Games>(listed).games.at(0).imported.has_value());
  server::GameRecord record;
  record.record.rated = false;
  const std::string record_text = encode(record);
  EXPECT_NE(record_text.find(R"("board":null,"rated":false,"imported":null,"tags":null,"correspondence":null}})"),
            std::string::npos)
      << record_text;
  auto stored = nlohmann::json::parse(record_text);
  stored["record"].erase("rated");
  stored["record"].erase("imported");
  stored["record"].erase("tags");
  EXPECT_FALSE(read_back<server::GameRecord>(stored).record.rated.has_value());
  EXPECT_FALSE(read_back<server::GameRecord>(stored).record.tags.has_value());
}

}  // namespace
}  // namespace bh::protocol
