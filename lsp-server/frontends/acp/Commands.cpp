#include "frontends/ProjectLookup.h"
#include "frontends/acp/Commands.h"

#include <set>
#include <sstream>

#include "frontends/acp/ProjectRead.h"
#include "frontends/acp/ProjectView.h"

namespace grove::frontends::acp {

using nlohmann::json;

namespace {

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

std::string failure(const std::string& what, const json& coreError) {
  return what + ": " + coreError.value("message", std::string("the Grove core refused"));
}

std::optional<CommandOutcome> Commands::run(const std::string& sessionId, const std::string& text) {
  if (text.empty() || text[0] != '/') return std::nullopt;
  size_t end = text.find_first_of(" \t\r\n");
  std::string name = text.substr(1, end == std::string::npos ? std::string::npos : end - 1);
  std::string rest = end == std::string::npos ? "" : text.substr(end);
  if (name == "branch") return branch(sessionId, rest);
  if (name == "return") return goBack(sessionId);
  if (name == "exclude") return scope(sessionId, rest, true);
  if (name == "include") return scope(sessionId, rest, false);
  if (name == "preview") return preview(sessionId);
  if (name == "mainline") return mainline(sessionId);
  if (name == "memolets") return memolets(trim(rest));
  return std::nullopt;
}

// `/branch <title>`: the rest of the first line is the title; further lines
// are the branch's first prompt, else the next prompt opens it.
CommandOutcome Commands::branch(const std::string& sessionId, const std::string& rest) {
  size_t nl = rest.find('\n');
  std::string title = trim(rest.substr(0, nl));
  std::string body = nl == std::string::npos ? "" : trim(rest.substr(nl + 1));
  json branch = title.empty() ? json::object() : json{{"title", title}};
  if (!body.empty()) return CommandOutcome(CommandOutcome::Turn{body, branch});
  turns_.setPendingBranch(sessionId, title);
  return CommandOutcome{title.empty() ? "Your next prompt opens a new branch here."
                                      : "Your next prompt opens the branch \"" + title + "\" here."};
}

// `/return`: complete the branch the cursor is in and go back to the path
// it branched from (grove/branch/return).
CommandOutcome Commands::goBack(const std::string& sessionId) {
  auto got = readProject(core_, sessionId);
  if (!got.ok) return {failure("Could not read the conversation", got.value)};
  ProjectView view(got.value);
  auto path = view.cursorPath();
  const json* head = nullptr;
  for (auto it = path.rbegin(); it != path.rend() && !head; ++it)
    if ((*it)->value("startsBranch", false)) head = *it;
  if (!head) return {"You are on the mainline: there is no branch to return from."};
  auto back = core_.callSync("grove/branch/return", {{"projectId", sessionId}, {"headId", (*head)["id"]}});
  if (!back.ok) return {failure("Could not return from the branch", back.value)};
  const json& branch = back.value["branch"];
  std::string title = branch.contains("title") && branch["title"].is_string() ? branch["title"].get<std::string>()
                                                                              : std::string("untitled");
  const json& cursor = back.value["project"]["cursorId"];
  std::string where = cursor.is_string() ? view.handle(cursor.get<std::string>()) : "the start";
  return {"Completed the branch \"" + title + "\" and returned to " + where +
          ". The next prompt continues there; the branch's summary stays in what the model sees."};
}

// `/exclude last | u12 ...` and `/include ...`: `last` is the last exchange
// on the path (its last user message and everything after it).
CommandOutcome Commands::scope(const std::string& sessionId, const std::string& args, bool exclude) {
  const std::string verb = exclude ? "exclude" : "include";
  auto refs = words(args);
  if (refs.empty()) return {"Usage: /" + verb + " last | u12 u13 ... (handles from /preview)"};
  auto got = readProject(core_, sessionId);
  if (!got.ok) return {failure("Could not read the conversation", got.value)};
  ProjectView view(got.value);
  auto path = view.cursorPath();
  std::set<std::string> onPath;
  for (const json* u : path) onPath.insert((*u)["id"].get<std::string>());
  std::vector<std::string> ids;
  for (const auto& ref : refs) {
    if (ref == "last") {
      size_t start = path.size();
      for (size_t i = path.size(); i-- > 0;)
        if ((*path[i])["role"] == "user" && (*path[i])["kind"] == "message") {
          start = i;
          break;
        }
      if (start == path.size()) return {"There is no exchange to " + verb + " yet."};
      for (size_t i = start; i < path.size(); ++i) ids.push_back((*path[i])["id"].get<std::string>());
      continue;
    }
    const json* u = view.byHandle(ref);
    if (!u) return {"No unit " + ref + " in this conversation (handles are shown by /preview)."};
    ids.push_back((*u)["id"].get<std::string>());
  }
  // Including: back to automatic on the path; pinned (included) off it,
  // where "auto" would still leave it out.
  std::vector<std::string> autoIds, pinIds;
  for (const auto& id : ids) (exclude || onPath.count(id) ? autoIds : pinIds).push_back(id);
  auto set = [&](const std::vector<std::string>& unitIds, const char* scope) -> std::optional<std::string> {
    if (unitIds.empty()) return std::nullopt;
    auto r = core_.callSync("grove/unit/setScope", {{"unitIds", unitIds}, {"scope", scope}});
    if (!r.ok) return failure("Could not " + verb, r.value);
    return std::nullopt;
  };
  if (auto e = set(autoIds, exclude ? "excluded" : "auto")) return {*e};
  if (auto e = set(pinIds, "included")) return {*e};
  std::string list;
  for (const auto& id : ids) list += (list.empty() ? "" : " ") + view.handle(id);
  return {(exclude ? "Excluded " : "Included ") + list +
          (exclude ? ": the model no longer sees them (/include brings them back)." : ".")};
}

// `/preview`: the exact prompt of the next turn (grove/scope/preview), each
// message with the handles of the units it holds. Excluded text is absent
// because the core leaves it out.
CommandOutcome Commands::preview(const std::string& sessionId) {
  auto got = readProject(core_, sessionId);
  if (!got.ok) return {failure("Could not read the conversation", got.value)};
  ProjectView view(got.value);
  auto p = core_.callSync("grove/scope/preview", {{"projectId", sessionId}});
  if (!p.ok) return {failure("Could not build the preview", p.value)};
  std::string out = "The model's next prompt (" + std::to_string(p.value.value("tokens", 0)) + " tokens):\n\n";
  out += "--- system ---\n" + p.value.value("system", std::string()) + "\n";
  for (const auto& m : p.value["messages"]) {
    std::string handles;
    for (const auto& id : m["unitIds"]) handles += " " + view.handle(id.get<std::string>());
    out += "\n--- " + m.value("role", std::string()) + (handles.empty() ? "" : " [" + handles.substr(1) + "]") +
           " ---\n" + m.value("content", std::string()) + "\n";
  }
  auto listHandles = [&](const char* key) {
    std::string s;
    for (const auto& id : p.value[key]) s += " " + view.handle(id.get<std::string>());
    return s;
  };
  if (!p.value["excluded"].empty()) out += "\nExcluded on this path:" + listHandles("excluded") + "\n";
  if (!p.value["included"].empty()) out += "Included from elsewhere:" + listHandles("included") + "\n";
  if (!p.value["truncated"].empty()) out += "Dropped for the budget:" + listHandles("truncated") + "\n";
  return {out};
}

CommandOutcome Commands::mainline(const std::string& sessionId) {
  auto got = lookUpProject(core_, sessionId);
  if (!got.ok) return {failure("Could not read the conversation", got.value)};
  const json cursor = got.value.value("cursorId", json());
  if (!cursor.is_string()) return {"The conversation is empty: there is no path to make the mainline."};
  auto r = core_.callSync("grove/mainline/set", {{"projectId", sessionId}, {"endId", cursor}});
  if (!r.ok) return {failure("Could not set the mainline", r.value)};
  return {"The current path is now the mainline."};
}

CommandOutcome Commands::memolets(const std::string& query) {
  if (query.empty()) return {"Usage: /memolets <query>"};
  auto r = core_.callSync("grove/memolet/search", {{"query", query}, {"limit", 5}});
  if (!r.ok) return {failure("Could not search the memolets", r.value)};
  if (r.value["results"].empty()) return {"No memolet matches \"" + query + "\"."};
  std::string out = "Memolets for \"" + query + "\":\n";
  for (const auto& hit : r.value["results"]) {
    out += "\n- " + hit["memolet"].value("title", std::string("(untitled)"));
    for (const auto& s : hit["sentences"]) out += "\n  " + s.get<std::string>();
  }
  return {out + "\n"};
}

}  // namespace grove::frontends::acp
