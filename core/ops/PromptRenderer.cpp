#include "ops/PromptRenderer.h"

#include "ops/Tokens.h"

namespace grove {

std::string displayPath(const std::string& uri) {
  const std::string scheme = "file://";
  if (uri.rfind(scheme, 0) == 0) return uri.substr(scheme.size());
  return uri;
}

std::string renderUnit(const Unit& u) {
  if (u.kind == Kind::Code && u.source) {
    const Source& s = *u.source;
    std::string out = "File: " + displayPath(s.uri) + " (lines " +
                      std::to_string(s.range.start.line + 1) + "-" +
                      std::to_string(s.range.end.line + 1) + ")";
    // The text below is what was captured; say when the file no longer has it.
    if (s.anchor.state == AnchorState::Stale || s.anchor.state == AnchorState::Missing)
      out += " (stale: changed since captured)";
    if (s.symbol) out += " in " + *s.symbol;
    out += '\n';
    if (!s.memo.empty()) out += "Memo: " + s.memo + '\n';
    out += "```" + s.languageId + '\n' + u.content;
    if (!u.content.empty() && u.content.back() != '\n') out += '\n';
    out += "```";
    return out;
  }
  if (u.kind == Kind::Note) return "Note: " + u.content;
  return u.content;
}

ScopePreview renderPrompt(const ResolvedScope& scope, const RenderOptions& options) {
  ScopePreview out;
  out.system = options.system;
  out.excluded = scope.excluded;
  out.included = scope.included;

  std::vector<std::string> texts;
  texts.reserve(scope.units.size());
  for (const Unit* u : scope.units) texts.push_back(renderUnit(*u));
  std::vector<bool> keep(scope.units.size(), true);

  if (options.budgetTokens) {
    // Upper bound of the total: every unit its own message. Merging only
    // lowers it, so meeting the budget here meets it after merging too.
    int total = estimateTokens(options.system);
    if (options.prompt) total += estimateTokens(*options.prompt) + kMessageOverheadTokens;
    for (const auto& t : texts) total += estimateTokens(t) + kMessageOverheadTokens;
    for (size_t i = 0; i < scope.units.size() && total > *options.budgetTokens; ++i) {
      const Unit* u = scope.units[i];
      if (u->scope != ScopeState::Auto) continue;
      if (options.cursorId && u->id == *options.cursorId) continue;
      keep[i] = false;
      total -= estimateTokens(texts[i]) + kMessageOverheadTokens;
      out.truncated.push_back(u->id);
    }
  }

  for (size_t i = 0; i < scope.units.size(); ++i) {
    // An empty unit (an answer cancelled before its first word) says nothing,
    // and some providers refuse empty messages.
    if (!keep[i] || texts[i].empty()) continue;
    const Unit* u = scope.units[i];
    const char* role = toString(u->role);
    if (!out.messages.empty() && out.messages.back().role == role &&
        !out.messages.back().unitIds.empty()) {
      auto& m = out.messages.back();
      m.content += "\n\n";
      m.content += texts[i];
      m.unitIds.push_back(u->id);
    } else {
      out.messages.push_back({role, std::move(texts[i]), {u->id}});
    }
  }
  if (options.prompt) out.messages.push_back({"user", *options.prompt, {}});

  out.tokens = estimateTokens(out.system);
  for (const auto& m : out.messages) out.tokens += estimateTokens(m.content) + kMessageOverheadTokens;
  return out;
}

}  // namespace grove
