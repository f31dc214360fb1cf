#include "tools/serve/server.hpp"

#include <signal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "api/build_info.hpp"
#include "api/json.hpp"
#include "api/limits.hpp"
#include "core/common/error.hpp"
#include "core/common/one_line.hpp"
#include "tools/serve/assets.hpp"
#include "tools/serve/jobs.hpp"
#include "tools/serve/sessions.hpp"

namespace zz::serve {
namespace {

using api::ojson;

void send_json(httplib::Response& res, const ojson& doc, int status = 200) {
  res.status = status;
  // Text a request brought that is not UTF-8 must not make the answer fail: replaced, as the
  // last line of defence (reasons pass through one_line, which escapes such bytes).
  res.set_content(doc.dump(-1, ' ', false, ojson::error_handler_t::replace), "application/json");
}

// The request's parameters: from the query string (GET) or a JSON object body (POST).
class Params {
 public:
  explicit Params(const httplib::Request& req) : req_(req) {
    if (req.method != "POST") return;
    body_ = nlohmann::json::parse(req.body, nullptr, false);
    if (body_.is_discarded() || !body_.is_object()) throw InputError("the request body is not a JSON object");
  }

  std::string text(const char* name) const {
    if (auto v = optional_text(name)) return *v;
    throw InputError(std::string("missing parameter '") + name + "'");
  }
  std::optional<std::string> optional_text(const char* name) const {
    if (req_.method == "POST") {
      if (!body_.contains(name)) return std::nullopt;
      if (!body_[name].is_string()) throw InputError(std::string("parameter '") + name + "' must be a string");
      return body_[name].get<std::string>();
    }
    if (!req_.has_param(name)) return std::nullopt;
    return req_.get_param_value(name);
  }
  std::vector<std::string> list(const char* name) const {
    std::vector<std::string> values;
    if (req_.method == "POST") {
      if (!body_.contains(name)) return values;
      if (!body_[name].is_array()) throw InputError(std::string("parameter '") + name + "' must be a list of strings");
      for (const auto& v : body_[name]) {
        if (!v.is_string()) throw InputError(std::string("parameter '") + name + "' must be a list of strings");
        values.push_back(v.get<std::string>());
      }
      return values;
    }
    for (std::size_t i = 0; i < req_.get_param_value_count(name); ++i) values.push_back(req_.get_param_value(name, i));
    return values;
  }
  // Rule options: repeated `rule` parameters in a query string, a `rules` list in a body.
  std::vector<std::string> rules() const { return list(req_.method == "POST" ? "rules" : "rule"); }

  std::optional<double> number(const char* name) const {
    if (req_.method == "POST") {
      if (!body_.contains(name)) return std::nullopt;
      if (!body_[name].is_number()) throw InputError(std::string("parameter '") + name + "' must be a number");
      return body_[name].get<double>();
    }
    if (!req_.has_param(name)) return std::nullopt;
    const std::string v = req_.get_param_value(name);
    std::size_t used = 0;
    double d = 0;
    try {
      d = std::stod(v, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != v.size()) throw InputError(std::string("parameter '") + name + "' must be a number");
    return d;
  }
  // A whole number (depth, plies, nodes); a JSON body may give it as 3 or 3.0.
  std::optional<std::int64_t> integer(const char* name) const {
    const auto d = number(name);
    if (!d) return std::nullopt;
    if (*d != static_cast<double>(static_cast<std::int64_t>(*d)) || std::abs(*d) > 1e15)
      throw InputError(std::string("parameter '") + name + "' must be a whole number");
    return static_cast<std::int64_t>(*d);
  }

 private:
  const httplib::Request& req_;
  nlohmann::json body_;
};

// Runs a handler; what it throws becomes the answer: a missing table 404 (naming the
// command that builds it), a position no table covers or other bad input 400, anything
// else 500, each a one-line reason.
template <class F>
httplib::Server::Handler api_handler(F f) {
  return [f](const httplib::Request& req, httplib::Response& res) {
    try {
      f(req, res);
    } catch (const api::MissingTable& e) {
      send_json(res, {{"error", one_line(e.what())}, {"command", e.command}, {"bytes", e.bytes}}, 404);
    } catch (const api::NotCovered& e) {
      send_json(res, {{"error", one_line(e.what())}, {"covered", false}}, 400);
    } catch (const InputError& e) {
      send_json(res, {{"error", one_line(e.what())}}, 400);
    } catch (const std::exception& e) {
      send_json(res, {{"error", one_line(std::string("internal error: ") + e.what())}}, 500);
    }
  };
}

std::uint64_t job_id(const httplib::Request& req) { return std::stoull(req.matches[1].str()); }

ojson job_json(std::uint64_t id, const JobStatus& s) {
  ojson doc = {{"job", id}, {"state", s.state}, {"elapsed", s.elapsed}};
  if (s.progress) doc["progress"] = api::to_json(*s.progress);
  if (s.result) doc["result"] = api::to_json(*s.result);
  if (!s.error.empty()) doc["error"] = one_line(s.error);
  return doc;
}

void add_api(httplib::Server& server, SessionPool& sessions, AnalyzeJobs& jobs, const Options& options) {
  auto session = [&sessions](const Params& p) -> api::Session& { return sessions.get(p.text("game"), p.rules()); };

  server.Get("/api/version", api_handler([](const httplib::Request&, httplib::Response& res) {
               const auto& b = api::build_info();
               send_json(res, {{"version", b.version},
                               {"commit", b.commit},
                               {"build_type", b.build_type},
                               {"compiler", b.compiler},
                               {"table_format", b.table_format}});
             }));
  server.Get("/api/games", api_handler([&sessions](const httplib::Request&, httplib::Response& res) {
               ojson doc = ojson::array();
               for (const auto& g : sessions.added()) doc.push_back(api::to_json(g));
               for (const auto& g : api::games()) doc.push_back(api::to_json(g));
               send_json(res, doc);
             }));
  server.Get("/api/position", api_handler([session](const httplib::Request& req, httplib::Response& res) {
               const Params p(req);
               api::Session& s = session(p);
               const std::string position = s.normalize(p.text("position"));
               const auto state = s.move(position, {});
               send_json(res, {{"game", s.info().name},
                               {"rules", api::rules_json(s.rules())},
                               {"position", position},
                               {"over", state.over},
                               {"result", state.result ? ojson(*state.result) : ojson(nullptr)},
                               {"moves", s.legal_moves(position)}});
             }));
  server.Get("/api/board", api_handler([session](const httplib::Request& req, httplib::Response& res) {
               const Params p(req);
               send_json(res, api::to_json(session(p).board(p.text("position"))));
             }));
  server.Get("/api/query", api_handler([session](const httplib::Request& req, httplib::Response& res) {
               const Params p(req);
               send_json(res, api::to_json(session(p).query(p.text("position"))));
             }));
  server.Get("/api/line", api_handler([session](const httplib::Request& req, httplib::Response& res) {
               const Params p(req);
               send_json(res, api::to_json(session(p).principal_variation(p.text("position"))));
             }));
  server.Get("/api/move", api_handler([session](const httplib::Request& req, httplib::Response& res) {
               const Params p(req);
               send_json(res, api::to_json(session(p).move(p.text("position"), p.list("move"))));
             }));
  server.Get("/api/perft", api_handler([session, &options](const httplib::Request& req, httplib::Response& res) {
               const Params p(req);
               const auto depth = p.number("depth");
               if (!depth || *depth != static_cast<int>(*depth) || *depth < 0 || *depth > options.max_perft_depth)
                 throw InputError("depth must be an integer from 0 to " + std::to_string(options.max_perft_depth));
               send_json(res, api::to_json(session(p).perft(p.text("position"), static_cast<int>(*depth),
                                                            p.optional_text("divide") == "true")));
             }));
  server.Get("/api/tables", api_handler([session](const httplib::Request& req, httplib::Response& res) {
               const Params p(req);
               send_json(res, api::to_json(session(p).tables(p.optional_text("material").value_or(""))));
             }));
  server.Post("/api/review", api_handler([session](const httplib::Request& req, httplib::Response& res) {
                const Params p(req);
                api::ReviewOptions review;
                if (const auto plies = p.integer("proof_plies"))
                  review.proof_plies = static_cast<int>(std::clamp<std::int64_t>(*plies, -1, 1 << 20));
                if (const auto nodes = p.integer("proof_nodes"))
                  review.proof_nodes = static_cast<std::uint64_t>(std::max<std::int64_t>(*nodes, 0));
                api::check(review);
                send_json(res, api::to_json(session(p).review(p.text("start"), p.list("moves"), review)));
              }));
  server.Post("/api/analyze", api_handler([session, &jobs, &options](const httplib::Request& req,
                                                                     httplib::Response& res) {
                const Params p(req);
                api::AnalyzeRequest request;
                request.position = p.text("position");
                if (const auto depth = p.integer("depth"))
                  request.depth = static_cast<int>(std::clamp<std::int64_t>(*depth, -1, 1 << 20));
                request.seconds = p.number("seconds");
                if (const auto lines = p.integer("lines"))
                  request.lines = static_cast<int>(std::clamp<std::int64_t>(*lines, -1, 1 << 20));
                if (const auto threads = p.integer("threads"))
                  request.threads = static_cast<int>(std::clamp<std::int64_t>(*threads, -1, 1 << 20));
                api::check(request);  // the results layer's limits (api/limits.hpp)
                // No more search threads than this machine has cores.
                const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
                if (request.threads > cores)
                  throw InputError("threads must be at most " + std::to_string(cores) + " on this server");
                // This server's own, lower bound on a job's time.
                if (request.seconds && *request.seconds > options.max_analyze_seconds)
                  throw InputError("seconds must be at most " +
                                   std::to_string(static_cast<int>(options.max_analyze_seconds)) + " on this server");
                api::Session& s = session(p);
                s.normalize(request.position);  // refuse a bad position now, not in the job
                send_json(res, {{"job", jobs.start(s, std::move(request))}, {"state", "running"}}, 202);
              }));
  server.Get("/api/export", api_handler([session, &options](const httplib::Request& req, httplib::Response& res) {
               const Params p(req);
               api::ExportRequest request;
               request.material = p.optional_text("material").value_or("");
               request.where = api::parse_where(p.optional_text("where").value_or(""));
               const auto limit = p.integer("limit");
               if (limit && (*limit < 0 || *limit > options.max_export_rows))
                 throw InputError("limit must be between 0 and " + std::to_string(options.max_export_rows) +
                                  " on this server");
               // Bounded: an answer is held in memory; the command line streams whole tables.
               request.limit = limit ? static_cast<std::uint64_t>(*limit) : options.max_export_rows;
               api::Session& s = session(p);
               ojson rows = ojson::array();
               const auto count = s.export_rows(request, [&](const api::ExportRow& row) { rows.push_back(api::to_json(row)); });
               send_json(res, {{"game", s.info().name}, {"rules", api::rules_json(s.rules())}, {"positions", rows},
                               {"count", count}});
             }));
  server.Get(R"(/api/analyze/(\d{1,18}))", api_handler([&jobs](const httplib::Request& req, httplib::Response& res) {
               const auto id = job_id(req);
               const auto status = jobs.status(id);
               if (!status) return send_json(res, {{"error", "no analysis " + std::to_string(id)}}, 404);
               send_json(res, job_json(id, *status));
             }));
  server.Delete(R"(/api/analyze/(\d{1,18}))", api_handler([&jobs](const httplib::Request& req, httplib::Response& res) {
                  const auto id = job_id(req);
                  if (!jobs.cancel(id)) return send_json(res, {{"error", "no analysis " + std::to_string(id)}}, 404);
                  send_json(res, {{"job", id}, {"state", "cancelling"}});
                }));
  server.Get(R"(/api/.*)", [](const httplib::Request& req, httplib::Response& res) {
    send_json(res, {{"error", one_line("no such API: " + req.path)}}, 404);
  });
}

// The page: the built-in copy, or the files of --web DIR (and nothing outside it).
void add_page(httplib::Server& server, const Options& options) {
  const std::optional<std::filesystem::path> dir =
      options.web_dir ? std::optional(std::filesystem::weakly_canonical(*options.web_dir)) : std::nullopt;
  server.Get(R"(/(.*))", [dir](const httplib::Request& req, httplib::Response& res) {
    std::string path = req.matches[1].str();
    if (path.empty()) path = "index.html";
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'");
    if (path.find("..") != std::string::npos || path.find('\0') != std::string::npos || path.front() == '/') {
      res.status = 404;
      return res.set_content("not found\n", "text/plain");
    }
    if (!dir) {
      if (const Asset* a = find_asset(path)) return res.set_content(std::string(a->content), std::string(mime_type(path)));
      res.status = 404;
      return res.set_content("not found\n", "text/plain");
    }
    const auto file = std::filesystem::weakly_canonical(*dir / path);
    const auto rel = file.lexically_relative(*dir);
    if (rel.empty() || *rel.begin() == ".." || !std::filesystem::is_regular_file(file)) {
      res.status = 404;
      return res.set_content("not found\n", "text/plain");
    }
    std::ifstream in(file, std::ios::binary);
    std::stringstream content;
    content << in.rdbuf();
    res.set_content(content.str(), std::string(mime_type(path)));
  });
}

}  // namespace

int run(const Options& options) {
  // SIGINT and SIGTERM stop the server from a thread of its own (stop() is not safe inside a
  // signal handler): every thread started from here on has them blocked.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  SessionPool sessions(options.data_dir);
  for (const auto& s : options.sessions) sessions.add(s);
  AnalyzeJobs jobs(options.max_jobs, 64);
  httplib::Server server;
  const int threads = options.threads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<std::size_t>(threads)); };
  server.set_payload_max_length(options.max_body);
  server.set_read_timeout(2, 0);
  server.set_write_timeout(5, 0);
  server.set_keep_alive_timeout(1);
  server.set_keep_alive_max_count(100);
  // An answer leaves in several writes (headers, body); with Nagle's algorithm the second
  // waits for the client's delayed acknowledgement, 40 ms on Linux, on every kept-alive
  // request.
  server.set_tcp_nodelay(true);
  if (options.log)
    server.set_logger([](const httplib::Request& req, const httplib::Response& res) {
      std::fprintf(stderr, "%d %s %s\n", res.status, req.method.c_str(), req.path.c_str());
    });
  add_api(server, sessions, jobs, options);
  add_page(server, options);

  int port = options.port;
  if (port == 0) {
    port = server.bind_to_any_port(options.host);
    if (port < 0) throw InputError("cannot listen on " + options.host);
  } else if (!server.bind_to_port(options.host, port)) {
    throw InputError("cannot listen on " + options.host + ":" + std::to_string(port) + " (in use, or not an address here)");
  }
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    server.stop();
  });
  const std::string host = options.host.find(':') != std::string::npos ? "[" + options.host + "]" : options.host;
  if (options.listening) options.listening("http://" + host + ":" + std::to_string(port) + "/");
  const bool ok = server.listen_after_bind();
  // Wake the stopper if the server ended another way.
  pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
  return ok ? 0 : 1;
}

}  // namespace zz::serve
