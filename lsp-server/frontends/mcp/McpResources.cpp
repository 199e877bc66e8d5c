#include "frontends/mcp/McpResources.h"

namespace grove::frontends::mcp {

namespace {

using nlohmann::json;

const std::string kScheme = "grove://";
const std::string kProjectPrefix = "grove://project/";
const std::string kMemoletPrefix = "grove://memolet/";

json textContents(const std::string& uri, const std::string& mimeType, std::string text) {
  return {{"contents", json::array({{{"uri", uri}, {"mimeType", mimeType}, {"text", std::move(text)}}})}};
}

// The core says "not found" with code 1001; for MCP that is a missing resource.
template <typename F>
json orNotFound(const std::string& uri, F&& read) {
  try {
    return read();
  } catch (const CoreError& e) {
    if (e.code() == 1001) throw ResourceError(-32002, "resource not found: " + uri + " (" + e.what() + ")");
    throw;
  }
}

std::string mainlineHead(const json& structure) {
  for (const auto& b : structure.value("branches", json::array()))
    if (b.value("isMainline", false) && b["headId"].is_string()) return b["headId"];
  return {};
}

json readProject(const std::string& uri, const std::string& id, const CoreCall& core) {
  return orNotFound(uri, [&] {
    json structure = core("grove/project/structure", {{"projectId", id}});
    json params = {{"projectId", id}, {"format", "markdown"}};
    std::string head = mainlineHead(structure);
    if (!head.empty()) params["headId"] = head;
    json exported = core("grove/export/run", params);
    return textContents(uri, "text/markdown", exported.value("content", ""));
  });
}

json readMemolet(const std::string& uri, const std::string& id, const CoreCall& core) {
  return orNotFound(uri, [&] {
    json got = core("grove/memolet/get", {{"memoletId", id}});
    std::string title = got["memolet"].value("title", id);
    return textContents(uri, "text/markdown", "# " + title + "\n\n" + got.value("text", ""));
  });
}

}  // namespace

json resourceList(const CoreCall& core) {
  json out = json::array({{{"uri", "grove://projects"},
                           {"name", "projects"},
                           {"title", "Grove projects"},
                           {"description", "Every conversation project, most recently changed first (JSON)"},
                           {"mimeType", "application/json"}}});
  for (const auto& p : core("grove/project/list", json::object()).value("projects", json::array()))
    out.push_back({{"uri", kProjectPrefix + p.value("id", "")},
                   {"name", p.value("id", "")},
                   {"title", p.value("title", "")},
                   {"description", "The mainline of this conversation, as Markdown"},
                   {"mimeType", "text/markdown"}});
  return out;
}

json resourceTemplates() {
  return json::array({{{"uriTemplate", "grove://project/{id}"},
                       {"name", "project"},
                       {"title", "A Grove project's mainline"},
                       {"mimeType", "text/markdown"}},
                      {{"uriTemplate", "grove://memolet/{id}"},
                       {"name", "memolet"},
                       {"title", "A memolet: a piece of an earlier conversation"},
                       {"mimeType", "text/markdown"}}});
}

json readResource(const std::string& uri, const CoreCall& core) {
  if (uri == "grove://projects")
    return textContents(uri, "application/json", json{{"projects", core("grove/project/list", json::object())["projects"]}}.dump(2));
  auto idAfter = [&](const std::string& prefix) { return uri.rfind(prefix, 0) == 0 ? uri.substr(prefix.size()) : std::string(); };
  if (std::string id = idAfter(kProjectPrefix); !id.empty()) return readProject(uri, id, core);
  if (std::string id = idAfter(kMemoletPrefix); !id.empty()) return readMemolet(uri, id, core);
  if (uri.rfind(kScheme, 0) == 0) throw ResourceError(-32002, "resource not found: " + uri);
  throw ResourceError(-32602, "Grove serves only grove:// resources (grove://projects, grove://project/{id}, "
                              "grove://memolet/{id}), not " + uri);
}

}  // namespace grove::frontends::mcp
