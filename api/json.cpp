#include "api/json.hpp"

#include "solver/table/rules_json.hpp"

namespace zz::api {
namespace {

ojson value_fields(Outcome o) { return {{"value", to_string(o.value)}, {"remoteness", remoteness_json(o)}}; }

ojson header(const std::string& game, const RuleValues& rules) { return {{"game", game}, {"rules", rules_json(rules)}}; }

// A move's name beside its id (results.hpp): only for games that name moves (chess: SAN);
// for the others the id is the name and the documents stay as they were.
void add_name(ojson& doc, const char* key, const std::string& name) {
  if (!name.empty()) doc[key] = name;
}

void add_names(ojson& doc, const char* key, const std::vector<std::string>& names) {
  if (!names.empty()) doc[key] = names;
}

// The fields of a position's answer, shared by query and the start of a solve summary.
ojson position_fields(const QueryResult& r) {
  ojson doc = {{"position", r.position}, {"side_to_move", r.side_to_move}};
  doc.update(value_fields(r.outcome));
  doc["over"] = r.over;
  if (r.plies_left) doc["plies_left"] = *r.plies_left;
  ojson moves = ojson::array();
  for (const auto& m : r.moves) {
    ojson entry = {{"move", m.move}};
    add_name(entry, "name", m.name);
    entry.update(value_fields(m.outcome));
    moves.push_back(entry);
  }
  doc["moves"] = moves;
  if (r.mutual_zugzwang) doc["mutual_zugzwang"] = *r.mutual_zugzwang;
  if (r.fifty_move_rule)
    doc["fifty_move_rule"] = {{"ignored_by_tables", true},
                              {"halfmove_clock", r.fifty_move_rule->halfmove_clock},
                              {"draw_claimable", r.fifty_move_rule->draw_claimable}};
  return doc;
}

ojson tier_fields(const std::string& tier, const TierStats& s) {
  ojson doc = {{"tier", tier}};
  doc.update(to_json(s));
  return doc;
}

}  // namespace

ojson remoteness_json(Outcome o) { return o.has_remoteness() ? ojson(o.remoteness) : ojson(nullptr); }

ojson rules_json(const RuleValues& rules) { return ojson(zz::rules_json(rules)); }

ojson to_json(Outcome o) { return value_fields(o); }

ojson to_json(const TierStats& s) {
  return {{"positions", s.positions()}, {"wins", s.wins},
          {"losses", s.losses},         {"draws", s.draws},
          {"longest_win", s.longest_win}, {"longest_loss", s.longest_loss}};
}

ojson to_json(const GameInfo& g) {
  ojson rules = ojson::array();
  for (const auto& o : g.options)
    rules.push_back({{"name", o.name},
                     {"values", o.choices.empty() ? ojson("N") : ojson(o.choices)},
                     {"default", o.default_value},
                     {"help", o.help}});
  return {{"game", g.name},
          {"summary", g.summary},
          {"rules", rules},
          {"start", g.start},
          {"tables", g.tables},
          {"tables_by_material", g.tables_by_material},
          {"solves_on_demand", g.solves_on_demand},
          {"search", g.search},
          {"repetition_draw", g.repetition_draw}};
}

ojson to_json(const QueryResult& r) {
  ojson doc = header(r.game, r.rules);
  doc.update(position_fields(r));
  return doc;
}

ojson to_json(const PrincipalVariation& r) {
  ojson doc = header(r.game, r.rules);
  doc["position"] = r.position;
  doc.update(value_fields(r.outcome));
  ojson line = ojson::array();
  for (const auto& s : r.line) {
    ojson step = {{"move", s.move}};
    add_name(step, "name", s.name);
    step["position"] = s.position;
    step.update(value_fields(s.outcome));
    line.push_back(step);
  }
  doc["line"] = line;
  return doc;
}

ojson to_json(const MoveResult& r) {
  ojson doc = header(r.game, r.rules);
  doc["moves"] = r.moves;
  add_names(doc, "names", r.names);
  doc["position"] = r.position;
  doc["over"] = r.over;
  if (r.result) doc["result"] = *r.result;
  return doc;
}

ojson to_json(const PerftResult& r) {
  ojson doc = header(r.game, r.rules);
  doc["position"] = r.position;
  doc["depth"] = r.depth;
  doc["nodes"] = r.nodes;
  if (!r.divide.empty()) {
    ojson divide = ojson::array();
    for (const auto& [move, n] : r.divide) divide.push_back({{"move", move}, {"nodes", n}});
    doc["divide"] = divide;
  }
  doc["seconds"] = r.seconds;
  return doc;
}

ojson to_json(const SolveReport& r) {
  ojson doc = header(r.game, r.rules);
  doc["command"] = r.command;
  ojson tiers = ojson::array();
  for (const auto& t : r.tiers) {
    ojson entry = tier_fields(t.tier, t.stats);
    if (t.raw) {
      entry["raw_positions"] = t.raw->raw_positions;
      ojson sides = ojson::object();
      for (const auto& s : t.raw->sides)
        sides[s.side] = {{"wins", s.wins},         {"draws", s.draws},         {"losses", s.losses},
                         {"raw_wins", s.raw_wins}, {"raw_draws", s.raw_draws}, {"raw_losses", s.raw_losses}};
      entry["by_side"] = sides;
      if (t.raw->longest_win_example)
        entry["longest_win_example"] = {{"position", t.raw->longest_win_example->first},
                                        {"value", t.raw->longest_win_example->second}};
    }
    tiers.push_back(entry);
  }
  doc["tiers"] = tiers;
  doc["positions"] = r.total.positions();
  doc["wins"] = r.total.wins;
  doc["losses"] = r.total.losses;
  doc["draws"] = r.total.draws;
  if (r.raw_positions) doc["raw_positions"] = *r.raw_positions;
  if (r.start) {
    ojson start = position_fields(*r.start);
    start["principal_variation"] = r.start_line;
    add_names(start, "principal_variation_names", r.start_line_names);
    doc["start"] = start;
  }
  return doc;
}

namespace {

ojson analysis_lines(const std::vector<AnalysisLine>& lines) {
  ojson out = ojson::array();
  for (const auto& l : lines) {
    ojson line = {{"move", l.move}};
    add_name(line, "name", l.name);
    line["score"] = l.score;
    if (l.forced) line["forced"] = *l.forced;
    line["pv"] = l.pv;
    add_names(line, "pv_names", l.pv_names);
    if (l.proof) line["proof"] = {{"result", l.proof->result}, {"plies", l.proof->plies}};
    out.push_back(line);
  }
  return out;
}

}  // namespace

ojson to_json(const AnalyzeResult& r) {
  ojson doc = header(r.game, r.rules);
  doc["position"] = r.position;
  ojson proofs = ojson::array();
  for (const auto& p : r.proofs) {
    ojson entry = {{"attacker", p.attacker}, {"plies", p.plies}, {"result", p.result}, {"nodes", p.nodes}};
    if (p.no_forced_win_within) entry["no_forced_win_within"] = *p.no_forced_win_within;
    if (p.exact) entry["exact"] = true;
    proofs.push_back(entry);
  }
  doc["proofs"] = proofs;
  ojson moves = ojson::array();
  for (const auto& m : r.moves) {
    ojson entry = {{"move", m.move}};
    add_name(entry, "name", m.name);
    entry["result"] = m.result;
    entry["plies"] = m.plies;
    moves.push_back(entry);
  }
  doc["moves"] = moves;
  if (r.best_move) {
    doc["best_move"] = *r.best_move;
    if (r.best_move_name) add_name(doc, "best_move_name", *r.best_move_name);
    doc["score"] = r.score;
    if (r.forced) doc["forced"] = *r.forced;
    doc["search_depth"] = r.search_depth;
    doc["search_nodes"] = r.search_nodes;
  }
  doc["seconds"] = r.seconds;
  if (r.cancelled) doc["cancelled"] = true;
  doc["source"] = r.source;
  if (r.value) {
    doc["value"] = std::string(to_string(r.value->value));
    doc["remoteness"] = r.value->remoteness;
  }
  if (r.no_forced_win_within) doc["no_forced_win_within"] = *r.no_forced_win_within;
  doc["lines"] = analysis_lines(r.lines);
  doc["search_seldepth"] = r.search_seldepth;
  doc["nodes_per_second"] = r.nodes_per_second;
  doc["threads"] = r.threads;
  doc["tables"] = r.tables;
  return doc;
}

ojson to_json(const AnalyzeProgress& p) {
  ojson doc = {{"phase", p.phase}, {"side_to_move", p.side_to_move}, {"opponent", p.opponent},
               {"attacker", p.attacker}, {"horizon", p.horizon}, {"proof", p.proof},
               {"disproof", p.disproof}, {"nodes", p.nodes},     {"seconds", p.seconds}};
  if (p.no_forced_win_within) doc["no_forced_win_within"] = *p.no_forced_win_within;
  doc["depth"] = p.depth;
  doc["seldepth"] = p.seldepth;
  doc["score"] = p.score;
  doc["search_nodes"] = p.search_nodes;
  doc["nodes_per_second"] = p.nodes_per_second;
  doc["lines"] = analysis_lines(p.lines);
  return doc;
}

ojson to_json(const TablesResult& r) {
  ojson doc = header(r.game, r.rules);
  doc["directory"] = r.directory;
  ojson tables = ojson::array();
  for (const auto& t : r.tables) {
    ojson entry = {{"tier", t.tier}, {"file", t.file}, {"present", t.present}, {"entries", t.entries}};
    entry[t.present ? "bytes" : "estimated_bytes"] = t.bytes;
    if (t.present && t.format) {
      entry["format"] = t.format;
      entry["uncompressed_bytes"] = t.uncompressed_bytes;
      entry["bits_per_slot"] = t.entries ? 8.0 * static_cast<double>(t.bytes) / static_cast<double>(t.entries) : 0.0;
    }
    if (t.stats) {
      entry.update(to_json(*t.stats));
      entry["wins_by_remoteness"] = t.stats->wins_by_remoteness;
      entry["losses_by_remoteness"] = t.stats->losses_by_remoteness;
    }
    if (t.error) entry["error"] = *t.error;
    if (t.command) entry["command"] = *t.command;
    tables.push_back(entry);
  }
  doc["tables"] = tables;
  return doc;
}

ojson to_json(const CompressResult& r) {
  ojson doc = header(r.game, r.rules);
  ojson tables = ojson::array();
  for (const auto& t : r.tables) {
    if (t.bytes_before == 0) {
      tables.push_back({{"tier", t.tier}, {"present", false}});
      continue;
    }
    ojson entry = {{"tier", t.tier},
                   {"present", true},
                   {"entries", t.entries},
                   {"format_before", t.format_before},
                   {"format_after", t.format_after},
                   {"bytes_before", t.bytes_before},
                   {"bytes_after", t.bytes_after},
                   {"rewritten", !t.skipped},
                   {"recoded", t.recoded},
                   {"seconds", t.seconds}};
    if (!t.coder.empty()) entry["coder"] = t.coder;
    tables.push_back(entry);
  }
  doc["tables"] = tables;
  return doc;
}

ojson to_json(const SummaryResult& r) {
  ojson doc = header(r.game, r.rules);
  doc["command"] = r.command;
  ojson tables = ojson::array();
  for (const auto& t : r.tables) {
    ojson sides = ojson::object();
    for (const auto& s : t.sides) {
      ojson side = {{"wins", s.wins},         {"draws", s.draws},         {"losses", s.losses},
                    {"raw_wins", s.raw_wins}, {"raw_draws", s.raw_draws}, {"raw_losses", s.raw_losses}};
      side["longest_win"] = s.longest_win ? ojson{{"remoteness", s.longest_win->outcome.remoteness},
                                                  {"position", s.longest_win->position},
                                                  {"value", s.longest_win->value}}
                                          : ojson(nullptr);
      sides[s.side] = side;
    }
    ojson entry = {{"tier", t.tier}, {"entries", t.entries}, {"by_side", sides}};
    if (t.mutual_zugzwangs) {
      const auto& z = *t.mutual_zugzwangs;
      const std::string& first = t.sides[0].side;
      const std::string& second = t.sides[1].side;
      entry["mutual_zugzwangs"] = {
          {"full_point", z.full},
          {"half_point_" + first + "_in_zugzwang", z.first_in_zugzwang},
          {"half_point_" + second + "_in_zugzwang", z.second_in_zugzwang},
          {"raw_full_point", z.raw_full},
          {"raw_half_point_" + first + "_in_zugzwang", z.raw_first_in_zugzwang},
          {"raw_half_point_" + second + "_in_zugzwang", z.raw_second_in_zugzwang},
          {"example", z.example ? ojson(*z.example) : ojson(nullptr)}};
    }
    tables.push_back(entry);
  }
  doc["tables"] = tables;
  return doc;
}

ojson to_json(const VerifyResult& r) {
  ojson doc = header(r.game, r.rules);
  doc["clean"] = r.clean();
  ojson tables = ojson::array();
  for (const auto& t : r.tables) {
    ojson examples = ojson::array();
    for (const auto& m : t.examples)
      examples.push_back({{"position", m.position}, {"index", m.index}, {"stored", value_fields(m.stored)},
                          {"expected", value_fields(m.expected)}});
    const ojson sample = t.sample ? ojson{{"requested", t.sample->requested}, {"seed", t.sample->seed},
                                          {"drawn", t.sample->drawn}}
                                  : ojson(nullptr);
    tables.push_back({{"tier", t.tier}, {"entries", t.entries}, {"sample", sample}, {"positions", t.positions},
                      {"derived", t.derived}, {"checked", t.checked}, {"from_scratch", t.from_scratch},
                      {"decoded_whole", t.decoded_whole}, {"mismatches", t.mismatches}, {"examples", examples},
                      {"seconds", t.seconds}});
  }
  doc["tables"] = tables;
  return doc;
}

ojson to_json(const ReviewResult& r) {
  ojson doc = header(r.game, r.rules);
  doc["start"] = r.start;
  auto optional_value = [](const std::optional<Outcome>& o) {
    return o ? value_fields(*o) : ojson{{"value", nullptr}, {"remoteness", nullptr}};
  };
  ojson plies = ojson::array();
  for (const auto& p : r.plies) {
    ojson entry = {{"ply", p.ply}, {"side", p.side}, {"position", p.position}, {"move", p.move}};
    add_name(entry, "name", p.name);
    entry["before"] = optional_value(p.before);
    entry["played"] = optional_value(p.played);
    entry["best_move"] = p.best_move ? ojson(*p.best_move) : ojson(nullptr);
    if (!p.name.empty()) entry["best_move_name"] = p.best_move_name ? ojson(*p.best_move_name) : ojson(nullptr);
    entry["verdict"] = p.verdict;
    entry["plies_lost"] = p.plies_lost;
    entry["only_move"] = p.only_move;
    entry["source"] = p.source;
    if (p.before_unforced_within) entry["before_unforced_within"] = *p.before_unforced_within;
    if (p.played_unforced_within) entry["played_unforced_within"] = *p.played_unforced_within;
    plies.push_back(entry);
  }
  doc["plies"] = plies;
  doc["final_position"] = r.final_position;
  doc["over"] = r.over;
  if (r.result) doc["result"] = *r.result;
  doc["final_value"] = optional_value(r.final_value);
  ojson summary = ojson::array();
  for (const auto& s : r.summary)
    summary.push_back({{"side", s.side}, {"optimal", s.optimal}, {"slower", s.slower}, {"mistakes", s.mistakes},
                       {"unknown", s.unknown}});
  doc["summary"] = summary;
  doc["decided_from"] = r.decided_from ? ojson(*r.decided_from) : ojson(nullptr);
  doc["proof_plies"] = r.proof_plies;
  doc["proof_nodes"] = r.proof_nodes;
  return doc;
}

ojson to_json(const ExportRow& r) {
  ojson doc = {{"position", r.position}, {"tier", r.tier}};
  doc.update(value_fields(r.outcome));
  return doc;
}

}  // namespace zz::api
