// Tab completion: commands for the first word, then the ids the session knows of for
// the commands that take them, and nothing where no word is known.
#include "completion.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "command_line.hpp"

namespace bh::cli {
namespace {

using Words = std::vector<std::string>;

KnownIds known() {
  KnownIds k;
  k.rooms = {"r12", "r7"};
  k.live = {"g40"};
  k.archived = {"g31", "g32"};
  k.followed = {"g40", "g45"};
  k.game_types = {"tablut", "tavlei", "draughts"};
  k.players = {"alice", "albert", "bob"};
  return k;
}

TEST(ClientCompletion, FirstWordCompletesToTheCommandsItStarts) {
  EXPECT_EQ(completions("jo", known()), Words{"join"});
  EXPECT_EQ(completions("re", known()), (Words{"rematch", "remove-computer", "replay", "report", "reports", "resign"}));
  EXPECT_EQ(completions("  fl", known()), Words{"flip"});
  EXPECT_TRUE(completions("zz", known()).empty());
}

TEST(ClientCompletion, ChatCommandsCompleteAndTheirTextDoesNot) {
  EXPECT_EQ(completions("mu", known()), Words{"mute"});
  EXPECT_EQ(completions("un", known()), (Words{"unblock", "unmute", "unwatch"}));
  EXPECT_EQ(completions("sa", known()), Words{"say"});
  EXPECT_TRUE(completions("say g", known()).empty());  // chat text is the user's own
}

TEST(ClientCompletion, ComputerCompletesAGameThenItsKeywordsAndTheirValues) {
  EXPECT_EQ(completions("comp", known()), Words{"computer"});
  EXPECT_EQ(completions("computer dr", known()), Words{"draughts"});
  EXPECT_EQ(completions("computer draughts ", known()), (Words{"clock", "level", "side"}));
  EXPECT_EQ(completions("computer draughts l", known()), Words{"level"});
  EXPECT_EQ(completions("computer draughts level ", known()).size(), 8u);
  EXPECT_EQ(completions("computer draughts level 6 side s", known()), Words{"second"});
  EXPECT_EQ(completions("computer draughts clock n", known()), Words{"none"});
}

TEST(ClientCompletion, EmptyLineOffersEveryCommand) {
  const auto all = completions("", known());
  EXPECT_EQ(all.size(), command_names().size());
  EXPECT_NE(std::find(all.begin(), all.end(), "archive"), all.end());
  EXPECT_NE(std::find(all.begin(), all.end(), "goto"), all.end());
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
}

TEST(ClientCompletion, JoinCompletesRoomIdsFromTheLastListing) {
  EXPECT_EQ(completions("join r1", known()), Words{"r12"});
  EXPECT_EQ(completions("join ", known()), (Words{"r12", "r7"}));
  EXPECT_TRUE(completions("join ", KnownIds{}).empty());
}

TEST(ClientCompletion, WatchOffersLiveAndFollowedGamesEachOnce) {
  EXPECT_EQ(completions("watch g", known()), (Words{"g40", "g45"}));
}

TEST(ClientCompletion, ReplayOffersArchivedAndFollowedGames) {
  EXPECT_EQ(completions("replay g3", known()), (Words{"g31", "g32"}));
  EXPECT_EQ(completions("replay g4", known()), (Words{"g40", "g45"}));
  EXPECT_EQ(completions("export g3", known()), (Words{"g31", "g32"}));
  EXPECT_EQ(completions("expo", known()), Words{"export"});
}

TEST(ClientCompletion, HelpCreateAndWaitCompleteTheirArgument) {
  EXPECT_EQ(completions("help repl", known()), Words{"replay"});
  EXPECT_EQ(completions("help rep", known()), (Words{"replay", "report", "reports"}));
  EXPECT_EQ(completions("create ta", known()), (Words{"tablut", "tavlei"}));
  EXPECT_EQ(completions("wait e", known()), (Words{"end", "event"}));
}

TEST(ClientCompletion, TakebackAndItsAnswersCompleteTheirWord) {
  EXPECT_EQ(completions("takeback ", known()), (Words{"no", "yes"}));
  EXPECT_EQ(completions("takeback y", known()), Words{"yes"});
  EXPECT_EQ(completions("accept t", known()), Words{"takeback"});
  EXPECT_EQ(completions("decline ", known()), (Words{"draw", "takeback"}));
  EXPECT_EQ(completions("ab", known()), Words{"abort"});
  EXPECT_TRUE(completions("abort ", known()).empty());
}

TEST(ClientCompletion, SeekPlayAndRematchCompleteTheirArgument) {
  EXPECT_EQ(completions("seek ta", known()), (Words{"tablut", "tavlei"}));
  EXPECT_EQ(completions("play dr", known()), Words{"draughts"});
  EXPECT_EQ(completions("rematch ", known()), (Words{"no", "yes"}));
  EXPECT_EQ(completions("lea", known()), Words{"leave"});
  EXPECT_EQ(completions("se", known()), Words{"seek"});
}

TEST(ClientCompletion, ProfileOffersPlayersSeenAndTopTheRatingKeys) {
  EXPECT_EQ(completions("prof", known()), Words{"profile"});
  EXPECT_EQ(completions("profile al", known()), (Words{"albert", "alice"}));
  EXPECT_TRUE(completions("profile ", KnownIds{}).empty());
  EXPECT_EQ(completions("top sea", known()), (Words{"seatafl-11x11", "seatafl-9x9"}));
  EXPECT_EQ(completions("top ", KnownIds{}).size(), 8u);
  EXPECT_EQ(completions("top b", KnownIds{}), (Words{"brandubh"}));
  EXPECT_TRUE(completions("top tablut ", known()).empty());  // the count is not completed
}

TEST(ClientCompletion, TournamentCommandsCompleteOnceTheirHyphenIsTypedThenTheirIds) {
  KnownIds k = known();
  k.tournaments = {"t18a-1", "t18b-2"};
  EXPECT_EQ(completions("jo", k), Words{"join"});  // join, as before: not held up by join-tournament
  EXPECT_EQ(completions("join-", k), Words{"join-tournament"});
  EXPECT_EQ(completions("cr", k), Words{"create"});
  EXPECT_EQ(completions("create-", k), Words{"create-tournament"});
  EXPECT_EQ(completions("st", k), Words{"start-tournament"});
  EXPECT_EQ(completions("tour", k), (Words{"tournament", "tournaments"}));
  EXPECT_EQ(completions("join-tournament t18a", k), Words{"t18a-1"});
  EXPECT_EQ(completions("tournament ", k), (Words{"t18a-1", "t18b-2"}));
  EXPECT_EQ(completions("withdraw-tournament t", k).size(), 2u);
  EXPECT_EQ(completions("start-tournament t18b", k), Words{"t18b-2"});
  EXPECT_EQ(completions("tournaments ", k), (Words{"finished", "running", "upcoming"}));
  EXPECT_EQ(completions("create-tournament s", k), Words{"swiss"});
  EXPECT_EQ(completions("create-tournament swiss ta", k), (Words{"tablut", "tavlei"}));
  EXPECT_TRUE(completions("create-tournament swiss tablut ", k).empty());
  EXPECT_TRUE(completions("join-tournament t18a-1 ", k).empty());  // the invite code is not known
}

TEST(ClientCompletion, ModerationCommandsCompletePlayersReasonsAndActions) {
  EXPECT_EQ(completions("bl", known()), (Words{"block", "blocks"}));
  EXPECT_EQ(completions("block al", known()), (Words{"albert", "alice"}));
  EXPECT_EQ(completions("unblock b", known()), Words{"bob"});
  EXPECT_EQ(completions("report b", known()), Words{"bob"});
  EXPECT_EQ(completions("report bob s", known()), (Words{"sandbagging", "stalling"}));
  EXPECT_TRUE(completions("report bob abuse ", known()).empty());  // the text is the user's own
  EXPECT_EQ(completions("reports ", known()), Words{"--all"});
  EXPECT_EQ(completions("mod", known()), (Words{"mod", "moderation"}));
  EXPECT_EQ(completions("mod ", known()).size(), 10u);
  EXPECT_EQ(completions("mod b", known()), (Words{"ban", "block_address"}));
  EXPECT_EQ(completions("mod ban b", known()), Words{"bob"});
  EXPECT_TRUE(completions("mod close_report ", known()).empty());  // a report's id, not a name
  EXPECT_TRUE(completions("mod ban bob ", known()).empty());       // the reason
}

TEST(ClientCompletion, NothingAfterTheArgumentOrForMoves) {
  EXPECT_TRUE(completions("join r12 ", known()).empty());  // the invite code is not known
  EXPECT_TRUE(completions("e1-", known()).empty());
  EXPECT_TRUE(completions("resign ", known()).empty());
}

}  // namespace
}  // namespace bh::cli
