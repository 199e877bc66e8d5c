#include "knowledge/IntentClassifier.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>

#include "knowledge/EditParser.h"

namespace grove::knowledge {

namespace {

const char* const kNames[] = {"search", "edit", "expansion"};

uint32_t fnv(const std::string& s) {
  uint32_t h = 2166136261u;
  for (unsigned char c : s) {
    h ^= c;
    h *= 16777619u;
  }
  return h;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string w;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '\'' || c == '-' || c >= 0x80) {
      w += static_cast<char>(std::tolower(c));
    } else {
      if (!w.empty()) out.push_back(w);
      w.clear();
      // Arrows, colons and the like are signals of their own.
      if (c == '>' || c == ':' || c == '+' || c == '?') out.push_back(std::string(1, static_cast<char>(c)));
    }
  }
  if (!w.empty()) out.push_back(w);
  return out;
}

// The words the deixis rule replaces, longest first.
const char* const kDeictic[] = {"the selected node", "this node", "that node", "this one", "that one",
                                "this", "that", "it"};

bool isWordAt(const std::string& lower, size_t pos, size_t len) {
  auto boundary = [&](size_t i) { return !std::isalnum(static_cast<unsigned char>(lower[i])); };
  return (pos == 0 || boundary(pos - 1)) && (pos + len >= lower.size() || boundary(pos + len));
}

std::string lowerOf(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The topic of an expansion: what follows the verb ("expand on X" -> X).
std::string topicOf(const std::string& text) {
  std::vector<std::string> w = words(text);
  static const char* const kFill[] = {"expand", "on", "the", "tell", "me", "more", "about", "go", "deeper", "into",
                                      "break", "down", "what", "are", "sub-topics", "subtopics", "of", "please",
                                      "pls", "elaborate", "dig", "drill", "explore", "node", "section", "?", "a",
                                      "can", "you", "could", "show", "give", "detail", "details", "in", "under"};
  std::string out;
  for (const auto& x : w) {
    if (std::find_if(std::begin(kFill), std::end(kFill), [&](const char* f) { return x == f; }) != std::end(kFill))
      continue;
    if (!out.empty()) out += ' ';
    out += x;
  }
  return out;
}

}  // namespace

const char* intentName(IntentLabel l) { return kNames[static_cast<int>(l)]; }

std::optional<IntentLabel> intentFrom(const std::string& name) {
  for (int i = 0; i < kIntentLabels; ++i)
    if (name == kNames[i]) return static_cast<IntentLabel>(i);
  return std::nullopt;
}

std::vector<std::pair<int, float>> intentFeatures(const std::string& input) {
  std::vector<std::pair<int, float>> out;
  auto add = [&](const std::string& f, float v) { out.emplace_back(static_cast<int>(fnv(f) % kIntentDim), v); };
  std::vector<std::string> w = words(input);
  for (size_t i = 0; i < w.size(); ++i) {
    add("w:" + w[i], 1.0f);
    if (i + 1 < w.size()) add("b:" + w[i] + " " + w[i + 1], 1.0f);
  }
  if (!w.empty()) add("first:" + w[0], 1.5f);
  if (w.size() > 1) add("second:" + w[1], 0.5f);
  if (w.size() <= 2) add("short", 1.0f);
  // Character trigrams of each word carry misspellings and inflections.
  for (const auto& x : w) {
    std::string padded = "<" + x + ">";
    for (size_t i = 0; i + 3 <= padded.size(); ++i) add("c:" + padded.substr(i, 3), 0.3f);
  }
  std::string trimmed = input;
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back()))) trimmed.pop_back();
  if (!trimmed.empty() && trimmed.back() == '?') add("question", 1.0f);
  if (looksLikeEdit(input)) add("grammar:edit", 2.0f);
  add("bias-word-count", std::min<float>(static_cast<float>(w.size()), 20.0f) / 20.0f);
  return out;
}

IntentScores classifyIntent(const IntentModel& model, const std::string& input) {
  IntentScores s;
  std::array<double, kIntentLabels> z{};
  auto features = intentFeatures(input);
  for (int k = 0; k < kIntentLabels; ++k) {
    z[k] = model.bias[k];
    if (model.weights.size() == static_cast<size_t>(kIntentLabels * kIntentDim))
      for (const auto& [i, v] : features) z[k] += model.weights[k * kIntentDim + i] * v;
  }
  double m = *std::max_element(z.begin(), z.end());
  double sum = 0;
  for (int k = 0; k < kIntentLabels; ++k) sum += (s.scores[k] = std::exp(z[k] - m));
  int best = 0;
  for (int k = 0; k < kIntentLabels; ++k) {
    s.scores[k] /= sum;
    if (s.scores[k] > s.scores[best]) best = k;
  }
  s.label = static_cast<IntentLabel>(best);
  s.confidence = s.scores[best];
  return s;
}

std::string expansionTopic(const std::string& rewritten) {
  if (rewritten.rfind(kExpansionPrefix, 0) != 0) return rewritten;
  std::string topic = rewritten.substr(std::string(kExpansionPrefix).size());
  if (!topic.empty() && topic.back() == '?') topic.pop_back();
  return topic;
}

ResolvedInput resolveInput(const std::string& input, IntentLabel label, const KnowledgeGraph& graph,
                           const std::optional<std::string>& selectedId,
                           const std::optional<std::string>& lastTurnNodeId) {
  ResolvedInput out;
  out.rewritten = input;
  std::string lower = lowerOf(input);
  std::optional<std::string> pointed = selectedId && graph.node(*selectedId) ? selectedId : std::nullopt;
  if (!pointed && lastTurnNodeId && graph.node(*lastTurnNodeId)) pointed = lastTurnNodeId;
  // Deixis: the first deictic phrase becomes the node's title.
  for (const char* d : kDeictic) {
    std::string phrase = d;
    for (size_t p = lower.find(phrase); p != std::string::npos; p = lower.find(phrase, p + 1)) {
      if (!isWordAt(lower, p, phrase.size())) continue;
      out.deictic = true;
      if (pointed) {
        out.nodeId = pointed;
        out.rewritten = input.substr(0, p) + graph.node(*pointed)->title + input.substr(p + phrase.size());
      }
      break;
    }
    if (out.deictic) break;
  }
  // A node named by its title (the longest one mentioned).
  if (!out.nodeId) {
    const KnowledgeNode* best = nullptr;
    for (const auto& n : graph.nodes) {
      std::string t = lowerOf(n.title);
      if (t.empty()) continue;
      size_t p = lower.find(t);
      if (p != std::string::npos && isWordAt(lower, p, t.size()) && (!best || n.title.size() > best->title.size()))
        best = &n;
    }
    if (best) out.nodeId = best->id;
    else if (!out.deictic && pointed && selectedId) out.nodeId = selectedId;
  }
  if (label == IntentLabel::Expansion) {
    std::string topic = out.nodeId ? graph.node(*out.nodeId)->title : topicOf(out.rewritten);
    if (!topic.empty()) out.rewritten = kExpansionPrefix + topic + "?";
  }
  return out;
}

const IntentModel& shippedIntentModel() {
  static const IntentModel model = [] {
    IntentModel m;
#include "knowledge/IntentWeights.inc"
    return m;
  }();
  return model;
}

}  // namespace grove::knowledge
