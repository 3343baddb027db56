#include "storage/glicko2.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bh::rating {

namespace {

constexpr double kScale = 173.7178;  // Glicko-2's scale: mu = (r - 1500) / 173.7178

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1 / (1 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5: the new volatility, by the Illinois algorithm (Glickman's section 5.1).
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const double eps = 0.000001;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double big_a = a;
  double big_b = 0;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    big_b = a - k * tau;
  }
  double fa = f(big_a), fb = f(big_b);
  for (int i = 0; i < 200 && std::fabs(big_b - big_a) > eps; ++i) {
    const double c = big_a + (big_a - big_b) * fa / (fb - fa);
    const double fc = f(c);
    if (fc * fb <= 0) {
      big_a = big_b;
      fa = fb;
    } else {
      fa /= 2;
    }
    big_b = c;
    fb = fc;
  }
  return std::exp(big_a / 2);
}

}  // namespace

Rating update(const Rating& player, const std::vector<Outcome>& games, double tau) {
  const double mu = (player.rating - kStartRating) / kScale;
  const double phi = player.rd / kScale;
  if (games.empty()) {
    const double phi_star = std::sqrt(phi * phi + player.volatility * player.volatility);
    return {player.rating, phi_star * kScale, player.volatility};
  }
  double v_inverse = 0, sum = 0;
  for (const auto& game : games) {
    const double mu_j = (game.opponent_rating - kStartRating) / kScale;
    const double phi_j = game.opponent_rd / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * e * (1 - e);
    sum += g(phi_j) * (game.score - e);
  }
  const double v = 1 / v_inverse;
  const double delta = v * sum;
  const double sigma = new_volatility(player.volatility, phi, v, delta, tau);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {mu_new * kScale + kStartRating, phi_new * kScale, sigma};
}

Rating update_after_game(const Rating& player, const Rating& opponent, double score) {
  Rating out = update(player, {{opponent.rating, opponent.rd, score}}, kTau);
  out.rd = std::clamp(out.rd, kMinRd, kMaxRd);
  return out;
}

bool provisional(double rd) { return rd > kProvisionalRd; }

double one_decimal(double value) { return std::round(value * 10) / 10; }

std::optional<std::string> rating_key(std::string_view game, const std::map<std::string, std::string>& options) {
  if (game == "seatafl") {
    const auto size = options.find("size");
    if (size == options.end() || size->second == "9") return "seatafl-9x9";
    if (size->second == "11") return "seatafl-11x11";
    return std::nullopt;
  }
  if (game == "tavlei" || game == "tablut" || game == "copenhagen" || game == "brandubh" || game == "draughts" ||
      game == "alquerque")
    return std::string(game);
  return std::nullopt;
}

const std::vector<std::string>& rating_keys() {
  static const std::vector<std::string> keys{"tavlei",     "tablut",   "seatafl-9x9", "seatafl-11x11",
                                             "copenhagen", "brandubh", "draughts",    "alquerque"};
  return keys;
}

bool is_rating_key(std::string_view key) {
  const auto& keys = rating_keys();
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace bh::rating
