#include "tools/cli/command.hpp"

namespace zz::cli {

int run_games(const std::vector<std::string>& args);
int run_solve(const std::vector<std::string>& args);
int run_query(const std::vector<std::string>& args);
int run_probe(const std::vector<std::string>& args);
int run_export(const std::vector<std::string>& args);
int run_move(const std::vector<std::string>& args);
int run_perft(const std::vector<std::string>& args);
int run_play_server(const std::vector<std::string>& args);
int run_analyze(const std::vector<std::string>& args);
int run_tables(const std::vector<std::string>& args);
int run_compress(const std::vector<std::string>& args);
int run_verify(const std::vector<std::string>& args);
int run_summary(const std::vector<std::string>& args);
int run_review(const std::vector<std::string>& args);
int run_match(const std::vector<std::string>& args);
int run_serve(const std::vector<std::string>& args);
int run_board(const std::vector<std::string>& args);

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {
      {"games", "games                                   list games and their rule options", run_games},
      {"solve", "solve GAME [--rule K=V]... [--threads N] [--data DIR]   build and store tables", run_solve},
      {"query", "query GAME POSITION|start [--line] [--json]   value, remoteness, every move with its value", run_query},
      {"probe", "probe GAME [--json] < POSITIONS          the value of each position read, a line each", run_probe},
      {"export", "export GAME [--format json|jsonl] [--where value=win] [--limit N] [--output FILE]", run_export},
      {"tables", "tables GAME [--material M] [--json]    the tables on disk: present, missing, their counts", run_tables},
      {"compress", "compress GAME [--material M] [--format 3|2]   rewrite stored tables compressed (or back)",
       run_compress},
      {"verify", "verify GAME [--material M] [--threads N]   check every stored position against its moves",
       run_verify},
      {"summary", "summary GAME [--material M] [--json]   per side: counts, longest win, mutual zugzwangs",
       run_summary},
      {"review", "review GAME START MOVE... [--json]      each move of a game against the tables", run_review},
      {"move", "move GAME POSITION MOVE...              the position after the moves", run_move},
      {"board", "board GAME POSITION [--json]            squares, pieces, hands, marks and moves as data", run_board},
      {"perft", "perft GAME POSITION DEPTH [--divide]    count legal move sequences", run_perft},
      {"analyze", "analyze GAME POSITION --depth N|--seconds S [--json]   proof search and best move", run_analyze},
      {"serve", "serve [--host H] [--port N] [--data DIR] [--open]   the analysis board and JSON API over HTTP",
       run_serve},
      {"play-server", "play-server tablut --color white|black [--host H] [--port N] [--time S]   play a competition game",
       run_play_server},
      {"match", "match tablut --first CMD --second CMD [--games N] [--time S]   engines against each other", run_match},
  };
  return all;
}

}  // namespace zz::cli
