#include "frontends/mcp/McpTools.h"

#include <functional>
#include <map>

#include "frontends/ProjectLookup.h"
#include "frontends/mcp/ToolArguments.h"

namespace grove::frontends::mcp {

namespace {

using nlohmann::json;

constexpr long long kMaxLine = 10'000'000;

json stringProperty(const std::string& description) { return {{"type", "string"}, {"description", description}}; }
json integerProperty(const std::string& description, long long minimum) {
  return {{"type", "integer"}, {"minimum", minimum}, {"description", description}};
}

json schema(json properties, json required) {
  return {{"type", "object"}, {"properties", std::move(properties)}, {"required", std::move(required)},
          {"additionalProperties", false}};
}

json toolResult(std::string text, json structured) {
  return {{"content", json::array({{{"type", "text"}, {"text", std::move(text)}}})},
          {"structuredContent", std::move(structured)}};
}

// A refusal the model should read and correct, not a protocol failure.
json toolError(const std::string& text) {
  return {{"content", json::array({{{"type", "text"}, {"text", text}}})}, {"isError", true}};
}

// UTF-16 code units in `s`, as LSP positions count them: four-byte UTF-8
// sequences are surrogate pairs, every other character one unit.
int utf16Length(const std::string& s) {
  int n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte
    n += c >= 0xF0 ? 2 : 1;
  }
  return n;
}

std::string lastLine(const std::string& text) {
  std::string t = text;
  if (!t.empty() && t.back() == '\n') t.pop_back();
  if (!t.empty() && t.back() == '\r') t.pop_back();
  auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

json projectRecord(const CoreCall& core, const std::string& projectId) {
  if (auto p = findProject(core("grove/project/list", json::object()), projectId)) return *p;
  json e = projectNotFound(projectId);
  throw CoreError(e["code"], e["message"], e["data"]);
}

json cursorOf(const json& project) { return project.contains("cursorId") ? project["cursorId"] : json(nullptr); }

std::string describeProject(const json& p) {
  std::string line = p.value("id", "") + "  " + p.value("title", "");
  if (p.contains("workspaceUri") && p["workspaceUri"].is_string()) line += "  (" + p["workspaceUri"].get<std::string>() + ")";
  return line + "  updated " + p.value("updatedAt", "");
}

json listProjects(ToolArguments& args, const CoreCall& core) {
  auto workspace = args.optionalString("workspaceUri");
  if (!args.ok()) return toolError(args.message());
  json params = json::object();
  if (workspace) params["workspaceUri"] = *workspace;
  json result = core("grove/project/list", params);
  json projects = result.value("projects", json::array());
  std::string text = projects.empty() ? "No projects." : std::to_string(projects.size()) + " project(s), most recently changed first:";
  for (const auto& p : projects) text += "\n" + describeProject(p);
  return toolResult(text, {{"projects", projects}});
}

json searchMemolets(ToolArguments& args, const CoreCall& core) {
  std::string query = args.requiredString("query");
  auto projectId = args.optionalString("projectId");
  auto limit = args.optionalInteger("limit", 1, 200);
  if (!args.ok()) return toolError(args.message());
  json params = {{"query", query}, {"limit", limit.value_or(10)}};
  if (projectId) params["scope"] = {{"projectId", *projectId}};
  json found = core("grove/memolet/search", params);
  json results = json::array();
  std::string text;
  int rank = 0;
  for (const auto& r : found.value("results", json::array())) {
    const json& m = r["memolet"];
    json item = {{"id", m.value("id", "")},       {"projectId", m.value("projectId", "")},
                 {"title", m.value("title", "")}, {"summary", m.value("summary", "")},
                 {"score", r.value("score", 0.0)}, {"sentences", r.value("sentences", json::array())},
                 {"uri", "grove://memolet/" + m.value("id", "")}};
    text += (text.empty() ? "" : "\n") + std::to_string(++rank) + ". " + item["title"].get<std::string>() + " (" +
            item["uri"].get<std::string>() + ", project " + item["projectId"].get<std::string>() + ")";
    for (const auto& s : item["sentences"]) text += "\n   " + s.get<std::string>();
    results.push_back(std::move(item));
  }
  if (text.empty()) text = "No memolet matches \"" + query + "\".";
  return toolResult(text, {{"results", results}});
}

json captureSnippet(ToolArguments& args, const CoreCall& core) {
  std::string uri = args.requiredString("uri");
  long long startLine = args.requiredInteger("startLine", 1, kMaxLine);
  long long endLine = args.requiredInteger("endLine", 1, kMaxLine);
  std::string text = args.requiredString("text");
  auto languageId = args.optionalString("languageId");
  auto memo = args.optionalString("memo");
  auto projectId = args.optionalString("projectId");
  if (args.ok() && endLine < startLine) args.problem("endLine must not be before startLine");
  if (args.ok() && !projectId)
    args.problem("projectId is required: a snippet without a project belongs on its workspace's board, which this "
                 "core does not have yet (list_projects names the projects)");
  if (!args.ok()) return toolError(args.message());
  json project = projectRecord(core, *projectId);
  // People and agents count lines from 1 and include the last; the core
  // keeps LSP ranges (0-based, end exclusive): the end is the end of the
  // last line's text.
  json source = {{"uri", uri},
                 {"range",
                  {{"start", {{"line", startLine - 1}, {"character", 0}}},
                   {"end", {{"line", endLine - 1}, {"character", utf16Length(lastLine(text))}}}}},
                 {"languageId", languageId.value_or("")},
                 {"memo", memo.value_or("")}};
  json unit = core("grove/unit/append", {{"projectId", *projectId},
                                         {"parentId", cursorOf(project)},
                                         {"role", "user"},
                                         {"kind", "code"},
                                         {"content", text},
                                         {"source", source}});
  return toolResult("Captured lines " + std::to_string(startLine) + "-" + std::to_string(endLine) + " of " + uri +
                        " as unit " + unit.value("id", "") + " in project " + *projectId + "; the cursor is on it.",
                    {{"unit", unit}});
}

json previewContext(ToolArguments& args, const CoreCall& core) {
  std::string projectId = args.requiredString("projectId");
  auto cursorId = args.optionalString("cursorId");
  auto prompt = args.optionalString("prompt");
  if (!args.ok()) return toolError(args.message());
  json params = {{"projectId", projectId}};
  if (cursorId) params["cursorId"] = *cursorId;
  if (prompt) params["prompt"] = *prompt;
  json preview = core("grove/scope/preview", params);
  std::string text = "Context of project " + projectId + " (" + std::to_string(preview.value("tokens", 0)) +
                     " tokens, estimated):";
  if (!preview.value("system", "").empty()) text += "\n\n[system]\n" + preview["system"].get<std::string>();
  for (const auto& m : preview.value("messages", json::array()))
    text += "\n\n[" + m.value("role", "") + "]\n" + m.value("content", "");
  return toolResult(text, preview);
}

json appendNote(ToolArguments& args, const CoreCall& core) {
  std::string projectId = args.requiredString("projectId");
  std::string text = args.requiredString("text");
  auto parentId = args.optionalString("parentId");
  if (!args.ok()) return toolError(args.message());
  json parent = parentId ? json(*parentId) : cursorOf(projectRecord(core, projectId));
  json unit = core("grove/unit/append",
                   {{"projectId", projectId}, {"parentId", parent}, {"role", "user"}, {"kind", "note"}, {"content", text}});
  std::string where = unit["parentId"].is_string() ? "under " + unit["parentId"].get<std::string>() : "as the root";
  return toolResult("Added note " + unit.value("id", "") + " " + where + " in project " + projectId +
                        "; the cursor is on it.",
                    {{"unit", unit}});
}

struct Tool {
  const char* description;
  json inputSchema;
  std::function<json(ToolArguments&, const CoreCall&)> run;
};

const std::map<std::string, Tool>& tools() {
  static const std::map<std::string, Tool> table = {
      {"list_projects",
       {"List Grove's conversation projects (id, title, workspace, cursor), most recently changed first; "
        "optionally only those of one workspace folder.",
        schema({{"workspaceUri", stringProperty("Only projects of this workspace, e.g. file:///home/me/repo")}}, json::array()),
        listProjects}},
      {"search_memolets",
       {"Search the user's past conversations (memolets: short pieces of earlier exchanges) by meaning and keywords. "
        "Returns the best matches with the sentences that matched.",
        schema({{"query", stringProperty("What to look for, in words")},
                {"projectId", stringProperty("Only this project's memolets")},
                {"limit", integerProperty("How many results, 1-200 (default 10)", 1)}},
               {"query"}),
        searchMemolets}},
      {"capture_snippet",
       {"Capture lines of a file, with a memo saying why they matter, into a Grove conversation as a code unit at "
        "the project's cursor. Lines count from 1 and include endLine.",
        schema({{"uri", stringProperty("The file, e.g. file:///home/me/repo/src/a.cpp")},
                {"startLine", integerProperty("First line, counting from 1", 1)},
                {"endLine", integerProperty("Last line, inclusive", 1)},
                {"text", stringProperty("The text of those lines")},
                {"languageId", stringProperty("Language, e.g. cpp, python")},
                {"memo", stringProperty("Why this snippet matters")},
                {"projectId", stringProperty("The conversation project to add it to")}},
               {"uri", "startLine", "endLine", "text"}),
        captureSnippet}},
      {"preview_context",
       {"Show exactly what the model would see for a turn in a Grove project: the system prompt and the messages "
        "on the path to the cursor (excluded units left out), with an estimated token count.",
        schema({{"projectId", stringProperty("The project")},
                {"cursorId", stringProperty("Preview from this unit instead of the project's cursor")},
                {"prompt", stringProperty("A prompt to preview as the next user message")}},
               {"projectId"}),
        previewContext}},
      {"append_note",
       {"Append a note (a remark, a decision, a finding) to a Grove conversation, by default under the project's "
        "cursor; the cursor moves to the note.",
        schema({{"projectId", stringProperty("The project")},
                {"text", stringProperty("The note")},
                {"parentId", stringProperty("Put it under this unit instead of the cursor")}},
               {"projectId", "text"}),
        appendNote}},
  };
  return table;
}

}  // namespace

json toolList() {
  json out = json::array();
  for (const auto& [name, tool] : tools())
    out.push_back({{"name", name}, {"description", tool.description}, {"inputSchema", tool.inputSchema}});
  return out;
}

std::optional<json> callTool(const std::string& name, const json& arguments, const CoreCall& core) {
  auto it = tools().find(name);
  if (it == tools().end()) return std::nullopt;
  ToolArguments args(arguments);
  try {
    return it->second.run(args, core);
  } catch (const CoreError& e) {
    // The core's messages are terse ("projectNotFound: p_9"); say what kind
    // of refusal it is so a model knows whether to look the id up again.
    return toolError(std::string(e.code() == 1001 ? "Not found: " : "Grove refused this: ") + e.what());
  }
}

}  // namespace grove::frontends::mcp
