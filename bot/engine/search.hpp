// The search, one template over a game adapter (tafl_adapter.hpp, draughts_adapter.hpp,
// alquerque_adapter.hpp): negamax alpha-beta with principal-variation windows, iterative
// deepening, a transposition table keyed by the adapter's Zobrist keys, move ordering
// (the table's move, captures, killers, history), late-move reductions, an extension
// for a forced (single) reply, a quiescence search where the game needs one, repetition
// against the search path and the game's history as a draw, and mate scores by distance.
//
// Budgets: a node budget (checked at every node, so a level bounded by nodes is exactly
// reproducible), a depth, a soft time (no new iteration after it) and a hard time
// (checked every 1024 nodes) with the caller's stop flag.
//
// Thread-safety: a Searcher is used by one thread at a time; it owns all its state.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "engine.hpp"
#include "zobrist.hpp"

namespace bh::bot {

struct Budget {
  using Clock = std::chrono::steady_clock;
  int max_depth = 1;
  int min_depth = 1;            // iterations the node budget never cuts short
  std::uint64_t max_nodes = 0;  // 0: none
  std::optional<Clock::time_point> soft, hard;
  const std::atomic<bool>* stop = nullptr;
  int noise = 0;  // > 0: every root move gets an exact score, plus noise in [0, noise]
  std::uint64_t seed = 1;
  int eval_noise = 0;  // > 0: each evaluation moves by a fixed amount in [-eval_noise, eval_noise]
  std::uint64_t eval_seed = 1;
};

template <class A>
class Searcher {
 public:
  using Pos = typename A::Pos;
  using Mv = typename A::Mv;

  struct Outcome {
    Mv move{};
    int score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
  };

  Searcher(const A& adapter, int tt_bits)
      : a_(adapter), tt_(std::size_t{1} << tt_bits), tt_mask_((std::size_t{1} << tt_bits) - 1) {
    moves_.resize(max_search_ply + 1);
    order_.resize(max_search_ply + 1);
    scores_.resize(max_search_ply + 1);
  }

  // `history`: the keys of the game's positions, the root last; `floor`: the index in it
  // of the first position after the last irreversible move. Precondition: the root has a
  // legal move and is not terminal.
  Outcome run(const Pos& root, const std::vector<std::uint64_t>& history, int floor, const Budget& budget) {
    budget_ = budget;
    nodes_ = 0;
    aborted_ = false;
    for (auto& side : history_)
      for (auto& h : side) h /= 8;  // keep a little of the previous move's knowledge
    for (auto& k : killers_) k.count = 0;
    stack_ = history;
    base_ = static_cast<int>(history.size()) - 1;
    stack_.resize(history.size() + max_search_ply + 2);
    floor_ = floor;
    floor_at_[0] = floor;

    std::vector<Mv> root_moves;
    a_.generate(root, root_moves);
    const std::size_t n = root_moves.size();
    std::vector<int> root_scores(n, 0);
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    {  // first order: the ordinary heuristics at ply 0
      auto& s = scores_[0];
      s.assign(n, 0);
      const int tt_index = probe_move(stack_[static_cast<std::size_t>(base_)]);
      for (std::size_t i = 0; i < n; ++i) s[i] = order_score(root, root_moves[i], static_cast<int>(i), tt_index, 0);
      std::stable_sort(order.begin(), order.end(), [&s](std::size_t x, std::size_t y) { return s[x] > s[y]; });
    }

    Outcome out;
    out.move = root_moves[order[0]];
    out.score = 0;
    std::mt19937_64 rng(budget.seed);
    std::vector<int> exact(n, 0);
    for (int depth = 1; depth <= budget_.max_depth; ++depth) {
      root_depth_ = depth;
      const bool first = depth <= budget_.min_depth;
      int alpha = -mate_score - 1;
      const int beta = mate_score + 1;
      std::optional<std::size_t> best;
      int best_score = -mate_score - 1;
      for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = order[k];
        const Pos child = a_.apply(root, root_moves[i]);
        const int child_floor = push(root, child, 1);
        int sc;
        if (budget_.noise > 0) {
          // Only moves that may come within the noise of the best need an exact score: a
          // move below best - noise can never win the noisy choice, so a bound will do.
          const int floor_score = best ? std::max(-infinity, best_score - budget_.noise - 1) : -infinity;
          sc = -search(child, depth - 1, -beta, -floor_score, 1, child_floor, first);
        } else if (k == 0) {
          sc = -search(child, depth - 1, -beta, -alpha, 1, child_floor, first);
        } else {
          sc = -search(child, depth - 1, -alpha - 1, -alpha, 1, child_floor, first);
          if (!aborted_ && sc > alpha) sc = -search(child, depth - 1, -beta, -alpha, 1, child_floor, first);
        }
        if (aborted_) break;
        exact[i] = sc;
        if (sc > best_score) {
          best_score = sc;
          best = i;
          if (budget_.noise == 0 && sc > alpha) alpha = sc;
        }
      }
      if (aborted_) {
        // A move of the unfinished iteration that beat the previous best at this depth
        // (searched fully with an open window) is the better move.
        if (budget_.noise == 0 && best && *best != order[0]) {
          out.move = root_moves[*best];
          out.score = best_score;
        }
        break;
      }
      out.depth = depth;
      out.score = best_score;
      out.move = root_moves[*best];
      root_scores = exact;
      store(stack_[static_cast<std::size_t>(base_)], depth, best_score, exact_bound, static_cast<int>(*best), 0);
      // Next iteration: the best first, the rest by this iteration's scores.
      std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        if (x == *best || y == *best) return x == *best && y != *best;
        return budget_.noise > 0 && root_scores[x] > root_scores[y];
      });
      if (is_mate_score(best_score) && depth >= mate_score - std::abs(best_score)) break;
      if (budget_.max_nodes != 0 && nodes_ >= budget_.max_nodes && depth >= budget_.min_depth) break;
      if (budget_.soft && Budget::Clock::now() >= *budget_.soft) break;
      if (n == 1 && depth >= 4) break;  // a forced move: a score is all we want
    }
    if (budget_.noise > 0 && out.depth > 0) {
      int best_noisy = std::numeric_limits<int>::min();
      std::uniform_int_distribution<int> dist(0, budget_.noise);
      for (std::size_t i = 0; i < n; ++i) {
        const int noisy = root_scores[i] + dist(rng);
        if (noisy > best_noisy) {
          best_noisy = noisy;
          out.move = root_moves[i];
          out.score = root_scores[i];
        }
      }
    }
    out.nodes = nodes_;
    return out;
  }

  // After run(): the line the table holds from `root`, `first` (the move chosen) first,
  // then each position's stored best move while there is one, up to `max_length` moves
  // or a position seen before on the line. A table entry may have been overwritten, so
  // the line can be shorter than the depth searched; every move of it is legal.
  std::vector<Mv> principal_line(const Pos& root, const Mv& first, int max_length) const {
    std::vector<Mv> line{first};
    Pos p = a_.apply(root, first);
    std::vector<std::uint64_t> seen{a_.key(root), a_.key(p)};
    std::vector<Mv> moves;
    while (static_cast<int>(line.size()) < max_length) {
      const int index = probe_move(seen.back());
      a_.generate(p, moves);
      if (index < 0 || index >= static_cast<int>(moves.size())) break;
      const Mv m = moves[static_cast<std::size_t>(index)];
      line.push_back(m);
      p = a_.apply(p, m);
      const std::uint64_t key = a_.key(p);
      if (std::find(seen.begin(), seen.end(), key) != seen.end()) break;
      seen.push_back(key);
    }
    return line;
  }

 private:
  enum Bound : std::uint8_t { no_bound = 0, upper_bound = 1, lower_bound = 2, exact_bound = 3 };
  struct Entry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    std::int8_t depth = 0;
    std::uint8_t bound = no_bound;
    std::uint16_t move = 0;  // index into the generated moves of the position
  };
  static constexpr int infinity = mate_score + 1;
  static constexpr int contempt = 25;
  static constexpr int history_size = 128 * 128;

  // Stores the child's key above the parent's; returns the child's repetition floor.
  int push(const Pos& parent, const Pos& child, int ply) {
    const auto idx = static_cast<std::size_t>(base_ + ply);
    stack_[idx] = a_.key(child);
    return A::irreversible(parent, child) ? static_cast<int>(idx) : floor_at_[static_cast<std::size_t>(ply - 1)];
  }

  bool repeated(int ply, int floor) const {
    const int idx = base_ + ply;
    const std::uint64_t key = stack_[static_cast<std::size_t>(idx)];
    for (int i = idx - 2; i >= floor; i -= 2)
      if (stack_[static_cast<std::size_t>(i)] == key) return true;
    return false;
  }

  bool out_of_budget(bool first_iteration) {
    if (aborted_) return true;
    ++nodes_;
    if (budget_.max_nodes != 0 && nodes_ > budget_.max_nodes && !first_iteration) return aborted_ = true;
    if ((nodes_ & 1023) == 0) {
      if (budget_.stop != nullptr && budget_.stop->load(std::memory_order_relaxed)) return aborted_ = true;
      if (budget_.hard && Budget::Clock::now() >= *budget_.hard) return aborted_ = true;
    }
    return false;
  }

  // A draw is worth a little less than nothing to the side the search plays for, so it
  // avoids repeating a position it stands no worse in (its opponent is usually weaker).
  static int draw_score(int ply) { return ply % 2 == 0 ? -contempt : contempt; }

  int probe_move(std::uint64_t key) const {
    const Entry& e = tt_[key & tt_mask_];
    return e.key == key && e.bound != no_bound ? e.move : -1;
  }

  void store(std::uint64_t key, int depth, int score, Bound bound, int move, int ply) {
    Entry& e = tt_[key & tt_mask_];
    if (e.key == key && e.depth > depth && bound != exact_bound) return;
    // Mate scores are kept relative to this node.
    if (score >= mate_score - max_search_ply) score += ply;
    if (score <= -(mate_score - max_search_ply)) score -= ply;
    e = {key, static_cast<std::int16_t>(score), static_cast<std::int8_t>(std::min(depth, 127)), bound,
         static_cast<std::uint16_t>(move)};
  }

  int order_score(const Pos& p, const Mv& m, int index, int tt_index, int ply) const {
    if (index == tt_index) return 1 << 30;
    const int capture = a_.capture_hint(p, m);
    if (capture > 0) return (1 << 26) + capture * 1024;
    if (ply < max_search_ply) {
      if (killers_[static_cast<std::size_t>(ply)].count > 0 && A::same(killers_[static_cast<std::size_t>(ply)].m[0], m))
        return 1 << 25;
      if (killers_[static_cast<std::size_t>(ply)].count > 1 && A::same(killers_[static_cast<std::size_t>(ply)].m[1], m))
        return (1 << 25) - 1;
    }
    return std::min(history_[static_cast<std::size_t>(A::side(p))][static_cast<std::size_t>(A::history_index(m))],
                    (1 << 24));
  }

  int search(const Pos& p, int depth, int alpha, int beta, int ply, int floor, bool first_iteration) {
    if (out_of_budget(first_iteration)) return 0;
    if (const auto t = a_.terminal(p))
      return *t > 0 ? mate_score - ply : *t < 0 ? -(mate_score - ply) : draw_score(ply);
    if constexpr (A::repetition_draws) {
      if (repeated(ply, floor)) {
        // Where a repetition is one side's loss (Copenhagen, Brandubh), score it so.
        if constexpr (requires(const A& a, const Pos& q) { a.repetition_loser(q); }) {
          if (const int loser = a_.repetition_loser(p); loser >= 0)
            return loser == A::side(p) ? -(mate_score - ply) : mate_score - ply;
        }
        return draw_score(ply);
      }
    }
    if (depth <= 0 || ply >= max_search_ply - 2)
      return quiesce(p, stack_[static_cast<std::size_t>(base_ + ply)], alpha, beta, ply);
    floor_at_[static_cast<std::size_t>(ply)] = floor;

    const std::uint64_t key = stack_[static_cast<std::size_t>(base_ + ply)];
    const Entry& e = tt_[key & tt_mask_];
    int tt_index = -1;
    if (e.key == key && e.bound != no_bound) {
      tt_index = e.move;
      if (e.depth >= depth) {
        int sc = e.score;
        if (sc >= mate_score - max_search_ply) sc -= ply;
        if (sc <= -(mate_score - max_search_ply)) sc += ply;
        if (e.bound == exact_bound || (e.bound == lower_bound && sc >= beta) || (e.bound == upper_bound && sc <= alpha))
          return sc;
      }
    }

    // Null move (where the game has no zugzwang to speak of): if passing still holds
    // beta at a reduced depth, a real move will too.
    if constexpr (A::null_move_pruning) {
      if (depth >= 3 && beta - alpha == 1 && !null_at_[static_cast<std::size_t>(ply - 1)] &&
          std::abs(beta) < mate_score - max_search_ply && evaluate(p, key) >= beta) {
        const Pos passed = a_.pass(p);
        const auto idx = static_cast<std::size_t>(base_ + ply + 1);
        stack_[idx] = a_.key(passed);
        null_at_[static_cast<std::size_t>(ply)] = true;
        // A pass breaks the repetition chain: its floor is itself.
        const int sc = -search(passed, depth - 3, -beta, -beta + 1, ply + 1, static_cast<int>(idx), first_iteration);
        null_at_[static_cast<std::size_t>(ply)] = false;
        if (aborted_) return 0;
        if (sc >= beta) return beta;
      }
    }

    auto& moves = moves_[static_cast<std::size_t>(ply)];
    a_.generate(p, moves);
    const int n = static_cast<int>(moves.size());
    if (n == 0) return -(mate_score - ply);  // no legal move loses, in every game here
    auto& order = order_[static_cast<std::size_t>(ply)];
    auto& scores = scores_[static_cast<std::size_t>(ply)];
    order.resize(static_cast<std::size_t>(n));
    scores.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      order[static_cast<std::size_t>(i)] = i;
      scores[static_cast<std::size_t>(i)] = order_score(p, moves[static_cast<std::size_t>(i)], i, tt_index, ply);
    }
    // A single legal reply costs nothing to look past.
    const int extension = n == 1 && ply < 2 * root_depth_ ? 1 : 0;

    const int original_alpha = alpha;
    int best = -infinity, best_index = 0;
    for (int k = 0; k < n; ++k) {
      // Selection: the best-scored of the rest, so a cut-off spares the sorting.
      int pick = k;
      for (int j = k + 1; j < n; ++j)
        if (scores[static_cast<std::size_t>(j)] > scores[static_cast<std::size_t>(pick)]) pick = j;
      std::swap(scores[static_cast<std::size_t>(k)], scores[static_cast<std::size_t>(pick)]);
      std::swap(order[static_cast<std::size_t>(k)], order[static_cast<std::size_t>(pick)]);
      const int i = order[static_cast<std::size_t>(k)];
      const Mv m = moves[static_cast<std::size_t>(i)];
      const bool quiet = scores[static_cast<std::size_t>(k)] < (1 << 25) - 1;
      const Pos child = a_.apply(p, m);
      const int child_floor = push(p, child, ply + 1);
      const int d = depth - 1 + extension;
      int sc;
      if (k == 0) {
        sc = -search(child, d, -beta, -alpha, ply + 1, child_floor, first_iteration);
      } else {
        const int reduction = depth >= 3 && k >= 3 && quiet ? (k >= 10 && depth >= 5 ? 2 : 1) : 0;
        sc = -search(child, d - reduction, -alpha - 1, -alpha, ply + 1, child_floor, first_iteration);
        if (!aborted_ && sc > alpha && reduction > 0)
          sc = -search(child, d, -alpha - 1, -alpha, ply + 1, child_floor, first_iteration);
        if (!aborted_ && sc > alpha && sc < beta)
          sc = -search(child, d, -beta, -alpha, ply + 1, child_floor, first_iteration);
      }
      if (aborted_) return 0;
      if (sc > best) {
        best = sc;
        best_index = i;
        if (sc > alpha) {
          alpha = sc;
          if (alpha >= beta) {
            if (quiet) {
              auto& killer = killers_[static_cast<std::size_t>(ply)];
              if (killer.count == 0 || !A::same(killer.m[0], m)) {
                killer.m[1] = killer.m[0];
                killer.m[0] = m;
                killer.count = std::min(killer.count + 1, 2);
              }
              auto& h = history_[static_cast<std::size_t>(A::side(p))][static_cast<std::size_t>(A::history_index(m))];
              h = std::min(h + depth * depth, 1 << 24);
            }
            break;
          }
        }
      }
    }
    const Bound bound = best >= beta ? lower_bound : best > original_alpha ? exact_bound : upper_bound;
    store(key, depth, best, bound, best_index, ply);
    return best;
  }

  // The evaluation, plus the level's evaluation noise: a fixed pseudo-random amount per
  // position and game seed, so the search stays consistent within a move.
  int evaluate(const Pos& p, std::uint64_t key) const {
    const int n = budget_.eval_noise;
    if (n == 0) return a_.evaluate(p);
    const auto spread = static_cast<std::uint64_t>(2 * n + 1);
    return a_.evaluate(p) + static_cast<int>(splitmix64(key ^ budget_.eval_seed) % spread) - n;
  }

  int quiesce(const Pos& p, std::uint64_t key, int alpha, int beta, int ply) {
    if constexpr (!A::capture_quiescence) {
      return evaluate(p, key);
    } else {
      auto& moves = moves_[static_cast<std::size_t>(ply)];
      a_.generate(p, moves);
      if (moves.empty()) return -(mate_score - ply);
      const bool forced = A::forced_captures && a_.is_capture(p, moves[0]);
      int best = -infinity;
      if (!forced || ply >= max_search_ply - 2) {
        best = evaluate(p, key);
        if (best >= beta || ply >= max_search_ply - 2) return best;
        alpha = std::max(alpha, best);
      }
      const std::size_t n = moves.size();
      for (std::size_t i = 0; i < n; ++i) {
        const Mv m = moves_[static_cast<std::size_t>(ply)][i];
        if (!forced && !a_.is_capture(p, m)) continue;
        if (out_of_budget(false)) return 0;
        const Pos child = a_.apply(p, m);
        const std::uint64_t child_key = budget_.eval_noise != 0 ? a_.key(child) : 0;
        const int sc = -quiesce(child, child_key, -beta, -alpha, ply + 1);
        if (aborted_) return 0;
        if (sc > best) {
          best = sc;
          if (sc > alpha) {
            alpha = sc;
            if (alpha >= beta) break;
          }
        }
      }
      return best;
    }
  }

  struct Killers {
    Mv m[2]{};
    int count = 0;
  };

  const A& a_;
  std::vector<Entry> tt_;
  std::size_t tt_mask_;
  std::vector<std::vector<Mv>> moves_;
  std::vector<std::vector<int>> order_, scores_;
  Killers killers_[max_search_ply + 1];
  int history_[2][history_size] = {};
  std::vector<std::uint64_t> stack_;
  int floor_at_[max_search_ply + 1] = {};
  bool null_at_[max_search_ply + 1] = {};  // the move into ply + 1 was a pass
  int base_ = 0;
  int floor_ = 0;
  int root_depth_ = 1;
  Budget budget_;
  std::uint64_t nodes_ = 0;
  bool aborted_ = false;
};

}  // namespace bh::bot
