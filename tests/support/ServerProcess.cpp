#include "ServerProcess.h"

// Boost.Process v1 (Boost 1.81). Kept out of the header so test files do not
// pull it (or its asio) in.
#include <boost/process.hpp>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "TempDir.h"

namespace bp = boost::process;

namespace grove::test {

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Our copy of a pipe end, close-on-exec so later children do not inherit it.
int keep(int fd) {
  int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (copy < 0) throw std::runtime_error("fcntl(F_DUPFD_CLOEXEC) failed");
  return copy;
}

// Polls the child's state (waitpid WNOHANG under the hood) until it exits or
// the deadline passes. Boost 1.81's wait_for is unreliable, so no timed wait.
bool waitUntilExited(bp::child& child, Millis timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  std::error_code ec;
  while (child.running(ec)) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(Millis(5));
  }
  return true;
}

// What a process that will not exit is doing, for the failure message: each
// thread's name, kernel wait channel and system call, and its stacks when
// gdb is installed (a rare hang in CI is otherwise a bare timeout).
std::string stuckReport(pid_t pid) {
  std::ostringstream out;
  const std::string proc = "/proc/" + std::to_string(pid) + "/task";
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator(proc, ec)) {
    auto field = [&](const char* name) {
      std::string v = readFile(task.path().string() + "/" + name);
      while (!v.empty() && (v.back() == '\n' || v.back() == '\0')) v.pop_back();
      return v;
    };
    const std::string syscall = field("syscall");
    out << "  thread " << task.path().filename().string() << " (" << field("comm") << "): wchan "
        << field("wchan") << ", syscall " << syscall.substr(0, syscall.find(' ')) << "\n";
  }
  if (::access("/usr/bin/gdb", X_OK) == 0) {
    std::string cmd = "timeout 30 /usr/bin/gdb -batch -nx -p " + std::to_string(pid) +
                      " -ex 'thread apply all bt 15' 2>/dev/null";
    if (FILE* f = ::popen(cmd.c_str(), "r")) {
      char buf[4096];
      size_t n;
      while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.write(buf, static_cast<std::streamsize>(n));
      ::pclose(f);
    }
  }
  return out.str();
}

}  // namespace

struct ServerProcess::Child {
  bp::child process;
};

std::string ServerProcess::binary() {
  if (const char* env = std::getenv("GROVE_SERVER"); env && *env) return env;
  return GROVE_SERVER_PATH;
}

ServerProcess::ServerProcess(Options options) : options_(std::move(options)) {
  if (options_.stderrPath.empty()) {
    if (options_.dbPath.empty()) throw std::invalid_argument("ServerProcess needs dbPath or stderrPath");
    options_.stderrPath = options_.dbPath + ".stderr";
  }
  std::vector<std::string> args;
  if (!options_.dbPath.empty()) args = {"--db", options_.dbPath};
  args.insert(args.end(), options_.extraArgs.begin(), options_.extraArgs.end());
  bp::environment env = boost::this_process::environment();
  for (const auto& [name, value] : options_.env) {
    if (value.empty())
      env.erase(name);
    else
      env[name] = value;
  }

  bp::pipe toServer, fromServer;
  child_ = std::make_unique<Child>(Child{bp::child(binary(), bp::args(args), env,
                                                   bp::std_in < toServer, bp::std_out > fromServer,
                                                   bp::std_err > options_.stderrPath)});
  int readFd = keep(fromServer.native_source());
  int writeFd = keep(toServer.native_sink());
  // Drop every other copy, so the server's exit shows up as end of stream
  // and closing our write end shows up as end of stream for the server.
  toServer.close();
  fromServer.close();
  client_ = std::make_unique<RpcClient>(readFd, writeFd);
}

ServerProcess::~ServerProcess() {
  client_.reset();  // closes the server's stdin: a healthy server exits
  std::error_code ec;
  if (child_ && child_->process.valid() && !waitUntilExited(child_->process, Millis(2000))) kill();
}

int ServerProcess::pid() const { return child_->process.id(); }

void ServerProcess::kill() {
  std::error_code ec;
  if (!child_->process.running(ec)) return;
  ::kill(child_->process.id(), SIGKILL);
  child_->process.wait(ec);
}

std::optional<int> ServerProcess::waitExit(Millis timeout) {
  if (!waitUntilExited(child_->process, timeout)) return std::nullopt;
  return child_->process.exit_code();
}

std::string ServerProcess::stderrText() const { return readFile(options_.stderrPath); }

ServerProcess::RunResult ServerProcess::run(const std::vector<std::string>& args, Millis timeout) {
  TempDir dir;
  std::string out = dir.file("stdout"), err = dir.file("stderr");
  bp::child child(binary(), bp::args(args), bp::std_in < bp::null, bp::std_out > out,
                  bp::std_err > err);
  if (!waitUntilExited(child, timeout)) {
    std::string report = stuckReport(child.id());
    ::kill(child.id(), SIGKILL);
    std::error_code ec;
    child.wait(ec);
    std::string command = "grove-server";
    for (const auto& a : args) command += " " + a;
    throw RpcTimeout(command + " did not exit within the deadline\n" + report + "stderr:\n" + readFile(err));
  }
  return RunResult{child.exit_code(), readFile(out), readFile(err)};
}

}  // namespace grove::test
