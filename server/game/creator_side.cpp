#include "game/creator_side.hpp"

#include "app/secrets.hpp"

namespace bh::game {

std::string_view to_string(CreatorSide side) {
  switch (side) {
    case CreatorSide::first:
      return "first";
    case CreatorSide::second:
      return "second";
    case CreatorSide::random:
      break;
  }
  return "random";
}

std::optional<CreatorSide> creator_side_from_string(std::string_view text) {
  for (auto side : {CreatorSide::first, CreatorSide::second, CreatorSide::random})
    if (text == to_string(side)) return side;
  return std::nullopt;
}

bool fair_coin() { return app::random_hex(1)[0] < '8'; }

int first_seat(CreatorSide side, const Coin& coin) {
  switch (side) {
    case CreatorSide::first:
      return 0;
    case CreatorSide::second:
      return 1;
    case CreatorSide::random:
      break;
  }
  return (coin ? coin() : fair_coin()) ? 0 : 1;
}

}  // namespace bh::game
