#include "SharedStore.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>

#include "RunWithEnv.h"

namespace grove::test {

SharedStore::SharedStore()
    : db_(dir_.file("store/grove.db")), runtimeDir_(dir_.file("run")) {
  std::filesystem::create_directories(dir_.path() / "store");
  // $XDG_RUNTIME_DIR is a private directory on a real desktop.
  std::filesystem::create_directories(runtimeDir_);
  std::filesystem::permissions(runtimeDir_, std::filesystem::perms::owner_all);
}

EnvChanges SharedStore::env(const EnvChanges& extra) const {
  EnvChanges out{{"XDG_RUNTIME_DIR", runtimeDir_},
                 {"XDG_CONFIG_HOME", dir_.file("config")},
                 {"GROVE_DB", ""},
                 {"GROVE_TOKEN", ""}};
  for (const auto& [name, value] : extra) {
    bool replaced = false;
    for (auto& kv : out) {
      if (kv.first != name) continue;
      kv.second = value;
      replaced = true;
    }
    if (!replaced) out.emplace_back(name, value);
  }
  return out;
}

std::unique_ptr<ServerProcess> SharedStore::start(const std::string& name,
                                                  std::vector<std::string> extraArgs,
                                                  const EnvChanges& extraEnv) {
  return std::make_unique<ServerProcess>(ServerProcess::Options{
      .dbPath = db_,
      .extraArgs = std::move(extraArgs),
      .stderrPath = dir_.file(name + ".stderr"),
      .env = env(extraEnv)});
}

std::unique_ptr<ServerProcess> SharedStore::editor(const std::string& name, json* initResult,
                                                   const EnvChanges& extraEnv) {
  auto server = start(name, {}, extraEnv);
  json result = server->client().initialize(name);
  if (initResult) *initResult = result;
  return server;
}

std::string SharedStore::socketPath(const EnvChanges& extraEnv, const std::string& db) {
  RunOutput r = runWithEnv(ServerProcess::binary(), {"--db", db.empty() ? db_ : db, "--print-socket"},
                           env(extraEnv));
  EXPECT_EQ(r.exitCode, 0) << r.err;
  std::string path = r.out;
  while (!path.empty() && (path.back() == '\n' || path.back() == '\r')) path.pop_back();
  return path;
}

bool SharedStore::lockIsFree() const {
  int fd = ::open((db_ + ".lock").c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return true;  // no lock file: nobody can hold it
  bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  ::close(fd);  // releases it again if we got it
  return free;
}

json SharedStore::createProject(RpcClient& c, const std::string& title) {
  return c.result("grove/project/create", {{"title", title}});
}

json SharedStore::append(RpcClient& c, const std::string& projectId, const json& parentId,
                         const std::string& content, const json& extra) {
  json params{{"projectId", projectId}, {"parentId", parentId}, {"role", "user"},
              {"content", content}};
  params.update(extra);
  return c.result("grove/unit/append", params);
}

json SharedStore::units(RpcClient& c, const std::string& projectId) {
  return c.result("grove/project/get", {{"projectId", projectId}})["units"];
}

}  // namespace grove::test
