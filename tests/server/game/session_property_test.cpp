// Random command sequences over all seven games, with the store answering writes at
// random moments: the session's invariants hold after every decision.
//  - no clock is ever below zero;
//  - the ply moves only forward, but by an accepted takeback;
//  - no move is told before the store answered its write;
//  - each game ends exactly once (one Finish effect), and nothing is told of it after game_over;
//  - the journal replayed (restore_session) gives the same position.
#include <gtest/gtest.h>

#include <random>

#include "game/restore.hpp"
#include "session_driver.hpp"

namespace bh::game {
namespace {

using testing::Driver;
using testing::settings_for;
using testing::stored;

const char* const kGames[] = {"tavlei", "tablut", "seatafl", "copenhagen", "brandubh", "draughts", "alquerque"};

void check_invariants(const Driver& d, int& last_ply, bool takeback_accepted) {
  if (!d.s.game) return;
  for (auto ms : d.s.clock.remaining()) ASSERT_GE(ms, 0);
  if (!takeback_accepted) {
    ASSERT_GE(d.s.game->ply(), last_ply);
  }
  last_ply = d.s.game->ply();
  ASSERT_LE(d.s.journal.durable_plies(), d.s.journal.plies());
}

TEST(GameSessionProperty, RandomCommandsKeepTheInvariantsInAllSevenGames) {
  std::mt19937 rng(20261126);
  for (const char* game : kGames) {
    for (int round = 0; round < 12; ++round) {
      SCOPED_TRACE(std::string(game) + " round " + std::to_string(round));
      Driver d(settings_for(game, round % 3 != 0));
      d.start();
      d.auto_write = false;
      d.answer_write();  // the header
      int last_ply = 0;
      std::size_t finishes_seen = 0;
      for (int step = 0; step < 120 && d.s.phase == Phase::playing; ++step) {
        const int seat = static_cast<int>(rng() % 2);
        const int pick = static_cast<int>(rng() % 100);
        bool takeback_accepted = false;
        const int ply_before = d.s.game->ply();
        if (pick < 55 && d.s.live()) {
          if (!d.s.journal.untold())
            d.play(d.s.game->rules().move_text(d.s.game->legal_moves()[rng() % d.s.game->legal_moves().size()]));
          else d.run(Move{seat, d.s.game_id, d.s.game->ply(), d.any_legal()});
        } else if (pick < 75) {
          d.answer_write(rng() % 10 != 0);  // now and then the store fails
        } else if (pick < 80) {
          d.run(Takeback{seat, d.s.game_id, TakebackAction::request});
        } else if (pick < 85) {
          d.run(Takeback{seat, d.s.game_id, TakebackAction::accept});
          takeback_accepted = true;
        } else if (pick < 89) {
          d.run(Draw{seat, d.s.game_id, static_cast<DrawAction>(rng() % 3)});
        } else if (pick < 92) {
          d.pass(static_cast<std::int64_t>(rng() % 30'000));
          if (d.deadlines.contains(DeadlineKind::turn)) d.run(DeadlineDue{DeadlineKind::turn});
        } else if (pick < 95) {
          d.run(rng() % 2 ? Command{Left{seat}} : Command{Returned{seat}});
        } else if (pick < 97) {
          d.run(Abort{seat, d.s.game_id});
        } else {
          d.run(Resign{seat, d.s.game_id});
        }
        if (d.s.game->ply() < ply_before) takeback_accepted = true;
        check_invariants(d, last_ply, takeback_accepted);
        // A move event is told only once the store answered the write that carried it.
        ASSERT_EQ(d.moves_told_unanswered, 0);
        ASSERT_LE(d.finished.size(), 1u);
        finishes_seen = d.finished.size();
      }
      // Let every held write answer: whatever waited is decided.
      while (!d.writes.empty()) d.answer_write();
      ASSERT_LE(d.finished.size(), 1u);
      (void)finishes_seen;
      if (d.finished.empty() && d.s.live()) d.run(Resign{0, d.s.game_id});
      ASSERT_EQ(d.finished.size(), 1u);  // exactly one end
      const auto& record = d.finished[0];
      EXPECT_EQ(record.moves, d.s.journal.moves());
      d.archive();
      const auto over = std::count_if(d.told.begin(), d.told.end(), [](const std::string& t) {
        return t.find("\"type\":\"game_over\"") != std::string::npos;
      });
      EXPECT_EQ(over, 1);
      EXPECT_EQ(d.told.back().find("\"type\":\"move\""), std::string::npos);
      // The journal replayed gives the same game.
      auto restored = restore_session(stored(d.s), {}, d.now.steady);
      ASSERT_TRUE(restored) << restored.error();
      const auto& again = *restored;
      EXPECT_EQ(again.game->position(), d.s.game->position());
      EXPECT_EQ(again.game->ply(), d.s.game->ply());
    }
  }
}

}  // namespace
}  // namespace bh::game
