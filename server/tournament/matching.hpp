// Matchings in a general graph, for the Swiss pairing (swiss_dutch.cpp): the maximum
// cardinality (Edmonds), and the maximum weight among those of maximum cardinality with a
// weight of K lanes compared lexicographically (Edmonds' blossom algorithm in Galil's
// O(n^3) form). Dense graphs, given as adjacency or weight matrices. Header only: the
// weighted one is a template over its number of lanes.
//
// Thread-safety: each object is used by one thread.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace bh::tournament::matching {

using std::size_t;

// ---------------------------------------------------------------------------------------
// Maximum cardinality matching in a general graph (Edmonds), for the completion checks.

class CardinalityMatching {
 public:
  CardinalityMatching(int n, std::vector<char> adjacent)
      : n_(n), adj_(std::move(adjacent)), mate_(static_cast<size_t>(n), -1) {}

  // The number of pairs of a maximum matching.
  int solve() {
    for (int u = 0; u < n_; ++u)  // greedy start: dense graphs need few augmentations after it
      for (int v = u + 1; v < n_ && mate_[u] < 0; ++v)
        if (mate_[v] < 0 && adj(u, v)) mate_[u] = v, mate_[v] = u;
    for (int r = 0; r < n_; ++r)
      if (mate_[r] < 0) augment_from(r);
    int pairs = 0;
    for (int u = 0; u < n_; ++u) pairs += mate_[u] > u;
    return pairs;
  }

 private:
  bool adj(int u, int v) const { return adj_[static_cast<size_t>(u) * n_ + v]; }

  int lca(int a, int b) {
    std::vector<char> seen(static_cast<size_t>(n_), 0);
    for (;;) {
      a = base_[a];
      seen[a] = 1;
      if (mate_[a] < 0) break;
      a = parent_[mate_[a]];
    }
    for (;;) {
      b = base_[b];
      if (seen[b]) return b;
      b = parent_[mate_[b]];
    }
  }

  void mark(int v, int b, int child) {
    while (base_[v] != b) {
      in_blossom_[base_[v]] = in_blossom_[base_[mate_[v]]] = 1;
      parent_[v] = child;
      child = mate_[v];
      v = parent_[mate_[v]];
    }
  }

  void augment_from(int root) {
    const auto n = static_cast<size_t>(n_);
    parent_.assign(n, -1);
    base_.resize(n);
    for (int i = 0; i < n_; ++i) base_[i] = i;
    std::vector<char> used(n, 0);
    std::vector<int> queue{root};
    used[root] = 1;
    for (size_t head = 0; head < queue.size(); ++head) {
      const int v = queue[head];
      for (int to = 0; to < n_; ++to) {
        if (!adj(v, to) || base_[v] == base_[to] || mate_[v] == to) continue;
        if (to == root || (mate_[to] >= 0 && parent_[mate_[to]] >= 0)) {
          const int b = lca(v, to);
          in_blossom_.assign(n, 0);
          mark(v, b, to);
          mark(to, b, v);
          for (int i = 0; i < n_; ++i)
            if (in_blossom_[base_[i]]) {
              base_[i] = b;
              if (!used[i]) used[i] = 1, queue.push_back(i);
            }
        } else if (parent_[to] < 0) {
          parent_[to] = v;
          if (mate_[to] < 0) {
            for (int x = to; x >= 0;) {  // flip the path back to the root
              const int pv = parent_[x], next = mate_[pv];
              mate_[x] = pv;
              mate_[pv] = x;
              x = next;
            }
            return;
          }
          used[mate_[to]] = 1;
          queue.push_back(mate_[to]);
        }
      }
    }
  }

  int n_;
  std::vector<char> adj_;
  std::vector<int> mate_, parent_, base_;
  std::vector<char> in_blossom_;
};

// ---------------------------------------------------------------------------------------
// Maximum weight matching among the matchings of maximum cardinality, in a general graph:
// Edmonds' primal-dual blossom algorithm in Galil's O(n^3) form (as in van Rantwijk's
// well-known implementation), on a dense graph. A weight is a vector of K integer lanes
// compared lexicographically (an ordered group, so the algorithm works unchanged): each
// lane packs several criteria, so one matching optimises all the criteria in their
// priority order. Duals are kept doubled; as the weights are integers every dual stays
// integral. After weights change, `resolve` starts from the last solution (its blossoms'
// duals moved into the vertices', the duals raised where an edge got heavier, the edges no
// longer tight unmatched) and needs a stage per pair so freed, not n/2 stages.

template <int K>
struct Lanes {
  std::array<std::int64_t, K> v{};
  Lanes& operator+=(const Lanes& o) {
    for (int i = 0; i < K; ++i) v[i] += o.v[i];
    return *this;
  }
  Lanes& operator-=(const Lanes& o) {
    for (int i = 0; i < K; ++i) v[i] -= o.v[i];
    return *this;
  }
  friend Lanes operator+(Lanes a, const Lanes& b) { return a += b; }
  friend Lanes operator-(Lanes a, const Lanes& b) { return a -= b; }
  friend bool operator==(const Lanes&, const Lanes&) = default;
  friend bool operator<(const Lanes& a, const Lanes& b) {
    for (int i = 0; i < K; ++i)
      if (a.v[i] != b.v[i]) return a.v[i] < b.v[i];
    return false;
  }
  Lanes half() const {  // exact: the slacks halved are even
    Lanes r;
    for (int i = 0; i < K; ++i) r.v[i] = v[i] / 2;
    return r;
  }
  bool positive() const { return Lanes{} < *this; }
};

constexpr std::int64_t kDualLimit = std::int64_t{1} << 60;

template <int K>
class WeightedMatching {
 public:
  using W = Lanes<K>;

  explicit WeightedMatching(int n) : n_(n), w2_(static_cast<size_t>(n) * n), edge_(static_cast<size_t>(n) * n, 0) {}

  // An edge and twice its weight, or no edge.
  void set_edge(int u, int v, const W& twice_weight) {
    w2_[at(u, v)] = w2_[at(v, u)] = twice_weight;
    edge_[at(u, v)] = edge_[at(v, u)] = 1;
  }
  void remove_edge(int u, int v) { edge_[at(u, v)] = edge_[at(v, u)] = 0; }
  // Adds to v's dual (doubled): a potential, neutral to which perfect matching is best.
  void shift_dual(int v, const W& twice) { dual_[v] += twice; }

  // Mate of each vertex, -1 for none: from scratch, then from the last solution.
  std::vector<int> solve();
  std::vector<int> resolve();

  // Whether a dual came near the lanes' range: the lanes were packed too full to trust.
  bool overflowed() const {
    for (int v = 0; v < 2 * n_; ++v)
      for (int l = 0; l < K; ++l)
        if (dual_[v].v[l] > kDualLimit || dual_[v].v[l] < -kDualLimit) return true;
    return false;
  }

  // Twice the slack of edge (u, v) under the final duals, with the blossoms around both: zero
  // for the edges of every optimal matching, so an edge with slack can be in none.
  W slack_with_blossoms(int u, int v) const {
    W s = slack(u, v);
    std::vector<int> au, av;
    for (int b = parent_[u]; b >= 0; b = parent_[b]) au.push_back(b);
    for (int b = parent_[v]; b >= 0; b = parent_[b]) av.push_back(b);
    for (auto i = au.rbegin(), j = av.rbegin(); i != au.rend() && j != av.rend() && *i == *j; ++i, ++j) {
      s += dual_[*i];
      s += dual_[*i];
    }
    return s;
  }

 private:
  struct Arc {  // an edge seen from one end: `a` the endpoint named, `b` the other
    int a = -1, b = -1;
    Arc flip() const { return {b, a}; }
    bool none() const { return a < 0; }
  };

  size_t at(int u, int v) const { return static_cast<size_t>(u) * n_ + v; }
  bool has(int u, int v) const { return edge_[at(u, v)]; }
  [[gnu::always_inline]] W slack(int u, int v) const {
    W s;
    const W& a = dual_[u];
    const W& b = dual_[v];
    const W& w = w2_[at(u, v)];
    for (int i = 0; i < K; ++i) s.v[i] = a.v[i] + b.v[i] - w.v[i];
    return s;
  }
  W slack(const Arc& e) const { return slack(e.a, e.b); }
  static int wrap(int j, int len) { return ((j % len) + len) % len; }

  template <class F>
  void leaves(int b, F&& f) const {
    if (b < n_) return f(b);
    for (const int c : childs_[b]) leaves(c, f);
  }

  void assign_label(int w, int t, Arc p);
  int scan_blossom(int v, int w);
  void add_blossom(int base, int v, int w);
  void expand_blossom(int b, bool endstage);
  void augment_blossom(int b, int v);
  void augment_matching(int v, int w);
  // The free vertices' duals raised to the highest, so that every stage's roots share a
  // parity (delta3 halves a slack between two of their trees).
  void level_free_duals();
  std::vector<int> run();

  int n_;
  std::vector<W> w2_;
  std::vector<char> edge_;
  std::vector<Arc> mate_;  // mate_[v].a: v's partner; mate_[v].b == v
  std::vector<int> label_, inblossom_, parent_, base_;
  std::vector<Arc> labelend_;  // .a: the remote end of the edge that labelled, .b: the local one
  std::vector<std::vector<int>> childs_;
  std::vector<std::vector<Arc>> endps_;  // endps_[b][i]: child i's end (.a) of the edge to child i + 1 (.b)
  std::vector<Arc> bestedge_;
  std::vector<std::vector<Arc>> bestedges_;
  std::vector<char> has_bestedges_;
  std::vector<int> unused_;
  std::vector<W> dual_;
  std::vector<char> allow_;
  std::vector<int> queue_;
};

template <int K>
void WeightedMatching<K>::assign_label(int w, int t, Arc p) {
  const int b = inblossom_[w];
  label_[w] = label_[b] = t;
  labelend_[w] = labelend_[b] = p;
  bestedge_[w] = bestedge_[b] = Arc{};
  if (t == 1) {
    leaves(b, [&](int v) { queue_.push_back(v); });
  } else {
    const Arc m = mate_[base_[b]];  // a T-blossom's base is matched: its mate becomes S
    assign_label(m.a, 1, m.flip());
  }
}

template <int K>
int WeightedMatching<K>::scan_blossom(int v, int w) {
  std::vector<int> path;
  int found = -1;
  while (v != -1 || w != -1) {
    int b = inblossom_[v];
    if (label_[b] & 4) {
      found = base_[b];
      break;
    }
    path.push_back(b);
    label_[b] = 5;
    if (labelend_[b].none()) {
      v = -1;
    } else {
      v = labelend_[b].a;
      b = inblossom_[v];
      v = labelend_[b].a;
    }
    if (w != -1) std::swap(v, w);
  }
  for (const int b : path) label_[b] = 1;
  return found;
}

template <int K>
void WeightedMatching<K>::add_blossom(int base, int v, int w) {
  const int bb = inblossom_[base];
  int bv = inblossom_[v], bw = inblossom_[w];
  const int b = unused_.back();
  unused_.pop_back();
  base_[b] = base;
  parent_[b] = -1;
  parent_[bb] = b;
  auto& path = childs_[b];
  auto& endps = endps_[b];
  path.clear();
  endps.clear();
  while (bv != bb) {
    parent_[bv] = b;
    path.push_back(bv);
    endps.push_back(labelend_[bv]);
    bv = inblossom_[labelend_[bv].a];
  }
  path.push_back(bb);
  std::reverse(path.begin(), path.end());
  std::reverse(endps.begin(), endps.end());
  endps.push_back(Arc{v, w});
  while (bw != bb) {
    parent_[bw] = b;
    path.push_back(bw);
    endps.push_back(labelend_[bw].flip());
    bw = inblossom_[labelend_[bw].a];
  }
  label_[b] = 1;
  labelend_[b] = labelend_[bb];
  dual_[b] = W{};
  leaves(b, [&](int x) {
    if (label_[inblossom_[x]] == 2) queue_.push_back(x);  // a T-vertex turned S
    inblossom_[x] = b;
  });
  // The least-slack edges from the new blossom to each other S-blossom.
  std::vector<Arc> best_to(static_cast<size_t>(2 * n_));
  auto consider = [&](Arc e) {
    if (inblossom_[e.b] == b) e = e.flip();
    const int bj = inblossom_[e.b];
    if (bj != b && label_[bj] == 1 && (best_to[bj].none() || slack(e) < slack(best_to[bj]))) best_to[bj] = e;
  };
  for (const int sub : path) {
    if (!has_bestedges_[sub]) {
      leaves(sub, [&](int x) {
        for (int y = 0; y < n_; ++y)
          if (has(x, y)) consider(Arc{x, y});
      });
    } else {
      for (const Arc& e : bestedges_[sub]) consider(e);
    }
    bestedges_[sub].clear();
    has_bestedges_[sub] = 0;
    bestedge_[sub] = Arc{};
  }
  bestedges_[b].clear();
  for (const Arc& e : best_to)
    if (!e.none()) bestedges_[b].push_back(e);
  has_bestedges_[b] = 1;
  bestedge_[b] = Arc{};
  for (const Arc& e : bestedges_[b])
    if (bestedge_[b].none() || slack(e) < slack(bestedge_[b])) bestedge_[b] = e;
}

template <int K>
void WeightedMatching<K>::expand_blossom(int b, bool endstage) {
  for (const int s : childs_[b]) {
    parent_[s] = -1;
    if (s < n_) inblossom_[s] = s;
    else if (endstage && dual_[s] == W{}) expand_blossom(s, endstage);
    else leaves(s, [&](int x) { inblossom_[x] = s; });
  }
  if (!endstage && label_[b] == 2) {
    // A T-blossom expanded mid-stage: relabel its children along the path from the child
    // it was entered by to its base.
    const auto& ch = childs_[b];
    const auto& ep = endps_[b];
    const int len = static_cast<int>(ch.size());
    const int entry = inblossom_[labelend_[b].b];
    int j = static_cast<int>(std::find(ch.begin(), ch.end(), entry) - ch.begin());
    int step, trick;
    if (j & 1) {
      j -= len;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    Arc p = labelend_[b];
    while (j != 0) {
      const Arc q = ep[wrap(j - trick, len)];
      label_[p.b] = 0;
      label_[trick ? q.a : q.b] = 0;
      assign_label(p.b, 2, p);
      allow_[at(q.a, q.b)] = allow_[at(q.b, q.a)] = 1;
      j += step;
      const Arc r = ep[wrap(j - trick, len)];
      p = trick ? r.flip() : r;
      allow_[at(p.a, p.b)] = allow_[at(p.b, p.a)] = 1;
      j += step;
    }
    const int bv0 = ch[wrap(j, len)];
    label_[p.b] = label_[bv0] = 2;
    labelend_[p.b] = labelend_[bv0] = p;
    bestedge_[bv0] = Arc{};
    j += step;
    while (ch[wrap(j, len)] != entry) {
      const int bv = ch[wrap(j, len)];
      if (label_[bv] == 1) {
        j += step;
        continue;
      }
      int reached = -1;
      leaves(bv, [&](int x) {
        if (reached < 0 && label_[x] != 0) reached = x;
      });
      if (reached >= 0) {
        label_[reached] = 0;
        label_[mate_[base_[bv]].a] = 0;
        assign_label(reached, 2, labelend_[reached]);
      }
      j += step;
    }
  }
  label_[b] = -1;
  labelend_[b] = Arc{};
  childs_[b].clear();
  endps_[b].clear();
  base_[b] = -1;
  bestedges_[b].clear();
  has_bestedges_[b] = 0;
  bestedge_[b] = Arc{};
  unused_.push_back(b);
}

template <int K>
void WeightedMatching<K>::augment_blossom(int b, int v) {
  int t = v;
  while (parent_[t] != b) t = parent_[t];
  if (t >= n_) augment_blossom(t, v);
  auto& ch = childs_[b];
  auto& ep = endps_[b];
  const int len = static_cast<int>(ch.size());
  const int i = static_cast<int>(std::find(ch.begin(), ch.end(), t) - ch.begin());
  int j = i, step, trick;
  if (i & 1) {
    j -= len;
    step = 1;
    trick = 0;
  } else {
    step = -1;
    trick = 1;
  }
  while (j != 0) {
    j += step;
    t = ch[wrap(j, len)];
    const Arc q = ep[wrap(j - trick, len)];
    const Arc p = trick ? q.flip() : q;
    if (t >= n_) augment_blossom(t, p.a);
    j += step;
    t = ch[wrap(j, len)];
    if (t >= n_) augment_blossom(t, p.b);
    mate_[p.a] = p.flip();
    mate_[p.b] = p;
  }
  std::rotate(ch.begin(), ch.begin() + i, ch.end());
  std::rotate(ep.begin(), ep.begin() + i, ep.end());
  base_[b] = base_[ch[0]];
}

template <int K>
void WeightedMatching<K>::augment_matching(int v, int w) {
  for (auto [s, p] : {std::pair{v, Arc{w, v}}, std::pair{w, Arc{v, w}}}) {
    for (;;) {
      const int bs = inblossom_[s];
      if (bs >= n_) augment_blossom(bs, s);
      mate_[s] = p;
      if (labelend_[bs].none()) break;
      const int t = labelend_[bs].a;
      const int bt = inblossom_[t];
      s = labelend_[bt].a;
      const int j = labelend_[bt].b;
      if (bt >= n_) augment_blossom(bt, j);
      mate_[j] = labelend_[bt];
      p = labelend_[bt].flip();
    }
  }
}

template <int K>
std::vector<int> WeightedMatching<K>::solve() {
  const auto n = static_cast<size_t>(n_);
  mate_.assign(n, Arc{});
  label_.assign(2 * n, 0);
  labelend_.assign(2 * n, Arc{});
  inblossom_.resize(n);
  for (int v = 0; v < n_; ++v) inblossom_[v] = v;
  parent_.assign(2 * n, -1);
  childs_.assign(2 * n, {});
  endps_.assign(2 * n, {});
  base_.assign(2 * n, -1);
  for (int v = 0; v < n_; ++v) base_[v] = v;
  bestedge_.assign(2 * n, Arc{});
  bestedges_.assign(2 * n, {});
  has_bestedges_.assign(2 * n, 0);
  unused_.clear();
  for (int b = 2 * n_ - 1; b >= n_; --b) unused_.push_back(b);
  // A greedy start: each vertex's dual its heaviest edge's weight (feasible: both ends cover
  // it), the edges heaviest at both ends tight, paired greedily; then the free vertices
  // level (see resolve). Stored duals are doubled: u(v) = w, dual = 2w = w2.
  dual_.assign(2 * n, W{});
  for (int v = 0; v < n_; ++v) {
    bool any = false;
    for (int u = 0; u < n_; ++u)
      if (u != v && has(v, u) && (!any || dual_[v] < w2_[at(v, u)])) dual_[v] = w2_[at(v, u)], any = true;
    dual_[v] = dual_[v].half();
  }
  for (int v = 0; v < n_; ++v)
    for (int u = v + 1; u < n_ && mate_[v].none(); ++u)
      if (mate_[u].none() && has(v, u) && slack(v, u) == W{}) {
        mate_[v] = Arc{u, v};
        mate_[u] = Arc{v, u};
      }
  level_free_duals();
  allow_.assign(n * n, 0);
  return run();
}

template <int K>
void WeightedMatching<K>::level_free_duals() {
  W top{};
  bool any = false;
  for (int u = 0; u < n_; ++u)
    if (mate_[u].none() && (!any || top < dual_[u])) top = dual_[u], any = true;
  for (int u = 0; u < n_; ++u)
    if (mate_[u].none()) dual_[u] = top;
}

template <int K>
std::vector<int> WeightedMatching<K>::resolve() {
  // The blossoms' duals into their vertices': slacks inside stay, across only grow.
  for (int b = n_; b < 2 * n_; ++b)
    if (base_[b] >= 0) leaves(b, [&](int v) { dual_[v] += dual_[b]; });
  for (int v = 0; v < n_; ++v) inblossom_[v] = v;
  for (int b = 0; b < 2 * n_; ++b) {
    parent_[b] = -1;
    if (b >= n_) {
      childs_[b].clear();
      endps_[b].clear();
      base_[b] = -1;
      dual_[b] = W{};
    }
  }
  unused_.clear();
  for (int b = 2 * n_ - 1; b >= n_; --b) unused_.push_back(b);
  // Feasible again: a vertex raised by its largest deficit.
  for (int u = 0; u < n_; ++u) {
    W need{};
    for (int v = 0; v < n_; ++v)
      if (v != u && has(u, v)) {
        const W d = w2_[at(u, v)] - dual_[u] - dual_[v];
        if (need < d) need = d;
      }
    dual_[u] += need;
  }
  for (int u = 0; u < n_; ++u) {
    const int v = mate_[u].a;
    if (v >= 0 && (!has(u, v) || !(slack(u, v) == W{}))) mate_[u] = mate_[v] = Arc{};
  }
  level_free_duals();
  return run();
}

template <int K>
std::vector<int> WeightedMatching<K>::run() {
  const auto n = static_cast<size_t>(n_);
  for (int stage = 0; stage < n_; ++stage) {
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(bestedge_.begin(), bestedge_.end(), Arc{});
    for (int b = n_; b < 2 * n_; ++b) {
      bestedges_[b].clear();
      has_bestedges_[b] = 0;
    }
    std::fill(allow_.begin(), allow_.end(), 0);
    queue_.clear();
    for (int v = 0; v < n_; ++v)
      if (mate_[v].none() && label_[inblossom_[v]] == 0) assign_label(v, 1, Arc{});
    if (queue_.empty()) break;
    bool augmented = false;
    for (;;) {
      while (!queue_.empty() && !augmented) {
        const int v = queue_.back();
        queue_.pop_back();
        for (int w = 0; w < n_; ++w) {
          if (!has(v, w) || inblossom_[v] == inblossom_[w]) continue;
          W ks{};
          if (!allow_[at(v, w)]) {
            ks = slack(v, w);
            if (!ks.positive()) allow_[at(v, w)] = allow_[at(w, v)] = 1;
          }
          if (allow_[at(v, w)]) {
            if (label_[inblossom_[w]] == 0) {
              assign_label(w, 2, Arc{v, w});
            } else if (label_[inblossom_[w]] == 1) {
              const int base = scan_blossom(v, w);
              if (base >= 0) {
                add_blossom(base, v, w);
              } else {
                augment_matching(v, w);
                augmented = true;
                break;
              }
            } else if (label_[w] == 0) {  // inside a T-blossom, not yet reached from outside
              label_[w] = 2;
              labelend_[w] = Arc{v, w};
            }
          } else if (label_[inblossom_[w]] == 1) {
            const int b = inblossom_[v];
            if (bestedge_[b].none() || ks < slack(bestedge_[b])) bestedge_[b] = Arc{v, w};
          } else if (label_[w] == 0) {
            if (bestedge_[w].none() || ks < slack(bestedge_[w])) bestedge_[w] = Arc{v, w};
          }
        }
      }
      if (augmented) break;

      // No augmenting path on tight edges: move the duals by the largest safe delta. (No
      // delta1: the matching sought has maximum cardinality, vertex duals may go negative.)
      int type = 0;
      W delta{};
      Arc delta_edge;
      int delta_blossom = -1;
      for (int v = 0; v < n_; ++v)
        if (label_[inblossom_[v]] == 0 && !bestedge_[v].none()) {
          const W d = slack(bestedge_[v]);
          if (type == 0 || d < delta) delta = d, type = 2, delta_edge = bestedge_[v];
        }
      for (int b = 0; b < 2 * n_; ++b)
        if (parent_[b] == -1 && label_[b] == 1 && !bestedge_[b].none()) {
          const W d = slack(bestedge_[b]).half();
          if (type == 0 || d < delta) delta = d, type = 3, delta_edge = bestedge_[b];
        }
      for (int b = n_; b < 2 * n_; ++b)
        if (base_[b] >= 0 && parent_[b] == -1 && label_[b] == 2 && (type == 0 || dual_[b] < delta))
          delta = dual_[b], type = 4, delta_blossom = b;
      if (type == 0) break;  // no augmenting path at all: the cardinality is maximum
      for (int v = 0; v < n_; ++v) {
        if (label_[inblossom_[v]] == 1) dual_[v] -= delta;
        else if (label_[inblossom_[v]] == 2) dual_[v] += delta;
      }
      for (int b = n_; b < 2 * n_; ++b)
        if (base_[b] >= 0 && parent_[b] == -1) {
          if (label_[b] == 1) dual_[b] += delta;
          else if (label_[b] == 2) dual_[b] -= delta;
        }
      if (type == 2) {
        allow_[at(delta_edge.a, delta_edge.b)] = allow_[at(delta_edge.b, delta_edge.a)] = 1;
        queue_.push_back(label_[inblossom_[delta_edge.a]] == 0 ? delta_edge.b : delta_edge.a);
      } else if (type == 3) {
        allow_[at(delta_edge.a, delta_edge.b)] = allow_[at(delta_edge.b, delta_edge.a)] = 1;
        queue_.push_back(delta_edge.a);
      } else {
        expand_blossom(delta_blossom, false);
      }
    }
    if (!augmented) break;
    for (int b = n_; b < 2 * n_; ++b)
      if (parent_[b] == -1 && base_[b] >= 0 && label_[b] == 1 && dual_[b] == W{}) expand_blossom(b, true);
  }
  std::vector<int> mate(n, -1);
  for (int v = 0; v < n_; ++v)
    if (!mate_[v].none()) mate[v] = mate_[v].a;
  return mate;
}

}  // namespace bh::tournament::matching
