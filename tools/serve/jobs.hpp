#pragma once
// Analyze jobs of the HTTP server: each runs on a thread of its own, reports progress that
// any request may read, and stops when cancelled. At most `limit` run at once; finished
// jobs are kept for reading until `kept` newer ones have finished.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "api/session.hpp"

namespace zz::serve {

struct JobStatus {
  std::string state;  // running, done, cancelled, failed
  double elapsed = 0;  // seconds since the job started (until it ended)
  std::optional<api::AnalyzeProgress> progress;
  std::optional<api::AnalyzeResult> result;
  std::string error;  // failed: why
};

class AnalyzeJobs {
 public:
  AnalyzeJobs(int limit, int kept) : limit_(limit), kept_(kept) {}
  ~AnalyzeJobs();  // cancels and joins every job

  // Starts a job; InputError when `limit` jobs are running already.
  std::uint64_t start(api::Session& session, api::AnalyzeRequest request);
  // nullopt for an unknown (or forgotten) job.
  std::optional<JobStatus> status(std::uint64_t id);
  bool cancel(std::uint64_t id);

 private:
  struct Job {
    std::atomic<bool> stop{false};
    std::mutex mutex;
    JobStatus status;
    std::thread thread;
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::uint64_t finished_order = 0;  // 0 while running
  };
  void forget_old();  // under mutex_

  const int limit_, kept_;
  std::mutex mutex_;
  std::map<std::uint64_t, std::shared_ptr<Job>> jobs_;
  std::uint64_t next_id_ = 1;
  std::uint64_t finished_ = 0;
  int running_ = 0;
};

}  // namespace zz::serve
