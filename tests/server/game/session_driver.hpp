// A shell for game sessions in tests: it carries out decide()'s effects at once and in
// memory, as the room does on its strand, but with writes held until the test lets the
// store answer, and time moved by hand. No Asio, no threads, no store.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "game/decide.hpp"
#include "game/restore.hpp"
#include "rules/registry.hpp"

namespace bh::game::testing {

inline std::shared_ptr<const RoomSettings> settings_for(const std::string& game, bool timed = true, int games = 1,
                                                        bool rated = false) {
  auto s = std::make_shared<RoomSettings>();
  s->game = game;
  s->rules = *rules::make_ruleset(game, {});
  if (timed) s->clock = protocol::ClockMs{60'000, 1'000};
  s->games = games;
  s->rated = rated;
  return s;
}

struct Driver {
  GameSession s;
  Now now{std::chrono::steady_clock::time_point{} + std::chrono::hours(1), 1'800'000'000'000};
  std::vector<Persist> writes;    // held until answered
  std::vector<Command> deferred;  // waiting for a move to be told
  std::vector<std::string> told;  // every text told or answered, in order
  std::vector<Refuse> refusals;
  std::map<DeadlineKind, Time> deadlines;
  std::optional<std::array<std::int64_t, 2>> kept_absences;  // the last Keep's absences
  std::optional<storage::LiveOffers> kept_offers;            // the last Keep's offers
  std::vector<storage::GameRecord> finished;                 // Finish effects (archive writes asked)
  std::vector<Notice> notices;                               // what the room's services would hear of
  bool auto_write = true;                                    // answer writes at once
  int moves_told_unanswered = 0;                             // move events told while no write was answered
  bool answering = false;                                    // carrying out an answered write's `then`
  int next_id = 0;

  explicit Driver(std::shared_ptr<const RoomSettings> settings, Limits limits = {})
      : s(open_session("r1", "m1", "", std::move(settings), limits, "alice")) {}

  // Seats bob, both present, and starts the first game with alice first.
  void start() {
    s.seats[0].present = true;
    s.seats[1] = {"bob", true, 0, std::nullopt, std::nullopt};
    s.score.seat("alice", "bob");
    begin();
  }
  void begin() {
    Begin b;
    b.game_id = "g" + std::to_string(++next_id);
    b.next_game_id = "g" + std::to_string(next_id + 1);
    run(b);
  }

  void run(const Command& c) {
    auto d = decide(std::move(s), c, now);
    s = std::move(d.session);
    apply(std::move(d.effects));
  }
  void apply(Effects fx) {
    for (auto& e : fx) {
      std::visit(
          [&](auto& x) {
            using E = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<E, Refuse>) refusals.push_back(x);
            else if constexpr (std::is_same_v<E, Answer>) told.push_back(x.text);
            else if constexpr (std::is_same_v<E, Tell>) {
              if (!answering && x.text.find("\"type\":\"move\"") != std::string::npos) ++moves_told_unanswered;
              told.push_back(x.text);
            } else if constexpr (std::is_same_v<E, Persist>) {
              writes.push_back(std::move(x));
              if (auto_write) answer_write();
            } else if constexpr (std::is_same_v<E, Arm>) deadlines[x.kind] = x.at;
            else if constexpr (std::is_same_v<E, Keep>) {
              if (x.absent_until_ms) kept_absences = x.absent_until_ms;
              if (x.offers) kept_offers = x.offers;
            } else if constexpr (std::is_same_v<E, Disarm>) deadlines.erase(x.kind);
            else if constexpr (std::is_same_v<E, Finish>) finished.push_back(x.record);
            else if constexpr (std::is_same_v<E, Defer>) deferred.push_back(x.command);
            else if constexpr (std::is_same_v<E, RunDeferred>) {
              auto waiting = std::exchange(deferred, {});
              for (auto& c : waiting) run(c);
            } else if constexpr (std::is_same_v<E, Continue>) run(x.command);
            else if constexpr (std::is_same_v<E, Notice>) {
              notices.push_back(x);
              if (x.note == Note::start_next) begin();
            }
          },
          e.v);
    }
  }
  // The store answers the oldest held write.
  void answer_write(bool ok = true) {
    if (writes.empty()) return;
    Persist p = std::move(writes.front());
    writes.erase(writes.begin());
    run(Persisted{p.update.game_id, p.header, p.plies, p.update.erase_through, ok});
    const bool was = std::exchange(answering, true);
    if (s.phase != Phase::closed) apply(std::move(p.then));
    answering = was;
  }
  // The store refuses the oldest held write, a header: a player sits in another live
  // game (cluster mode). Its `then` is carried out only if the session is not closed.
  void refuse_write_for_seat() {
    Persist p = std::move(writes.front());
    writes.erase(writes.begin());
    Persisted refused{p.update.game_id, p.header, p.plies, p.update.erase_through, false};
    refused.seat_taken = true;
    run(refused);
    if (s.phase != Phase::closed) apply(std::move(p.then));
  }
  // The archive answers the last Finish.
  void archive(bool ok = true) { run(Archived{ok, std::nullopt, false}); }
  void pass(std::int64_t ms) {
    now.steady += std::chrono::milliseconds(ms);
    now.unix_ms += ms;
  }
  // Moves time to a deadline and decides it.
  void fire(DeadlineKind kind) {
    const auto at = deadlines.at(kind);
    if (at > now.steady) pass(std::chrono::duration_cast<std::chrono::milliseconds>(at - now.steady).count());
    deadlines.erase(kind);
    run(DeadlineDue{kind});
  }
  int to_move_slot() const { return s.slot_for(s.game->to_move()); }
  void play(const std::string& text) { run(Move{to_move_slot(), s.game_id, s.game->ply(), text}); }
  std::string any_legal() const { return s.game->rules().move_text(s.game->legal_moves().front()); }
  bool noticed(Note note) const {
    for (const auto& n : notices)
      if (n.note == note) return true;
    return false;
  }
  bool told_contains(const std::string& needle) const {
    for (const auto& t : told)
      if (t.find(needle) != std::string::npos) return true;
    return false;
  }
};

// What the store keeps of the session's live game (for restore_session).
inline storage::LiveGame stored(const GameSession& s) {
  storage::LiveGame live;
  live.game_id = s.game_id;
  live.room_id = s.room_id;
  live.match_id = s.match_id;
  live.game = s.settings->game;
  live.creator_side = "first";
  live.games = s.settings->games;
  live.game_number = s.score.game_number();
  live.first_seat = s.first_slot;
  for (int i = 0; i < 2; ++i) {
    live.seats[i].player = s.seats[i].player;
    live.absent_until_ms[i] = s.seats[i].absent_until_ms;
  }
  if (s.settings->clock)
    live.clock = storage::ClockSpec{s.settings->clock->initial_ms, s.settings->clock->increment_ms};
  if (s.settings->correspondence) {
    live.correspondence = to_text(*s.settings->correspondence);
    live.deadline_ms = s.deadline_ms().value_or(0);
    live.offers = s.live_offers();
  }
  live.started_ms = s.started_ms;
  live.moves = s.journal.moves();
  return live;
}

}  // namespace bh::game::testing
