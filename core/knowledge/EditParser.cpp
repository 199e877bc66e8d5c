#include "knowledge/EditParser.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

namespace grove::knowledge {

namespace {

enum class Verb { Add, AddUnder, Rename, Delete, Link, Move, Unlink, DeleteEdge, Relabel, Undo, Redo };

// One clause as written: its verb and the names in it, not yet resolved.
struct Clause {
  Verb verb = Verb::Add;
  std::vector<std::string> names;  // Add/Delete: the items; others: the operands in order
  std::optional<std::string> label;
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// A name as typed: without quotes or backticks around it.
std::string unquote(std::string s) {
  s = trim(s);
  while (s.size() >= 2 && (s.front() == '"' || s.front() == '\'' || s.front() == '`') && s.back() == s.front())
    s = trim(s.substr(1, s.size() - 2));
  return s;
}

bool startsWith(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

// Positions of ` sep ` (case-insensitive) in s.
std::vector<size_t> positions(const std::string& s, const std::string& sep) {
  std::vector<size_t> out;
  std::string ls = lower(s);
  for (size_t p = ls.find(sep); p != std::string::npos; p = ls.find(sep, p + 1)) out.push_back(p);
  return out;
}

// Removes a leading verb (one of `verbs`, followed by a blank) and says which.
std::optional<std::string> takeVerb(const std::string& text, std::initializer_list<const char*> verbs,
                                    std::string& rest) {
  std::string l = lower(text);
  for (const char* v : verbs) {
    std::string word = std::string(v) + " ";
    if (startsWith(l, word)) {
      rest = trim(text.substr(word.size()));
      return std::string(v);
    }
  }
  return std::nullopt;
}

// Items of a list: "A, B and C" (an Oxford comma too).
std::vector<std::string> listItems(const std::string& text) {
  std::vector<std::string> out;
  std::string rest = text;
  std::string l = lower(rest);
  // Split on commas first, then the last part on " and ".
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= rest.size(); ++i)
    if (i == rest.size() || rest[i] == ',') {
      parts.push_back(trim(rest.substr(start, i - start)));
      start = i + 1;
    }
  for (auto& part : parts) {
    std::string p = part;
    if (startsWith(lower(p), "and ")) p = trim(p.substr(4));
    auto ands = positions(p, " and ");
    size_t from = 0;
    for (size_t a : ands) {
      out.push_back(unquote(p.substr(from, a - from)));
      from = a + 5;
    }
    out.push_back(unquote(p.substr(from)));
  }
  out.erase(std::remove_if(out.begin(), out.end(), [](const std::string& s) { return s.empty(); }), out.end());
  return out;
}

// Splits "left SEP right" at the occurrence `pick` chooses among all.
using Splitter = std::function<std::optional<size_t>(const std::string&, const std::vector<size_t>&, size_t)>;

std::optional<std::pair<std::string, std::string>> split(const std::string& text, const std::string& sep,
                                                         const Splitter& pick) {
  auto ps = positions(text, sep);
  if (ps.empty()) return std::nullopt;
  auto p = pick(text, ps, sep.size());
  if (!p) return std::nullopt;
  std::string left = unquote(text.substr(0, *p)), right = unquote(text.substr(*p + sep.size()));
  if (left.empty() || right.empty()) return std::nullopt;
  return std::make_pair(left, right);
}

// The occurrence whose left side names an existing node, else the first
// (or the last, for "under": a new node's title rarely ends a sentence).
Splitter preferKnownLeft(const KnowledgeGraph* g, bool lastByDefault) {
  return [g, lastByDefault](const std::string& text, const std::vector<size_t>& ps, size_t) -> std::optional<size_t> {
    if (g)
      for (size_t p : ps)
        if (!g->byTitle(unquote(text.substr(0, p))).empty()) return p;
    return lastByDefault ? ps.back() : ps.front();
  };
}

Splitter preferKnownRight(const KnowledgeGraph* g) {
  return [g](const std::string& text, const std::vector<size_t>& ps, size_t n) -> std::optional<size_t> {
    if (g)
      for (size_t p : ps)
        if (!g->byTitle(unquote(text.substr(p + n))).empty()) return p;
    return ps.back();
  };
}

std::optional<std::pair<std::string, std::string>> arrow(const std::string& text) {
  for (const char* a : {" -> ", " → ", "->", "→"}) {
    auto p = text.find(a);
    if (p != std::string::npos) {
      std::string l = unquote(text.substr(0, p)), r = unquote(text.substr(p + std::string(a).size()));
      if (!l.empty() && !r.empty()) return std::make_pair(l, r);
    }
  }
  return std::nullopt;
}

// The label after the last " as ".
std::pair<std::string, std::optional<std::string>> labelOf(const std::string& text) {
  auto ps = positions(text, " as ");
  if (ps.empty()) return {text, std::nullopt};
  std::string label = unquote(text.substr(ps.back() + 4));
  if (label.empty()) return {text, std::nullopt};
  return {trim(text.substr(0, ps.back())), label};
}

std::string cleaned(const std::string& input) {
  std::string s = trim(input);
  while (!s.empty() && (s.back() == '.' || s.back() == '!' || s.back() == '?' || s.back() == ';')) s.pop_back();
  s = trim(s);
  std::string l = lower(s);
  for (const char* polite : {"please ", "pls ", "kindly ", "can you ", "could you "})
    if (startsWith(l, polite)) {
      s = trim(s.substr(std::string(polite).size()));
      l = lower(s);
    }
  return s;
}

std::optional<Clause> matchClause(const std::string& raw, const KnowledgeGraph* g) {
  std::string text = cleaned(raw);
  std::string l = lower(text);
  if (l == "undo") return Clause{Verb::Undo, {}, std::nullopt};
  if (l == "redo") return Clause{Verb::Redo, {}, std::nullopt};
  std::string rest;
  if (takeVerb(text, {"delete edge", "remove edge", "delete the edge", "remove the edge"}, rest)) {
    if (auto a = arrow(rest)) return Clause{Verb::DeleteEdge, {a->first, a->second}, std::nullopt};
    return std::nullopt;
  }
  if (takeVerb(text, {"relabel"}, rest)) {
    auto [body, label] = labelOf(rest);
    auto a = arrow(body);
    if (!a || !label) return std::nullopt;
    return Clause{Verb::Relabel, {a->first, a->second}, label};
  }
  if (takeVerb(text, {"add", "create"}, rest)) {
    if (auto s = split(rest, " under ", preferKnownRight(g))) {
      auto items = listItems(s->first);
      if (items.empty()) return std::nullopt;
      items.push_back(s->second);
      return Clause{Verb::AddUnder, items, std::nullopt};
    }
    auto items = listItems(rest);
    if (items.empty()) return std::nullopt;
    return Clause{Verb::Add, items, std::nullopt};
  }
  if (takeVerb(text, {"rename"}, rest)) {
    if (auto s = split(rest, " to ", preferKnownLeft(g, false))) return Clause{Verb::Rename, {s->first, s->second}, std::nullopt};
    return std::nullopt;
  }
  if (takeVerb(text, {"delete", "remove"}, rest)) {
    // A whole name that exists wins over a list ("Undo and redo").
    if (g && !g->byTitle(unquote(rest)).empty()) return Clause{Verb::Delete, {unquote(rest)}, std::nullopt};
    auto items = listItems(rest);
    if (items.empty()) return std::nullopt;
    return Clause{Verb::Delete, items, std::nullopt};
  }
  if (takeVerb(text, {"link", "connect"}, rest)) {
    auto [body, label] = labelOf(rest);
    auto s = split(body, " to ", preferKnownLeft(g, false));
    if (!s) s = split(body, " with ", preferKnownLeft(g, false));
    if (!s) return std::nullopt;
    return Clause{Verb::Link, {s->first, s->second}, label};
  }
  if (takeVerb(text, {"move"}, rest)) {
    if (auto s = split(rest, " under ", preferKnownLeft(g, true))) return Clause{Verb::Move, {s->first, s->second}, std::nullopt};
    return std::nullopt;
  }
  if (takeVerb(text, {"unlink", "disconnect"}, rest)) {
    if (auto s = split(rest, " from ", preferKnownLeft(g, false))) return Clause{Verb::Unlink, {s->first, s->second}, std::nullopt};
    return std::nullopt;
  }
  return std::nullopt;
}

const char* const kVerbs[] = {"add ",   "create ", "rename ", "delete ", "remove ", "link ", "connect ",
                              "move ",  "unlink ", "disconnect ", "relabel ", "undo", "redo"};

// Splits "clause and clause ..." at an " and " followed by a verb, when both
// sides are clauses; otherwise the text is one clause (or none).
std::optional<std::vector<Clause>> matchClauses(const std::string& text, const KnowledgeGraph* g) {
  // "add A under B and link A to C" also reads as one add whose parent is
  // "B and link A to C": a split where both sides read wins.
  std::string l = lower(text);
  for (size_t p : positions(text, " and ")) {
    std::string after = l.substr(p + 5);
    bool verb = std::any_of(std::begin(kVerbs), std::end(kVerbs), [&](const char* v) { return startsWith(after, v); });
    if (!verb) continue;
    auto left = matchClause(text.substr(0, p), g);
    if (!left) continue;
    auto right = matchClauses(text.substr(p + 5), g);
    if (!right) continue;
    std::vector<Clause> out{*left};
    out.insert(out.end(), right->begin(), right->end());
    return out;
  }
  if (auto one = matchClause(text, g)) return std::vector<Clause>{*one};
  return std::nullopt;
}

bool deictic(const std::string& name) {
  static const char* const kWords[] = {"this", "it", "that", "that one", "this one", "this node", "that node",
                                       "the selected node", "selected node", "the selection", "here"};
  std::string l = lower(trim(name));
  return std::any_of(std::begin(kWords), std::end(kWords), [&](const char* w) { return l == w; });
}

class Resolver {
public:
  Resolver(const KnowledgeGraph& g, const std::optional<std::string>& selected) : g_(g), selected_(selected) {}

  // An id or "$ref" for a name, or a failure (in `out`).
  std::optional<std::string> resolve(const std::string& name, const char* what, ParsedEdit& out) {
    if (deictic(name)) {
      if (selected_ && g_.node(*selected_)) return *selected_;
      out.failure = "unclear";
      out.message = "which node is \"" + name + "\"? Select a node first";
      return std::nullopt;
    }
    std::string key = titleKey(name);
    if (auto it = made_.find(key); it != made_.end()) return it->second;
    auto exact = g_.byTitle(name);
    if (exact.size() == 1) return exact[0]->id;
    if (startsWith(key, "the ")) {
      auto bare = g_.byTitle(name.substr(name.find_first_not_of(" ") + 4));
      if (bare.size() == 1) return bare[0]->id;
    }
    // No exact title: a unique partial match is meant; several are ambiguous.
    std::vector<const KnowledgeNode*> partial;
    if (key.size() >= 3)
      for (const auto& n : g_.nodes) {
        std::string k = titleKey(n.title);
        if (k.find(key) != std::string::npos || (k.size() >= 3 && key.find(k) != std::string::npos))
          partial.push_back(&n);
      }
    if (partial.size() == 1) return partial[0]->id;
    if (partial.size() > 1) {
      out.failure = "ambiguous";
      out.message = "\"" + name + "\" matches several nodes";
      for (const auto* n : partial) out.candidates.push_back(n->id);
      return std::nullopt;
    }
    out.failure = "opFailed";
    out.message = std::string(what) + " not found: " + name;
    return std::nullopt;
  }

  // A node this command renames goes by its new title in later clauses.
  void alias(const std::string& title, const std::string& id) { made_[titleKey(title)] = id; }

  std::string make(const std::string& title) {
    std::string ref = "r" + std::to_string(made_.size() + 1);
    made_[titleKey(title)] = "$" + ref;
    return ref;
  }

  // Where "add X" without a parent goes (the design's settled point).
  std::optional<std::string> defaultParent() const {
    if (selected_ && g_.node(*selected_)) return *selected_;
    std::vector<std::string> roots;
    for (const auto& n : g_.nodes)
      if (g_.parentIds(n.id).empty()) roots.push_back(n.id);
    if (roots.size() == 1) return roots[0];
    return std::nullopt;
  }

  bool hasEdge(const std::string& from, const std::string& to) const {
    return std::any_of(g_.edges.begin(), g_.edges.end(), [&](const KnowledgeEdge& e) { return e.from == from && e.to == to; });
  }

private:
  const KnowledgeGraph& g_;
  std::optional<std::string> selected_;
  std::map<std::string, std::string> made_;  // title key -> "$ref" of nodes this command adds
};

KnowledgeOp opOf(OpKind kind) {
  KnowledgeOp op;
  op.kind = kind;
  return op;
}

}  // namespace

bool looksLikeEdit(const std::string& input) { return matchClauses(cleaned(input), nullptr).has_value(); }

ParsedEdit parseEdit(const std::string& input, const KnowledgeGraph& graph, const std::optional<std::string>& selectedId) {
  ParsedEdit out;
  auto clauses = matchClauses(cleaned(input), &graph);
  if (!clauses) {
    out.failure = "needsModel";
    out.message =
        "this edit needs a model; offline I understand: add X [under P], rename X to Z, delete X, link X to Y "
        "[as L], move X under Y, unlink X from Y, delete edge X -> Y, relabel X -> Y as L, undo, redo";
    return out;
  }
  if (clauses->size() == 1 && (clauses->front().verb == Verb::Undo || clauses->front().verb == Verb::Redo)) {
    out.kind = clauses->front().verb == Verb::Undo ? ParsedEdit::Kind::Undo : ParsedEdit::Kind::Redo;
    return out;
  }
  Resolver r(graph, selectedId);
  auto fail = [&]() {
    out.kind = ParsedEdit::Kind::Failure;
    out.ops.clear();
    return out;
  };
  for (const auto& c : *clauses) {
    switch (c.verb) {
      case Verb::Undo:
      case Verb::Redo:
        out.failure = "needsModel";
        out.message = "undo and redo stand alone: say \"undo\" by itself";
        return fail();
      case Verb::Add:
      case Verb::AddUnder: {
        std::vector<std::string> items = c.names;
        std::optional<std::string> parent;
        if (c.verb == Verb::AddUnder) {
          parent = r.resolve(items.back(), "parent", out);
          if (!parent) return fail();
          items.pop_back();
        } else {
          parent = r.defaultParent();
        }
        for (const auto& title : items) {
          KnowledgeOp op = opOf(OpKind::AddNode);
          op.title = title;
          if (parent) op.parentId = std::optional<std::string>(*parent);
          op.ref = r.make(title);
          out.ops.push_back(op);
        }
        break;
      }
      case Verb::Rename: {
        auto id = r.resolve(c.names[0], "node", out);
        if (!id) return fail();
        KnowledgeOp op = opOf(OpKind::UpdateNode);
        op.id = *id;
        op.title = c.names[1];
        r.alias(c.names[1], *id);
        out.ops.push_back(op);
        break;
      }
      case Verb::Delete:
        for (const auto& name : c.names) {
          auto id = r.resolve(name, "node", out);
          if (!id) return fail();
          KnowledgeOp op = opOf(OpKind::DeleteNode);
          op.id = *id;
          out.ops.push_back(op);
        }
        break;
      case Verb::Link:
      case Verb::Move:
      case Verb::Unlink:
      case Verb::DeleteEdge:
      case Verb::Relabel: {
        auto a = r.resolve(c.names[0], "node", out);
        if (!a) return fail();
        auto b = r.resolve(c.names[1], c.verb == Verb::Move ? "parent" : "node", out);
        if (!b) return fail();
        KnowledgeOp op;
        if (c.verb == Verb::Link) {
          op = opOf(OpKind::AddEdge);
          op.from = *a;
          op.to = *b;
          if (c.label) op.label = std::optional<std::string>(*c.label);
        } else if (c.verb == Verb::Move) {
          op = opOf(OpKind::Reparent);
          op.id = *a;
          op.parentId = std::optional<std::string>(*b);
        } else {
          op = opOf(c.verb == Verb::Relabel ? OpKind::UpdateEdge : OpKind::DeleteEdge);
          op.from = *a;
          op.to = *b;
          // "unlink X from Y" means the edge between them, whichever way it points.
          if (c.verb == Verb::Unlink && !r.hasEdge(*a, *b) && r.hasEdge(*b, *a)) std::swap(op.from, op.to);
          if (c.label) op.label = std::optional<std::string>(*c.label);
        }
        out.ops.push_back(op);
        break;
      }
    }
  }
  out.kind = ParsedEdit::Kind::Ops;
  return out;
}

}  // namespace grove::knowledge
