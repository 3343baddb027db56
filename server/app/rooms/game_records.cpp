#include "app/rooms/game_records.hpp"

#include <boost/asio/steady_timer.hpp>

#include "app/players/identities.hpp"
#include "app/ratings/ratings.hpp"
#include "game/room_records.hpp"
#include "log/log.hpp"

namespace bh::app {

void GameRecords::persist(const game::GameSession& s, game::Persist p, Strand strand,
                          std::function<void(game::Persisted, game::Effects)> answered) {
  if (p.header) p.update.header = live_header(s, s.game_id, s.first_slot, s.started_ms, s.score);
  game::Persisted answer{p.update.game_id, p.header, p.plies, p.update.erase_through, true};
  if (tell_only_durable_)
    return write_live(std::make_shared<const storage::LiveUpdate>(std::move(p.update)), std::move(answer),
                      std::move(p.then), std::move(strand), std::move(answered), std::chrono::milliseconds(250));
  writer_.save_live(std::move(p.update), std::move(strand),
                    [answer = std::move(answer), then = std::move(p.then),
                     answered = std::move(answered)](storage::StoreError error) mutable {
                      answer.ok = error.ok();
                      if (!answer.ok) log::error("live game " + answer.game_id + ": " + error.message);
                      answered(std::move(answer), std::move(then));
                    });
}

namespace {

// A header refused because a player sits in another live game is tried this many times
// more (about 8 s): that game may be ending, its archive write retried.
constexpr int kSeatRefusals = 5;

}  // namespace

void GameRecords::write_live(std::shared_ptr<const storage::LiveUpdate> update, game::Persisted answer,
                             game::Effects then, Strand strand, Answered answered, std::chrono::milliseconds delay,
                             int refusals) {
  writer_.save_live(*update, strand,
                    [this, update, answer = std::move(answer), then = std::move(then), strand,
                     answered = std::move(answered), delay, refusals](storage::StoreError error) mutable {
                      if (error.ok()) return answered(std::move(answer), std::move(then));
                      const bool seat_held = error.code == storage::StoreErrc::conflict && update->header;
                      if (seat_held) ++refusals;
                      if (seat_held && (refusals > kSeatRefusals || shutting_down_)) {
                        log::info("live game " + answer.game_id + " not started: " + error.message);
                        answer.ok = false;
                        answer.seat_taken = true;
                        return answered(std::move(answer), std::move(then));
                      }
                      // Refused (another node's game now, or its row gone: finished there), or a
                      // stop while the database is away: nothing of it is told here; the game goes
                      // on where it is owned.
                      answer.lost = (error.code != storage::StoreErrc::unavailable && !seat_held) || shutting_down_;
                      if (answer.lost) {
                        log::error("live game " + answer.game_id + ": " + error.message);
                        answer.ok = false;
                        return answered(std::move(answer), std::move(then));
                      }
                      // Not told until durable: the same update again, later.
                      auto timer = std::make_shared<boost::asio::steady_timer>(strand, delay);
                      timer->async_wait([this, timer, update, answer = std::move(answer), then = std::move(then),
                                         strand, answered = std::move(answered), delay,
                                         refusals](const boost::system::error_code& ec) mutable {
                        if (ec) return;
                        write_live(update, std::move(answer), std::move(then), strand, std::move(answered),
                                   std::min(delay * 2, std::chrono::milliseconds(5000)), refusals);
                      });
                    });
}

void GameRecords::keep(const game::Keep& k, Strand strand) {
  storage::LiveUpdate update;
  update.game_id = k.game_id;
  update.absent_until_ms = k.absent_until_ms;
  update.offers = k.offers;
  writer_.save_live(std::move(update), std::move(strand), [id = k.game_id](storage::StoreError error) {
    if (!error.ok()) log::error("live game " + id + ": absences or offers not saved: " + error.message);
  });
}

void GameRecords::finish(const game::GameSession& s, game::Finish f, Strand strand,
                         std::function<void(game::Archived)> archived) {
  std::optional<storage::LiveGame> next;
  if (f.next_score && s.next)
    next = live_header(s, s.next->game_id, s.next->first_slot, s.next->started_ms, *f.next_score);
  writer_.finish(
      std::move(f.record), std::move(next), std::move(strand),
      [this, archived = std::move(archived)](storage::StoreErrc code, std::optional<storage::RatingChanges> changes) {
        game::Archived answer{code == storage::StoreErrc::ok, std::nullopt, shutting_down_,
                              code == storage::StoreErrc::fenced};
        if (changes) answer.rating_changes = changes_view(*changes);
        archived(std::move(answer));
      });
}

storage::LiveGame GameRecords::live_header(const game::GameSession& session, const std::string& game_id, int first_slot,
                                           std::int64_t started_ms, const game::MatchScore& score) const {
  std::array<game::records::SeatIdentity, 2> identities;
  for (std::size_t i = 0; i < 2; ++i) {
    identities[i].player = session.seats[i].player;
    if (auto found = identities_.credentials(identities[i].player))
      identities[i] = {identities[i].player, found->token, found->registered, found->bot};
  }
  const game::records::RoomFacts facts{session.room_id, session.match_id, session.invite_code, *session.settings};
  auto header = game::records::live_header(facts, identities, game_id, first_slot, started_ms, score);
  header.absent_until_ms = {session.seats[0].absent_until_ms, session.seats[1].absent_until_ms};
  if (session.correspondence) header.offers = session.live_offers();
  return header;
}

}  // namespace bh::app
