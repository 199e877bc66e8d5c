// IntentClassifier: the native router of the knowledge-map chat (DESIGN
// §11.3 `classify`): search, edit or expansion, by a multinomial logistic
// regression over hashed word, word-pair and character-trigram features,
// plus one feature for "reads as a structured edit" (EditParser). Its weights
// are trained on tests/data/knowledge/intents.tsv's train split by
// grove_knowledge_intent_train and shipped compiled in (IntentWeights.inc).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "knowledge/KnowledgeGraph.h"

namespace grove::knowledge {

enum class IntentLabel { Search = 0, Edit = 1, Expansion = 2 };
constexpr int kIntentLabels = 3;
const char* intentName(IntentLabel);
std::optional<IntentLabel> intentFrom(const std::string& name);

/// Hashed features of an input: (bucket, value) pairs, buckets < kIntentDim.
constexpr int kIntentDim = 2048;
std::vector<std::pair<int, float>> intentFeatures(const std::string& input);

struct IntentModel {
  std::vector<float> weights;  // kIntentLabels x kIntentDim, row-major
  std::array<float, kIntentLabels> bias{};
};

/// The model shipped with this build.
const IntentModel& shippedIntentModel();

struct IntentScores {
  IntentLabel label = IntentLabel::Search;
  double confidence = 0;                   // the winner's probability
  std::array<double, kIntentLabels> scores{};  // probabilities, summing to 1
};

IntentScores classifyIntent(const IntentModel& model, const std::string& input);
inline IntentScores classifyIntent(const std::string& input) { return classifyIntent(shippedIntentModel(), input); }

/// Deixis and rewriting: "this", "it", "that one" (and "this node", ...)
/// name `selectedId`, else `lastTurnNodeId`; a node named by its title is
/// also the one meant. `rewritten` is self-contained: the deictic words
/// become the node's title, and an expansion reads "What are the sub-topics
/// covered in the documents related to X?".
/// An expansion's rewrite (DESIGN §11.3): "What are the sub-topics covered in
/// the documents related to X?".
inline constexpr const char* kExpansionPrefix = "What are the sub-topics covered in the documents related to ";

/// X of an expansion's rewrite, what the documents are searched for (the
/// template's own words would only dilute the query); other text as it is.
std::string expansionTopic(const std::string& rewritten);

struct ResolvedInput {
  std::optional<std::string> nodeId;
  std::string rewritten;
  bool deictic = false;  // the input pointed at a node it did not name
};
ResolvedInput resolveInput(const std::string& input, IntentLabel label, const KnowledgeGraph& graph,
                           const std::optional<std::string>& selectedId,
                           const std::optional<std::string>& lastTurnNodeId);

}  // namespace grove::knowledge
