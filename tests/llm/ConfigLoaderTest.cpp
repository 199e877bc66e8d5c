// Provider configuration: file + environment precedence, defaults, and keys
// that never show in any printable form.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include <unistd.h>

#include "llm/ConfigLoader.h"
#include "support/Error.h"

namespace grove::llm {
namespace {

EnvLookup envOf(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](std::string_view name) -> std::optional<std::string> {
    auto it = vars.find(std::string(name));
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

const char* kFile = R"({
  // comments are allowed
  "provider": "work",
  "providers": [
    {"name": "work", "kind": "openai", "model": "gpt-file", "utilityModel": "gpt-cheap",
     "apiKey": "sk-from-file-111", "timeouts": {"connectMs": 1234, "idleMs": 5678}, "maxRetries": 4},
    {"name": "local", "kind": "openai", "baseUrl": "http://127.0.0.1:11434/v1/", "model": "llama3",
     "command": ["ollama", "serve", "--api-key", "sk-in-args-222"]},
    {"name": "claude", "kind": "anthropic"}
  ]
})";

TEST(ConfigLoader, NothingConfiguredMeansOffline) {
  ProviderSettings s = loadProviderSettings(std::nullopt, envOf({}));
  EXPECT_EQ(s.active, "offline");
  EXPECT_EQ(s.activeProvider().kind, ProviderKind::Offline);
  ASSERT_EQ(s.providers.size(), 1u);
}

TEST(ConfigLoader, AKeyAloneDoesNotSendConversationsAnywhere) {
  ProviderSettings s = loadProviderSettings(std::nullopt, envOf({{"OPENAI_API_KEY", "sk-env"}}));
  EXPECT_EQ(s.activeProvider().kind, ProviderKind::Offline);
}

TEST(ConfigLoader, ReadsEveryFieldOfTheFile) {
  ProviderSettings s = loadProviderSettings(std::string(kFile), envOf({}));
  EXPECT_EQ(s.active, "work");
  const ProviderConfig& work = s.activeProvider();
  EXPECT_EQ(work.kind, ProviderKind::OpenAi);
  EXPECT_EQ(work.baseUrl, "https://api.openai.com");
  EXPECT_EQ(work.model, "gpt-file");
  EXPECT_EQ(work.utilityModel, "gpt-cheap");
  EXPECT_EQ(work.apiKey, "sk-from-file-111");
  EXPECT_EQ(work.timeouts.connectMs, 1234);
  EXPECT_EQ(work.timeouts.idleMs, 5678);
  EXPECT_EQ(work.maxRetries, 4);
  const ProviderConfig* local = s.find("local");
  ASSERT_NE(local, nullptr);
  EXPECT_EQ(local->baseUrl, "http://127.0.0.1:11434");  // "/v1/" trimmed
  EXPECT_EQ(local->utilityModel, "llama3");              // follows the chat model
  EXPECT_EQ(local->command.size(), 4u);
  const ProviderConfig* claude = s.find("claude");
  ASSERT_NE(claude, nullptr);
  EXPECT_EQ(claude->baseUrl, "https://api.anthropic.com");
  EXPECT_NE(s.find("offline"), nullptr);  // always listed
}

TEST(ConfigLoader, EnvironmentWinsOverTheFile) {
  ProviderSettings s = loadProviderSettings(
      std::string(kFile), envOf({{"GROVE_PROVIDER", "claude"},
                                 {"GROVE_MODEL", "claude-env"},
                                 {"GROVE_BASE_URL", "http://127.0.0.1:9/"},
                                 {"ANTHROPIC_API_KEY", "ant-env-333"},
                                 {"OPENAI_API_KEY", "sk-env-444"}}));
  EXPECT_EQ(s.active, "claude");
  const ProviderConfig& claude = s.activeProvider();
  EXPECT_EQ(claude.model, "claude-env");
  EXPECT_EQ(claude.utilityModel, "claude-env");
  EXPECT_EQ(claude.baseUrl, "http://127.0.0.1:9");
  EXPECT_EQ(claude.apiKey, "ant-env-333");
  EXPECT_EQ(s.find("work")->apiKey, "sk-env-444");  // env key beats the file's key
  // A key for the official endpoint is never handed to another host.
  EXPECT_EQ(s.find("local")->apiKey, "");
}

TEST(ConfigLoader, ProviderKindFromEnvironmentAloneUsesItsDefaults) {
  ProviderSettings s = loadProviderSettings(
      std::nullopt, envOf({{"GROVE_PROVIDER", "openai"}, {"OPENAI_API_KEY", "sk-env"}, {"GROVE_MODEL", "gpt-x"}}));
  const ProviderConfig& p = s.activeProvider();
  EXPECT_EQ(p.kind, ProviderKind::OpenAi);
  EXPECT_EQ(p.baseUrl, "https://api.openai.com");
  EXPECT_EQ(p.model, "gpt-x");
  EXPECT_EQ(p.apiKey, "sk-env");
}

TEST(ConfigLoader, ReadsTheFileUnderXdgConfigHome) {
  auto dir = std::filesystem::temp_directory_path() / ("grove-cfg-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "grove");
  std::ofstream(dir / "grove" / "config.json") << kFile;
  auto env = envOf({{"XDG_CONFIG_HOME", dir.string()}, {"HOME", "/nonexistent"}});
  EXPECT_EQ(configFilePath(env), (dir / "grove" / "config.json").string());
  ProviderSettings s = loadProviderSettings(env);
  EXPECT_EQ(s.active, "work");
  EXPECT_EQ(s.configPath, (dir / "grove" / "config.json").string());
  std::filesystem::remove_all(dir);
  EXPECT_EQ(configFilePath(envOf({{"HOME", "/home/u"}})), "/home/u/.config/grove/config.json");
}

TEST(ConfigLoader, BadFilesAndNamesAreClearErrors) {
  auto fieldOf = [](const std::optional<std::string>& text, std::map<std::string, std::string> env) {
    try {
      loadProviderSettings(text, envOf(std::move(env)));
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidArgument);
      return e.field();
    }
    return std::string("no error");
  };
  EXPECT_EQ(fieldOf(std::string("{not json"), {}), "config");
  EXPECT_EQ(fieldOf(std::string(R"({"providers":[{"kind":"gemini"}]})"), {}), "providers[0].kind");
  EXPECT_EQ(fieldOf(std::string(R"({"providers":[{"kind":"openai","maxRetries":"x"}]})"), {}),
            "providers[0].maxRetries");
  EXPECT_EQ(fieldOf(std::nullopt, {{"GROVE_PROVIDER", "nonesuch"}}), "GROVE_PROVIDER");
}

TEST(ConfigLoader, KeysNeverAppearInPrintableForms) {
  ProviderSettings s = loadProviderSettings(std::string(kFile), envOf({{"ANTHROPIC_API_KEY", "ant-env-333"}}));
  for (const auto& p : s.providers) {
    std::string text = p.toString();
    EXPECT_EQ(text.find("sk-from-file-111"), std::string::npos) << text;
    EXPECT_EQ(text.find("ant-env-333"), std::string::npos) << text;
    EXPECT_EQ(text.find("sk-in-args-222"), std::string::npos) << text;  // command args hidden too
  }
  EXPECT_NE(s.find("work")->toString().find("key: set"), std::string::npos);
  EXPECT_NE(s.find("local")->toString().find("key: none"), std::string::npos);
  EXPECT_NE(s.find("local")->toString().find("command: ollama (+3 args)"), std::string::npos);
}

}  // namespace
}  // namespace grove::llm
