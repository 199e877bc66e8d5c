#include "FakeProvider.h"

#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <stdexcept>

#include "llm/CurlHttp.h"

extern char** environ;

namespace grove::llm::test {

std::string fakeProviderPath() {
  if (const char* env = std::getenv("GROVE_FAKE_PROVIDER"); env && *env) return env;
  return GROVE_FAKE_PROVIDER_BUILT;
}

FakeProvider::FakeProvider(const nlohmann::json& script) {
  char tmpl[] = "/tmp/grove-llm-script-XXXXXX";
  int fd = ::mkstemp(tmpl);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  ::close(fd);
  scriptPath_ = tmpl;
  std::ofstream(scriptPath_) << script.dump();

  int out[2];
  if (::pipe(out) != 0) throw std::runtime_error("pipe failed");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  std::string exe = fakeProviderPath();
  std::vector<std::string> args{exe, "--port", "0", "--script", scriptPath_, "--max-hang-ms", "30000"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int rc = ::posix_spawn(&pid_, exe.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  if (rc != 0) {
    ::close(out[0]);
    throw std::runtime_error("cannot start " + exe);
  }

  // First stdout line: "listening PORT"; bounded wait.
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
  if (line.rfind("listening ", 0) != 0) throw std::runtime_error("fake provider did not start: " + line);
  port_ = std::atoi(line.c_str() + 10);
}

FakeProvider::~FakeProvider() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  if (!scriptPath_.empty()) ::unlink(scriptPath_.c_str());
}

nlohmann::json FakeProvider::requests() const {
  HttpRequest req;
  req.method = "GET";
  req.url = baseUrl() + "/__requests";
  std::string body;
  CancellationToken never;
  HttpResult r = performHttp(req, [&](const HttpHead&, std::string_view line) {
    body.append(line);
    return true;
  }, never);
  if (r.head.status != 200) throw std::runtime_error("GET /__requests failed");
  return nlohmann::json::parse(body);
}

ProviderConfig FakeProvider::config(ProviderKind kind, std::string apiKey) const {
  ProviderConfig c = defaultsFor(kind, std::string(kindName(kind)) + "-fake");
  c.baseUrl = baseUrl();
  c.model = "fake-model";
  c.utilityModel = "fake-utility";
  c.embeddingModel = "fake-embedding";
  c.apiKey = std::move(apiKey);
  c.timeouts.connectMs = 2'000;
  c.timeouts.idleMs = 3'000;
  c.retryBaseMs = 20;
  return c;
}

int closedLoopbackPort() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);  // nothing listens there now
  return ntohs(addr.sin_port);
}

}  // namespace grove::llm::test
