#include "session/TurnMemory.h"

#include <cctype>

#include "agents/MemoletPrompts.h"
#include "agents/PromptTemplates.h"
#include "memory/Citations.h"
#include "memory/References.h"
#include "llm/ProviderRegistry.h"
#include "session/EmbeddingJobs.h"
#include "session/Session.h"
#include "session/Turn.h"
#include "support/Log.h"

namespace grove::session {

namespace {

constexpr size_t kMaxQueries = 6;
constexpr size_t kMaxQueryBytes = 400;
// Query expansion sits before the answer's first token: keep its wait short.
constexpr std::chrono::seconds kQueryExpansionLimit{8};

// One query per line; numbering, bullets and quotes that models add anyway
// are dropped.
std::vector<std::string> parseQueries(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= text.size() && out.size() < kMaxQueries) {
    size_t nl = text.find('\n', start);
    std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    start = nl == std::string::npos ? text.size() + 1 : nl + 1;
    size_t i = 0;
    while (i < line.size() && (std::isdigit(static_cast<unsigned char>(line[i])) || line[i] == '.' ||
                               line[i] == ')' || line[i] == '-' || line[i] == '*' || line[i] == ' ' ||
                               line[i] == '"' || line[i] == '\t'))
      ++i;
    line = line.substr(i);
    while (!line.empty() && (line.back() == ' ' || line.back() == '"' || line.back() == '\r')) line.pop_back();
    if (line.empty() || line.size() > kMaxQueryBytes) continue;
    out.push_back(std::move(line));
  }
  return out;
}

// The message as a query: references read as their titles.
std::string plainMessage(const std::string& message) { return memory::withTitles(message); }

}  // namespace

TurnMemory prepareTurnMemory(Session& session, const std::string& projectId,
                             const std::string& message, const std::optional<RefineRequest>& refine,
                             const MemoryChoice& choice) {
  Engine& engine = session.engine();
  TurnMemory m;
  m.retrieval.projectId = projectId;
  m.retrieval.message = message;
  m.retrieval.memory = choice;
  m.refine = refine;
  // Unknown references fail the turn now, before any provider call.
  engine.checkMemory(message, choice);
  // What a refinement (or the memory choice) removes reaches no model, not even query expansion.
  std::vector<std::string> removed = choice.remove;
  if (refine) removed.insert(removed.end(), refine->remove.begin(), refine->remove.end());
  if (!removed.empty()) m.retrieval.message = scrubMemolets(message, removed);
  m.needsProvider = !session.offline() && choice.preset != "none" && engine.hasRetrievable(projectId);
  if (!m.needsProvider) resolveTurnMemory(engine, m);
  return m;
}

void expandWithProvider(Session& session, TurnMemory& m, const CancellationToken& cancel) {
  auto& providers = session.registry();
  const llm::ProviderConfig& config = providers.active();
  std::string query = plainMessage(m.retrieval.message);
  std::vector<std::string> queries{query};
  // A stalled provider must not hold the turn: past the limit the lexical
  // variants and hashed vectors serve (only the user's own Stop propagates).
  CancellationToken limited = cancel.withTimeout(kQueryExpansionLimit);
  try {
    ChatRequest request;
    request.model = config.utilityModelName();
    request.system = std::string(prompts::get("memolet_queries"));
    request.messages.push_back({"user", query});
    request.maxTokens = 256;
    request.temperature = 0.0;
    for (auto& q : parseQueries(providers.chatClient().chat(request, {}, limited).text))
      if (q != query && queries.size() < kMaxQueries) queries.push_back(std::move(q));
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::Cancelled && cancel.cancelled()) throw;
    log::warn(std::string("query expansion failed, using lexical variants: ") + e.what());
  }
  // The original alone means the model gave nothing usable: the offline variants do better.
  if (queries.size() > 1) m.retrieval.queries = queries;
  std::string model = embeddingModelOf(session);
  if (model.empty()) return;
  std::vector<std::string> toEmbed = m.retrieval.queries.empty() ? std::vector<std::string>{query}
                                                                 : m.retrieval.queries;
  try {
    auto vectors = providers.chatClient().embed(toEmbed, limited);
    if (vectors.size() == toEmbed.size()) {
      if (m.retrieval.queries.empty()) m.retrieval.queries = toEmbed;
      m.retrieval.queryEmbeddings = std::move(vectors);
      m.retrieval.embeddingModel = model;
    }
  } catch (const Error& e) {
    if (e.kind() == ErrorKind::Cancelled && cancel.cancelled()) throw;
    log::warn(std::string("query embeddings failed, using hashed vectors: ") + e.what());
  }
}

void resolveTurnMemory(Engine& engine, TurnMemory& m) {
  try {
    m.context = m.refine ? engine.refineContext(m.retrieval, *m.refine)
                         : engine.memoletContext(m.retrieval);
  } catch (const Error& e) {
    log::warn(std::string("memory for this turn failed: ") + e.what());
    m.context = {};
  }
  m.needsProvider = false;
}

std::string withMemory(const std::string& system, const TurnMemory& m) {
  if (m.context.section.empty()) return system;
  return system.empty() ? m.context.section : system + "\n\n" + m.context.section;
}

void addMemoryResult(Engine& engine, const std::string& answer, const TurnMemory& m, Turn& turn) {
  for (const auto& id : memory::parseCitations(answer)) {
    try {
      turn.citations.push_back({id, engine.memolet(id).title});
    } catch (const Error&) {
      // A model citing an id that names nothing: not a citation.
    }
  }
  turn.retrieved = m.context.ids();
  turn.memory = m.context.blocks;
}

}  // namespace grove::session
