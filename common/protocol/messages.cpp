#include "protocol/messages.hpp"

#include "protocol/json_encode.hpp"

#include <array>

#include "protocol/move_codec.hpp"
#include "protocol/server_json.hpp"
#include "protocol/utf8.hpp"

namespace bh::protocol {

namespace {

constexpr std::array<std::string_view, kErrorCodeCount> kErrorNames{
    "bad_request",
    "unknown_type",
    "not_authenticated",
    "bad_name",
    "bad_password",
    "name_taken",
    "auth_failed",
    "too_many_attempts",
    "bad_options",
    "unknown_room",
    "room_full",
    "already_seated",
    "room_closed",
    "bad_invite",
    "not_creator",
    "unknown_game",
    "not_a_player",
    "not_your_turn",
    "stale_ply",
    "illegal_move",
    "game_over",
    "no_draw_offer",
    "not_found",
    "bad_query",
    "storage_unavailable",
    "server_busy",
    "shutting_down",
    "too_large",
    "rate_limited",
    "bad_chat",
    "nothing_to_take_back",
    "takeback_pending",
    "no_takeback_request",
    "too_late_to_abort",
    "no_rematch_offer",
    "rematch_unavailable",
    "account_required",
    "no_computer",
    "too_many_rooms",
    "rated_pair_limit",
    "game_moved",
    "too_many_games",
    "unknown_tournament",
    "tournament_started",
    "tournament_full",
    "not_eligible",
    "already_joined",
    "not_joined",
    "too_few_players",
    "blocked",
    "forbidden",
    "suspended",
    "banned",
    "internal",
};

RequestId read_id(const Json& j) {
  RequestId id;
  const auto it = j.find("id");
  if (it == j.end()) return id;
  if (it->is_number_integer() && !it->is_number_unsigned()) {
    id.value = it->get<std::int64_t>();
  } else if (it->is_number_unsigned() && it->get<std::uint64_t>() <= 0x7fffffffffffffffULL) {
    id.value = static_cast<std::int64_t>(it->get<std::uint64_t>());
  } else if (it->is_string() && it->get_ref<const std::string&>().size() <= kMaxIdLength) {
    id.value = it->get<std::string>();
  }
  return id;
}

// Finds the alternative of `Variant` whose type name is `type` and reads it.
template <class Variant, std::size_t I = 0>
bool read_alternative(std::string_view type, const Json& j, std::size_t max_string, Variant& out) {
  if constexpr (I == std::variant_size_v<Variant>) {
    return false;
  } else {
    using T = std::variant_alternative_t<I, Variant>;
    if (type == T::type) {
      T value;
      FieldReader reader{j, max_string};
      T::fields(value, reader);
      out = std::move(value);
      return true;
    }
    return read_alternative<Variant, I + 1>(type, j, max_string, out);
  }
}

// A parsed frame's id and type, or why it is no message; the common part of the decoders.
struct FrameHead {
  RequestId id;
  std::string type;
};

std::variant<FrameHead, DecodeError> frame_head(const Json& json) {
  if (json.is_discarded()) return DecodeError{ErrorCode::bad_request, "the message is not valid JSON", {}};
  if (!json.is_object()) return DecodeError{ErrorCode::bad_request, "a message must be a JSON object", {}};
  FrameHead head;
  head.id = read_id(json);
  const auto it = json.find("type");
  if (it == json.end() || !it->is_string())
    return DecodeError{ErrorCode::bad_request, "a message needs a string field 'type'", head.id};
  head.type = it->get<std::string>();
  return head;
}

// Parses a frame into an object and its type.
struct Parsed {
  Json json;
  RequestId id;
  std::string type;
};

std::variant<Parsed, DecodeError> parse_frame(std::string_view text) {
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  auto head = frame_head(json);
  if (auto* e = std::get_if<DecodeError>(&head)) return std::move(*e);
  auto& h = std::get<FrameHead>(head);
  return Parsed{std::move(json), std::move(h.id), std::move(h.type)};
}

}  // namespace

std::string_view to_string(ErrorCode code) { return kErrorNames[static_cast<std::size_t>(code)]; }

std::optional<ErrorCode> error_code_from_string(std::string_view text) {
  for (std::size_t i = 0; i < kErrorNames.size(); ++i)
    if (kErrorNames[i] == text) return static_cast<ErrorCode>(i);
  return std::nullopt;
}

Json id_to_json(const RequestId& id) {
  if (const auto* n = std::get_if<std::int64_t>(&id.value)) return *n;
  if (const auto* s = std::get_if<std::string>(&id.value)) return *s;
  return nullptr;
}

std::string with_request_id(std::string_view encoded, const RequestId& id) {
  constexpr std::string_view head = R"({"type":")";
  if (id.empty() || !encoded.starts_with(head)) return std::string(encoded);
  // Type names are plain identifiers: the next quote closes the value.
  const auto type_end = encoded.find('"', head.size());
  if (type_end == std::string_view::npos) return std::string(encoded);
  // An integer id, the common case, needs no JSON value built.
  const auto* number = std::get_if<std::int64_t>(&id.value);
  const std::string id_text = number ? std::to_string(*number) : dump(id_to_json(id));
  std::string out;
  out.reserve(encoded.size() + id_text.size() + 6);
  out.append(encoded.substr(0, type_end + 1)).append(R"(,"id":)").append(id_text).append(encoded.substr(type_end + 1));
  return out;
}

std::string encode_http_error(std::string_view code, std::string_view message) {
  return dump(Json{{"code", code}, {"message", message}});
}

std::variant<Envelope, DecodeError> decode_request(std::string_view text, const Limits& limits) {
  if (auto move = try_decode_move(text, limits)) return std::move(*move);
  return decode_request_generic(text, limits);
}

std::variant<Envelope, DecodeError> decode_request_generic(std::string_view text, const Limits& limits) {
  auto parsed = parse_frame(text);
  if (auto* e = std::get_if<DecodeError>(&parsed)) return std::move(*e);
  auto& p = std::get<Parsed>(parsed);
  Envelope env{p.id, client::Ping{}};
  try {
    if (p.type.size() > 64 || !read_alternative(p.type, p.json, limits.max_string_length, env.request))
      return DecodeError{ErrorCode::unknown_type,
                         "unknown message type '" + std::string(utf8::prefix(p.type, 64)) + "'", p.id};
  } catch (const DecodeFailure& e) {
    return DecodeError{ErrorCode::bad_request, p.type + ": " + e.what(), p.id};
  } catch (const nlohmann::json::exception& e) {
    return DecodeError{ErrorCode::bad_request, p.type + ": " + e.what(), p.id};
  }
  return env;
}

std::string_view request_type(const client::Request& request) {
  return std::visit([](const auto& r) -> std::string_view { return std::decay_t<decltype(r)>::type; }, request);
}

std::string encode_request(const client::Request& request, const RequestId& id) {
  return std::visit([&](const auto& r) { return encode(r, id); }, request);
}

std::variant<ServerFrame, DecodeError> decode_server_json(const Json& json) {
  auto head = frame_head(json);
  if (auto* e = std::get_if<DecodeError>(&head)) return std::move(*e);
  auto& p = std::get<FrameHead>(head);
  ServerFrame frame{p.id, server::Pong{}};
  try {
    if (!read_alternative(p.type, json, std::size_t{1} << 30, frame.message))
      return DecodeError{ErrorCode::unknown_type, "unknown message type '" + p.type + "'", p.id};
  } catch (const DecodeFailure& e) {
    return DecodeError{ErrorCode::bad_request, p.type + ": " + e.what(), p.id};
  } catch (const nlohmann::json::exception& e) {
    return DecodeError{ErrorCode::bad_request, p.type + ": " + e.what(), p.id};
  }
  return frame;
}

std::variant<ServerFrame, DecodeError> decode_server_message(std::string_view text) {
  return decode_server_json(Json::parse(text, nullptr, /*allow_exceptions=*/false));
}

}  // namespace bh::protocol
