// The HTTP API's answers, decided without I/O: which route a request takes, and the
// answer built from what the store returned. The application does the I/O (store, lobby,
// metrics) between the two; the fuzz target (tests/fuzz/http_fuzz.cpp) drives these
// functions directly, from the raw request target to the body.
//
// Every body is JSON built by the protocol module, so client text echoed in a message
// (a path, a query value) is escaped, and bytes that are not UTF-8 become U+FFFD.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "app/application.hpp"
#include "app/ratings/rating_http.hpp"
#include "explorer/explorer_request.hpp"
#include "protocol/messages.hpp"
#include "storage/records.hpp"
#include "storage/store.hpp"

namespace bh::app::http {

// Where a request goes. An HttpResponse is an answer already (a bad query, an unknown path).
struct Health {};
struct Metrics {};
struct Lobby {};
struct ListGames {
  storage::ArchiveQuery query;
};
struct GetGame {
  std::string id;
};
// GET /api/games/{id}/export and GET /api/games/export (export_http.hpp).
struct ExportGame {
  std::string id;
};
// GET /api/players/{name}/games: the player's games in progress, public ones only.
struct GetPlayerGames {
  std::string name;
};
// GET /notifications/verify?token=... and /notifications/unsubscribe?token=...: the links
// of the mails (docs/notifications.md).
// A GET of the unsubscribe link shows a button; its POST (the button, or a mail
// program's one-click, RFC 8058) unsubscribes: a link scanner's GET changes nothing.
struct MailLink {
  bool verify = false;
  std::string token;
  bool post = false;
};
struct ExportGames {
  storage::ArchiveQuery query;  // its limit is the size of the pages read
  bool ndjson = false;          // one JSON object a line, else the records as text
};
// GET /api/tournaments and /api/tournaments/{id} (docs/tournaments.md); a tournament's
// export is an ExportGames of its games.
struct ListTournaments {};
struct GetTournament {
  std::string id;
};
// GET /api/explorer (docs/explorer.md), checked and replayed.
struct Explore {
  explorer::Lookup lookup;
};
using Route =
    std::variant<HttpResponse, Health, Metrics, Lobby, ListGames, GetGame, GetProfile, GetLeaderboard, GetRatingHistory,
                 ExportGame, ExportGames, GetPlayerGames, MailLink, ListTournaments, GetTournament, Explore>;

Route route(const HttpRequest& request);

// Client text quoted in a message: at most 64 bytes of it, cut between characters.
std::string quote_client_text(std::string_view text);

// {"code": ..., "message": ...} with `status`.
HttpResponse error(int status, std::string_view code, std::string_view message);
HttpResponse games_page(const storage::StoreResult<storage::ArchivePage>& page);
// The record replayed through the rules (archive.hpp); `replay_error` as record_view's.
HttpResponse game_record(const std::string& id, const storage::StoreResult<storage::GameRecord>& found,
                         std::string* replay_error);
// The explorer's answer for the position `walk` reached, from the store's rows.
HttpResponse explorer_answer(const explorer::Walk& walk, const storage::StoreResult<storage::ExplorerPosition>& found);
// The same from a record replayed already (`record` set when `error` is ok).
HttpResponse game_record(const std::string& id, const storage::StoreError& error,
                         const protocol::server::ArchivedGame* record);

}  // namespace bh::app::http
