#include "agents/BoardCaptureAgent.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

#include "agents/PromptTemplates.h"

namespace grove {

namespace {

// The captured text a prompt carries: long captures are cut (the model
// needs what the item is about, not all of it).
constexpr size_t kPromptBytes = 4000;
constexpr size_t kMaxTags = 8;

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// The start of a capture for a prompt, its lines intact (code keeps its
// layout): cut at the last line end before the limit, else at a character.
std::string excerpt(const std::string& text) {
  if (text.size() <= kPromptBytes) return text;
  size_t cut = text.rfind('\n', kPromptBytes);
  if (cut == std::string::npos || cut == 0) {
    cut = kPromptBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  }
  return text.substr(0, cut) + "\n...";
}

std::string joined(const std::vector<std::string>& tags) {
  std::string out;
  for (const auto& t : tags) out += (out.empty() ? "" : ", ") + t;
  return out;
}

}  // namespace

std::string boardCardText(const BoardCard& c) {
  std::string out = "Title: " + c.title;
  if (!c.summary.empty()) out += "\nSummary: " + c.summary;
  if (!c.tags.empty()) out += "\nTags: " + joined(c.tags);
  if (!c.context.empty()) out += "\nContext: " + c.context;
  if (!c.path.empty()) out += "\nFile: " + c.path;
  return out;
}

std::optional<std::string> trimmedField(const std::optional<std::string>& s) {
  if (!s) return std::nullopt;
  std::string t = trim(*s);
  if (t.empty()) return std::nullopt;
  return t;
}

ChatRequest boardAnalysisRequest(const std::string& content, const std::optional<Source>& source,
                                 const std::string& model) {
  ChatRequest r;
  r.model = model;
  r.jsonMode = true;
  r.temperature = 0.0;
  r.maxTokens = 400;
  r.system = std::string(prompts::get("board_capture_analysis"));
  std::string user;
  if (source) {
    user += "Kind: code snippet\nFile: " + source->uri;
    if (source->symbol && !source->symbol->empty()) user += "\nSymbol: " + *source->symbol;
    if (!source->languageId.empty()) user += "\nLanguage: " + source->languageId;
    if (!source->memo.empty()) user += "\nMemo: " + source->memo;
  } else {
    user += "Kind: note";
  }
  user += "\n\nItem:\n" + excerpt(content);
  r.messages.push_back({"user", user});
  return r;
}

ChatRequest boardScoresRequest(const CaptureCandidates& c, const std::string& model) {
  ChatRequest r;
  r.model = model;
  r.jsonMode = true;
  r.temperature = 0.0;
  r.maxTokens = 60 + 25 * static_cast<int>(c.candidates.size());
  r.system = std::string(prompts::get("board_capture_scores"));
  std::string user = "New item (" + c.item.kind + "):\n" + boardCardText(c.item) + "\nContent:\n" +
                     excerpt(c.content) + "\n\nCandidates:";
  for (const auto& k : c.candidates) user += "\n\n[id: " + k.id + " | " + k.kind + "]\n" + boardCardText(k);
  r.messages.push_back({"user", user});
  return r;
}

BoardAnalysis analysisFromModel(BoardAnalysis raw) {
  BoardAnalysis out;
  out.title = trimmedField(raw.title);
  out.summary = trimmedField(raw.summary);
  out.context = trimmedField(raw.context);
  if (raw.tags) {
    std::vector<std::string> tags;
    for (const auto& t : *raw.tags) {
      std::string tag = trim(t);
      std::transform(tag.begin(), tag.end(), tag.begin(),
                     [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
      if (tag.empty() || std::find(tags.begin(), tags.end(), tag) != tags.end()) continue;
      tags.push_back(std::move(tag));
      if (tags.size() == kMaxTags) break;
    }
    if (!tags.empty()) out.tags = std::move(tags);
  }
  return out;
}

std::vector<ScoredId> scoresFromModel(const std::vector<ScoredId>& raw, const std::vector<BoardCard>& candidates) {
  std::unordered_map<std::string, bool> asked;
  for (const auto& c : candidates) asked.emplace(c.id, false);
  std::vector<ScoredId> out;
  for (const auto& s : raw) {
    auto it = asked.find(s.id);
    if (it == asked.end() || it->second) continue;
    it->second = true;
    out.push_back({s.id, std::clamp(s.score, 0.0, 1.0)});
  }
  return out;
}

}  // namespace grove
