#include "CoreChild.h"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "ServerProcess.h"

namespace grove::test {

namespace {

using Clock = std::chrono::steady_clock;

// Only async-signal-safe calls between fork and exec: everything the child
// needs is prepared before forking.
[[noreturn]] void execChild(const CoreChild::Options& o, gid_t gid, int in, int out, int err,
                            const std::vector<char*>& argv, const std::vector<char*>& envp) {
  ::dup2(in, 0);
  ::dup2(out, 1);
  ::dup2(err, 2);
  if (o.umask) ::umask(*o.umask);
  if (o.openFileLimit) {
    rlimit r{static_cast<rlim_t>(*o.openFileLimit), static_cast<rlim_t>(*o.openFileLimit)};
    if (::setrlimit(RLIMIT_NOFILE, &r) != 0) ::_exit(120);
  }
  if (o.uid) {
    if (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(*o.uid) != 0) ::_exit(121);
  }
  ::execve(argv[0], argv.data(), envp.data());
  ::_exit(127);
}

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

std::optional<uid_t> throwawayAccount() {
  if (::geteuid() != 0) return std::nullopt;
  passwd* pw = ::getpwnam("nobody");
  if (!pw) return std::nullopt;
  return pw->pw_uid;
}

CoreChild::CoreChild(Options options) : options_(std::move(options)) {
  int toServer[2], fromServer[2];
  if (::pipe2(toServer, O_CLOEXEC) != 0 || ::pipe2(fromServer, O_CLOEXEC) != 0)
    throw std::runtime_error("pipe2 failed");
  int err = ::open(options_.stderrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (err < 0) throw std::runtime_error("cannot open " + options_.stderrPath);
  std::string binary = options_.binary.empty() ? ServerProcess::binary() : options_.binary;
  std::vector<std::string> args{binary};
  args.insert(args.end(), options_.args.begin(), options_.args.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // The child's environment: ours with the changes applied.
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    std::string entry(*e);
    std::string name = entry.substr(0, entry.find('='));
    bool changed = false;
    for (const auto& change : options_.env) changed = changed || change.first == name;
    if (!changed) env.push_back(entry);
  }
  for (const auto& [name, value] : options_.env)
    if (!value.empty()) env.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (auto& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  gid_t gid = 0;
  if (options_.uid) {
    passwd* pw = ::getpwuid(*options_.uid);
    gid = pw ? pw->pw_gid : static_cast<gid_t>(*options_.uid);
  }
  pid_ = ::fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) execChild(options_, gid, toServer[0], fromServer[1], err, argv, envp);
  ::close(toServer[0]);
  ::close(fromServer[1]);
  ::close(err);
  client_ = std::make_unique<RpcClient>(fromServer[0], toServer[1]);
}

CoreChild::~CoreChild() {
  client_.reset();
  if (!reaped_) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

std::string CoreChild::stderrText() const { return readFile(options_.stderrPath); }

bool CoreChild::waitForLog(const std::string& needle, Millis timeout) const {
  auto deadline = Clock::now() + timeout;
  for (;;) {
    if (stderrText().find(needle) != std::string::npos) return true;
    if (Clock::now() >= deadline) return false;
    std::this_thread::sleep_for(Millis(20));  // polling a file: no event to wait on
  }
}

std::optional<int> CoreChild::waitExit(Millis timeout) {
  auto deadline = Clock::now() + timeout;
  for (;;) {
    int status = 0;
    pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      reaped_ = true;
      return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    if (Clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(Millis(10));
  }
}

long CoreChild::status(const char* field) const {
  std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
  std::string line;
  const std::string prefix = std::string(field) + ":";
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) return std::strtol(line.c_str() + prefix.size(), nullptr, 10);
  return -1;
}

long CoreChild::rssKiB() const { return status("VmRSS"); }
long CoreChild::peakRssKiB() const { return status("VmHWM"); }
long CoreChild::threads() const { return status("Threads"); }

}  // namespace grove::test
