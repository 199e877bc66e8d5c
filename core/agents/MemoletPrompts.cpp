#include "agents/MemoletPrompts.h"

#include <algorithm>
#include <cstdio>

#include "agents/PromptTemplates.h"
#include "memory/Citations.h"
#include "memory/References.h"

namespace grove {

namespace {

// One pass over the template: values are never scanned for markers, so a
// memolet whose text happens to contain "{{general_context}}" stays as it is.
std::string fillOnce(std::string_view tmpl,
                     const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  size_t i = 0;
  while (i < tmpl.size()) {
    size_t open = tmpl.find("{{", i);
    if (open == std::string_view::npos) break;
    size_t close = tmpl.find("}}", open + 2);
    if (close == std::string_view::npos) break;
    std::string_view key = tmpl.substr(open + 2, close - open - 2);
    auto it = std::find_if(values.begin(), values.end(), [&](const auto& kv) { return kv.first == key; });
    out.append(tmpl.substr(i, open - i));
    if (it != values.end())
      out += it->second;
    else
      out.append(tmpl.substr(open, close + 2 - open));
    i = close + 2;
  }
  out.append(tmpl.substr(i));
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

std::string blocks(const std::vector<PromptContext>& items) {
  if (items.empty()) return "(none)";
  std::string out;
  for (const auto& c : items) {
    if (!out.empty()) out += "\n\n";
    out += renderContextBlock(c);
  }
  return out;
}

std::string idList(const std::vector<PromptContext>& items) {
  std::string out;
  for (const auto& c : items) out += (out.empty() ? "" : ", ") + c.id;
  return out;
}

std::string weight(double w) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.2f", w);
  return buf;
}

}  // namespace

std::string renderContextBlock(const PromptContext& c) {
  std::string out = "[MEMOLET: " + c.title + " | memolet:" + c.id;
  if (!c.kind.empty()) out += " | " + c.kind;
  if (c.mention) out += " | MENTION";
  out += "]\n";
  if (!c.context.empty()) out += "Context: " + c.context + "\n";
  if (!c.summary.empty()) out += "Summary: " + c.summary + "\n";
  if (!c.tags.empty()) {
    out += "Tags:";
    for (size_t i = 0; i < c.tags.size(); ++i) out += (i ? ", " : " ") + c.tags[i];
    out += "\n";
  }
  return out + c.text;
}

std::string renderMemoletContext(const std::vector<PromptContext>& referenced,
                                 const std::vector<PromptContext>& retrieved,
                                 const std::string& understanding) {
  if (referenced.empty() && retrieved.empty() && understanding.empty()) return {};
  std::vector<PromptContext> all = referenced;
  all.insert(all.end(), retrieved.begin(), retrieved.end());
  std::string section = fillOnce(prompts::get("memolet_context"), {{"contexts", blocks(all)}});
  if (understanding.empty()) return section;
  // The memory section opens with what the AI understands of the board.
  return "[TASK UNDERSTANDING] " + understanding + "\n\n" + section;
}

std::string renderRefineSection(const RefineSections& s) {
  // The instruction list of A.7.2, numbered, one line per instruction type used.
  std::vector<std::string> lines;
  if (!s.add.empty()) lines.push_back("ADD_CONTEXT: " + idList(s.add));
  if (s.removed > 0)
    lines.push_back("REMOVE_CONTEXT: " + std::to_string(s.removed) +
                    (s.removed == 1 ? " context" : " contexts") + " removed by the user");
  if (!s.highlight.empty()) lines.push_back("HIGHLIGHT_CONTEXT: " + idList(s.highlight));
  if (!s.obscure.empty()) lines.push_back("OBSCURE_CONTEXT: " + idList(s.obscure));
  if (!s.group.empty()) {
    std::string g;
    for (const auto& p : s.group)
      g += (g.empty() ? "" : "; ") + p.a.id + " (weight " + weight(p.weight) + "), " + p.b.id +
           " (weight " + weight(1.0 - p.weight) + ")";
    lines.push_back("GROUP_CONTEXT: " + g);
  }
  if (!s.general.empty()) lines.push_back("GENERAL_CONTEXT: " + idList(s.general));
  std::string instructions;
  for (size_t i = 0; i < lines.size(); ++i)
    instructions += (i ? "\n" : "") + std::to_string(i + 1) + ". " + lines[i];
  if (instructions.empty()) instructions = "(none: answer again from the contexts below)";

  std::string groups;
  for (size_t i = 0; i < s.group.size(); ++i) {
    const auto& p = s.group[i];
    if (!groups.empty()) groups += "\n\n";
    groups += "Group " + std::to_string(i + 1) + ": " + p.a.id + " (weight " + weight(p.weight) +
              ") with " + p.b.id + " (weight " + weight(1.0 - p.weight) + ")\n" +
              renderContextBlock(p.a) + "\n\n" + renderContextBlock(p.b);
  }
  if (groups.empty()) groups = "(none)";
  std::string removed = s.removed == 0   ? "(none)"
                        : s.removed == 1 ? "1 context was removed; its content is withheld."
                                         : std::to_string(s.removed) + " contexts were removed; their content is withheld.";
  return fillOnce(prompts::get("memolet_refine"), {{"instructions", instructions},
                                                  {"add_context", blocks(s.add)},
                                                  {"remove_context", removed},
                                                  {"highlight_context", blocks(s.highlight)},
                                                  {"obscure_context", blocks(s.obscure)},
                                                  {"group_context", groups},
                                                  {"general_context", blocks(s.general)}});
}

std::string scrubMemolets(std::string_view text, const std::vector<std::string>& ids) {
  if (ids.empty()) return std::string(text);
  auto named = [&](const std::string& id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
  // Cut spans, last first, so earlier offsets stay valid.
  std::vector<std::pair<size_t, size_t>> cuts;  // offset, length
  std::vector<std::string> replacements;
  for (const auto& r : memory::parseReferences(text))
    if (r.scheme == memory::Reference::Scheme::Memolet && named(r.id)) {
      cuts.push_back({r.offset, r.length});
      replacements.push_back("(a removed memory)");
    }
  for (const auto& m : memory::findCitationMarks(text)) {
    std::vector<std::string> keep;
    for (const auto& id : m.ids)
      if (!named(id)) keep.push_back(id);
    if (keep.size() == m.ids.size()) continue;
    std::string mark;
    for (const auto& id : keep) mark += "[citation:" + id + "]";
    cuts.push_back({m.offset, m.length});
    replacements.push_back(mark);
  }
  std::vector<size_t> order(cuts.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return cuts[a].first > cuts[b].first; });
  std::string out(text);
  for (size_t i : order) out.replace(cuts[i].first, cuts[i].second, replacements[i]);
  return out;
}

}  // namespace grove
