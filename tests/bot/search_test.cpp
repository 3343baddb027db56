// The search finds what a player must not miss: a king escape in one and in two, a
// draughts shot, the longest Alquerque capture chain; and it is reproducible.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/engine.hpp"
#include "rules/registry.hpp"

namespace bh::bot {
namespace {

std::shared_ptr<const rules::Ruleset> ruleset(std::string_view game) {
  auto r = rules::make_ruleset(game);
  EXPECT_TRUE(r.ok());
  return *r;
}

rules::GameState game_at(const std::shared_ptr<const rules::Ruleset>& rules, std::string_view text) {
  auto p = rules->parse_position(text);
  EXPECT_TRUE(p.ok()) << text;
  return rules::GameState(rules, *p);
}

SearchLimits level(int n) {
  SearchLimits l;
  l.level = n;
  return l;
}

TEST(Search, TaflKingEscapesInOne) {
  const auto rules = ruleset("tablut");
  // Only the file down to e1 is open; the other three lines end on an attacker.
  const auto game = game_at(rules, "4a4/9/9/9/a3k3a/9/9/9/9 d");
  Engine engine(rules);
  const SearchResult r = engine.choose(game, level(7));
  EXPECT_EQ(rules->move_text(r.move), "e5-e1");
  EXPECT_EQ(r.score, mate_score - 1);
}

TEST(Search, TaflKingEscapesInTwoWhateverTheAttackersDo) {
  const auto rules = ruleset("tablut");
  // No line is open now; e5-e4 opens a4 and i4 at once and one move closes only one.
  auto game = game_at(rules, "4a4/9/9/9/a3k3a/9/9/9/4a4 d");
  Engine engine(rules);
  const SearchResult first = engine.choose(game, level(7));
  EXPECT_GE(first.score, mate_score - 3);
  game.play(first.move);
  for (const rules::Move& reply : game.legal_moves()) {
    rules::GameState after = game;
    after.play(reply);
    Engine again(rules);
    const SearchResult second = again.choose(after, level(7));
    after.play(second.move);
    EXPECT_EQ(after.status().reason, rules::EndReason::king_escaped) << rules->move_text(reply);
  }
}

// The best line (the analysis board's): the chosen move first, every move legal in turn,
// and for a forced escape the line plays it out to the end.
TEST(Search, TheBestLineStartsWithTheMoveAndPlaysOutAForcedEscape) {
  const auto rules = ruleset("tablut");
  const auto game = game_at(rules, "4a4/9/9/9/a3k3a/9/9/9/4a4 d");
  const SearchResult r = Engine(rules).choose(game, level(7));
  ASSERT_GE(r.line.size(), 3u);
  EXPECT_EQ(r.line.front(), r.move);
  EXPECT_LE(static_cast<int>(r.line.size()), r.depth);
  rules::GameState after = game;
  for (const auto& m : r.line) {
    ASSERT_FALSE(after.status().over());
    const auto legal = after.legal_moves();
    ASSERT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << rules->move_text(m);
    after.play(m);
  }
  EXPECT_EQ(after.status().reason, rules::EndReason::king_escaped);
  // From a start position, a line of legal moves as long as the table kept it.
  for (const std::string_view id : {"copenhagen", "draughts", "alquerque"}) {
    const auto r2 = ruleset(id);
    const rules::GameState start(r2);
    const SearchResult s = Engine(r2).choose(start, level(4));
    ASSERT_FALSE(s.line.empty()) << id;
    rules::GameState at = start;
    for (const auto& m : s.line) {
      const auto legal = at.legal_moves();
      ASSERT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << id << " " << r2->move_text(m);
      at.play(m);
    }
  }
}

TEST(Search, CopenhagenAndBrandubhKingsEscapeToTheirCorners) {
  // The variant and its board size come from the ruleset (tafl_adapter.cpp).
  const auto cph = ruleset("copenhagen");
  const SearchResult c = Engine(cph).choose(game_at(cph, "11/11/11/11/11/11/11/11/3a7/11/2k1a6 d"), level(5));
  EXPECT_EQ(cph->move_text(c.move), "c1-a1");
  EXPECT_EQ(c.score, mate_score - 1);
  const auto bdb = ruleset("brandubh");
  const SearchResult b = Engine(bdb).choose(game_at(bdb, "2k1a2/7/7/7/7/7/3a3 d"), level(5));
  EXPECT_EQ(bdb->move_text(b.move), "c7-a7");
  EXPECT_EQ(b.score, mate_score - 1);
}

TEST(Search, TavleiKingReachesAnExitCorner) {
  const auto rules = ruleset("tavlei");
  // The king on c1 is two squares from the exit a1 (it moves at most three).
  const auto game = game_at(rules, "1a7/9/9/9/9/9/9/9/2k3a2 d");
  Engine engine(rules);
  const SearchResult r = engine.choose(game, level(7));
  EXPECT_EQ(rules->move_text(r.move), "c1-a1");
}

TEST(Search, DraughtsShotSacrificesOneManToTakeTwo) {
  const auto rules = ruleset("draughts");
  // d4-c5 forces b6:d4 (f2 stops it going on over e3), then e3:c5:e7 takes two: four
  // men against three become three against one.
  const auto game = game_at(rules, "W:Wb4,d4,e3,f2:Bb6,d6,h8");
  Engine engine(rules);
  const SearchResult r = engine.choose(game, level(7));
  EXPECT_EQ(rules->move_text(r.move), "d4-c5");
  EXPECT_GE(r.score, 80);
  rules::GameState after = game;
  after.play(r.move);
  const auto replies = after.legal_moves();
  ASSERT_FALSE(replies.empty());
  for (const auto& m : replies) EXPECT_TRUE(m.jump);  // the sacrifice is taken by force
}

TEST(Search, AlquerqueTakesTheLongestCaptureChain) {
  const auto rules = ruleset("alquerque");
  // a1:c3:e5:e3 takes three; c1:a3 takes one.
  const auto game = game_at(rules, "b4/3bb/5/1b3/w1w2 w - -");
  Engine engine(rules);
  const SearchResult r = engine.choose(game, level(7));
  EXPECT_EQ(rules->move_text(r.move), "a1:c3:e5:e3");
}

TEST(Search, AlquerqueSearchSeesTheHuffOfAnUntakenCapture) {
  const auto rules = ruleset("alquerque");
  // White's c2 may take c3 (c2:c4); any other move leaves that capture untaken and c2,
  // the only piece that could capture, is huffed: a piece lost instead of one won.
  const auto game = game_at(rules, "4b/5/2b2/2w2/w4 w - -");
  Engine engine(rules);
  const SearchResult r = engine.choose(game, level(4));
  EXPECT_EQ(rules->move_text(r.move), "c2:c4");
  EXPECT_GE(r.score, 80);
  for (const rules::Move& m : game.legal_moves()) {
    if (m.jump) continue;
    rules::GameState after = game;
    after.play(m);
    EXPECT_FALSE(after.position().piece_at(m.to()).has_value() && after.position().piece_at(10).has_value() &&
                 after.position().piece_at(0).has_value())
        << "the huff of " << rules->move_text(m);
  }
}

TEST(Search, SameSeedSameMoveAndNodes) {
  const auto rules = ruleset("tavlei");
  rules::GameState game(rules);
  game.play(game.legal_moves().front());
  for (int lv : {1, 3, 6}) {
    Engine a(rules), b(rules);
    SearchLimits l = level(lv);
    l.seed = 42;
    const SearchResult ra = a.choose(game, l), rb = b.choose(game, l);
    EXPECT_EQ(ra.move, rb.move) << lv;
    EXPECT_EQ(ra.nodes, rb.nodes) << lv;
    EXPECT_EQ(ra.score, rb.score) << lv;
  }
}

TEST(Search, StopFlagEndsTheTopLevelAtOnceWithALegalMove) {
  const auto rules = ruleset("seatafl");
  rules::GameState game(rules);
  std::atomic<bool> stop{true};
  SearchLimits l = level(8);
  l.stop = &stop;
  Engine engine(rules);
  const SearchResult r = engine.choose(game, l);
  const auto legal = game.legal_moves();
  EXPECT_NE(std::find(legal.begin(), legal.end(), r.move), legal.end());
  EXPECT_LT(r.elapsed_ms, 500);
}

}  // namespace
}  // namespace bh::bot
