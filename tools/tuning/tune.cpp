// tablut_tune: the evaluation's weights measured, not guessed.
//
//   tablut_tune selfplay --games N [--nodes K] [--seed S] [--out FILE]
//       plays the engine against itself in-process (K nodes a move, a random opening of 2 to
//       6 quiet plies per game) and appends each game as a JSON line {start, moves, result},
//       the format `zugzwang match --record` writes too.
//   tablut_tune fit FILE... [--skip-plies N] [--l2 L] [--scale S] [--out weights.hpp]
//       replays the games, keeps the quiet positions (no threat, nothing to capture for the
//       side to move, past the opening), counts their features (core/tablut/engine/
//       features.hpp) and fits the weights by logistic regression of the game's result (1, 1/2
//       or 0 for White) on them: P(White wins) = 1 / (1 + exp(-sum w_i f_i)), maximum
//       likelihood with a small L2 penalty, by Newton's method. The weights are written in
//       the evaluation's units (S units per logit, 150 by default) as weights.hpp, and the
//       fit's figures (positions, log-loss before and after, each weight) go to stdout.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tablut/engine/features.hpp"
#include "core/tablut/engine/knowledge.hpp"
#include "core/tablut/engine/weights.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/notation.hpp"
#include "core/tablut/repetition.hpp"
#include "solver/search/move_list.hpp"
#include "tools/match/player.hpp"

namespace {

using namespace zz;
using namespace zz::tablut;
using nlohmann::json;

[[noreturn]] void usage() {
  std::cerr << "usage: tablut_tune selfplay --games N [--nodes K] [--seed S] [--out FILE]\n"
               "       tablut_tune fit FILE... [--skip-plies N] [--l2 L] [--scale S] [--out weights.hpp]\n";
  std::exit(2);
}

// ---- self-play ----------------------------------------------------------------------------

int selfplay(int games, std::uint64_t nodes, std::uint64_t seed, const std::string& out_file, int max_plies) {
  std::ofstream out(out_file, std::ios::app);
  if (!out) {
    std::cerr << "cannot write " << out_file << '\n';
    return 1;
  }
  const Tablut game;
  std::mt19937_64 rng(seed);
  match::PlayerOptions options;
  options.engine.proof_share = 0;
  options.engine.hash_megabytes = 16;
  match::TablutPlayer player(options);
  int white = 0, black = 0, draws = 0;
  for (int g = 0; g < games; ++g) {
    Position p = game.start();
    const Position start = p;
    json moves = json::array();
    RepetitionHistory history(p);
    player.new_game();
    const int random_plies = 2 + static_cast<int>(rng() % 5);
    std::string result = "draw";
    for (int ply = 0; ply < max_plies; ++ply) {
      if (auto o = game.outcome(p)) {
        result = p.turn == Color::White ? "black" : "white";
        break;
      }
      Move m;
      if (ply < random_plies) {
        std::vector<Move> quiet;
        game.for_each_move(p, [&](Move x) {
          const Position c = game.play(p, x);
          if (c.white_pawn_count() == p.white_pawn_count() && c.black_pawn_count() == p.black_pawn_count() &&
              !c.decided())
            quiet.push_back(x);
        });
        if (quiet.empty()) game.for_each_move(p, [&](Move x) { quiet.push_back(x); });
        m = quiet[rng() % quiet.size()];
        player.observe(p);
      } else {
        search::ThinkLimits limits;
        limits.max_nodes = nodes;
        const auto d = player.choose(p, limits);
        m = *d.move;
      }
      moves.push_back(format_move(m));
      p = game.play(p, m);
      if (!p.decided() && history.push(p)) break;  // drawn by repetition
    }
    if (game.outcome(p)) result = p.turn == Color::White ? "black" : "white";
    (result == "white" ? white : result == "black" ? black : draws)++;
    out << json{{"start", game.format(start)}, {"moves", moves}, {"result", result}}.dump() << '\n';
    if ((g + 1) % 50 == 0)
      std::cerr << g + 1 << " games: White " << white << ", Black " << black << ", draws " << draws << '\n';
  }
  std::cerr << games << " games: White " << white << ", Black " << black << ", draws " << draws << '\n';
  return 0;
}

// ---- fit ----------------------------------------------------------------------------------

struct Sample {
  std::vector<std::pair<int, float>> features;  // sparse counts
  float target;                                 // 1 White won, 0.5 draw, 0 Black won
};

// Quiet: nothing for the side to move to resolve by search (no threat either way, nothing to
// take, no fork for the king), so the static evaluation is what the engine would use.
bool quiet(const Position& p) {
  const engine::Knowledge k;
  const auto info = k.inspect(p);
  if (info.kind != engine::Kind::Normal) return false;
  search::MoveList<Move> noisy;
  k.generate_noisy(p, info, noisy);
  return noisy.empty();
}

std::vector<Sample> load(const std::vector<std::string>& files, int skip_plies, int& games) {
  const Tablut game;
  std::vector<Sample> samples;
  for (const auto& file : files) {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "cannot read " << file << '\n';
      std::exit(1);
    }
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      const json j = json::parse(line);
      const std::string result = j.at("result");
      const float target = result == "white" ? 1.0f : result == "black" ? 0.0f : 0.5f;
      Position p = game.parse(j.at("start").get<std::string>());
      int ply = 0;
      ++games;
      for (const auto& mv : j.at("moves")) {
        if (ply++ >= skip_plies && !p.decided() && quiet(p)) {
          Sample s{{}, target};
          engine::visit_features(p, [&](int f, int n) {
            if (n) s.features.push_back({f, static_cast<float>(n)});
          });
          samples.push_back(std::move(s));
        }
        p = game.play(p, game.parse_move(p, mv.get<std::string>()));
      }
    }
  }
  return samples;
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

double log_loss(const std::vector<Sample>& samples, const std::vector<double>& w) {
  double loss = 0;
  for (const auto& s : samples) {
    double z = 0;
    for (auto [f, n] : s.features) z += w[f] * n;
    const double q = std::clamp(sigmoid(z), 1e-9, 1 - 1e-9);
    loss -= s.target * std::log(q) + (1 - s.target) * std::log(1 - q);
  }
  return loss / static_cast<double>(samples.size());
}

// Solves A x = b (A symmetric positive definite) by Cholesky.
std::vector<double> solve(std::vector<std::vector<double>> a, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t j = 0; j < n; ++j) {
    double d = a[j][j];
    for (std::size_t k = 0; k < j; ++k) d -= a[j][k] * a[j][k];
    d = std::sqrt(std::max(d, 1e-12));
    a[j][j] = d;
    for (std::size_t i = j + 1; i < n; ++i) {
      double s = a[i][j];
      for (std::size_t k = 0; k < j; ++k) s -= a[i][k] * a[j][k];
      a[i][j] = s / d;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t k = 0; k < i; ++k) b[i] -= a[i][k] * b[k];
    b[i] /= a[i][i];
  }
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t k = i + 1; k < n; ++k) b[i] -= a[k][i] * b[k];
    b[i] /= a[i][i];
  }
  return b;
}

std::string feature_name(int f) {
  static const char* classes[] = {"a1", "b1", "c1", "d1", "e1", "b2", "c2", "d2", "e2", "c3", "d3", "e3", "d4", "e4", "e5"};
  if (f < engine::kKingSquare) return std::string(engine::kScalarFeatureNames[static_cast<std::size_t>(f)]);
  if (f < engine::kWhiteSquare) return std::string("king_on_") + classes[f - engine::kKingSquare];
  if (f < engine::kBlackSquare) return std::string("white_pawn_on_") + classes[f - engine::kWhiteSquare];
  return std::string("black_pawn_on_") + classes[f - engine::kBlackSquare];
}

int fit(const std::vector<std::string>& files, int skip_plies, double l2, double scale, const std::string& out_file) {
  int games = 0;
  const auto samples = load(files, skip_plies, games);
  const int n = engine::kFeatureCount;
  if (samples.empty()) {
    std::cerr << "no positions\n";
    return 1;
  }
  double white_share = 0;
  for (const auto& s : samples) white_share += s.target;
  white_share /= static_cast<double>(samples.size());
  std::vector<double> current(n);
  for (int f = 0; f < n; ++f) current[f] = engine::kWeights[static_cast<std::size_t>(f)] / scale;
  std::vector<double> w(n, 0.0);
  const double per = static_cast<double>(samples.size());
  for (int iteration = 0; iteration < 12; ++iteration) {
    std::vector<double> grad(n, 0.0);
    std::vector<std::vector<double>> hess(n, std::vector<double>(n, 0.0));
    for (const auto& s : samples) {
      double z = 0;
      for (auto [f, c] : s.features) z += w[f] * c;
      const double q = sigmoid(z);
      const double g = q - s.target, h = q * (1 - q);
      for (auto [f, c] : s.features) {
        grad[f] += g * c;
        for (auto [f2, c2] : s.features) hess[f][f2] += h * c * c2;
      }
    }
    for (int f = 0; f < n; ++f) {
      grad[f] = grad[f] / per + l2 * w[f];
      for (int f2 = 0; f2 < n; ++f2) hess[f][f2] /= per;
      hess[f][f] += l2;
    }
    const auto step = solve(hess, grad);
    double size = 0;
    for (int f = 0; f < n; ++f) {
      w[f] -= step[f];
      size = std::max(size, std::abs(step[f]));
    }
    std::cerr << "iteration " << iteration + 1 << ": log-loss " << log_loss(samples, w) << '\n';
    if (size < 1e-7) break;
  }
  std::cout << "games: " << games << "\npositions (quiet, past ply " << skip_plies << "): " << samples.size()
            << "\nWhite's score in them: " << std::fixed << std::setprecision(4) << white_share
            << "\nlog-loss of a constant: "
            << -(white_share * std::log(std::max(white_share, 1e-9)) +
                 (1 - white_share) * std::log(std::max(1 - white_share, 1e-9)))
            << "\nlog-loss of the previous weights: " << log_loss(samples, current)
            << "\nlog-loss of the fitted weights: " << log_loss(samples, w) << "\n\nweights (evaluation units, "
            << scale << " per logit):\n";
  std::vector<int> rounded(n);
  for (int f = 0; f < n; ++f) {
    rounded[f] = static_cast<int>(std::lround(w[f] * scale));
    std::cout << "  " << std::left << std::setw(24) << feature_name(f) << std::right << std::setw(6) << rounded[f]
              << "   (was " << engine::kWeights[static_cast<std::size_t>(f)] << ")\n";
  }
  if (!out_file.empty()) {
    std::ofstream out(out_file);
    out << "#pragma once\n"
           "// The evaluation's weights, one per feature of features.hpp, in the evaluation's units.\n"
           "// Written by tools/tuning (`tablut_tune fit`), which fits them to self-play results by\n"
           "// logistic regression; tools/tuning/README.md has the data and the command.\n"
           "#include <array>\n\n#include \"core/tablut/engine/features.hpp\"\n\nnamespace zz::tablut::engine {\n\n"
           "inline constexpr std::array<int, kFeatureCount> kWeights = {\n";
    for (int f = 0; f < n; ++f) out << "    " << rounded[f] << ",  // " << feature_name(f) << '\n';
    out << "};\n\n}  // namespace zz::tablut::engine\n";
    std::cerr << "wrote " << out_file << '\n';
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) usage();
  const std::string mode = argv[1];
  std::vector<std::string> files;
  int games = 100, skip = 4, max_plies = 400;
  std::uint64_t nodes = 8000, seed = 1;
  double l2 = 1e-4, scale = 150;
  std::string out;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    const auto next = [&]() -> std::string {
      if (i + 1 >= argc) usage();
      return argv[++i];
    };
    if (a == "--games") games = std::stoi(next());
    else if (a == "--nodes") nodes = std::stoull(next());
    else if (a == "--seed") seed = std::stoull(next());
    else if (a == "--out") out = next();
    else if (a == "--skip-plies") skip = std::stoi(next());
    else if (a == "--l2") l2 = std::stod(next());
    else if (a == "--scale") scale = std::stod(next());
    else if (a == "--max-plies") max_plies = std::stoi(next());
    else if (a.rfind("--", 0) == 0) usage();
    else files.push_back(a);
  }
  if (mode == "selfplay") {
    if (out.empty()) usage();
    return selfplay(games, nodes, seed, out, max_plies);
  }
  if (mode == "fit") {
    if (files.empty()) usage();
    return fit(files, skip, l2, scale, out);
  }
  usage();
}
