#pragma once
// Match statistics: the score of a series of games, the Elo difference it implies and its
// 95% interval. Each game scores 1, 1/2 or 0; the variance of the mean comes from the
// observed wins, draws and losses (the trinomial variance), and the interval on the score is
// mapped through the logistic Elo curve, so it is not symmetric.
#include <algorithm>
#include <cmath>

namespace zz::match {

struct Tally {
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
  Tally& operator+=(const Tally& o) {
    wins += o.wins;
    draws += o.draws;
    losses += o.losses;
    return *this;
  }
};

struct EloEstimate {
  double elo = 0;          // the difference the score implies
  double lower = 0, upper = 0;  // its 95% interval
  double margin() const { return (upper - lower) / 2; }  // the usual "±" figure
};

// Elo difference for a score fraction, capped at ±1200 (a score of 0 or 1).
inline double elo_of_score(double s) {
  s = std::clamp(s, 1e-3, 1 - 1e-3);
  return std::clamp(-400.0 * std::log10(1.0 / s - 1.0), -1200.0, 1200.0);
}

inline EloEstimate estimate(const Tally& t) {
  EloEstimate e;
  const int n = t.games();
  if (n == 0) return e;
  const double s = t.score();
  double variance = (t.wins * (1 - s) * (1 - s) + t.draws * (0.5 - s) * (0.5 - s) + t.losses * s * s) / n;
  // All games alike: the observed spread is zero, which proves nothing; one more game, a
  // draw, gives the interval a width.
  if (variance == 0) variance = (0.5 - s) * (0.5 - s) / (n + 1) + 1.0 / (4.0 * (n + 1) * (n + 1));
  const double error = std::sqrt(variance / n);
  e.elo = elo_of_score(s);
  e.lower = elo_of_score(s - 1.959964 * error);
  e.upper = elo_of_score(s + 1.959964 * error);
  return e;
}

}  // namespace zz::match
