#include "interchange/TreeBuilder.h"

#include "interchange/ReaderSupport.h"

namespace grove::interchange {

std::optional<std::string> TreeBuilder::resolve(const std::optional<std::string>& parent) const {
  if (!parent) return std::nullopt;
  if (auto it = entryToMsg_.find(*parent); it != entryToMsg_.end()) return it->second;
  if (auto it = skipped_.find(*parent); it != skipped_.end()) return it->second;
  return std::nullopt;  // unknown: a root
}

void TreeBuilder::add(RawEntry e) {
  if (entryToMsg_.count(e.id) || skipped_.count(e.id)) return;  // a duplicated line
  std::optional<std::string> parent = resolve(e.parent);
  using C = RawEntry::Class;
  if (e.cls == C::Skip || (e.cls != C::Reply && e.text.empty() && !e.code)) {
    skipped_[e.id] = parent;
    return;
  }
  if (e.cls == C::Reply) {
    // A piece that follows a reply joins it; any other starts a new reply.
    if (parent) {
      ImportedMessage& p = messages_[index_.at(*parent)];
      if (p.role == Role::Assistant && p.kind == Kind::Message) {
        appendBlock(p.text, e.text);
        hasChildren_.insert(p.sourceId);
        entryToMsg_[e.id] = p.sourceId;
        return;
      }
    }
    if (e.text.empty()) {
      skipped_[e.id] = parent;
      return;
    }
  }
  if (e.cls == C::Code && parent) {
    // A selection sent with a prompt (Claude Code writes it just after) goes
    // before it, as in Grove the question follows the code it is about, and
    // the exchange stays a prompt and its answer.
    ImportedMessage& p = messages_[index_.at(*parent)];
    if (p.role == Role::User && p.kind == Kind::Message && !hasChildren_.count(p.sourceId)) {
      ImportedMessage m;
      m.sourceId = e.id;
      m.parentSourceId = p.parentSourceId;
      m.role = Role::User;
      m.kind = Kind::Code;
      m.text = std::move(e.text);
      m.code = e.code;
      m.createdAt = e.createdAt;
      p.parentSourceId = m.sourceId;
      hasChildren_.insert(m.sourceId);
      entryToMsg_[e.id] = p.sourceId;  // what follows the selection follows the prompt
      index_[m.sourceId] = messages_.size();
      messages_.push_back(std::move(m));
      return;
    }
  }
  if (parent) hasChildren_.insert(*parent);
  ImportedMessage m;
  m.sourceId = e.id;
  m.parentSourceId = parent;
  m.createdAt = e.createdAt;
  m.text = std::move(e.text);
  switch (e.cls) {
    case C::Prompt: m.role = Role::User; break;
    case C::Reply: m.role = Role::Assistant; break;
    case C::Note: m.role = Role::System; m.kind = Kind::Note; break;
    case C::Code: m.role = Role::User; m.kind = Kind::Code; m.code = e.code; break;
    case C::Skip: break;
  }
  index_[m.sourceId] = messages_.size();
  entryToMsg_[e.id] = m.sourceId;
  messages_.push_back(std::move(m));
}

std::optional<std::string> TreeBuilder::messageOf(const std::string& entryId) const {
  return resolve(entryId);
}

std::vector<ImportedMessage> TreeBuilder::take() {
  index_.clear();
  return std::move(messages_);
}

}  // namespace grove::interchange
