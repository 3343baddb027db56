#include "app/archive/explorer_answers.hpp"

#include <cmath>
#include <utility>

#include "app/archive/archive.hpp"
#include "app/completion.hpp"
#include "app/http/failure_replies.hpp"
#include "app/http/http_api.hpp"
#include "game/board_view.hpp"
#include "rules/registry.hpp"
#include "storage/store.hpp"

namespace bh::app {

namespace {

namespace sv = protocol::server;
using protocol::ErrorCode;
using ExplorerFound = storage::StoreResult<storage::ExplorerPosition>;

void fetch_explorer(Context& ctx, storage::ExplorerQuery query, const char* what,
                    std::function<void(ExplorerFound)> then, std::function<void()> failed) {
  ctx.store.explore(std::move(query), on_io<ExplorerFound>(ctx.io, what, std::move(then), std::move(failed)));
}

}  // namespace

sv::Explorer explorer_body(const explorer::Walk& walk, const storage::ExplorerPosition& found) {
  sv::Explorer out;
  out.game = walk.game;
  out.options.values = walk.options;
  out.moves = walk.moves;
  out.ply = static_cast<int>(walk.moves.size());
  out.position = walk.position_text;
  out.to_move = walk.to_move;
  out.indexed_plies = storage::kExplorerPlies;
  // The walk made these rules already: they exist.
  if (auto rules = rules::make_ruleset(walk.game, rules::OptionText(walk.options.begin(), walk.options.end())))
    out.board = *game::shared_board(**rules);
  for (const storage::ExplorerMove& m : found.moves) {
    sv::ExplorerMove move;
    move.move = m.move;
    move.games = m.games;
    move.first = m.first;
    move.draws = m.draws;
    move.second = m.second;
    if (m.rated_games > 0) move.rating_avg = std::round(m.rating_sum / static_cast<double>(m.rated_games) * 10) / 10;
    move.last_game = m.last_game;
    out.total.games += m.games;
    out.total.first += m.first;
    out.total.draws += m.draws;
    out.total.second += m.second;
    out.played.push_back(std::move(move));
  }
  for (const storage::GameSummary& s : found.examples) out.examples.push_back(summary_view(s));
  return out;
}

void answer_explore(const std::shared_ptr<Context>& ctx, const std::shared_ptr<Connection>& c,
                    const protocol::RequestId& id, const protocol::client::Explore& request) {
  auto lookup = explorer::lookup(request);
  if (!lookup) return ctx->send_error(c, id, ErrorCode::bad_query, lookup.error());
  auto answer = [ctx, c, id, walk = lookup->walk](ExplorerFound found) {
    if (found.error.code == storage::StoreErrc::invalid_query)
      return ctx->send_error(c, id, ErrorCode::bad_query, found.error.message);
    if (!found.error.ok() || !found.value)
      return ctx->send_error(c, id, ErrorCode::storage_unavailable,
                             "the archive is unavailable: " + found.error.message);
    ctx->send(c, protocol::encode(sv::ExplorerReply{explorer_body(walk, *found.value)}, id));
  };
  fetch_explorer(*ctx, std::move(lookup->query), "explore", std::move(answer), internal_error_reply(ctx, c, id));
}

void answer_http_explore(const std::shared_ptr<Context>& ctx, explorer::Lookup lookup,
                         std::function<void(HttpResponse)> respond) {
  auto failed = http_internal_error(respond);
  auto answer = [respond, walk = std::move(lookup.walk)](ExplorerFound found) {
    respond(http::explorer_answer(walk, found));
  };
  fetch_explorer(*ctx, std::move(lookup.query), "GET /api/explorer", std::move(answer), std::move(failed));
}

}  // namespace bh::app
