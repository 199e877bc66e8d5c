// Engine: memolet creation and reads, configuration, provider embeddings.
#include <algorithm>
#include <unordered_set>

#include "engine/MemoletState.h"
#include "support/Ids.h"

namespace grove {

namespace {

bool continuationByte(const std::string& s, int64_t at) {
  return at > 0 && static_cast<size_t>(at) < s.size() &&
         (static_cast<unsigned char>(s[static_cast<size_t>(at)]) & 0xC0) == 0x80;
}

std::string cleanTitle(const std::string& raw) {
  std::string t;
  for (char c : raw) t.push_back(c == '[' ? '(' : c == ']' ? ')' : c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
  size_t b = t.find_first_not_of(' ');
  if (b == std::string::npos) return {};
  size_t e = t.find_last_not_of(' ');
  return t.substr(b, e - b + 1);
}

}  // namespace

void Engine::setMemoletListener(MemoletListener listener) {
  impl_->memoletListener = std::move(listener);
}

void Engine::setMemoletConfig(const MemoletConfig& config) {
  impl_->memoletConfig = config;
  impl_->memo.reset();  // the segmenter is built from it
}

void Engine::setDeferredMemoletIndexing(bool on) { impl_->deferMemolets = on; }

bool Engine::indexMemolets(size_t limit, const std::function<bool()>& yield) {
  return impl_->mutate([&] {
    size_t left = limit;
    for (const auto& projectId : impl_->store->memolets().projectsBehind()) {
      left -= impl_->catchUpMemolets(projectId, left, yield);
      if (left == 0 || (yield && yield())) return true;
    }
    impl_->memolets().maybeBehind = false;
    return false;
  });
}

bool Engine::tidySearchIndexes(int pages) {
  return impl_->mutate([&] { return impl_->store->tidySearchIndexes(pages); });
}

const MemoletConfig& Engine::memoletConfig() const { return impl_->memoletConfig; }

Memolet Engine::createMemolet(const MemoletCreateRequest& r) {
  return impl_->mutate([&] {
    impl_->state(r.projectId);
    Memolet m;
    m.id = newId('m');
    m.projectId = r.projectId;
    m.manual = true;
    m.closed = true;  // segmentation never appends to a hand-made memolet
    m.createdAt = impl_->now();
    if (r.span) {
      if (!r.unitIds.empty())
        throw Error::invalidArg("unitIds", "give either unitIds or unitId with span, not both");
      Node& n = impl_->liveNodeIn(r.span->unitId, r.projectId, "unitId");
      const std::string& c = n.unit.content;
      const MemoletSpan& s = *r.span;
      if (s.start < 0 || s.end <= s.start || static_cast<size_t>(s.end) > c.size())
        throw Error::invalidArg("span", "span must satisfy 0 <= start < end <= " +
                                            std::to_string(c.size()) + " (UTF-8 bytes of the unit)");
      if (continuationByte(c, s.start) || continuationByte(c, s.end))
        throw Error::invalidArg("span", "span offsets must fall on UTF-8 character boundaries");
      m.span = s;
      m.sourceUnitIds = {s.unitId};
    } else {
      if (r.unitIds.empty()) throw Error::invalidArg("unitIds", "unitIds must not be empty");
      std::vector<Node*> nodes;
      std::unordered_set<std::string> seen;
      for (const auto& id : r.unitIds) {
        Node& n = impl_->liveNodeIn(id, r.projectId, "unitIds");
        if (n.unit.kind == Kind::Placeholder)
          throw Error::invalidOp("isPlaceholder", "a placeholder has no content to remember", id);
        if (seen.insert(id).second) nodes.push_back(&n);
      }
      // Conversation order, whatever order the client listed them in.
      std::sort(nodes.begin(), nodes.end(), [](Node* a, Node* b) { return a->unit.seq < b->unit.seq; });
      for (Node* n : nodes) m.sourceUnitIds.push_back(n->unit.id);
    }
    if (r.parentId) memolets::require(*impl_, *r.parentId);
    m.parentId = r.parentId;
    memolets::rebuild(*impl_, m);
    if (m.text.find_first_not_of(" \t\r\n") == std::string::npos)
      throw Error::invalidArg(r.span ? "span" : "unitIds", "nothing to remember: the text is empty");
    if (r.title) {
      m.title = cleanTitle(*r.title);
      if (m.title.empty()) throw Error::invalidArg("title", "title must not be empty");
    } else if (r.span) {
      m.title = memolets::titleFrom(m.text);
    } else {
      m.title = memolets::titleFrom(impl_->findNode(m.sourceUnitIds.front())->unit.content);
    }
    memolets::placeNearNeighbour(*impl_, m);
    memolets::write(*impl_, m);
    impl_->memoletsChanged(m.projectId, {m.id});
    return m;
  });
}

Memolet Engine::memolet(const std::string& memoletId) {
  impl_->memoletsReadable();
  return memolets::require(*impl_, memoletId);
}

std::vector<Memolet> Engine::memolets(const std::optional<std::string>& projectId) {
  impl_->memoletsReadable();
  if (projectId) impl_->state(*projectId);
  return impl_->store->memolets().memolets(projectId);
}

std::vector<std::pair<std::string, std::string>> Engine::memoletsToEmbed(
    const std::string& model, const std::vector<std::string>& ids) {
  impl_->memoletsReadable();
  std::vector<std::pair<std::string, std::string>> out;
  auto consider = [&](const Memolet& m) {
    if (m.text.empty()) return;
    if (!m.embedding.empty() && m.embeddingModel == model) return;  // stored: reused
    out.emplace_back(m.id, m.text);
  };
  if (ids.empty()) {
    for (const auto& m : impl_->store->memolets().memolets(std::nullopt)) consider(m);
  } else {
    for (const auto& id : ids)
      if (auto m = impl_->store->memolets().memolet(id)) consider(*m);
  }
  return out;
}

void Engine::setMemoletEmbedding(const std::string& memoletId, const std::string& model,
                                 const std::string& text, const std::vector<float>& embedding) {
  impl_->mutate([&] {
    auto m = impl_->store->memolets().memolet(memoletId);
    // The text moved on while the provider worked: that embedding is stale.
    if (!m || m->text != text || embedding.empty()) return;
    m->embedding = text::HashedVector::fromValues(embedding).toBlob();
    m->embeddingModel = model;
    memolets::write(*impl_, *m);
  });
}

}  // namespace grove
