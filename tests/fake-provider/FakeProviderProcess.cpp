#include "FakeProviderProcess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "LoopbackHttp.h"

extern char** environ;

namespace grove::fake_provider {

std::string FakeProviderProcess::binary() {
  if (const char* env = std::getenv("GROVE_FAKE_PROVIDER"); env && *env) return env;
  return GROVE_FAKE_PROVIDER_BUILT;
}

void writeScriptFile(const std::string& path, const json& script) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << script.dump();
  if (!out) throw std::runtime_error("cannot write " + path);
}

FakeProviderProcess::FakeProviderProcess(const json& script) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string tmpl = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/grove-fake-script-XXXXXX";
  int scriptFd = ::mkstemp(tmpl.data());
  if (scriptFd < 0) throw std::runtime_error("mkstemp failed");
  ::close(scriptFd);
  scriptPath_ = tmpl;
  writeScriptFile(scriptPath_, script);

  int out[2];
  if (::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  std::string exe = binary();
  // A stalled or hanging response gives up after 30 s even if the client
  // never hangs up, so no test can leave a thread behind for long.
  std::vector<std::string> args{exe, "--port", "0", "--script", scriptPath_, "--max-hang-ms", "30000"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int rc = ::posix_spawn(&pid_, exe.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  if (rc != 0) {
    ::close(out[0]);
    ::unlink(scriptPath_.c_str());
    throw std::runtime_error("cannot start " + exe);
  }

  // Its first stdout line is "listening PORT".
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
    pollfd p{out[0], POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    char buf[128];
    ssize_t n = ::read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    line.append(buf, static_cast<size_t>(n));
  }
  ::close(out[0]);
  if (line.rfind("listening ", 0) != 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    ::unlink(scriptPath_.c_str());
    throw std::runtime_error("grove-fake-provider did not start: '" + line + "'");
  }
  port_ = std::atoi(line.c_str() + 10);
}

FakeProviderProcess::~FakeProviderProcess() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  ::unlink(scriptPath_.c_str());
}

json FakeProviderProcess::requests() const {
  HttpReply r = httpExchange(port_, "GET", "/__requests");
  if (r.status != 200) throw std::runtime_error("GET /__requests answered " + std::to_string(r.status));
  return json::parse(r.body);
}

void FakeProviderProcess::setScript(const json& script) {
  HttpReply r = httpExchange(port_, "POST", "/__script", script.dump());
  if (r.status != 200) throw std::runtime_error("POST /__script answered " + std::to_string(r.status) + ": " + r.body);
}

}  // namespace grove::fake_provider
