#include "tools/cli/text.hpp"

#include <algorithm>
#include <iomanip>

#include "core/common/error.hpp"

namespace zz::cli {
namespace {

// The move as the notation asks: its name, or its id (also when the result has no name).
const std::string& shown(const std::string& id, const std::string& name, Notation notation) {
  return notation == Notation::Ids || name.empty() ? id : name;
}

std::optional<std::string> shown(const std::optional<std::string>& id, const std::optional<std::string>& name,
                                 Notation notation) {
  if (!id) return std::nullopt;
  return notation == Notation::Ids || !name ? *id : *name;
}

const std::vector<std::string>& shown(const std::vector<std::string>& ids, const std::vector<std::string>& names,
                                      Notation notation) {
  return notation == Notation::Ids || names.size() != ids.size() ? ids : names;
}

void print_move_values(const std::vector<api::MoveOutcome>& moves, const api::Session& session, std::ostream& out,
                       Notation notation) {
  for (const auto& m : moves)
    out << "  " << std::left << std::setw(8) << shown(m.move, m.name, notation) << ' ' << session.describe(m.outcome)
        << '\n';
}

}  // namespace

Notation parse_notation(const std::string& text) {
  if (text == "san") return Notation::Names;
  if (text == "uci") return Notation::Ids;
  throw InputError("--notation " + text + ": expected san (moves as players read them) or uci");
}

std::string rules_text(const RuleValues& rules) {
  std::string s;
  for (const auto& [k, v] : rules) s += (s.empty() ? "" : ", ") + k + "=" + v;
  return s.empty() ? "standard rules" : s;
}

void print_query(const api::QueryResult& r, const api::Session& session, std::ostream& out, Notation notation) {
  out << "position  " << r.position << '\n';
  out << "rules     " << rules_text(r.rules) << '\n';
  out << "value     " << session.describe(r.outcome) << (r.over ? " (game over)" : "") << '\n';
  if (r.plies_left) out << "limit     " << *r.plies_left << " plies left\n";
  if (r.mutual_zugzwang && *r.mutual_zugzwang) out << "zugzwang  mutual: lost for whichever side is to move\n";
  if (r.fifty_move_rule) {
    out << "50-move   the tables ignore the 50-move rule (halfmove clock " << r.fifty_move_rule->halfmove_clock;
    out << (r.fifty_move_rule->draw_claimable ? "): a draw can already be claimed\n" : ")\n");
  }
  if (r.moves.empty()) return;
  out << "moves     " << r.moves.size() << '\n';
  print_move_values(r.moves, session, out, notation);
}

void print_line(const api::PrincipalVariation& r, const api::Session& session, std::ostream& out, Notation notation) {
  out << "position  " << r.position << '\n';
  out << "value     " << session.describe(r.outcome) << '\n';
  int ply = 0;
  for (const auto& s : r.line)
    out << std::right << std::setw(4) << ++ply << ". " << std::left << std::setw(8) << shown(s.move, s.name, notation)
        << ' ' << s.position << "  (" << session.describe(s.outcome) << ")\n";
}

void print_move(const api::MoveResult& r, std::ostream& out) {
  out << r.position << '\n';
  if (r.result) out << "game over: " << *r.result << '\n';
}

void print_perft(const api::PerftResult& r, std::ostream& out) {
  if (!r.divide.empty()) {
    for (const auto& [move, n] : r.divide) out << move << ": " << n << '\n';
    out << '\n';
  }
  out << "nodes " << r.nodes << '\n';
}

void print_solve(const api::SolveReport& s, const api::Session& session, std::ostream& out, Notation notation) {
  const bool raw = s.raw_positions.has_value();
  out << s.game << " (" << rules_text(s.rules) << ")\n";
  out << std::left << std::setw(14) << "tier" << std::right << std::setw(12) << "positions" << std::setw(12) << "wins"
      << std::setw(12) << "losses" << std::setw(12) << "draws" << std::setw(10) << "longest";
  if (raw) out << std::setw(16) << "raw positions";
  out << '\n';
  auto row = [&](const std::string& name, const TierStats& t, std::optional<int> longest,
                 std::optional<std::uint64_t> raw_positions) {
    out << std::left << std::setw(14) << name << std::right << std::setw(12) << t.positions() << std::setw(12)
        << t.wins << std::setw(12) << t.losses << std::setw(12) << t.draws;
    if (longest || raw_positions)
      out << std::setw(10) << (!longest ? std::string() : *longest < 0 ? std::string("-") : std::to_string(*longest));
    if (raw_positions) out << std::setw(16) << *raw_positions;
    out << '\n';
  };
  for (const auto& t : s.tiers)
    row(t.tier, t.stats, std::max(t.stats.longest_win, t.stats.longest_loss),
        t.raw ? std::optional(t.raw->raw_positions) : std::nullopt);
  row("total", s.total, std::nullopt, s.raw_positions);
  if (s.start) {
    out << "\nstart " << s.start->position << ": the first player's value is " << session.describe(s.start->outcome)
        << '\n';
    if (!s.start_line.empty()) {
      out << "principal variation:";
      for (const auto& m : shown(s.start_line, s.start_line_names, notation)) out << ' ' << m;
      out << '\n';
    }
    out << "first moves:\n";
    print_move_values(s.start->moves, session, out, notation);
  }
  out << "\nsolved in " << std::fixed << std::setprecision(2) << s.seconds << " s; tables in " << s.directory << '\n';
  out.unsetf(std::ios::fixed);
}

namespace {

// "e3-d3 d1-d2 ...": a line's moves.
std::string analysis_moves_text(const std::vector<std::string>& moves) {
  std::string text;
  for (const auto& m : moves) text += (text.empty() ? "" : " ") + m;
  return text;
}

// What proof search established about a line's move, counted from the position analysed
// (the move's own ply included, like the line's score): "[proven: win in 5]".
std::string analysis_proof_text(const std::optional<api::MoveProof>& proof) {
  if (!proof || proof->result == "unknown") return "";
  const std::string plies = std::to_string(proof->plies + 1);
  if (proof->result == "none") return "  [proven: no forced result within " + plies + " plies]";
  if (proof->result == "draw") return "  [tables: draw]";
  return "  [proven: " + proof->result + " in " + plies + " plies]";
}

void print_analysis_lines(const std::vector<api::AnalysisLine>& lines, const char* indent, std::ostream& out,
                          Notation notation) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& l = lines[i];
    out << indent << i + 1 << ". " << shown(l.move, l.name, notation) << "  "
        << (l.forced ? *l.forced : std::to_string(l.score)) << "  "
        << analysis_moves_text(shown(l.pv, l.pv_names, notation)) << analysis_proof_text(l.proof) << '\n';
  }
}

}  // namespace

void print_analysis(const api::AnalyzeResult& a, std::ostream& out, Notation notation) {
  out << "position  " << a.position << '\n';
  if (a.value) {
    out << "value     " << to_string(a.value->value);
    if (a.value->has_remoteness()) out << " in " << a.value->remoteness << " plies";
    out << " (" << a.source << ")\n";
  }
  for (const auto& proof : a.proofs) {
    out << proof.attacker << " forces a win within " << proof.plies << " plies: " << proof.result;
    if (proof.no_forced_win_within && proof.result != "disproven")
      out << " (no forced win within " << *proof.no_forced_win_within << ")";
    if (proof.exact) out << " (exact)";
    out << "  [" << proof.nodes << " nodes]\n";
  }
  if (a.no_forced_win_within)
    out << "no forced win for either side within " << *a.no_forced_win_within << " plies (proven)\n";
  if (a.best_move) {
    out << "best move " << *shown(a.best_move, a.best_move_name, notation) << ", score " << a.score;
    if (a.forced) out << " (" << *a.forced << ")";
    out << "  [depth " << a.search_depth << ", seldepth " << a.search_seldepth << ", " << a.search_nodes
        << " nodes, " << static_cast<std::uint64_t>(a.nodes_per_second) << " nodes/s, " << a.threads
        << (a.threads == 1 ? " thread" : " threads") << "]\n";
  }
  if (!a.lines.empty()) {
    out << "lines:\n";
    print_analysis_lines(a.lines, "  ", out, notation);
  }
  if (a.tables) out << "tables probed: " << a.tables << '\n';
  if (a.cancelled) out << "cancelled after " << a.seconds << " s\n";
}

void print_analysis_progress(const api::AnalyzeProgress& p, std::ostream& out, Notation notation) {
  out << std::fixed << std::setprecision(1) << p.seconds << " s  ";
  out.unsetf(std::ios::fixed);
  if (p.phase == "search") {
    out << "depth " << p.depth << " seldepth " << p.seldepth << " score " << p.score << " nodes " << p.search_nodes
        << " nps " << static_cast<std::uint64_t>(p.nodes_per_second) << '\n';
    print_analysis_lines(p.lines, "    ", out, notation);
  } else {
    out << (p.phase == "moves" ? "each move's proofs, horizon " : "proof, horizon ") << p.horizon << " ("
        << p.attacker << ")";
    if (p.no_forced_win_within) out << ", no forced win for either side within " << *p.no_forced_win_within;
    out << ", " << p.nodes << " nodes\n";
  }
}

namespace {

std::string ratio_text(double r) {
  char text[32];
  std::snprintf(text, sizeof text, r >= 100 ? "%.0fx" : "%.1fx", r);
  return text;
}

std::string bits_text(std::uint64_t bytes, std::uint64_t slots) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", slots ? 8.0 * static_cast<double>(bytes) / static_cast<double>(slots) : 0.0);
  return text;
}

}  // namespace

void print_tables(const api::TablesResult& r, std::ostream& out) {
  out << r.game << " (" << rules_text(r.rules) << ") in " << r.directory << '\n';
  out << std::left << std::setw(14) << "tier" << std::right << std::setw(14) << "entries" << std::setw(14) << "bytes"
      << std::setw(10) << "bits/slot" << std::setw(10) << "vs fmt 2" << std::setw(12) << "wins" << std::setw(12)
      << "losses" << std::setw(12) << "draws" << "  status\n";
  std::uint64_t entries = 0, bytes = 0, uncompressed = 0;
  for (const auto& t : r.tables) {
    out << std::left << std::setw(14) << t.tier << std::right << std::setw(14) << t.entries << std::setw(14) << t.bytes;
    if (t.present && t.uncompressed_bytes) {
      out << std::setw(10) << bits_text(t.bytes, t.entries) << std::setw(10)
          << ratio_text(static_cast<double>(t.uncompressed_bytes) / static_cast<double>(t.bytes));
      entries += t.entries;
      bytes += t.bytes;
      uncompressed += t.uncompressed_bytes;
    } else {
      out << std::setw(20) << "";
    }
    if (t.stats)
      out << std::setw(12) << t.stats->wins << std::setw(12) << t.stats->losses << std::setw(12) << t.stats->draws;
    else
      out << std::setw(36) << "";
    out << "  " << (t.error ? *t.error : t.present ? "ok (format " + std::to_string(t.format) + ")" : "missing (bytes estimated)")
        << '\n';
  }
  if (bytes)
    out << std::left << std::setw(14) << "total present" << std::right << std::setw(14) << entries << std::setw(14) << bytes
        << std::setw(10) << bits_text(bytes, entries) << std::setw(10)
        << ratio_text(static_cast<double>(uncompressed) / static_cast<double>(bytes)) << '\n';
  std::uint64_t all_entries = 0;
  int present = 0;
  for (const auto& t : r.tables) {
    all_entries += t.entries;
    present += t.present;
  }
  out << "set: " << r.tables.size() << " tables, " << all_entries << " index slots; " << present << " present\n";
}

void print_compress(const api::CompressResult& r, std::ostream& out) {
  out << std::left << std::setw(14) << "tier" << std::right << std::setw(8) << "format" << std::setw(14) << "bytes before"
      << std::setw(14) << "bytes after" << std::setw(10) << "bits/slot" << std::setw(10) << "ratio" << std::setw(10)
      << "seconds" << '\n';
  std::uint64_t before = 0, after = 0, entries = 0;
  for (const auto& t : r.tables) {
    out << std::left << std::setw(14) << t.tier;
    if (t.bytes_before == 0) {
      out << "  missing\n";
      continue;
    }
    before += t.bytes_before;
    after += t.bytes_after;
    entries += t.entries;
    out << std::right << std::setw(8) << (std::to_string(t.format_before) + ">" + std::to_string(t.format_after))
        << std::setw(14) << t.bytes_before << std::setw(14) << t.bytes_after << std::setw(10)
        << bits_text(t.bytes_after, t.entries) << std::setw(10)
        << ratio_text(static_cast<double>(t.bytes_before) / static_cast<double>(t.bytes_after));
    if (t.skipped) out << std::setw(10) << "kept";
    else out << std::setw(10) << std::fixed << std::setprecision(2) << t.seconds << std::defaultfloat;
    if (t.recoded) out << "  recoded";
    if (!t.coder.empty()) out << "  " << t.coder;
    out << '\n';
  }
  if (after)
    out << std::left << std::setw(14) << "total" << std::right << std::setw(8) << "" << std::setw(14) << before
        << std::setw(14) << after << std::setw(10) << bits_text(after, entries) << std::setw(10)
        << ratio_text(static_cast<double>(before) / static_cast<double>(after)) << '\n';
}

void print_summary(const api::SummaryResult& r, std::ostream& out) {
  out << r.game << " (" << rules_text(r.rules) << ")\n";
  for (const auto& t : r.tables) {
    out << '\n' << t.tier << " (" << t.entries << " index slots)\n";
    out << std::left << std::setw(10) << "  to move" << std::right << std::setw(14) << "wins" << std::setw(14)
        << "draws" << std::setw(14) << "losses" << std::setw(16) << "raw positions" << "  longest win\n";
    for (const auto& s : t.sides) {
      out << "  " << std::left << std::setw(8) << s.side << std::right << std::setw(14) << s.wins << std::setw(14)
          << s.draws << std::setw(14) << s.losses << std::setw(16) << (s.raw_wins + s.raw_draws + s.raw_losses)
          << "  " << (s.longest_win ? s.longest_win->value + ": " + s.longest_win->position : std::string("-")) << '\n';
    }
    if (t.mutual_zugzwangs) {
      const auto& z = *t.mutual_zugzwangs;
      out << "  mutual zugzwangs: " << z.full << " full point, " << z.first_in_zugzwang << " half point with "
          << t.sides[0].side << " in zugzwang, " << z.second_in_zugzwang << " with " << t.sides[1].side
          << " (raw " << z.raw_full << ", " << z.raw_first_in_zugzwang << ", " << z.raw_second_in_zugzwang << ")";
      if (z.example) out << "; first: " << *z.example;
      out << '\n';
    }
  }
}

void print_verified_table(const api::VerifiedTable& t, std::ostream& out) {
  out << std::left << std::setw(14) << t.tier << std::right;
  if (t.sample) out << std::setw(14) << t.sample->drawn;
  out << std::setw(14) << t.positions << std::setw(14) << t.derived << std::setw(14) << t.checked << std::setw(12)
      << t.mismatches << std::setw(10) << std::fixed << std::setprecision(2) << t.seconds << std::defaultfloat << '\n';
}

void print_verify(const api::VerifyResult& r, const api::Session& session, std::ostream& out) {
  const bool sampled = !r.tables.empty() && r.tables.front().sample;
  out << std::left << std::setw(14) << "tier" << std::right;
  if (sampled) out << std::setw(14) << "drawn";
  out << std::setw(14) << "positions" << std::setw(14) << "derived" << std::setw(14) << "checked" << std::setw(12)
      << "mismatches" << std::setw(10) << "seconds" << '\n';
  std::uint64_t drawn = 0, positions = 0, checked = 0, mismatches = 0;
  double seconds = 0;
  for (const auto& t : r.tables) {
    print_verified_table(t, out);
    drawn += t.sample ? t.sample->drawn : 0;
    positions += t.positions;
    checked += t.checked;
    mismatches += t.mismatches;
    seconds += t.seconds;
  }
  out << std::left << std::setw(14) << "total" << std::right;
  if (sampled) out << std::setw(14) << drawn;
  out << std::setw(14) << positions << std::setw(14) << "" << std::setw(14) << checked << std::setw(12) << mismatches
      << std::setw(10) << std::fixed << std::setprecision(2) << seconds << std::defaultfloat << '\n';
  for (const auto& t : r.tables)
    for (const auto& m : t.examples)
      out << t.tier << " index " << m.index << ": " << m.position << " is stored as " << session.describe(m.stored)
          << ", its moves say " << session.describe(m.expected) << '\n';
  const bool from_scratch = !r.tables.empty() && r.tables.front().from_scratch;
  const std::string every = sampled ? "every sampled position agrees with its moves" : "every position agrees with its moves";
  out << (r.clean() ? "clean: " + every
                    : "NOT CLEAN: " + std::to_string(mismatches) + " positions disagree with their moves")
      << (from_scratch ? " (each child ranked whole; the derived side checked too)" : "");
  if (sampled)
    out << " (a sample of " << r.tables.front().sample->requested << " slots of each table, seed "
        << r.tables.front().sample->seed << ")";
  out << '\n';
}

namespace {
// A reviewed value: known, not forced within a proven horizon, or unknown.
std::string value_text(const std::optional<Outcome>& value, const std::optional<int>& unforced,
                       const api::Session& session) {
  if (value) return session.describe(*value);
  if (unforced) return "none within " + std::to_string(*unforced);
  return "?";
}
}  // namespace

void print_review(const api::ReviewResult& r, const api::Session& session, std::ostream& out, Notation notation) {
  out << "start     " << r.start << '\n';
  out << std::right << std::setw(5) << "ply" << "  " << std::left << std::setw(8) << "side" << std::setw(10) << "move"
      << std::setw(22) << "value before" << std::setw(22) << "move's value" << "verdict\n";
  for (const auto& p : r.plies) {
    out << std::right << std::setw(5) << p.ply << "  " << std::left << std::setw(8) << p.side << std::setw(10) << shown(p.move, p.name, notation)
        << std::setw(22) << value_text(p.before, p.before_unforced_within, session) << std::setw(22)
        << value_text(p.played, p.played_unforced_within, session) << p.verdict;
    if (p.source == "proof") out << " [proof]";
    if (p.verdict == "slower") out << " (" << p.plies_lost << " plies lost)";
    if (p.verdict != "optimal" && p.verdict != "unknown" && p.best_move)
      out << ", best " << *shown(p.best_move, p.best_move_name, notation);
    if (p.only_move && p.verdict == "optimal") out << " (only move)";
    out << '\n';
  }
  out << "final     " << r.final_position;
  if (r.result) out << " (game over: " << *r.result << ")";
  else if (r.final_value) out << " (" << session.describe(*r.final_value) << ")";
  out << '\n';
  for (const auto& s : r.summary)
    out << std::left << std::setw(10) << s.side << s.optimal << " optimal, " << s.slower << " slower, " << s.mistakes
        << " mistakes" << (s.unknown ? ", " + std::to_string(s.unknown) + " unknown" : "") << '\n';
  if (r.decided_from) out << "decided   from ply " << *r.decided_from << " on, the result was forced\n";
  if (r.proof_plies > 0)
    out << "proofs    beyond the tables: forced results within " << r.proof_plies << " plies, " << r.proof_nodes
        << " nodes\n";
}

void print_games(const std::vector<api::GameInfo>& games, std::ostream& out) {
  for (const auto& g : games) {
    out << g.name << "  " << g.summary << '\n';
    for (const auto& o : g.options) {
      std::string values;
      for (const auto& c : o.choices) values += (values.empty() ? "" : "|") + c;
      out << "  --rule " << o.name << "=" << (values.empty() ? "N" : values) << "  (default " << o.default_value
          << ")  " << o.help << '\n';
    }
  }
}

}  // namespace zz::cli
