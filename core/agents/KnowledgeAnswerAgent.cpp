#include "agents/KnowledgeAnswerAgent.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "agents/KnowledgePrompts.h"
#include "agents/PromptTemplates.h"
#include "knowledge/GroundedAnswer.h"

namespace grove {

namespace {

// A few sentences with their citations; a longer reply is cut by the provider.
constexpr int kAnswerTokens = 600;

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

bool saysIDontKnow(std::string text) {
  for (size_t at = text.find("\xE2\x80\x99"); at != std::string::npos; at = text.find("\xE2\x80\x99", at))
    text.replace(at, 3, "'");  // a curly apostrophe
  while (!text.empty() && (text.back() == '.' || text.back() == '!')) text.pop_back();
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return trimmed(text) == "i don't know" || trimmed(text) == "i do not know";
}

// A citation group at `at` ("[2]", "[1, 3]"): its numbers and the index
// after its ']'; nothing when the bracket opens something else.
struct Group {
  std::vector<int> numbers;
  size_t end = 0;
};

std::optional<Group> groupAt(const std::string& s, size_t at) {
  Group g;
  size_t i = at + 1;
  for (;;) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t digits = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == digits || i - digits > 4) return std::nullopt;
    g.numbers.push_back(std::stoi(s.substr(digits, i - digits)));
    while (i < s.size() && s[i] == ' ') ++i;
    if (i < s.size() && s[i] == ']') {
      g.end = i + 1;
      return g;
    }
    if (i >= s.size() || s[i] != ',') return std::nullopt;
    ++i;
  }
}

}  // namespace

ChatRequest knowledgeAnswerRequest(const std::string& question, const std::vector<knowledge::ChildSource>& passages,
                                   const std::string& model) {
  ChatRequest r;
  r.model = model;
  r.temperature = 0.0;  // the same question and passages should read the same
  r.maxTokens = kAnswerTokens;
  r.system = std::string(prompts::get("knowledge_answer"));
  r.messages.push_back({"user", "Question: " + question + "\n\nPassages:\n" + numberedPassages(passages)});
  return r;
}

std::optional<ModelAnswer> modelAnswerFrom(const std::string& reply, size_t passages, std::string& why) {
  std::string text = trimmed(reply);
  if (text.empty()) {
    why = "blank";
    return std::nullopt;
  }
  if (saysIDontKnow(text)) return ModelAnswer{false, knowledge::kIDontKnow, {}};
  if (text[0] == '{' || text.rfind("```", 0) == 0) {
    why = "not prose";
    return std::nullopt;
  }
  std::set<int> cited;
  for (size_t at = text.find('['); at != std::string::npos; at = text.find('[', at + 1))
    if (auto g = groupAt(text, at))
      for (int n : g->numbers) {
        if (n < 1 || static_cast<size_t>(n) > passages) {
          why = "it cites [" + std::to_string(n) + "], which is not one of the " + std::to_string(passages) +
                " passages";
          return std::nullopt;
        }
        cited.insert(n);
      }
  if (cited.empty()) {
    why = "it cites no passage";
    return std::nullopt;
  }
  // [n] becomes n's place among the cited passages.
  std::map<int, int> place;
  for (int n : cited) place.emplace(n, static_cast<int>(place.size()) + 1);
  ModelAnswer out;
  out.known = true;
  out.cited.assign(cited.begin(), cited.end());
  size_t from = 0;
  for (size_t at = text.find('['); at != std::string::npos; at = text.find('[', at + 1)) {
    auto g = groupAt(text, at);
    if (!g) continue;
    out.text += text.substr(from, at - from) + "[";
    for (size_t k = 0; k < g->numbers.size(); ++k)
      out.text += (k ? ", " : "") + std::to_string(place[g->numbers[k]]);
    out.text += "]";
    from = g->end;
    at = g->end - 1;
  }
  out.text += text.substr(from);
  return out;
}

}  // namespace grove
