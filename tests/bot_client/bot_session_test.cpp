// The bot's session fed with server frames as the server writes them: what it sends,
// which searches it orders, and which results it drops.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bot_session.hpp"
#include "protocol/messages.hpp"
#include "random_chooser.hpp"
#include "rules/registry.hpp"

namespace bh::bot::client {
namespace {

using nlohmann::json;
namespace sv = protocol::server;

// Policies a test sets by hand.
struct FixedPolicy final : PlayPolicy {
  bool resign_answer = false, offer_answer = false, accept_answer = false;
  bool resign(const PolicyInput&) const override { return resign_answer; }
  bool offer_draw(const PolicyInput&) const override { return offer_answer; }
  bool accept_draw(const PolicyInput&) const override { return accept_answer; }
};

std::vector<json> parsed(const Actions& a) {
  std::vector<json> out;
  for (const auto& f : a.frames) out.push_back(json::parse(f));
  return out;
}

// The state of a tablut game as the server sends it to the player of `you`.
sv::GameView tablut_view(const std::string& game_id, const std::string& you, const std::vector<std::string>& moves,
                         std::optional<int> level = std::nullopt) {
  auto rules = *rules::make_ruleset("tablut");
  rules::GameState state(rules);
  for (const auto& m : moves) EXPECT_TRUE(state.play(m).ok()) << m;
  sv::GameView v;
  v.game_id = game_id;
  v.room_id = "r-" + game_id;
  v.game = "tablut";
  v.players = {"bot", "alice"};
  if (you == "second") v.players = {"alice", "bot"};
  v.sides = {"attackers", "defenders"};
  v.you = you;
  v.start_position = rules->position_text(rules->start());
  v.position = rules->position_text(state.position());
  v.ply = state.ply();
  v.to_move = state.to_move() == rules::Side::first ? "first" : "second";
  v.moves = moves;
  v.clocks = sv::Clocks{60000, 55000, 2000, std::nullopt, std::nullopt};
  v.computer_level = level;
  return v;
}

// A legal move text of the side to move after `moves`.
std::string some_move(const std::vector<std::string>& moves) {
  auto rules = *rules::make_ruleset("tablut");
  rules::GameState state(rules);
  for (const auto& m : moves) EXPECT_TRUE(state.play(m).ok());
  return rules->move_text(state.legal_moves().front());
}

class SessionTest : public ::testing::Test {
 protected:
  SessionTest() : policy_(std::make_shared<FixedPolicy>()), session_(config(), policy_) {}

  static SessionConfig config() {
    SessionConfig c;
    c.name = "bot";
    c.password = "secret password";
    return c;
  }

  Actions feed(const std::string& text) { return session_.on_frame(text); }
  template <class M>
  Actions feed_msg(const M& m, protocol::RequestId id = {}) {
    return session_.on_frame(protocol::encode(m, id));
  }
  void log_in() {
    feed(R"({"type":"welcome","protocol":1,"server":"boardhall/0.1.0","reconnect_grace_ms":60000,"games":[]})");
    feed(
        R"({"type":"identity","id":1,"player":"bot","token":"0123456789abcdef0123456789abcdef","registered":true,"bot":true})");
  }
  // Starts a game with the bot to move; returns the search it ordered.
  SearchOrder start_my_game(const std::string& game_id, std::optional<int> level = std::nullopt) {
    auto a = feed_msg(sv::GameStarted{tablut_view(game_id, "first", {}, level)});
    EXPECT_EQ(a.searches.size(), 1u);
    return a.searches.empty() ? SearchOrder{0, "", rules::GameState(*rules::make_ruleset("tablut")), {}}
                              : std::move(a.searches.front());
  }
  Choice first_legal(const SearchOrder& order) {
    Choice c;
    c.move = order.state.legal_moves().front();
    return c;
  }

  std::shared_ptr<FixedPolicy> policy_;
  BotSession session_;
};

TEST_F(SessionTest, WelcomeWithoutTokenLogsInWithThePassword) {
  auto a = feed(R"({"type":"welcome","protocol":1,"server":"x","reconnect_grace_ms":60000,"games":[]})");
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "login");
  EXPECT_EQ(frames[0]["name"], "bot");
  EXPECT_EQ(frames[0]["password"], "secret password");
}

TEST_F(SessionTest, IdentityTokenIsKeptAndOfferedOnTheNextConnection) {
  log_in();
  EXPECT_TRUE(session_.identified());
  session_.on_disconnected();
  auto a = feed(R"({"type":"welcome","protocol":1,"server":"x","reconnect_grace_ms":60000,"games":[]})");
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "resume");
  EXPECT_EQ(frames[0]["token"], "0123456789abcdef0123456789abcdef");
}

TEST_F(SessionTest, RefusedTokenFallsBackToLogin) {
  log_in();
  session_.on_disconnected();
  auto a = feed(R"({"type":"welcome","protocol":1,"server":"x","reconnect_grace_ms":60000,"games":[]})");
  const auto id = parsed(a)[0]["id"];
  auto b = feed(
      json{{"type", "error"}, {"id", id}, {"code", "auth_failed"}, {"message", "unknown or expired token"}}.dump());
  auto frames = parsed(b);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "login");
  EXPECT_FALSE(b.fatal);
}

TEST_F(SessionTest, WrongPasswordIsFatal) {
  auto a = feed(R"({"type":"welcome","protocol":1,"server":"x","reconnect_grace_ms":60000,"games":[]})");
  const auto id = parsed(a)[0]["id"];
  auto b =
      feed(json{{"type", "error"}, {"id", id}, {"code", "auth_failed"}, {"message", "wrong name or password"}}.dump());
  EXPECT_TRUE(b.fatal);
}

TEST_F(SessionTest, ChallengeIsAnsweredWithJoinRoom) {
  log_in();
  auto a = feed(R"({"type":"challenge","room_id":"r18f2c3a4b5-5e6f7a8b","game":"draughts","options":{},)"
                R"("clock":{"initial_ms":300000,"increment_ms":3000},"level":6,"opponent":"alice"})");
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "join_room");
  EXPECT_EQ(frames[0]["room_id"], "r18f2c3a4b5-5e6f7a8b");
}

TEST_F(SessionTest, ChallengePastMaxGamesIsLetLapse) {
  SessionConfig c = config();
  c.max_games = 1;
  BotSession s(c, policy_);
  s.on_frame(R"({"type":"welcome","protocol":1,"server":"x","reconnect_grace_ms":60000,"games":[]})");
  s.on_frame(R"({"type":"identity","id":1,"player":"bot","token":"t","registered":true,"bot":true})");
  s.on_frame(protocol::encode(sv::GameStarted{tablut_view("g1", "first", {})}));
  auto a = s.on_frame(
      R"({"type":"challenge","room_id":"r2","game":"tablut","options":{},"clock":null,"level":4,"opponent":"bob"})");
  EXPECT_TRUE(a.frames.empty());
}

TEST_F(SessionTest, GameStartedWithTheBotToMoveSendsAMoveWithThePly) {
  log_in();
  SearchOrder order = start_my_game("g1", 5);
  EXPECT_EQ(order.game_id, "g1");
  EXPECT_EQ(order.state.ply(), 0);
  EXPECT_EQ(order.limits.level, 5);
  EXPECT_EQ(order.limits.my_time_ms, 60000);
  EXPECT_EQ(order.limits.their_time_ms, 55000);
  EXPECT_EQ(order.limits.my_increment_ms, 2000);
  auto a = session_.on_search_done(order.search_id, first_legal(order));
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "move");
  EXPECT_EQ(frames[0]["game_id"], "g1");
  EXPECT_EQ(frames[0]["ply"], 0);
  EXPECT_EQ(frames[0]["move"], order.state.rules().move_text(first_legal(order).move));
}

TEST_F(SessionTest, OpponentToMoveOrdersNoSearch) {
  log_in();
  auto a = feed_msg(sv::GameStarted{tablut_view("g1", "second", {})});
  EXPECT_TRUE(a.searches.empty());
  EXPECT_TRUE(a.frames.empty());
}

TEST_F(SessionTest, EchoOfItsOwnMoveIsNotAnsweredAndTheReplyIsSearched) {
  log_in();
  SearchOrder order = start_my_game("g1");
  const std::string mine = order.state.rules().move_text(first_legal(order).move);
  session_.on_search_done(order.search_id, first_legal(order));
  sv::Move echo;
  echo.game_id = "g1";
  echo.ply = 1;
  echo.move = mine;
  echo.side = "first";
  echo.to_move = "second";
  auto a = feed_msg(echo, protocol::RequestId{std::int64_t{2}});
  EXPECT_TRUE(a.frames.empty());
  EXPECT_TRUE(a.searches.empty());
  auto again = feed_msg(echo);  // the same event twice changes nothing
  EXPECT_TRUE(again.frames.empty());
  EXPECT_TRUE(again.searches.empty());
  // The opponent's answer: the bot thinks again, at ply 2.
  sv::Move reply;
  reply.game_id = "g1";
  reply.ply = 2;
  reply.move = some_move({mine});
  reply.side = "second";
  reply.to_move = "first";
  auto b = feed_msg(reply);
  ASSERT_EQ(b.searches.size(), 1u);
  EXPECT_EQ(b.searches[0].state.ply(), 2);
  ASSERT_NE(session_.game("g1"), nullptr);
  EXPECT_EQ(session_.game("g1")->state.ply(), 2);
}

TEST_F(SessionTest, StaleSearchResultIsDropped) {
  log_in();
  SearchOrder order = start_my_game("g1");
  // The state comes again (a takeback, a resync): the first search is cancelled...
  auto a = feed_msg(sv::GameState{tablut_view("g1", "first", {})});
  ASSERT_EQ(a.cancels.size(), 1u);
  EXPECT_EQ(a.cancels[0], order.search_id);
  ASSERT_EQ(a.searches.size(), 1u);
  // ...and its late result sends nothing.
  EXPECT_TRUE(session_.on_search_done(order.search_id, first_legal(order)).frames.empty());
  EXPECT_EQ(parsed(session_.on_search_done(a.searches[0].search_id, first_legal(a.searches[0]))).size(), 1u);
}

TEST_F(SessionTest, DrawOfferIsAcceptedWhenThePolicySaysSo) {
  log_in();
  start_my_game("g1");
  policy_->accept_answer = true;
  auto a = feed(R"({"type":"draw_offered","game_id":"g1","side":"second","player":"alice"})");
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "accept_draw");
}

TEST_F(SessionTest, DrawOfferIsDeclinedWhenThePolicySaysNo) {
  log_in();
  start_my_game("g1");
  policy_->accept_answer = false;
  auto a = feed(R"({"type":"draw_offered","game_id":"g1","side":"second","player":"alice"})");
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "decline_draw");
}

TEST_F(SessionTest, ItsOwnDrawOfferIsNotAnswered) {
  log_in();
  start_my_game("g1");
  EXPECT_TRUE(feed(R"({"type":"draw_offered","game_id":"g1","side":"first","player":"bot"})").frames.empty());
}

TEST_F(SessionTest, TakebackIsAcceptedAtLevelFourAndBelow) {
  log_in();
  SearchOrder order = start_my_game("g1", 4);
  auto a = feed(R"({"type":"takeback_offered","game_id":"g1","side":"second","player":"alice","plies":1})");
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "accept_takeback");
  ASSERT_EQ(a.cancels.size(), 1u);  // the position is about to change
  EXPECT_EQ(a.cancels[0], order.search_id);
}

TEST_F(SessionTest, TakebackIsDeclinedAboveLevelFour) {
  log_in();
  start_my_game("g1", 5);
  auto a = feed(R"({"type":"takeback_offered","game_id":"g1","side":"second","player":"alice","plies":1})");
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "decline_takeback");
}

TEST_F(SessionTest, ResignsAtLevelFiveWhenThePolicySaysSo) {
  log_in();
  SearchOrder order = start_my_game("g1", 5);
  policy_->resign_answer = true;
  auto frames = parsed(session_.on_search_done(order.search_id, first_legal(order)));
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "resign");
}

TEST_F(SessionTest, NeverResignsBelowLevelFive) {
  log_in();
  SearchOrder order = start_my_game("g1", 4);
  policy_->resign_answer = true;
  auto frames = parsed(session_.on_search_done(order.search_id, first_legal(order)));
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "move");
}

TEST_F(SessionTest, DrawOffersComeAtMostOncePerTwentyOwnMoves) {
  log_in();
  policy_->offer_answer = true;
  auto rules = *rules::make_ruleset("tablut");
  std::vector<std::string> moves;
  int offers = 0;
  SearchOrder order = start_my_game("g1");
  for (int own = 0; own < 41 && !order.state.status().over(); ++own) {
    Actions a = session_.on_search_done(order.search_id, first_legal(order));
    std::string mine;
    for (const auto& f : parsed(a)) {
      if (f["type"] == "offer_draw") ++offers;
      if (f["type"] == "move") mine = f["move"];
    }
    ASSERT_FALSE(mine.empty());
    moves.push_back(mine);
    rules::GameState s(rules);
    for (const auto& m : moves) ASSERT_TRUE(s.play(m).ok());
    if (s.status().over()) break;
    const std::string reply = rules->move_text(s.legal_moves().front());
    moves.push_back(reply);
    // Both events, as the server sends them; the echo needs nothing, the reply a search.
    sv::Move ev;
    ev.game_id = "g1";
    ev.ply = static_cast<int>(moves.size()) - 1;
    ev.move = mine;
    feed_msg(ev);
    ev.ply += 1;
    ev.move = reply;
    auto b = feed_msg(ev);
    if (b.searches.empty()) break;
    order = std::move(b.searches.front());
  }
  EXPECT_GE(offers, 1);
  EXPECT_LE(offers, 3);  // moves 1, 21 and 41 at most
}

TEST_F(SessionTest, GameOverStopsTheSearchAndForgetsTheGame) {
  log_in();
  SearchOrder order = start_my_game("g1");
  auto a =
      feed(R"({"type":"game_over","game_id":"g1","room_id":"r-g1","result":"second","winner":"alice",)"
           R"("reason":"resignation","points":{"first":0,"second":1},"archived":true,)"
           R"("match":{"match_id":"m1","games":1,"number":1,"totals":{"alice":1,"bot":0}},"rating_changes":null})");
  ASSERT_EQ(a.cancels.size(), 1u);
  EXPECT_EQ(a.cancels[0], order.search_id);
  EXPECT_EQ(session_.game("g1"), nullptr);
  EXPECT_TRUE(session_.on_search_done(order.search_id, first_legal(order)).frames.empty());
}

TEST_F(SessionTest, ResumeAfterReconnectRecomputesTheMove) {
  log_in();
  SearchOrder order = start_my_game("g1");
  auto down = session_.on_disconnected();
  ASSERT_EQ(down.cancels.size(), 1u);
  EXPECT_TRUE(session_.on_search_done(order.search_id, first_legal(order)).frames.empty());
  // New connection: resume, identity, then the game's full state.
  auto hello = parsed(feed(R"({"type":"welcome","protocol":1,"server":"x","reconnect_grace_ms":60000,"games":[]})"));
  ASSERT_EQ(hello[0]["type"], "resume");
  feed(json{{"type", "identity"},
            {"id", hello[0]["id"]},
            {"player", "bot"},
            {"token", "0123456789abcdef0123456789abcdef"},
            {"registered", true},
            {"bot", true}}
           .dump());
  auto a = feed_msg(sv::GameState{tablut_view("g1", "first", {})});
  ASSERT_EQ(a.searches.size(), 1u);
  auto frames = parsed(session_.on_search_done(a.searches[0].search_id, first_legal(a.searches[0])));
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "move");
  EXPECT_EQ(frames[0]["ply"], 0);
}

TEST_F(SessionTest, GameNotResumedIsDropped) {
  log_in();
  start_my_game("g1");
  session_.on_disconnected();
  feed(R"({"type":"welcome","protocol":1,"server":"x","reconnect_grace_ms":60000,"games":[]})");
  feed(
      R"({"type":"identity","id":7,"player":"bot","token":"0123456789abcdef0123456789abcdef","registered":true,"bot":true})");
  feed(R"({"type":"pong"})");
  EXPECT_EQ(session_.game("g1"), nullptr);
}

TEST_F(SessionTest, StalePlyErrorResyncsThroughWatch) {
  log_in();
  SearchOrder order = start_my_game("g1");
  auto sent = parsed(session_.on_search_done(order.search_id, first_legal(order)));
  ASSERT_EQ(sent.size(), 1u);
  auto a = feed(
      json{{"type", "error"}, {"id", sent[0]["id"]}, {"code", "stale_ply"}, {"message", "the game is at ply 2, not 0"}}
          .dump());
  auto frames = parsed(a);
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "watch");
  EXPECT_EQ(frames[0]["game_id"], "g1");
  // The watch's answer (a spectator's view: no `you`) puts the game at ply 2.
  const std::string m1 = some_move({});
  const std::string m2 = some_move({m1});
  sv::GameView view = tablut_view("g1", "first", {m1, m2});
  view.you.reset();
  auto b = feed_msg(sv::GameState{view}, protocol::RequestId{frames[0]["id"].get<std::int64_t>()});
  auto after = parsed(b);
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0]["type"], "unwatch");
  ASSERT_EQ(b.searches.size(), 1u);
  EXPECT_EQ(b.searches[0].state.ply(), 2);
}

// The server's rate limit drops a frame unread and cannot say which (no id): a move may be
// lost, so the bot comes back a second later and its resume brings every game's state.
TEST_F(SessionTest, AFrameDroppedForTheRateMakesItReconnectASecondLater) {
  log_in();
  SearchOrder order = start_my_game("g1");
  ASSERT_EQ(parsed(session_.on_search_done(order.search_id, first_legal(order))).size(), 1u);
  auto a = feed(R"({"type":"error","code":"rate_limited","message":"too many messages; this one was dropped"})");
  EXPECT_TRUE(a.reconnect);
  EXPECT_FALSE(a.fatal);
  ASSERT_TRUE(a.retry_after_ms.has_value());
  EXPECT_EQ(*a.retry_after_ms, 1000);
}

TEST_F(SessionTest, RematchOfferIsAccepted) {
  log_in();
  auto frames = parsed(feed(R"({"type":"rematch_offered","room_id":"r1","player":"alice"})"));
  ASSERT_EQ(frames.size(), 1u);
  EXPECT_EQ(frames[0]["type"], "accept_rematch");
  EXPECT_EQ(frames[0]["room_id"], "r1");
}

TEST_F(SessionTest, SeveralGamesAreSearchedApart) {
  log_in();
  SearchOrder a = start_my_game("g1");
  SearchOrder b = start_my_game("g2");
  EXPECT_NE(a.search_id, b.search_id);
  auto fb = parsed(session_.on_search_done(b.search_id, first_legal(b)));
  auto fa = parsed(session_.on_search_done(a.search_id, first_legal(a)));
  ASSERT_EQ(fa.size(), 1u);
  ASSERT_EQ(fb.size(), 1u);
  EXPECT_EQ(fa[0]["game_id"], "g1");
  EXPECT_EQ(fb[0]["game_id"], "g2");
  EXPECT_EQ(session_.live_games(), 2u);
}

TEST_F(SessionTest, MatchGoesOnWithTheNextGame) {
  log_in();
  start_my_game("g1");
  feed(R"({"type":"game_over","game_id":"g1","room_id":"r-g1","result":"draw","winner":null,)"
       R"("reason":"agreement","points":{"first":0.5,"second":0.5},"archived":true,)"
       R"("match":{"match_id":"m1","games":2,"number":1,"totals":{"alice":0.5,"bot":0.5}},"rating_changes":null})");
  // Sides swap: the bot is second and waits.
  auto a = feed_msg(sv::GameStarted{tablut_view("g2", "second", {})});
  EXPECT_TRUE(a.searches.empty());
  ASSERT_NE(session_.game("g2"), nullptr);
}

TEST(RandomChooser, AlwaysPicksALegalMove) {
  auto rules = *rules::make_ruleset("alquerque");
  rules::GameState state(rules);
  RandomChooser chooser;
  std::atomic<bool> stop{false};
  for (int i = 0; i < 200 && !state.status().over(); ++i) {
    ChoiceLimits limits;
    limits.seed = 7;
    const Choice c = chooser.choose(state, limits, stop);
    ASSERT_TRUE(rules->legal_move_from_text(state.position(), rules->move_text(c.move)).ok());
    state.play(c.move);
  }
}

}  // namespace
}  // namespace bh::bot::client
