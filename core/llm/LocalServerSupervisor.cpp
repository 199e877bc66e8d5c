#include "llm/LocalServerSupervisor.h"

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>

#include "llm/CurlHttp.h"
#include "support/Error.h"

namespace grove::llm {
namespace bp = boost::process;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

struct LocalServerSupervisor::Child {
  bp::child process;
};

namespace {

// A server that keeps dying is restarted after 0.5 s, 1 s, 2 s ... up to 30 s.
milliseconds restartDelay(int consecutiveFailures) {
  if (consecutiveFailures <= 0) return milliseconds(0);
  int ms = 500;
  for (int i = 1; i < consecutiveFailures && ms < 30'000; ++i) ms *= 2;
  return milliseconds(std::min(ms, 30'000));
}

}  // namespace

LocalServerSupervisor::LocalServerSupervisor(SupervisorOptions options) : options_(std::move(options)) {}

LocalServerSupervisor::~LocalServerSupervisor() { stop(); }

void LocalServerSupervisor::log(const std::string& message) const {
  std::string line = "grove: local server for provider " + options_.name + ": " + message;
  if (options_.log) {
    options_.log(line);
  } else {
    std::cerr << line << std::endl;
  }
}

void LocalServerSupervisor::start() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (watcher_.joinable()) return;
  stopping_ = false;
  watcher_ = std::thread([this] { watch(); });
}

LocalServerSupervisor::State LocalServerSupervisor::state() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return state_;
}

int LocalServerSupervisor::pid() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return child_ ? static_cast<int>(child_->process.id()) : 0;
}

int LocalServerSupervisor::restarts() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return restarts_;
}

bool LocalServerSupervisor::probe() const {
  HttpRequest req;
  req.method = "GET";
  req.url = options_.healthUrl;
  req.connectTimeoutMs = 1'000;
  req.idleTimeoutMs = 2'000;
  req.maxBodyBytes = 1 << 20;
  CancellationToken never;
  HttpResult r = performHttp(req, [](const HttpHead&, std::string_view) { return false; }, never);
  // Servers still loading their model answer 503: not ready yet.
  return r.head.status >= 200 && r.head.status < 500;
}

// Called with mutex_ held, on the watcher thread only: PR_SET_PDEATHSIG fires
// when the thread that forked exits, and the watcher lives as long as we do.
void LocalServerSupervisor::spawnLocked() {
  startedAt_ = Clock::now();
  const std::string& program = options_.command.front();
  boost::filesystem::path exe = program.find('/') == std::string::npos ? bp::search_path(program)
                                                                        : boost::filesystem::path(program);
  if (exe.empty()) {
    state_ = State::Failed;
    failure_ = "command not found: " + program;
    ++consecutiveFailures_;
    return;
  }
  std::vector<std::string> args(options_.command.begin() + 1, options_.command.end());
  try {
    auto child = std::make_unique<Child>(Child{bp::child(
        bp::exe = exe.string(), bp::args = args,  //
        bp::std_in < bp::null, bp::std_out > bp::null, bp::std_err > bp::null,
        // Our stdout is the JSON-RPC channel, so the child never inherits it.
        // Its own process group lets stop() reach helpers it forks; the death
        // signal stops it if Grove is killed without a chance to clean up.
        bp::extend::on_exec_setup = [](auto&) {
          ::setpgid(0, 0);
          ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        })});
    child_ = std::move(child);
    state_ = State::Starting;
    failure_.clear();
    log("started " + program + " (pid " + std::to_string(child_->process.id()) + ")");
  } catch (const bp::process_error& e) {
    state_ = State::Failed;
    failure_ = "could not start " + program + ": " + e.code().message();
    ++consecutiveFailures_;
  }
}

void LocalServerSupervisor::terminate(std::unique_ptr<Child>& child) {
  if (!child) return;
  const pid_t pid = static_cast<pid_t>(child->process.id());
  std::error_code ec;
  if (pid > 1 && child->process.running(ec)) {
    ::kill(-pid, SIGTERM);  // the whole group: the server and anything it forked
    ::kill(pid, SIGTERM);
    const auto deadline = Clock::now() + milliseconds(options_.stopGraceMs);
    while (child->process.running(ec) && Clock::now() < deadline) {
      std::this_thread::sleep_for(milliseconds(10));
    }
    if (child->process.running(ec)) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
    }
  }
  child->process.wait(ec);
  child.reset();
}

void LocalServerSupervisor::watch() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    std::error_code ec;
    const bool alive = child_ && child_->process.running(ec);
    if (!alive) {
      if (child_) {
        int code = child_->process.exit_code();
        child_.reset();
        state_ = State::Starting;
        ++restarts_;
        // Only a server that dies soon after starting counts towards backoff;
        // one that ran for a while is restarted at once.
        const bool diedYoung = Clock::now() - startedAt_ < std::chrono::seconds(10);
        consecutiveFailures_ = diedYoung ? consecutiveFailures_ + 1 : 0;
        log("exited (code " + std::to_string(code) + "); restarting");
      }
      auto delay = restartDelay(consecutiveFailures_);
      if (delay.count() > 0 &&
          changed_.wait_for(lock, delay, [this] { return stopping_; })) {
        break;
      }
      spawnLocked();
      changed_.notify_all();
    }
    if (state_ == State::Starting) {
      lock.unlock();
      const bool ready = probe();
      lock.lock();
      if (stopping_) break;
      if (ready && child_) {
        state_ = State::Ready;
        consecutiveFailures_ = 0;
        log("answering");
        changed_.notify_all();
      } else if (Clock::now() - startedAt_ > milliseconds(options_.startTimeoutMs)) {
        failure_ = "did not answer within " + std::to_string(options_.startTimeoutMs) + " ms";
        log(failure_ + "; restarting");
        state_ = State::Failed;
        auto victim = std::move(child_);
        lock.unlock();
        terminate(victim);
        lock.lock();
        ++consecutiveFailures_;
        changed_.notify_all();
      }
    }
    const auto interval = milliseconds(state_ == State::Starting ? 50 : options_.checkIntervalMs);
    changed_.wait_for(lock, interval, [this] { return stopping_ || wake_; });
    wake_ = false;
  }
  auto victim = std::move(child_);
  lock.unlock();
  terminate(victim);
  lock.lock();
  state_ = State::Stopped;
  changed_.notify_all();
}

void LocalServerSupervisor::ensureReady(const CancellationToken& cancel) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!watcher_.joinable() || stopping_) {
    throw Error(ErrorKind::Provider, "unreachable", "local server for provider " + options_.name + " is stopped");
  }
  std::error_code ec;
  if (state_ == State::Ready && !(child_ && child_->process.running(ec))) {
    state_ = State::Starting;  // died since the watcher last looked
  }
  if (state_ == State::Ready) return;
  wake_ = true;
  changed_.notify_all();
  const auto deadline = Clock::now() + milliseconds(options_.startTimeoutMs);
  while (state_ != State::Ready) {
    if (state_ == State::Failed) {
      throw Error(ErrorKind::Provider, "unreachable", "local server for provider " + options_.name + ": " + failure_);
    }
    if (cancel.cancelled()) {
      throw Error(ErrorKind::Cancelled, "cancelled", "request cancelled while the local server was starting");
    }
    if (stopping_ || Clock::now() >= deadline) {
      std::string why = failure_.empty() ? "it did not answer in time" : failure_;
      throw Error(ErrorKind::Provider, "unreachable", "local server for provider " + options_.name + ": " + why);
    }
    // Short waits so a cancel is noticed promptly.
    changed_.wait_for(lock, milliseconds(20));
  }
}

void LocalServerSupervisor::markSuspect() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (state_ != State::Ready) return;
    state_ = State::Starting;  // the watcher probes it again, or restarts it if it died
    startedAt_ = Clock::now();
    wake_ = true;
  }
  changed_.notify_all();
}

void LocalServerSupervisor::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (watcher_.joinable() && watcher_.get_id() != std::this_thread::get_id()) watcher_.join();
}

}  // namespace grove::llm
