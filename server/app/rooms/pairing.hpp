// Quick pairing (`seek`): whether a waiting seek and a new seeker may play each other,
// and the rating range that widens while a seek waits (docs/protocol.md, "Quick
// pairing").
//
// Thread-safety: pure functions over values.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "protocol/messages.hpp"

namespace bh::app::pairing {

// What two seeks must share to be paired: the game, its options (with the rules'
// defaults filled in, so `{}` and an explicit default are the same), the clock (or the
// correspondence time control) and whether the game is rated. A seek room always has one game and a random side.
struct Terms {
  std::string game;
  std::map<std::string, std::string> options;
  std::optional<protocol::ClockMs> clock;
  bool rated = false;
  std::optional<protocol::Correspondence> correspondence;  // a correspondence seek's time control
};

// Whether two seeks ask for the same game (all of Terms equal).
bool same_terms(const Terms& a, const Terms& b);

// The terms as one text, equal for two Terms exactly when same_terms: what seeks are
// grouped by across the nodes (storage/cluster_seeks.hpp).
std::string terms_key(const Terms& terms);

// `options` with every option of `game` the catalogue gives a default for filled in.
std::map<std::string, std::string> normal_options(const std::string& game, const protocol::OptionMap& options);

// The greatest rating difference allowed after waiting `waited_ms`: 150 points plus 25
// for each whole second waited; nullopt (no limit) from 60 s on.
std::optional<double> rating_range(std::int64_t waited_ms);

// Whether `seeker` may join the seek `waiting`, open for `waited_ms`. The ratings are
// the players' ratings for the game (nullopt: a guest, or none known); the range
// applies only when both are known.
bool compatible(const Terms& waiting, std::optional<double> waiting_rating, std::int64_t waited_ms, const Terms& seeker,
                std::optional<double> seeker_rating);

}  // namespace bh::app::pairing
