// Engine: chat items (DESIGN §11.2, checklist 8). The memolets of a
// workspace's conversations are board items of kind `chat`: one memolet,
// one id, so the board, search and `@` see the same thing. A new memolet is
// placed and evolves its neighbours as a capture does; one already on the
// board keeps its group and follows its conversation's text.
#include "engine/BoardState.h"
#include "engine/MemoletState.h"
#include "ops/WorkspaceUri.h"

namespace grove {

namespace {

constexpr size_t kChatTags = 5;

}  // namespace

void board::followChat(Engine::Impl& e, const std::string& projectId, const std::vector<std::string>& ids) {
  ProjectState* ps = e.findState(projectId);
  if (!ps || ps->project.deletedAt || !ps->project.workspaceUri) return;
  auto ws = normalizeWorkspaceUri(*ps->project.workspaceUri);
  if (!ws) return;
  std::optional<BoardSettings> settings;
  for (const auto& id : ids) {
    auto m = e.store->memolets().memolet(id);
    if (!m || m->text.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    if (auto existing = e.store->board().item(id)) {
      if (existing->kind == "chat") refreshEntry(e, *existing);
      continue;
    }
    if (!settings) settings = e.store->board().info(*ws).settings;
    BoardItem item;
    item.memolet = std::move(*m);
    item.workspaceUri = *ws;
    item.kind = "chat";
    item.tags = item.memolet.keywords;
    if (item.tags.size() > kChatTags) item.tags.resize(kChatTags);
    item.context = "from the conversation \"" + ps->project.title + "\"";
    BoardPlacement placement;
    std::optional<BoardEvolution> evolution;
    placeAndEvolve(e, item, *settings, placement, evolution);
  }
}

}  // namespace grove
