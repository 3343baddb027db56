#include "app/archive/archive.hpp"

#include "app/thread_check.hpp"
#include "game/board_view.hpp"
#include "game/correspondence_clock.hpp"

#include <charconv>

#include "protocol/utf8.hpp"
#include "rules/game_state.hpp"
#include "rules/registry.hpp"

namespace bh::app {

namespace sv = protocol::server;

namespace {

// What a list entry and a full record both say of a game (the same names on both sides).
template <class Out, class In>
void copy_header(Out& out, const In& in) {
  out.game_id = in.id;
  out.game = in.game;
  out.options.values = {in.options.begin(), in.options.end()};
  if (in.clock) out.clock = protocol::ClockMs{in.clock->initial_ms, in.clock->increment_ms};
  out.first_player = in.first_player;
  out.second_player = in.second_player;
  out.result = in.result;
  out.reason = in.reason;
  out.first_points = in.first_points;
  out.second_points = in.second_points;
  out.started_ms = in.started_ms;
  out.ended_ms = in.ended_ms;
  out.rated = in.rated;
  out.imported = in.imported;
  if (const auto control = game::correspondence_from_text(in.correspondence))
    out.correspondence = game::correspondence_view(*control);
}

}  // namespace

std::optional<std::vector<std::string>> bot_names(const std::string& first, bool first_bot, const std::string& second,
                                                  bool second_bot) {
  std::vector<std::string> out;
  if (first_bot) out.push_back(first);
  if (second_bot && second != first) out.push_back(second);
  if (out.empty()) return std::nullopt;
  return out;
}

sv::GameSummary summary_view(const storage::GameSummary& s) {
  expect_off_store_thread("an archive list entry");
  sv::GameSummary out;
  copy_header(out, s);
  out.moves = s.move_count;
  out.bots = bot_names(s.first_player, s.first_bot, s.second_player, s.second_bot);
  out.computer_level = s.computer_level;
  return out;
}

sv::Games games_view(const storage::ArchivePage& page) {
  sv::Games games;
  for (const auto& s : page.games) games.games.push_back(summary_view(s));
  games.next_cursor = page.next_cursor;
  return games;
}

sv::ArchivedGame archived_game(const storage::GameRecord& r) {
  sv::ArchivedGame out;
  copy_header(out, r);
  out.start_position = r.start_position;
  out.match_id = r.match_id;
  out.match_game = r.match_game;
  out.tags = protocol::OptionMap{{r.tags.begin(), r.tags.end()}};
  out.moves.reserve(r.moves.size());
  for (const auto& m : r.moves) {
    sv::MoveEntry e;
    e.move = m.text;
    if (m.first_clock_ms >= 0) e.first_ms = m.first_clock_ms;
    if (m.second_clock_ms >= 0) e.second_ms = m.second_clock_ms;
    e.at_ms = m.at_ms;
    out.moves.push_back(std::move(e));
  }
  return out;
}

sv::ArchivedGame record_view(const storage::GameRecord& r, std::string* replay_error) {
  expect_off_store_thread("the replay of an archived game");
  sv::ArchivedGame out = archived_game(r);

  std::optional<rules::GameState> state;
  std::string error;
  rules::OptionText options(r.options.begin(), r.options.end());
  auto rules = rules::make_ruleset(r.game, options);
  if (!rules) {
    error = rules.error().message;
  } else {
    out.board = *game::shared_board(**rules);
    auto start = (*rules)->parse_position(r.start_position);
    if (!start) error = "bad start position: " + start.error().message;
    else state.emplace(*rules, *start);
  }
  for (auto& e : out.moves) {
    if (!state) break;
    auto played = state->play(e.move);
    if (played) {
      e.position = state->rules().position_text(state->position());
    } else {
      error = "move " + e.move + ": " + played.error().message;
      state.reset();
    }
  }
  if (replay_error) *replay_error = error;
  return out;
}

Fallible<storage::ArchiveQuery> archive_query(const protocol::client::ListGames& request) {
  storage::ArchiveQuery q;
  if (request.game) {
    std::string known;
    bool found = false;
    for (const auto& g : rules::catalogue()) {
      found = found || g.id == *request.game;
      known += (known.empty() ? "" : ", ") + std::string(g.id);
    }
    if (!found)
      return failure("unknown game '" + std::string(protocol::utf8::prefix(*request.game, 64)) +
                     "' (the games: " + known + ")");
  }
  q.game = request.game;
  q.player = request.player;
  if (request.result && *request.result != "first" && *request.result != "second" && *request.result != "draw" &&
      *request.result != "aborted")
    return failure("result must be first, second, draw or aborted");
  q.result = request.result;
  q.winner = request.winner;
  q.tournament = request.tournament;
  q.from_ms = request.from;
  q.to_ms = request.to;
  q.limit = request.limit.value_or(20);
  if (q.limit < 1 || q.limit > 100) return failure("limit must be 1 to 100");
  q.cursor = request.cursor;
  return q;
}

namespace {

std::optional<std::int64_t> parse_int(const std::string& text) {
  std::int64_t v = 0;
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc{} || p != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

Fallible<protocol::client::ListGames> list_games_from_query(const std::map<std::string, std::string>& query) {
  protocol::client::ListGames r;
  for (const auto& [key, value] : query) {
    if (value.size() > 256) return failure(key + " is too long");
    if (key == "game") {
      r.game = value;
    } else if (key == "player") {
      r.player = value;
    } else if (key == "result") {
      r.result = value;
    } else if (key == "winner") {
      r.winner = value;
    } else if (key == "tournament") {
      r.tournament = value;
    } else if (key == "cursor") {
      r.cursor = value;
    } else if (key == "from" || key == "to" || key == "limit") {
      const auto v = parse_int(value);
      if (!v) return failure(key + " must be an integer");
      if (key == "from") r.from = *v;
      if (key == "to") r.to = *v;
      if (key == "limit") {
        if (*v < 1 || *v > 100) return failure("limit must be 1 to 100");
        r.limit = static_cast<int>(*v);
      }
    } else {
      return failure("unknown parameter '" + key + "'");
    }
  }
  return r;
}

}  // namespace bh::app
