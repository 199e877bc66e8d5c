#include "frontends/acp/Updates.h"

namespace grove::frontends::acp {

using nlohmann::json;

json sessionUpdate(const std::string& sessionId, json update) {
  return json{{"jsonrpc", "2.0"},
              {"method", "session/update"},
              {"params", {{"sessionId", sessionId}, {"update", std::move(update)}}}};
}

json textChunk(const std::string& sessionId, const char* kind, const std::string& messageId,
               const std::string& text, json meta) {
  json update{{"sessionUpdate", kind}, {"messageId", messageId}, {"content", {{"type", "text"}, {"text", text}}}};
  if (!meta.is_null()) update["_meta"] = std::move(meta);
  return sessionUpdate(sessionId, std::move(update));
}

json availableCommands(const std::string& sessionId) {
  auto command = [](const char* name, const char* description, const char* hint) {
    json c{{"name", name}, {"description", description}};
    if (hint) c["input"] = {{"hint", hint}};
    return c;
  };
  json list = json::array({
      command("branch", "Open a branch: the next prompt (or the following lines) starts it",
              "title, then optionally the first prompt on the next lines"),
      command("return", "Complete the current branch and go back to where it started", nullptr),
      command("exclude", "Leave units out of what the model sees: 'last' (the last exchange) or handles from /preview",
              "last | u12 u13 ..."),
      command("include", "Bring units back into what the model sees", "last | u12 u13 ..."),
      command("preview", "Show the exact prompt the model would get next, with unit handles", nullptr),
      command("mainline", "Make the current path the mainline", nullptr),
      command("memolets", "Search the knowledge kept from past conversations", "query"),
  });
  return sessionUpdate(sessionId, {{"sessionUpdate", "available_commands_update"}, {"availableCommands", list}});
}

}  // namespace grove::frontends::acp
