#include "session/KnowledgeAnswerJobs.h"

#include <map>
#include <set>

#include "agents/KnowledgeAnswerAgent.h"
#include "knowledge/GroundedAnswer.h"
#include "support/Log.h"

namespace grove::session {

using namespace knowledge;

std::vector<ChildSource> answerPassages(Engine& engine, const KnowledgeTurn& turn) {
  std::vector<ChildSource> out;
  if (!turn.answer) return out;
  // A document's leaves, read once per document the kept chunks come from.
  std::map<std::string, std::vector<KnowledgeChunkRow>> leaves;
  for (const auto& chunk : turn.answer->chunks) {
    if (!chunk.kept) continue;
    const Citation& c = chunk.citation;
    auto [it, fresh] = leaves.try_emplace(c.uri);
    if (fresh) it->second = engine.knowledgeDocuments().knowledgeChunks(turn.workspaceUri, 0, c.uri);
    std::string text = c.quote;
    for (const auto& leaf : it->second)
      if (leaf.startLine == c.range.start.line && leaf.endLine == c.range.end.line) text = leaf.text;
    out.push_back({c.title, std::move(text), c});
  }
  return out;
}

void rewriteAnswerWithModel(KnowledgeTurn& turn, const std::vector<ChildSource>& passages, const std::string& model,
                            const KnowledgeModelCall& call) {
  if (!turn.answer || passages.empty()) return;
  KnowledgeAnswer& a = *turn.answer;
  std::string question = turn.intent && !turn.intent->rewritten.empty() ? turn.intent->rewritten : turn.input;
  std::string reply;
  try {
    reply = call(knowledgeAnswerRequest(question, passages, model));
  } catch (const std::exception& e) {
    // Provider errors never carry keys (LlmClient's contract).
    log::warn(std::string("knowledge answer: the model failed, keeping the extractive answer: ") + e.what());
    return;
  }
  std::string why;
  auto written = modelAnswerFrom(reply, passages.size(), why);
  if (!written) {
    // Only the reason: the reply may quote the documents.
    log::warn("knowledge answer: unusable reply (" + why + "), keeping the extractive answer");
    return;
  }
  // Passage k is the k-th kept chunk; the model's citations grade them.
  std::set<int> cited(written->cited.begin(), written->cited.end());
  a.citations.clear();
  int k = 0;
  for (auto& chunk : a.chunks) {
    if (!chunk.kept) continue;
    chunk.kept = cited.count(++k) > 0;
    if (chunk.kept) a.citations.push_back(chunk.citation);
  }
  // The graph's answer is the map's own; the model rewrote only the documents' part.
  if (a.graphAnswer) {
    a.text = written->known ? *a.graphAnswer + "\n\n" + written->text : *a.graphAnswer;
    a.known = true;
  } else {
    a.text = written->text;  // exactly "I don't know" when the model does not know
    a.known = written->known;
  }
  turn.message = a.text;
}

}  // namespace grove::session
