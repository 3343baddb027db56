// The opening explorer's rules side (explorer/opening_line.hpp, explorer_request.hpp):
// the keys a game's opening gets, and the checks a request passes before the store.
#include <gtest/gtest.h>

#include "explorer/explorer_request.hpp"
#include "explorer/opening_line.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::explorer {
namespace {

storage::GameRecord copenhagen_game(const std::vector<std::string>& moves) {
  storage::GameRecord g;
  g.id = "g1";
  g.game = "copenhagen";
  auto rules = rules::make_ruleset("copenhagen");
  g.start_position = (*rules)->position_text((*rules)->start());
  g.result = "first";
  for (const auto& m : moves) g.moves.push_back({m, -1, -1, 0});
  return g;
}

std::int64_t key_after(const std::vector<std::string>& moves) {
  auto walked = walk("copenhagen", {}, moves);
  EXPECT_TRUE(walked) << walked.error();
  return walked ? walked->position : 0;
}

TEST(OpeningLine, EachKeyIsThePositionBeforeItsMove) {
  const std::vector<std::string> moves = {"h1-h3", "f4-i4", "d1-d3"};
  const auto line = opening_line(copenhagen_game(moves));
  EXPECT_EQ(line.variant, "copenhagen");
  ASSERT_EQ(line.positions.size(), 3u);
  EXPECT_EQ(line.positions[0], key_after({}));
  EXPECT_EQ(line.positions[1], key_after({"h1-h3"}));
  EXPECT_EQ(line.positions[2], key_after({"h1-h3", "f4-i4"}));
}

TEST(OpeningLine, APositionReachedByTwoMoveOrdersHasOneKey) {
  const auto one = walk("copenhagen", {}, {"h1-h3", "f4-i4", "d1-d3"});
  const auto other = walk("copenhagen", {}, {"d1-d3", "f4-i4", "h1-h3"});
  ASSERT_TRUE(one && other);
  EXPECT_EQ(one->position_text, other->position_text);
  EXPECT_EQ(one->position, other->position);
  EXPECT_NE(one->position, key_after({"h1-h3", "f4-i4"}));
  // The side to move is part of the position.
  EXPECT_EQ(one->to_move, "defenders");
}

TEST(OpeningLine, TheKeyIsStableAcrossBuilds) {
  // Stored keys must never change: FNV-1a of the position text, pinned here.
  auto rules = rules::make_ruleset("brandubh");
  ASSERT_TRUE(rules);
  EXPECT_EQ((*rules)->position_text((*rules)->start()), "3a3/3a3/3d3/aadkdaa/3d3/3a3/3a3 a");
  // FNV-1a of that text, computed apart (Python: h ^= byte; h *= 1099511628211 mod 2^64).
  EXPECT_EQ(position_key(**rules, (*rules)->start()), static_cast<std::int64_t>(0xfc4a2b23c3ffd0f7ull));
}

TEST(OpeningLine, OnlyTheFirstFortyPliesAreIndexed) {
  // A long Copenhagen game: each side plays its legal move of a varying rank.
  storage::GameRecord g = copenhagen_game({});
  rules::GameState state(*rules::make_ruleset("copenhagen"));
  for (std::size_t ply = 0; ply < 60 && !state.status().over(); ++ply) {
    const auto legal = state.legal_moves();
    ASSERT_FALSE(legal.empty());
    const auto& move = legal[(ply * 7919) % legal.size()];
    g.moves.push_back({state.rules().move_text(move), -1, -1, 0});
    state.play(move);
  }
  ASSERT_GT(g.moves.size(), static_cast<std::size_t>(storage::kExplorerPlies));
  const auto line = opening_line(g);
  EXPECT_EQ(line.positions.size(), static_cast<std::size_t>(storage::kExplorerPlies));
}

TEST(OpeningLine, PrivateAbortedUnknownAndBrokenGamesHaveNoLineOrAShorterOne) {
  auto hidden = copenhagen_game({"h1-h3"});
  hidden.is_private = true;
  EXPECT_TRUE(opening_line(hidden).positions.empty());
  auto aborted = copenhagen_game({"h1-h3"});
  aborted.result = "aborted";
  EXPECT_TRUE(opening_line(aborted).positions.empty());
  auto unknown = copenhagen_game({"h1-h3"});
  unknown.game = "chess";
  EXPECT_TRUE(opening_line(unknown).variant.empty());
  // A record the rules refuse from its third move: the first two are indexed.
  EXPECT_EQ(opening_line(copenhagen_game({"h1-h3", "f4-i4", "zz"})).positions.size(), 2u);
}

TEST(OpeningLine, TheVariantNamesEveryOptionOfTheRuleset) {
  auto eleven = rules::make_ruleset("seatafl", {{"size", "11"}});
  auto nine = rules::make_ruleset("seatafl", {{"size", "9"}});
  ASSERT_TRUE(eleven && nine);
  EXPECT_NE(variant_key(**eleven), variant_key(**nine));
  EXPECT_TRUE(variant_key(**eleven).starts_with("seatafl:")) << variant_key(**eleven);
  EXPECT_NE(variant_key(**eleven).find("size=11"), std::string::npos);
}

protocol::client::Explore request(std::vector<std::string> moves = {}) {
  protocol::client::Explore r;
  r.game = "copenhagen";
  r.moves = std::move(moves);
  return r;
}

TEST(ExplorerRequest, AGoodRequestBecomesTheStoresQuery) {
  auto r = request({"h1-h3"});
  r.source = "imported";
  r.rating = "1600-2000";
  r.since = "2024-03";
  r.until = "2024-05";
  const auto checked = lookup(r);
  ASSERT_TRUE(checked) << checked.error();
  EXPECT_EQ(checked->query.variant, "copenhagen");
  EXPECT_EQ(checked->query.position, key_after({"h1-h3"}));
  EXPECT_EQ(checked->query.imported, true);
  EXPECT_EQ(checked->query.min_rating, 1600);
  EXPECT_EQ(checked->query.max_rating, 2000);
  EXPECT_EQ(checked->query.since_month, 202403);
  EXPECT_EQ(checked->query.until_month, 202405);
  r.rating = "1600-";
  EXPECT_FALSE(lookup(r)->query.max_rating);
  r.rating = "-2000";
  EXPECT_FALSE(lookup(r)->query.min_rating);
  r.source = "all";
  EXPECT_FALSE(lookup(r)->query.imported);
}

TEST(ExplorerRequest, HostileMovesAreRefusedWithTheirPly) {
  EXPECT_EQ(lookup(request(std::vector<std::string>(kMaxMoves + 1, "h1-h3"))).error(), "at most 200 moves, not 201");
  EXPECT_EQ(lookup(request({"h1-h3", std::string(kMaxMoveBytes + 1, 'a')})).error().rfind("move 2 ", 0), 0u);
  EXPECT_EQ(lookup(request({"h1-h3", ""})).error(), "move 2 '' is not a move");
  EXPECT_EQ(lookup(request({"\xff\xfe"})).error().rfind("move 1 ", 0), 0u);
  const auto illegal = lookup(request({"h1-h3", "h3-h5"}));  // the attackers' man again
  ASSERT_FALSE(illegal);
  EXPECT_EQ(illegal.error().rfind("move 2 'h3-h5': ", 0), 0u) << illegal.error();
  EXPECT_FALSE(lookup(request({"'; DROP TABLE games; --"})));
}

TEST(ExplorerRequest, BadFiltersGamesAndOptionsAreRefused) {
  for (const char* rating : {"1600", "a-b", "-", "2000-1600", "99999-", "1600-2000-", "-1-5", " 1600-2000"}) {
    auto r = request();
    r.rating = rating;
    EXPECT_FALSE(lookup(r)) << rating;
  }
  for (const char* month : {"2024-1", "2024-00", "2024-13", "0000-01", "2024/01", "202401", "", "2024-01-01"}) {
    auto r = request();
    r.since = month;
    EXPECT_FALSE(lookup(r)) << month;
  }
  auto r = request();
  r.since = "2024-05";
  r.until = "2024-03";
  EXPECT_EQ(lookup(r).error(), "since is after until");
  r = request();
  r.source = "elsewhere";
  EXPECT_FALSE(lookup(r));
  r = request();
  r.game = "chess";
  EXPECT_FALSE(lookup(r));
  r = request();
  r.game = "seatafl";
  r.options = protocol::OptionMap{{{"size", "13"}}};
  EXPECT_FALSE(lookup(r));
}

TEST(ExplorerRequest, TheHttpParametersReadAsTheRequest) {
  const auto r = explore_from_query(
      {{"game", "seatafl"}, {"options", "size:11"}, {"moves", "a,b"}, {"source", "here"}, {"rating", "1500-"}});
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->game, "seatafl");
  EXPECT_EQ(r->options->values, (std::map<std::string, std::string>{{"size", "11"}}));
  EXPECT_EQ(*r->moves, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(r->source, "here");
  EXPECT_EQ(r->rating, "1500-");
  EXPECT_FALSE(explore_from_query({{"game", "copenhagen"}, {"moves", ""}})->moves);
  EXPECT_EQ(explore_from_query({}).error(), "game is required");
  EXPECT_FALSE(explore_from_query({{"game", "copenhagen"}, {"limit", "5"}}));
  EXPECT_FALSE(explore_from_query({{"game", "seatafl"}, {"options", "size"}}));
  EXPECT_FALSE(explore_from_query({{"game", "seatafl"}, {"options", ":11"}}));
  EXPECT_FALSE(explore_from_query({{"game", "copenhagen"}, {"moves", std::string(300, ',')}}));
  // An empty move between commas reaches the lookup, which names it.
  EXPECT_EQ(lookup(*explore_from_query({{"game", "copenhagen"}, {"moves", "h1-h3,,d1-d3"}})).error(),
            "move 2 '' is not a move");
}

}  // namespace
}  // namespace bh::explorer
