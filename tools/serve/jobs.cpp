#include "tools/serve/jobs.hpp"

#include <vector>

#include "core/common/error.hpp"

namespace zz::serve {

AnalyzeJobs::~AnalyzeJobs() {
  std::vector<std::shared_ptr<Job>> all;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, job] : jobs_) all.push_back(job);
  }
  for (auto& job : all) job->stop = true;
  for (auto& job : all)
    if (job->thread.joinable()) job->thread.join();
}

std::uint64_t AnalyzeJobs::start(api::Session& session, api::AnalyzeRequest request) {
  std::lock_guard lock(mutex_);
  if (running_ >= limit_)
    throw InputError("too many analyses running (at most " + std::to_string(limit_) + "): cancel one or wait");
  const std::uint64_t id = next_id_++;
  auto job = std::make_shared<Job>();
  job->status.state = "running";
  request.stop = &job->stop;
  request.progress = [job](const api::AnalyzeProgress& p) {
    std::lock_guard job_lock(job->mutex);
    job->status.progress = p;
  };
  ++running_;
  jobs_[id] = job;
  job->thread = std::thread([this, job, &session, request = std::move(request)] {
    std::optional<api::AnalyzeResult> result;
    std::string error;
    try {
      result = session.analyze(request);
    } catch (const std::exception& e) {
      error = e.what();
    }
    {
      std::lock_guard job_lock(job->mutex);
      job->status.elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - job->started).count();
      if (result) {
        job->status.state = result->cancelled ? "cancelled" : "done";
        job->status.result = std::move(result);
      } else {
        job->status.state = "failed";
        job->status.error = error;
      }
    }
    std::lock_guard lock(mutex_);
    --running_;
    job->finished_order = ++finished_;
    forget_old();
  });
  return id;
}

void AnalyzeJobs::forget_old() {
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    const std::uint64_t order = it->second->finished_order;
    if (order != 0 && order + kept_ <= finished_) {
      // Its thread has finished its work; detach so that the erase does not wait on it.
      if (it->second->thread.joinable()) it->second->thread.detach();
      it = jobs_.erase(it);
    } else {
      ++it;
    }
  }
}

std::optional<JobStatus> AnalyzeJobs::status(std::uint64_t id) {
  std::shared_ptr<Job> job;
  {
    std::lock_guard lock(mutex_);
    auto it = jobs_.find(id);
    if (it == jobs_.end()) return std::nullopt;
    job = it->second;
  }
  std::lock_guard job_lock(job->mutex);
  JobStatus status = job->status;
  if (status.state == "running")
    status.elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - job->started).count();
  return status;
}

bool AnalyzeJobs::cancel(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(id);
  if (it == jobs_.end()) return false;
  it->second->stop = true;
  return true;
}

}  // namespace zz::serve
