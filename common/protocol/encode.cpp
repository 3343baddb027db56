// encode() and encode_body() compiled once, for every message (messages.hpp says why).
#include <variant>

#include "protocol/json_encode.hpp"

namespace bh::protocol {

template <class T>
std::string encode(const T& message, const RequestId& id) {
  return encode_generic(message, id);
}

template <class T>
std::string encode_body(const T& value) {
  return dump(to_json_value(value));
}

std::string json_string(std::string_view text) { return dump(Json(std::string(text))); }

// An explicit instantiation per message type (server::Move's encode is specialised in
// move_codec.cpp). A message added to server::Message without a line here fails to link.
#define BH_ENCODE(T)                                          \
  template std::string encode<T>(const T&, const RequestId&); \
  template std::string encode_body<T>(const T&);
#define BH_BODY_ONLY(T) template std::string encode_body<T>(const T&);

BH_ENCODE(server::Welcome)
BH_ENCODE(server::Pong)
BH_ENCODE(server::Ok)
BH_ENCODE(server::Error)
BH_ENCODE(server::Identity)
BH_ENCODE(server::SessionReplaced)
BH_ENCODE(server::Shutdown)
BH_ENCODE(server::Lobby)
BH_ENCODE(server::RoomOpened)
BH_ENCODE(server::RoomClosed)
BH_ENCODE(server::LiveGameListed)
BH_ENCODE(server::LiveGameEnded)
BH_ENCODE(server::RoomCreated)
BH_ENCODE(server::RoomCancelled)
BH_ENCODE(server::GameStarted)
BH_ENCODE(server::GameState)
BH_BODY_ONLY(server::Move)
BH_ENCODE(server::GameOver)
BH_ENCODE(server::MatchOver)
BH_ENCODE(server::DrawOffered)
BH_ENCODE(server::DrawDeclined)
BH_ENCODE(server::PlayerReturned)
BH_ENCODE(server::PlayerLeft)
BH_ENCODE(server::Spectators)
BH_ENCODE(server::Games)
BH_ENCODE(server::GameRecord)
BH_ENCODE(server::Chat)
BH_ENCODE(server::TakebackOffered)
BH_ENCODE(server::TakebackDeclined)
BH_ENCODE(server::TakebackAccepted)
BH_ENCODE(server::RematchOffered)
BH_ENCODE(server::RematchStarted)
BH_ENCODE(server::RematchCancelled)
BH_ENCODE(server::Player)
BH_ENCODE(server::LeaderboardReply)
BH_ENCODE(server::Challenge)
BH_ENCODE(server::PlayerGames)
BH_ENCODE(server::NotificationSettings)
BH_ENCODE(server::TournamentReply)
BH_ENCODE(server::TournamentUpdated)
BH_ENCODE(server::TournamentFinished)
BH_ENCODE(server::TournamentPaired)
BH_ENCODE(server::TournamentList)
BH_ENCODE(server::ExplorerReply)
BH_ENCODE(server::TokenCreated)
BH_ENCODE(server::Tokens)
BH_ENCODE(server::ChallengeReceived)
BH_ENCODE(server::Challenges)
BH_ENCODE(server::Blocks)
BH_ENCODE(server::Reports)
BH_ENCODE(server::ModerationReply)
BH_ENCODE(server::Moderated)
BH_ENCODE(server::Notification)
BH_BODY_ONLY(server::ArchivedGame)
BH_BODY_ONLY(server::Profile)
BH_BODY_ONLY(server::Leaderboard)
BH_BODY_ONLY(server::Explorer)
BH_BODY_ONLY(server::RatingHistory)
BH_BODY_ONLY(server::TournamentView)

// The requests, for clients (encode_request).
#define BH_REQUEST(T) template std::string encode<T>(const T&, const RequestId&);
BH_REQUEST(client::Ping)
BH_REQUEST(client::Guest)
BH_REQUEST(client::Register)
BH_REQUEST(client::Login)
BH_REQUEST(client::Resume)
BH_REQUEST(client::ListRooms)
BH_REQUEST(client::SubscribeLobby)
BH_REQUEST(client::UnsubscribeLobby)
BH_REQUEST(client::CreateRoom)
BH_REQUEST(client::JoinRoom)
BH_REQUEST(client::CancelRoom)
BH_REQUEST(client::Move)
BH_REQUEST(client::Resign)
BH_REQUEST(client::OfferDraw)
BH_REQUEST(client::AcceptDraw)
BH_REQUEST(client::DeclineDraw)
BH_REQUEST(client::Watch)
BH_REQUEST(client::Unwatch)
BH_REQUEST(client::ListGames)
BH_REQUEST(client::GetGame)
BH_REQUEST(client::Chat)
BH_REQUEST(client::Mute)
BH_REQUEST(client::Unmute)
BH_REQUEST(client::Takeback)
BH_REQUEST(client::AcceptTakeback)
BH_REQUEST(client::DeclineTakeback)
BH_REQUEST(client::Abort)
BH_REQUEST(client::OfferRematch)
BH_REQUEST(client::AcceptRematch)
BH_REQUEST(client::DeclineRematch)
BH_REQUEST(client::LeaveRoom)
BH_REQUEST(client::Seek)
BH_REQUEST(client::GetPlayer)
BH_REQUEST(client::GetLeaderboard)
BH_REQUEST(client::Explore)
BH_REQUEST(client::CreateToken)
BH_REQUEST(client::ListTokens)
BH_REQUEST(client::RevokeToken)
BH_REQUEST(client::ChallengePlayer)
BH_REQUEST(client::DeclineChallenge)
BH_REQUEST(client::ListChallenges)
BH_REQUEST(client::BlockPlayer)
BH_REQUEST(client::UnblockPlayer)
BH_REQUEST(client::ListBlocks)
BH_REQUEST(client::ReportPlayer)
BH_REQUEST(client::ListReports)
BH_REQUEST(client::GetModeration)
BH_REQUEST(client::Moderate)
BH_REQUEST(client::PlayComputer)
BH_REQUEST(client::MyGames)
BH_REQUEST(client::GetNotifications)
BH_REQUEST(client::SetNotifications)
BH_REQUEST(client::CreateTournament)
BH_REQUEST(client::JoinTournament)
BH_REQUEST(client::WithdrawTournament)
BH_REQUEST(client::StartTournament)
BH_REQUEST(client::ListTournaments)
BH_REQUEST(client::GetTournament)
BH_REQUEST(client::AddComputer)
#undef BH_REQUEST

#undef BH_ENCODE
#undef BH_BODY_ONLY

// Every alternative of server::Message has its line above (checked at compile time).
static_assert(std::variant_size_v<server::Message> == 52, "a new server message needs its BH_ENCODE line above");
static_assert(std::variant_size_v<client::Request> == 59, "a new request needs its BH_REQUEST line above");

}  // namespace bh::protocol
