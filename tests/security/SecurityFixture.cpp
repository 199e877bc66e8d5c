#include "SecurityFixture.h"

#include <filesystem>

#include "SocketClient.h"

namespace grove::test {

namespace fs = std::filesystem;

SecurityFixture::SecurityFixture() : data_(dir_.file("data")), db_(dir_.file("data/grove.db")) {
  fs::permissions(dir_.path(), fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                   fs::perms::others_read | fs::perms::others_exec);
  fs::create_directories(dir_.file("run"));
  fs::permissions(dir_.file("run"), fs::perms::owner_all);
}

std::unique_ptr<CoreChild> SecurityFixture::start(const std::string& name, std::vector<std::string> args,
                                                  CoreChild::Options options) {
  options.args.insert(options.args.begin(), {"--db", db_});
  options.args.insert(options.args.end(), args.begin(), args.end());
  options.env.insert(options.env.begin(), {{"XDG_RUNTIME_DIR", dir_.file("run")},
                                           {"XDG_CONFIG_HOME", dir_.file("config")},
                                           {"GROVE_DB", ""},
                                           {"GROVE_TOKEN", ""},
                                           {"GROVE_PROVIDER", ""}});
  if (options.stderrPath.empty()) options.stderrPath = dir_.file(name + ".stderr");
  return std::make_unique<CoreChild>(std::move(options));
}

std::unique_ptr<CoreChild> SecurityFixture::startTeamCore(int& port, std::vector<std::string> args,
                                                          CoreChild::Options options) {
  port = freeLoopbackPort();
  args.insert(args.begin(), {"--no-stdio", "--listen", "127.0.0.1:" + std::to_string(port)});
  auto core = start("team-core", std::move(args), std::move(options));
  if (!core->waitForLog("serving TCP on"))
    ADD_FAILURE() << "the team core did not start listening: " << core->stderrText();
  return core;
}

std::string SecurityFixture::makeStore(int units, size_t bytes) {
  auto core = start("maker");
  core->client().initialize("maker");
  std::string project = core->client().result("grove/project/create", {{"title", "kept"}})["id"];
  json parent = nullptr;
  std::string text(bytes, 'x');
  for (int i = 0; i < units; ++i) {
    text.replace(0, 12, "unit " + std::to_string(100000 + i) + " ");
    json unit = core->client().result(
        "grove/unit/append",
        {{"projectId", project}, {"parentId", parent}, {"role", "user"}, {"content", text}});
    parent = unit["id"];
  }
  core->client().call("shutdown");
  core->client().notify("exit");
  EXPECT_EQ(core->waitExit(), 0) << core->stderrText();
  return parent;
}

}  // namespace grove::test
