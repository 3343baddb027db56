// A tournament's steps (tournament.hpp): join, withdraw, start, a game's end, an arena's
// pairing pass. Each returns the next value and the rows and games that follow.
#include <algorithm>

#include "tournament/arena.hpp"
#include "tournament/round_robin.hpp"
#include "tournament/swiss_dutch.hpp"
#include "tournament/tournament.hpp"

namespace bh::tournament {

namespace {

Refused refuse(Refusal why, std::string message) { return Refused{why, std::move(message)}; }

Player* player_named(Tournament& t, const std::string& name) {
  for (auto& p : t.players)
    if (p.name == name) return &p;
  return nullptr;
}

// A game made now: a real game (with an id) unless it is a bye or a withdrawn player's,
// which are decided at once.
// A live mini-match's second game waits for the first: a player sits in one live game at
// a time (by correspondence both are played at once).
bool waits_for_return_game(const Tournament& t, const Game& g) {
  const Game* before = mini_match_first(t, g);
  return before && !before->outcome && !t.settings.time.correspondence();
}

void add_game(Tournament& t, Change& change, Game g, const std::function<std::string()>& new_game_id) {
  const Player* first = t.number(g.first);
  const Player* second = g.second ? t.number(g.second) : nullptr;
  if (g.second == 0) {
    g.outcome = Outcome::bye;
  } else if (!first->in() && !second->in()) {
    g.outcome = Outcome::both_forfeited;
  } else if (!first->in()) {
    g.outcome = Outcome::second_won_by_forfeit;
  } else if (!second->in()) {
    g.outcome = Outcome::first_won_by_forfeit;
  } else {
    g.game_id = new_game_id();
  }
  t.games.push_back(g);
  change.games.push_back(g);
  if (!g.game_id.empty() && !waits_for_return_game(t, t.games.back())) change.created.push_back(g);
}

// A round robin's group members, strongest first: the seeds of its Berger table.
std::vector<int> group_seeds(const Tournament& t, int group) {
  std::vector<const Player*> members;
  for (const auto& p : t.players)
    if (p.withdrawn != 0 && p.group == group) members.push_back(&p);
  std::stable_sort(members.begin(), members.end(),
                   [](const Player* a, const Player* b) { return a->rating > b->rating; });
  std::vector<int> seeds;
  for (const auto* p : members) seeds.push_back(p->number);
  return seeds;
}

int groups_of(const Tournament& t) {
  int n = 0;
  for (const auto& p : t.players) n = std::max(n, p.group);
  return n;
}

// The rounds of a round robin: the longest group's schedule.
int round_robin_rounds(const Tournament& t) {
  int most = 0;
  for (int g = 1; g <= groups_of(t); ++g)
    most = std::max(most, static_cast<int>(berger_schedule(t.group_members(g), t.settings.cycles).size()));
  return most;
}

void pair_round_robin(Tournament& t, Change& change, int round, const std::function<std::string()>& new_game_id) {
  for (int g = 1; g <= groups_of(t); ++g) {
    const auto seeds = group_seeds(t, g);
    const auto schedule = berger_schedule(static_cast<int>(seeds.size()), t.settings.cycles);
    if (round > static_cast<int>(schedule.size())) continue;
    for (const auto& pairing : schedule[static_cast<std::size_t>(round - 1)]) {
      if (pairing.second == 0 || pairing.first == 0) continue;  // a round robin's bye is a rest: no row
      add_game(t, change,
               Game{round,
                    g,
                    seeds[static_cast<std::size_t>(pairing.first - 1)],
                    seeds[static_cast<std::size_t>(pairing.second - 1)],
                    {},
                    {}},
               new_game_id);
    }
  }
}

// False: no pairing satisfies the rules (a tiny field late in a Swiss): it ends.
bool pair_swiss(Tournament& t, Change& change, int round, const std::function<std::string()>& new_game_id) {
  SwissOptions options;
  options.scoring.bye = bye_value(t.settings);
  options.rounds = t.settings.rounds;
  options.mini_match = t.settings.mini_match;
  const auto active = entrants(t, true);
  if (active.size() < 2) return false;
  const auto pairing = pair_swiss_round(active, results(t), options);
  if (pairing.pairs.empty()) return false;
  for (const auto& pair : pairing.pairs) {
    add_game(t, change, Game{round, 0, pair.first, pair.second, {}, {}}, new_game_id);
    if (t.settings.mini_match) add_game(t, change, Game{round, 0, pair.second, pair.first, {}, {}}, new_game_id);
  }
  if (pairing.bye) add_game(t, change, Game{round, 0, pairing.bye, 0, {}, {}}, new_game_id);
  return true;
}

bool round_done(const Tournament& t, int round) {
  return std::all_of(t.games.begin(), t.games.end(), [&](const Game& g) { return g.round != round || g.outcome; });
}

bool all_done(const Tournament& t) {
  return std::all_of(t.games.begin(), t.games.end(), [](const Game& g) { return g.outcome.has_value(); });
}

void finish(Tournament& t, Change& change, std::int64_t now_ms) {
  t.status = Status::finished;
  t.finished_ms = now_ms;
  change.finished = true;
}

// The round after `t.round`, or the end: pairs until a round has a game to play (a
// round of forfeits only is decided at once).
void advance(Tournament& t, Change& change, std::int64_t now_ms, const std::function<std::string()>& new_game_id) {
  while (round_done(t, t.round)) {
    const int next = t.round + 1;
    if (t.settings.format == Format::round_robin) {
      if (next > round_robin_rounds(t)) return finish(t, change, now_ms);
      t.round = next;
      pair_round_robin(t, change, next, new_game_id);
    } else {
      if (next > t.settings.rounds) return finish(t, change, now_ms);
      t.round = next;
      if (!pair_swiss(t, change, next, new_game_id)) {
        t.round = next - 1;
        return finish(t, change, now_ms);
      }
    }
    change.paired = true;
  }
}

// An arena's players' scores and last opponents, as its pairing reads them.
std::vector<ArenaPlayer> arena_players(const Tournament& t, const std::vector<std::string>& free_players) {
  const auto done = results(t);
  std::vector<ArenaPlayer> out;
  for (const auto& name : free_players) {
    const Player* p = t.player(name);
    if (!p || !p->in()) continue;
    ArenaPlayer a;
    a.id = p->number;
    a.rating = p->rating;
    a.score = arena_score(p->number, done).points;
    // Who waited least (their last game the latest) is the one an odd field leaves out.
    for (const auto& g : t.games) {
      if (g.first == p->number) {
        ++a.firsts;
        a.last_opponent = g.second;
        a.waiting_since = g.round;
      } else if (g.second == p->number) {
        ++a.seconds;
        a.last_opponent = g.first;
        a.waiting_since = g.round;
      }
    }
    out.push_back(a);
  }
  return out;
}

}  // namespace

Step join(const Tournament& t, const std::string& name, int rating, bool bot) {
  if (t.status == Status::finished) return refuse(Refusal::finished, "the tournament is over");
  if (t.status == Status::running && t.settings.format != Format::arena)
    return refuse(Refusal::started, "the tournament has started");
  if (bot && !t.settings.bots) return refuse(Refusal::bots_not_allowed, "bot accounts may not join this tournament");
  if (t.settings.min_rating > 0 && rating < t.settings.min_rating)
    return refuse(Refusal::rating_too_low,
                  "a rating of " + std::to_string(t.settings.min_rating) + " in this game is needed to join");
  const Player* there = t.player(name);
  if (there && there->in()) return refuse(Refusal::already_joined, "you are in this tournament");
  const auto in = std::count_if(t.players.begin(), t.players.end(), [](const Player& p) { return p.in(); });
  if (in >= t.settings.max_players) return refuse(Refusal::full, "the tournament is full");
  Change change{t, {}, {}, {}, false, false};
  Tournament& next = change.next;
  if (Player* again = player_named(next, name)) {
    if (again->withdrawn > 0) return refuse(Refusal::started, "you withdrew from this tournament");
    again->withdrawn = -1;  // back before the start
    again->rating = rating;
    change.players.push_back(*again);
    return change;
  }
  Player p;
  p.name = name;
  p.number = static_cast<int>(next.players.size()) + 1;
  p.rating = rating;
  p.bot = bot;
  next.players.push_back(p);
  change.players.push_back(p);
  return change;
}

Step add_computer(const Tournament& t, const std::string& by, const std::vector<Candidate>& bots, int level) {
  if (by != t.settings.creator) return refuse(Refusal::not_creator, "only its creator adds the computer");
  if (t.status != Status::upcoming) return refuse(Refusal::started, "the tournament has started");
  if (!t.settings.bots) return refuse(Refusal::bots_not_allowed, "bot accounts may not join this tournament");
  const auto free = std::find_if(bots.begin(), bots.end(), [&](const Candidate& b) {
    const Player* p = t.player(b.name);
    return !p || !p->in();
  });
  if (bots.empty()) return refuse(Refusal::no_computer, "no computer player is connected");
  if (free == bots.end()) return refuse(Refusal::no_computer, "every computer player connected is in it already");
  Settings open_to_all = t.settings;
  open_to_all.min_rating = 0;
  Tournament unrated = t;
  unrated.settings = open_to_all;
  auto step = join(unrated, free->name, free->rating, true);
  if (auto* change = std::get_if<Change>(&step)) {
    change->next.settings = t.settings;
    player_named(change->next, free->name)->level = level;
    change->players.back().level = level;
  }
  return step;
}

Step withdraw_computer(const Tournament& t, const std::string& by, const std::string& name) {
  if (by != t.settings.creator) return refuse(Refusal::not_creator, "only its creator takes out the computer");
  if (t.status != Status::upcoming) return refuse(Refusal::started, "the tournament has started");
  const Player* there = t.player(name);
  if (!there || !there->in() || there->level == 0) return refuse(Refusal::not_joined, name + " is no computer in it");
  return withdraw(t, name);
}

Step withdraw(const Tournament& t, const std::string& name) {
  if (t.status == Status::finished) return refuse(Refusal::finished, "the tournament is over");
  const Player* there = t.player(name);
  if (!there || !there->in()) return refuse(Refusal::not_joined, "you are not in this tournament");
  Change change{t, {}, {}, {}, false, false};
  Player* p = player_named(change.next, name);
  if (t.status == Status::upcoming) {
    p->withdrawn = 0;
  } else if (t.settings.format == Format::arena) {
    p->withdrawn = static_cast<int>(t.games.size());
  } else {
    p->withdrawn = std::max(t.round, 1);
  }
  change.players.push_back(*p);
  return change;
}

Step start(const Tournament& t, const std::string& by, std::int64_t now_ms,
           const std::function<std::string()>& new_game_id) {
  if (t.status != Status::upcoming) return refuse(Refusal::started, "the tournament has started");
  if (!by.empty() && by != t.settings.creator) return refuse(Refusal::not_creator, "only its creator starts it");
  const auto field = entrants(t, true);
  const bool arena = t.settings.format == Format::arena;
  if (field.size() < 2 && !arena) return refuse(Refusal::too_few_players, "at least two players are needed");
  Change change{t, {}, {}, {}, false, false};
  Tournament& next = change.next;
  next.status = Status::running;
  next.started_ms = now_ms;
  if (t.settings.format == Format::round_robin) {
    // Seeds by rating dealt into groups snake-wise, so the groups are even in strength.
    std::vector<Player*> seeded;
    for (auto& p : next.players)
      if (p.in()) seeded.push_back(&p);
    std::stable_sort(seeded.begin(), seeded.end(),
                     [](const Player* a, const Player* b) { return a->rating > b->rating; });
    const int size = t.settings.group_size ? t.settings.group_size : static_cast<int>(seeded.size());
    const auto groups = snake_groups(static_cast<int>(seeded.size()), std::max(size, 2));
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (int seed : groups[g]) {
        Player& p = *seeded[static_cast<std::size_t>(seed - 1)];
        p.group = static_cast<int>(g) + 1;
        change.players.push_back(p);
      }
  }
  if (!arena) {
    advance(next, change, now_ms, new_game_id);
    // A correspondence round robin plays every round at once, as the tafl sites do.
    if (t.settings.format == Format::round_robin && t.settings.time.correspondence() && !change.finished) {
      const int rounds = round_robin_rounds(next);
      for (int r = next.round + 1; r <= rounds; ++r) pair_round_robin(next, change, r, new_game_id);
      next.round = rounds;
    }
  }
  return change;
}

Step game_ended(const Tournament& t, const std::string& game_id, Outcome outcome, std::int64_t now_ms,
                const std::function<std::string()>& new_game_id) {
  Change change{t, {}, {}, {}, false, false};
  Tournament& next = change.next;
  auto it = std::find_if(next.games.begin(), next.games.end(),
                         [&](const Game& g) { return !game_id.empty() && g.game_id == game_id; });
  if (it == next.games.end() || it->outcome) return refuse(Refusal::not_found, "not a game of this tournament");
  it->outcome = outcome;
  change.games.push_back(*it);
  // A mini-match's second game is made once its first has ended.
  for (const auto& g : next.games)
    if (!g.outcome && !g.game_id.empty() && mini_match_first(next, g) == &*it && !t.settings.time.correspondence())
      change.created.push_back(g);
  if (next.status != Status::running) return change;
  if (t.settings.format == Format::arena) {
    if (now_ms >= next.started_ms + t.settings.duration_ms && all_done(next)) finish(next, change, now_ms);
    return change;
  }
  advance(next, change, now_ms, new_game_id);
  return change;
}

Step start_or_cancel(const Tournament& t, std::int64_t now_ms, const std::function<std::string()>& new_game_id) {
  auto started = start(t, "", now_ms, new_game_id);
  if (!std::holds_alternative<Refused>(started) || std::get<Refused>(started).why != Refusal::too_few_players)
    return started;
  Change change{t, {}, {}, {}, false, false};
  change.next.started_ms = now_ms;
  finish(change.next, change, now_ms);
  return change;
}

Step catch_up(const Tournament& t, std::int64_t now_ms, const std::function<std::string()>& new_game_id) {
  Change change{t, {}, {}, {}, false, false};
  if (t.status != Status::running) return change;
  Tournament& next = change.next;
  if (t.settings.format == Format::arena) {
    if (now_ms >= t.started_ms + t.settings.duration_ms && all_done(next)) finish(next, change, now_ms);
    return change;
  }
  advance(next, change, now_ms, new_game_id);
  return change;
}

Step arena_pass(const Tournament& t, const std::vector<std::string>& free_players, std::int64_t now_ms,
                const std::function<std::string()>& new_game_id,
                const std::vector<std::pair<std::string, std::string>>& apart) {
  if (t.status != Status::running || t.settings.format != Format::arena)
    return refuse(Refusal::not_found, "not a running arena");
  Change change{t, {}, {}, {}, false, false};
  Tournament& next = change.next;
  if (now_ms >= t.started_ms + t.settings.duration_ms) {
    if (all_done(next)) finish(next, change, now_ms);
    return change;
  }
  auto players = arena_players(t, free_players);
  for (const auto& [a, b] : apart) {
    const Player* pa = t.player(a);
    const Player* pb = t.player(b);
    if (!pa || !pb) continue;
    for (auto& p : players) {
      if (p.id == pa->number) p.avoid.push_back(pb->number);
      if (p.id == pb->number) p.avoid.push_back(pa->number);
    }
  }
  const auto pairs = pair_arena(players);
  for (const auto& pair : pairs) {
    const int number = static_cast<int>(next.games.size()) + 1;
    add_game(next, change, Game{number, 0, pair.first, pair.second, {}, {}}, new_game_id);
  }
  change.paired = !pairs.empty();
  return change;
}

}  // namespace bh::tournament
