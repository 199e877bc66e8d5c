// The local model server supervisor, with grove-fake-provider playing the
// local server: started from a provider's `command`, restarted after it is
// killed, stopped with the client.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "ChatFixtures.h"
#include "FakeProvider.h"
#include "llm/LlmClientFactory.h"
#include "llm/LocalServerSupervisor.h"
#include "llm/SupervisedClient.h"

namespace grove::llm::test {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// A script file for the supervised fake; removed with the test.
struct ScriptFile {
  std::filesystem::path path;
  explicit ScriptFile(const json& script) {
    path = std::filesystem::temp_directory_path() /
           ("grove-supervised-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++) + ".json");
    std::ofstream(path) << script.dump();
  }
  ~ScriptFile() { std::filesystem::remove(path); }
  static int& counter() {
    static int n = 0;
    return n;
  }
};

bool processGone(int pid) { return ::kill(pid, 0) == -1 && errno == ESRCH; }

// Dead: reaped, or a zombie whose threads have all exited (only then can its
// parent, the supervisor, reap it).
bool processDead(int pid) {
  const std::string proc = "/proc/" + std::to_string(pid);
  std::ifstream stat(proc + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return true;
  auto close = line.rfind(')');
  if (close == std::string::npos || close + 2 >= line.size() || line[close + 2] != 'Z') return false;
  std::error_code ec;
  auto tasks = std::distance(std::filesystem::directory_iterator(proc + "/task", ec), {});
  return !ec && tasks <= 1;
}

template <class Pred>
bool eventually(Pred pred, milliseconds within = milliseconds(10'000)) {
  const auto deadline = Clock::now() + within;
  while (Clock::now() < deadline) {
    if (pred()) return true;
    std::this_thread::sleep_for(milliseconds(10));
  }
  return pred();
}

// The answer, or the error with the supervisor's view, so a failure explains itself.
std::string ask(LlmClient& client, LocalServerSupervisor& supervisor) {
  try {
    return client.chat(sampleRequest(), {}, CancellationToken{}).text;
  } catch (const Error& e) {
    int pid = supervisor.pid();
    return std::string("error: ") + e.what() + " [pid " + std::to_string(pid) +
           (pid > 0 && !processDead(pid) ? " alive" : " dead") + ", restarts " +
           std::to_string(supervisor.restarts()) + "]";
  }
}

TEST(LocalServerSupervisor, StartsRestartsAfterKillAndStopsWithTheClient) {
  ScriptFile script(json::array({{{"kind", "openai"}, {"chunks", {"from the local server"}}}}));
  const int port = closedLoopbackPort();
  ProviderConfig config = defaultsFor(ProviderKind::OpenAi, "local");
  config.baseUrl = "http://127.0.0.1:" + std::to_string(port);
  config.apiKey.clear();
  config.timeouts.startMs = 10'000;
  config.command = {fakeProviderPath(), "--port", std::to_string(port), "--script", script.path.string()};

  auto client = makeLlmClient(config);
  auto* supervised = dynamic_cast<SupervisedClient*>(client.get());
  ASSERT_NE(supervised, nullptr);
  LocalServerSupervisor& supervisor = supervised->supervisor();

  // The first request waits for the server to answer.
  EXPECT_EQ(ask(*client, supervisor), "from the local server");
  const int first = supervisor.pid();
  ASSERT_GT(first, 0);

  // Killed behind our back: the watcher restarts it without any request.
  ASSERT_EQ(::kill(first, SIGKILL), 0);
  EXPECT_TRUE(eventually([&] {
    return supervisor.restarts() == 1 && supervisor.state() == LocalServerSupervisor::State::Ready;
  }));
  const int second = supervisor.pid();
  ASSERT_GT(second, 1);  // kill(0 or -1) would hit this test itself
  EXPECT_NE(second, first);
  EXPECT_EQ(ask(*client, supervisor), "from the local server");

  // Dead right before a request: the request itself notices and waits.
  ASSERT_EQ(::kill(second, SIGKILL), 0);
  ASSERT_TRUE(eventually([&] { return processDead(second); }));
  EXPECT_EQ(ask(*client, supervisor), "from the local server");
  EXPECT_NE(supervisor.pid(), second);
  const int third = supervisor.pid();
  ASSERT_GT(third, 1);

  client.reset();  // shutdown: SIGTERM, reaped
  EXPECT_TRUE(processGone(third));
}

TEST(LocalServerSupervisor, MissingCommandFailsFastAsUnreachable) {
  SupervisorOptions options;
  options.name = "ghost";
  options.command = {"grove-no-such-program-here", "--api-key", "sk-args-secret"};
  options.healthUrl = "http://127.0.0.1:" + std::to_string(closedLoopbackPort()) + "/";
  std::mutex logMutex;
  std::string logged;
  options.log = [&](std::string_view line) {
    std::lock_guard<std::mutex> lock(logMutex);
    logged.append(line).push_back('\n');
  };
  LocalServerSupervisor supervisor(options);
  supervisor.start();
  auto t0 = Clock::now();
  try {
    supervisor.ensureReady(CancellationToken{});
    ADD_FAILURE() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "unreachable");
    EXPECT_NE(std::string(e.what()).find("command not found"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("sk-args-secret"), std::string::npos) << e.what();
  }
  EXPECT_LT(Clock::now() - t0, milliseconds(3000));
  supervisor.stop();
  std::lock_guard<std::mutex> lock(logMutex);
  EXPECT_EQ(logged.find("sk-args-secret"), std::string::npos) << logged;
}

TEST(LocalServerSupervisor, ServerThatNeverAnswersTimesOutAndIsStopped) {
  SupervisorOptions options;
  options.name = "mute";
  options.command = {"sleep", "30"};
  options.healthUrl = "http://127.0.0.1:" + std::to_string(closedLoopbackPort()) + "/";
  options.startTimeoutMs = 300;
  options.log = [](std::string_view) {};
  LocalServerSupervisor supervisor(options);
  supervisor.start();
  ASSERT_TRUE(eventually([&] { return supervisor.pid() > 0; }));
  const int pid = supervisor.pid();
  ASSERT_GT(pid, 1);
  try {
    supervisor.ensureReady(CancellationToken{});
    ADD_FAILURE() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.reason(), "unreachable");
  }
  supervisor.stop();
  EXPECT_TRUE(processGone(pid));
  EXPECT_EQ(supervisor.state(), LocalServerSupervisor::State::Stopped);
}

}  // namespace
}  // namespace grove::llm::test
