#include "frontends/acp/Replay.h"

#include "frontends/acp/Extensions.h"
#include "frontends/acp/Updates.h"

namespace grove::frontends::acp {

using nlohmann::json;

namespace {

std::string textOf(const json& unit) {
  std::string content = unit.value("content", std::string());
  if (unit.value("kind", std::string()) != "code" || !unit.contains("source") || !unit["source"].is_object())
    return content;
  const json& source = unit["source"];
  std::string where = source.value("uri", std::string());
  if (source.contains("range") && source["range"].is_object()) {
    // Grove ranges are 0-based; ACP and people count lines from 1.
    int a = source["range"]["start"].value("line", 0) + 1;
    int b = source["range"]["end"].value("line", 0) + 1;
    where += " (lines " + std::to_string(a) + "-" + std::to_string(b) + ")";
  }
  return "File: " + where + "\n```" + source.value("languageId", std::string()) + "\n" + content + "\n```";
}

}  // namespace

std::vector<json> replayPath(const std::string& sessionId, const ProjectView& view) {
  std::vector<json> out;
  for (const json* u : view.cursorPath()) {
    const std::string role = u->value("role", std::string());
    if (u->value("kind", std::string()) == "placeholder" || role == "system") continue;
    const char* kind = role == "assistant" ? "agent_message_chunk" : "user_message_chunk";
    out.push_back(textChunk(sessionId, kind, (*u)["id"].get<std::string>(), textOf(*u), unitMeta(*u)));
  }
  return out;
}

}  // namespace grove::frontends::acp
