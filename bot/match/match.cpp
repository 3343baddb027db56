#include "match/match.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "engine/engine.hpp"
#include "engine/zobrist.hpp"
#include "rules/game_state.hpp"

namespace bh::bot {

namespace {

struct GameTally {
  int plies = 0;
  double points = 0;  // for A: 1, 0.5, 0
  bool capped = false;
  std::uint64_t nodes = 0;
  double think_ms = 0, max_ms = 0;
  int moves = 0;
};

// One player of a match game: an engine at a level, or a random mover.
class Player {
 public:
  Player(const std::shared_ptr<const rules::Ruleset>& rules, std::optional<int> level, std::uint64_t seed,
         std::optional<int> movetime)
      : level_(level), seed_(seed), movetime_(movetime), rng_(seed) {
    if (level_) engine_ = std::make_unique<Engine>(rules);
  }

  rules::Move choose(const rules::GameState& game, GameTally* tally) {
    if (!engine_) {
      const auto moves = game.legal_moves();
      return moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
    }
    SearchLimits limits;
    limits.level = *level_;
    limits.seed = seed_;
    limits.movetime_ms = movetime_;
    const auto t0 = std::chrono::steady_clock::now();
    const SearchResult r = engine_->choose(game, limits);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (tally != nullptr) {
      tally->nodes += r.nodes;
      tally->think_ms += ms;
      tally->max_ms = std::max(tally->max_ms, ms);
      ++tally->moves;
    }
    return r.move;
  }

 private:
  std::optional<int> level_;
  std::uint64_t seed_;
  std::optional<int> movetime_;
  std::mt19937_64 rng_;
  std::unique_ptr<Engine> engine_;
};

// Game `number` (1-based): A has the first side when it is odd.
GameTally play_one(const std::shared_ptr<const rules::Ruleset>& rules, const MatchConfig& c, int number) {
  const std::uint64_t game_seed = splitmix64(c.seed * 1000003ULL + static_cast<std::uint64_t>(number));
  Player a(rules, c.level, game_seed, c.movetime_ms);
  Player b(rules, c.vs_level, splitmix64(game_seed), c.movetime_ms);
  const rules::Side a_side = number % 2 == 1 ? rules::Side::first : rules::Side::second;
  rules::GameState game(rules);
  GameTally t;
  while (!game.status().over() && game.ply() < c.max_plies) {
    const bool a_moves = game.to_move() == a_side;
    game.play(a_moves ? a.choose(game, &t) : b.choose(game, nullptr));
  }
  t.plies = game.ply();
  const rules::Status& s = game.status();
  if (s.kind == rules::Status::Kind::win) {
    t.points = s.winner == a_side ? 1 : 0;
  } else {
    t.points = 0.5;
    t.capped = !s.over();
  }
  return t;
}

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char ch : s) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (static_cast<unsigned char>(ch) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", ch);
      out += buf;
    } else {
      out += ch;
    }
  }
  out += '"';
}

std::string number(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace

MatchReport run_match(const std::shared_ptr<const rules::Ruleset>& rules, const MatchConfig& config) {
  std::vector<GameTally> tallies(static_cast<std::size_t>(std::max(0, config.games)));
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int i = next++; i < config.games; i = next++)
      tallies[static_cast<std::size_t>(i)] = play_one(rules, config, i + 1);
  };
  const int jobs = std::clamp(config.jobs, 1, std::max(1, config.games));
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();

  MatchReport r;
  r.games = config.games;
  std::uint64_t nodes = 0;
  double think_ms = 0;
  long plies = 0, moves = 0;
  for (const auto& t : tallies) {
    if (t.points == 1) {
      ++r.wins;
    } else if (t.points == 0) {
      ++r.losses;
    } else {
      ++r.draws;
    }
    if (t.capped) ++r.capped;
    plies += t.plies;
    nodes += t.nodes;
    think_ms += t.think_ms;
    moves += t.moves;
    r.max_ms = std::max(r.max_ms, t.max_ms);
  }
  if (r.games > 0) r.avg_plies = static_cast<double>(plies) / r.games;
  if (think_ms > 0) r.nps = static_cast<double>(nodes) / (think_ms / 1000.0);
  if (moves > 0) r.avg_ms = think_ms / static_cast<double>(moves);
  return r;
}

std::string report_json(const MatchConfig& c, const rules::Ruleset& rules, const MatchReport& r) {
  std::string out = "{\"game\":";
  append_json_string(out, rules.game_id());
  out += ",\"options\":{";
  bool first = true;
  for (const auto& [name, value] : rules.options()) {
    if (!first) out += ',';
    first = false;
    append_json_string(out, name);
    out += ':' + std::to_string(value);
  }
  out += "},\"level\":" + std::to_string(c.level);
  out += ",\"vs\":";
  if (c.vs_level) {
    out += std::to_string(*c.vs_level);
  } else {
    out += "\"random\"";
  }
  if (c.movetime_ms) out += ",\"movetime_ms\":" + std::to_string(*c.movetime_ms);
  out += ",\"games\":" + std::to_string(r.games) + ",\"wins\":" + std::to_string(r.wins) +
         ",\"draws\":" + std::to_string(r.draws) + ",\"losses\":" + std::to_string(r.losses) +
         ",\"score\":" + number(r.score(), 3) + ",\"capped\":" + std::to_string(r.capped) +
         ",\"avg_plies\":" + number(r.avg_plies, 1) + ",\"nps\":" + number(r.nps, 0) +
         ",\"avg_ms\":" + number(r.avg_ms, 2) + ",\"max_ms\":" + number(r.max_ms, 1) + "}";
  return out;
}

}  // namespace bh::bot
