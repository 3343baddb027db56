// The hand-written move codec (common/protocol/move_codec.hpp) against the generic
// nlohmann path: the same text for every `move` event, the same result (envelope or
// error, with its code, message and id) for every frame, hand-picked and random.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "protocol/json_encode.hpp"
#include "protocol/move_codec.hpp"

namespace bh::protocol {
namespace {

using namespace std::string_literals;
using Rng = std::mt19937;

std::size_t pick(Rng& rng, std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); }

// decode_request (fast path first) and decode_request_generic agree on `text`.
::testing::AssertionResult same_decode(std::string_view text, const Limits& limits = {}) {
  const auto fast = decode_request(text, limits);
  const auto generic = decode_request_generic(text, limits);
  const auto fail = [&] {
    return ::testing::AssertionFailure() << "for " << ::testing::PrintToString(std::string(text));
  };
  if (fast.index() != generic.index()) return fail() << ": one decodes, the other does not";
  if (const auto* g = std::get_if<DecodeError>(&generic)) {
    const auto& f = std::get<DecodeError>(fast);
    if (f.code != g->code || f.message != g->message || !(f.id == g->id))
      return fail() << ": errors differ: '" << f.message << "' vs '" << g->message << "'";
    return ::testing::AssertionSuccess();
  }
  const auto& f = std::get<Envelope>(fast);
  const auto& g = std::get<Envelope>(generic);
  if (!(f.id == g.id)) return fail() << ": ids differ";
  if (f.request.index() != g.request.index() || encode_request(f.request) != encode_request(g.request))
    return fail() << ": requests differ: " << encode_request(f.request) << " vs " << encode_request(g.request);
  return ::testing::AssertionSuccess();
}

// encode (the direct writer) and encode_generic give the same text, or the same error.
::testing::AssertionResult same_encoding(const server::Move& move, const RequestId& id = {}) {
  std::string fast, generic, fast_error, generic_error;
  try {
    fast = encode(move, id);
  } catch (const nlohmann::json::exception& e) {
    fast_error = e.what();
  }
  try {
    generic = encode_generic(move, id);
  } catch (const nlohmann::json::exception& e) {
    generic_error = e.what();
  }
  if (fast == generic && fast_error == generic_error) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "fast:    " << fast << fast_error << "\ngeneric: " << generic
                                       << generic_error;
}

server::Move sample_event() {
  server::Move m;
  m.game_id = "g18f2c3a4b5-5e6f7a8b";
  m.ply = 1;
  m.move = "c2-c3";
  m.side = "first";
  m.position = "bbbbb/bbbbb/bbwww/ww1ww/wwwww b - -";
  m.to_move = "second";
  m.clocks = server::Clocks{299100, 300000, 5000, std::string("second"), std::nullopt};
  return m;
}

TEST(MoveCodecEncode, WritesTheDocumentedEvent) {
  EXPECT_EQ(encode(sample_event(), RequestId{std::int64_t{30}}),
            R"({"type":"move","id":30,"game_id":"g18f2c3a4b5-5e6f7a8b","ply":1,"move":"c2-c3","side":"first",)"
            R"("position":"bbbbb/bbbbb/bbwww/ww1ww/wwwww b - -","to_move":"second",)"
            R"("clocks":{"first_ms":299100,"second_ms":300000,"increment_ms":5000,"running":"second",)"
            R"("first_move_deadline_ms":null,"paused":null},)"
            R"("status":{"state":"ongoing","winner":null,"reason":null},"deadline_ms":null,"legal":null})");
  // The copy for the player to move: the same, with its moves.
  auto to_move = sample_event();
  to_move.legal = std::vector<std::string>{"a5-b4", "b4-b3"};
  EXPECT_EQ(encode(to_move), R"({"type":"move","game_id":"g18f2c3a4b5-5e6f7a8b","ply":1,"move":"c2-c3","side":"first",)"
                             R"("position":"bbbbb/bbbbb/bbwww/ww1ww/wwwww b - -","to_move":"second",)"
                             R"("clocks":{"first_ms":299100,"second_ms":300000,"increment_ms":5000,"running":"second",)"
                             R"("first_move_deadline_ms":null,"paused":null},)"
                             R"("status":{"state":"ongoing","winner":null,"reason":null},"deadline_ms":null,)"
                             R"("legal":["a5-b4","b4-b3"]})");
}

TEST(MoveCodecEncode, MatchesTheGenericWriterForEveryShape) {
  const std::vector<RequestId> ids = {RequestId{},
                                      RequestId{std::int64_t{0}},
                                      RequestId{std::int64_t{-7}},
                                      RequestId{INT64_MAX},
                                      RequestId{INT64_MIN},
                                      RequestId{std::string()},
                                      RequestId{std::string("abc")},
                                      RequestId{std::string("q\"\\\n\x01/\xc3\xa9")}};
  for (const auto& id : ids) {
    auto m = sample_event();
    EXPECT_TRUE(same_encoding(m, id));
    m.clocks.reset();
    EXPECT_TRUE(same_encoding(m, id));
    m.clocks = server::Clocks{0, -1, INT64_MAX, std::nullopt, INT64_MAX};
    m.status = server::GameStatus{"win", std::string("first"), std::string("king_escaped")};
    m.ply = INT_MIN;
    EXPECT_TRUE(same_encoding(m, id));
    m.ply = INT_MAX;
    m.clocks = server::Clocks{INT64_MIN, 0, 0, std::string(), std::nullopt};
    m.status = server::GameStatus{"draw", std::nullopt, std::string("repetition")};
    EXPECT_TRUE(same_encoding(m, id));
    EXPECT_TRUE(same_encoding(server::Move{}, id));
    // The player to move's copy: a list of move texts, empty or not.
    m.legal = std::vector<std::string>{};
    EXPECT_TRUE(same_encoding(m, id));
    m.legal = std::vector<std::string>{"huff b2 c2-c3"};
    EXPECT_TRUE(same_encoding(m, id));
    m.legal = std::vector<std::string>{"a1-a2", "c3:e5:g3", "k11-k2", "", "q\"\\\n\xc3\xa9\xff"};
    EXPECT_TRUE(same_encoding(m, id));
  }
}

TEST(MoveCodecEncode, EscapesEveryAsciiCharacterLikeNlohmann) {
  for (int c = 0; c < 0x80; ++c) {
    auto m = sample_event();
    m.move = "a" + std::string(1, static_cast<char>(c)) + "b";
    m.position = std::string(3, static_cast<char>(c));
    EXPECT_TRUE(same_encoding(m, RequestId{std::string(1, static_cast<char>(c))})) << "character " << c;
  }
  // Checked by hand too, not only against nlohmann.
  server::Move m;
  m.move = "\x01\x1f\b\t\n\f\r\"\\/\x7f";
  EXPECT_NE(encode(m).find(R"("move":"\u0001\u001f\b\t\n\f\r\"\\/)"
                           "\x7f\""),
            std::string::npos)
      << encode(m);
}

TEST(MoveCodecEncode, CopiesValidUtf8AsIs) {
  for (const char* text :
       {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9d\x84\x9e", "\xf4\x8f\xbf\xbf", "\xef\xbf\xbf", "\xc2\x80", "\xe0\xa0\x80",
        "\xed\x9f\xbf", "\xee\x80\x80", "\xf0\x90\x80\x80", "caf\xc3\xa9 \xe2\x82\xac\xf0\x9d\x84\x9e!"}) {
    auto m = sample_event();
    m.position = text;
    EXPECT_TRUE(same_encoding(m)) << text;
    EXPECT_NE(encode(m).find(std::string("\"") + text + "\""), std::string::npos);
  }
}

// Bytes that are not UTF-8 never make an encoding fail (a client's text is echoed in
// replies): both writers replace them with U+FFFD as nlohmann's error_handler_t::replace
// does, one per maximal invalid part.
TEST(MoveCodecEncode, InvalidUtf8IsReplacedAsNlohmannReplacesIt) {
  for (const char* text :
       {"\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xc3", "\xc3(", "\xe0\x80\x80", "\xe2\x82", "\xed\xa0\x80",
        "\xf0\x80\x80\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "ok\xe2\x82\xac\xe2"}) {
    auto m = sample_event();
    m.status.reason = std::string(text);
    std::string encoded;
    EXPECT_NO_THROW(encoded = encode(m)) << ::testing::PrintToString(std::string(text));
    EXPECT_TRUE(nlohmann::json::accept(encoded)) << encoded;
    EXPECT_NE(encoded.find("\xef\xbf\xbd"), std::string::npos) << encoded;
    EXPECT_TRUE(same_encoding(m));
  }
  auto m = sample_event();
  m.status.reason = "\xc3(";
  EXPECT_NE(encode(m).find("\"\xef\xbf\xbd(\""), std::string::npos);
  m.status.reason = "\xe0\x80\x80";  // an overlong lead, then two stray continuations
  EXPECT_NE(encode(m).find("\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""), std::string::npos);
  m.status.reason = "ok\xe2\x82\xac\xe2";  // a character cut at the end: one replacement
  EXPECT_NE(encode(m).find("\"ok\xe2\x82\xac\xef\xbf\xbd\""), std::string::npos);
}

// A string biased towards what the writer treats specially: escapes, UTF-8 of every
// length, broken UTF-8 now and then.
std::string random_text(Rng& rng) {
  static const std::vector<std::string> pieces = {"a",
                                                  "e1-e3",
                                                  " ",
                                                  "\"",
                                                  "\\",
                                                  "/",
                                                  "\n",
                                                  "\x01",
                                                  "\x1f",
                                                  "\x7f",
                                                  "\xc3\xa9",
                                                  "\xe2\x82\xac",
                                                  "\xf0\x9d\x84\x9e",
                                                  "\xed\x9f\xbf",
                                                  "\xf4\x8f\xbf\xbf"};
  std::string s;
  const std::size_t n = pick(rng, 12);
  for (std::size_t i = 0; i < n; ++i) s += pieces[pick(rng, pieces.size())];
  if (pick(rng, 20) == 0) s.insert(pick(rng, s.size() + 1), 1, static_cast<char>(pick(rng, 256)));
  return s;
}

std::int64_t random_number(Rng& rng) {
  static const std::vector<std::int64_t> edges = {0, -1, 1, INT_MAX, INT_MIN, INT64_MAX, INT64_MIN, 300000};
  if (pick(rng, 3) == 0) return edges[pick(rng, edges.size())];
  return std::uniform_int_distribution<std::int64_t>(INT64_MIN, INT64_MAX)(rng) >> pick(rng, 64);
}

TEST(MoveCodecEncode, RandomEventsMatchTheGenericWriter) {
  Rng rng(20240611);
  for (int i = 0; i < 20000; ++i) {
    server::Move m;
    m.game_id = random_text(rng);
    m.ply = static_cast<int>(random_number(rng));
    m.move = random_text(rng);
    m.side = random_text(rng);
    m.position = random_text(rng);
    m.to_move = random_text(rng);
    if (pick(rng, 3) != 0) {
      m.clocks = server::Clocks{random_number(rng), random_number(rng), random_number(rng), std::nullopt, std::nullopt};
      if (pick(rng, 2) != 0) m.clocks->running = random_text(rng);
    }
    m.status.state = random_text(rng);
    if (pick(rng, 2) != 0) m.status.winner = random_text(rng);
    if (pick(rng, 2) != 0) m.status.reason = random_text(rng);
    if (pick(rng, 2) != 0) {
      m.legal.emplace();
      for (std::size_t n = pick(rng, 5); n > 0; --n) m.legal->push_back(random_text(rng));
    }
    RequestId id;
    if (pick(rng, 3) == 0) id.value = random_number(rng);
    if (pick(rng, 3) == 0) id.value = random_text(rng);
    ASSERT_TRUE(same_encoding(m, id)) << "iteration " << i;
  }
}

const std::string kMove = R"({"type":"move","id":30,"game_id":"g18f2c3a4b5-5e6f7a8b","ply":0,"move":"c2-c3"})";

TEST(MoveCodecDecode, CommonShapesTakeTheFastPath) {
  const std::string long_ok(256, 'x');
  const std::vector<std::string> frames = {
      kMove,
      std::string(R"({"move":"c2-c3","ply":0,"game_id":"g1","id":30,"type":"move"})"),
      std::string(R"({"type":"move","game_id":"g1","ply":12,"move":"huff b2 c2-c3"})"),
      std::string(R"({"type":"move","id":"abc","game_id":"g1","ply":1,"move":"c3:e5:g3"})"),
      std::string(R"({"type":"move","id":"","game_id":"","ply":0,"move":""})"),
      std::string(R"({"type":"move","id":-7,"game_id":"g1","ply":-3,"move":"a"})"),
      std::string(R"({"type":"move","id":-0,"game_id":"g1","ply":-0,"move":"a"})"),
      std::string(R"({"type":"move","id":9223372036854775807,"game_id":"g","ply":2147483647,"move":"a"})"),
      std::string(R"({"type":"move","id":-9223372036854775808,"game_id":"g","ply":-2147483648,"move":"a"})"),
      std::string(" \t\r\n{ \"type\" :\t\"move\" ,\n\"ply\"\r: 4 , \"game_id\":\"g\",\"move\" : \"x\" } \n"),
      std::string(R"({"type":"move","game_id":"g1","ply":1,"move":"~ !#$%&'()*+,-./:;<=>?@[]^_`{|})"
                  "\x7f\"}"),
      R"({"type":"move","id":")" + long_ok + R"(","game_id":")" + long_ok + R"(","ply":1,"move":")" + long_ok + R"("})",
  };
  for (const auto& text : frames) {
    EXPECT_TRUE(try_decode_move(text, {}).has_value()) << text;
    EXPECT_TRUE(same_decode(text));
  }
  const auto env = try_decode_move(kMove, {});
  ASSERT_TRUE(env.has_value());
  EXPECT_EQ(env->id, RequestId{std::int64_t{30}});
  const auto& m = std::get<client::Move>(env->request);
  EXPECT_EQ(m.game_id, "g18f2c3a4b5-5e6f7a8b");
  EXPECT_EQ(m.ply, 0);
  EXPECT_EQ(m.move, "c2-c3");
}

TEST(MoveCodecDecode, UnusualFramesFallBackToTheSameResult) {
  const std::string a257(257, 'a');
  const std::string head = R"({"type":"move","game_id":"g1",)";
  const std::vector<std::string> frames = {
      // Escapes and characters beyond printable ASCII.
      head + R"("ply":1,"move":"a\"b"})",
      head + R"("ply":1,"move":"\u0041"})",
      head + R"("ply":1,"move":"\/"})",
      R"({"t\u0079pe":"move","game_id":"g1","ply":1,"move":"a"})",
      head + "\"ply\":1,\"move\":\"caf\xc3\xa9\"}",
      head + "\"ply\":1,\"move\":\"bad\xc3\"}",
      head + "\"ply\":1,\"move\":\"tab\there\"}",
      head + "\"ply\":1,\"move\":\"nul\0x\"}"s,
      // Repeated, unknown, nested and null fields.
      head + R"("ply":1,"move":"a","move":"b"})",
      head + R"("ply":1,"ply":2,"move":"a"})",
      head + R"("ply":1,"move":"a","type":"move"})",
      head + R"("ply":1,"move":"a","type":"ping"})",
      head + R"("id":1,"ply":1,"move":"a","id":2})",
      head + R"("ply":1,"move":"a","extra":1})",
      head + R"("ply":1,"move":"a","extra":{"x":[1,2]}})",
      head + R"("ply":1,"move":null})",
      head + R"("ply":null,"move":"a"})",
      head + R"("id":null,"ply":1,"move":"a"})",
      // Ids the generic path keeps, drops or refuses.
      head + R"("id":1.0,"ply":1,"move":"a"})",
      head + R"("id":true,"ply":1,"move":"a"})",
      head + R"("id":9223372036854775808,"ply":1,"move":"a"})",
      head + R"("id":18446744073709551616,"ply":1,"move":"a"})",
      head + R"("id":-9223372036854775809,"ply":1,"move":"a"})",
      head + R"("id":1e3,"ply":1,"move":"a"})",
      head + R"("id":")" + a257 + R"(","ply":1,"move":"a"})",
      head + R"("id":[],"ply":1,"move":"a"})",
      // Numbers: out of range, fractions, exponents, leading zeros, signs.
      head + R"("ply":2147483648,"move":"a"})",
      head + R"("ply":-2147483649,"move":"a"})",
      head + R"("ply":99999999999999999999999,"move":"a"})",
      head + R"("ply":1.5,"move":"a"})",
      head + R"("ply":1.0,"move":"a"})",
      head + R"("ply":1e2,"move":"a"})",
      head + R"("ply":1E2,"move":"a"})",
      head + R"("ply":01,"move":"a"})",
      head + R"("ply":-01,"move":"a"})",
      head + R"("ply":+1,"move":"a"})",
      head + R"("ply":-,"move":"a"})",
      head + R"("ply":"3","move":"a"})",
      head + R"("ply":true,"move":"a"})",
      // Wrong types and missing fields.
      head + R"("ply":1,"move":5})",
      R"({"type":"move","game_id":5,"ply":1,"move":"a"})",
      head + R"("ply":1})",
      head + R"("move":"a"})",
      R"({"type":"move","ply":1,"move":"a"})",
      R"({"game_id":"g1","ply":1,"move":"a"})",
      R"({"type":5,"game_id":"g1","ply":1,"move":"a"})",
      R"({"type":"Move","game_id":"g1","ply":1,"move":"a"})",
      R"({"type":"ping","id":7})",
      // Strings over the limit.
      head + R"("ply":1,"move":")" + a257 + R"("})",
      R"({"type":"move","game_id":")" + a257 + R"(","ply":1,"move":"a"})",
      // Broken or unusual JSON.
      "",
      "{}",
      "[]",
      "null",
      "\"move\"",
      "{",
      head,
      head + R"("ply":1,"move":"a",})",
      head + R"("ply":1,"move":"a"}})",
      head + R"("ply":1,"move":"a"}{})",
      head + R"("ply":1,"move":"a"} x)",
      head + R"("ply":1 "move":"a"})",
      head + R"("ply":1,"move":"a")",
      head + R"("ply":1,"move":"a)",
      head + R"("ply"1,"move":"a"})",
      "\xef\xbb\xbf" + head + R"("ply":1,"move":"a"})",
      head + "\"ply\":1,\f\"move\":\"a\"}",
      head + "\"ply\":1,\v\"move\":\"a\"}",
      head + "\"ply\":1,\"move\":\"a\"}\0"s,
      "{\0}"s,
  };
  for (const auto& text : frames) {
    EXPECT_FALSE(try_decode_move(text, {}).has_value()) << ::testing::PrintToString(text);
    EXPECT_TRUE(same_decode(text));
  }
}

TEST(MoveCodecDecode, LimitsApplyAsOnTheGenericPath) {
  const std::string five = R"({"type":"move","game_id":"g1","ply":1,"move":"a1-a2"})";
  const std::string six = R"({"type":"move","game_id":"g1","ply":1,"move":"a1-a22"})";
  EXPECT_TRUE(try_decode_move(five, Limits{5}).has_value());
  EXPECT_FALSE(try_decode_move(six, Limits{5}).has_value());
  for (const std::size_t limit : {0u, 1u, 2u, 5u, 6u}) {
    EXPECT_TRUE(same_decode(five, Limits{limit}));
    EXPECT_TRUE(same_decode(six, Limits{limit}));
  }
}

// A move frame built from random parts: keys in any order, dropped, repeated or unknown;
// values of the right shape mostly, otherwise any of the awkward ones; random
// whitespace; now and then a damaged byte or a cut.
std::string random_frame(Rng& rng) {
  static const std::vector<std::string> spaces = {"", "", "", " ", "\n\t", "\r "};
  static const std::vector<std::string> odd = {"null",
                                               "true",
                                               "{}",
                                               "[1]",
                                               "1.5",
                                               "1e3",
                                               "01",
                                               "-",
                                               "-0",
                                               "\"a\\\"b\"",
                                               "\"\\u00e9\"",
                                               "\"\xc3\xa9\"",
                                               "\"\xc3\"",
                                               "\"tab\there\"",
                                               "2147483648",
                                               "-2147483649",
                                               "9223372036854775808",
                                               "-9223372036854775809",
                                               "18446744073709551616",
                                               "\"" + std::string(256, 'x') + "\"",
                                               "\"" + std::string(257, 'x') + "\"",
                                               "\"3\""};
  const auto space = [&] { return pick(rng, 200) == 0 ? std::string("\f") : spaces[pick(rng, spaces.size())]; };
  const auto number = [&] { return std::to_string(random_number(rng) >> pick(rng, 64)); };
  const auto ply = [&] { return pick(rng, 4) == 0 ? number() : std::to_string(pick(rng, 200)); };
  const auto text = [&] {
    std::string s = "\"";
    for (std::size_t n = pick(rng, 12); n > 0; --n) s += static_cast<char>(' ' + pick(rng, 95));
    if (s.back() == '\\') s.pop_back();
    return s + "\"";
  };
  std::vector<std::pair<std::string, std::string>> fields = {{"type", pick(rng, 10) == 0 ? "\"ping\"" : "\"move\""},
                                                             {"game_id", text()},
                                                             {"ply", ply()},
                                                             {"move", text()},
                                                             {"id", pick(rng, 2) == 0 ? number() : text()}};
  for (auto& f : fields)
    if (pick(rng, 8) == 0) f.second = odd[pick(rng, odd.size())];
  if (pick(rng, 10) == 0) fields.emplace_back("extra", number());
  if (pick(rng, 15) == 0) fields.push_back(fields[pick(rng, fields.size())]);
  std::shuffle(fields.begin(), fields.end(), rng);
  std::string frame = space() + "{";
  for (const auto& [key, value] : fields) {
    if (pick(rng, 20) == 0) continue;
    if (frame.back() != '{') frame += ",";
    frame += space() + "\"" + key + "\"" + space() + ":" + space() + value + space();
  }
  frame += "}" + space();
  if (pick(rng, 15) == 0) frame[pick(rng, frame.size())] = static_cast<char>(pick(rng, 256));
  if (pick(rng, 30) == 0) frame.resize(pick(rng, frame.size()));
  return frame;
}

TEST(MoveCodecDecode, RandomFramesMatchTheGenericPath) {
  Rng rng(20240611);
  int fast = 0;
  constexpr int kFrames = 30000;
  for (int i = 0; i < kFrames; ++i) {
    const std::string frame = random_frame(rng);
    const Limits limits{pick(rng, 4) == 0 ? pick(rng, 12) : 256};
    fast += try_decode_move(frame, limits).has_value();
    ASSERT_TRUE(same_decode(frame, limits)) << "iteration " << i;
  }
  // Both paths must be well exercised for the comparison to mean something.
  EXPECT_GT(fast, kFrames / 10);
  EXPECT_LT(fast, kFrames * 9 / 10);
}

}  // namespace
}  // namespace bh::protocol
