#include "EditEval.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "knowledge/EditParser.h"
#include "knowledge/KnowledgeOps.h"
#include "support/Error.h"

namespace grove::knowledge::eval {

namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> splitOn(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  size_t from = 0;
  for (size_t p = s.find(sep); p != std::string::npos; p = s.find(sep, from)) {
    out.push_back(s.substr(from, p - from));
    from = p + sep.size();
  }
  out.push_back(s.substr(from));
  return out;
}

// Sequential ids keep the cases reproducible; `tag` keeps a case's ids apart
// from the base map's.
ApplyContext context(const std::string& tag) {
  auto counter = std::make_shared<int>(0);
  return ApplyContext{1, [counter, tag](char p) { return std::string(1, p) + tag + std::to_string(++*counter); }};
}

std::string idOf(const KnowledgeGraph& g, const std::string& title) {
  auto found = g.byTitle(title);
  return found.size() == 1 ? found[0]->id : "";
}

// "A B" where A and B are titles of `g` or `base` (titles have blanks).
bool splitPair(const std::string& text, const KnowledgeGraph& g, const KnowledgeGraph& base, std::string& a,
               std::string& b) {
  auto known = [&](const std::string& t) { return !g.byTitle(t).empty() || !base.byTitle(t).empty(); };
  for (size_t p = text.find(' '); p != std::string::npos; p = text.find(' ', p + 1)) {
    std::string l = trim(text.substr(0, p)), r = trim(text.substr(p + 1));
    if (known(l) && known(r)) {
      a = l;
      b = r;
      return true;
    }
  }
  return false;
}

// The edge from a to b; with `label`, the semantic one carrying it (a pair
// may have a hierarchy edge and several labelled ones).
const KnowledgeEdge* edgeBetween(const KnowledgeGraph& g, const std::string& a, const std::string& b,
                                 const std::optional<std::string>& label = std::nullopt) {
  std::string from = idOf(g, a), to = idOf(g, b);
  const KnowledgeEdge* any = nullptr;
  for (const auto& e : g.edges)
    if (e.from == from && e.to == to) {
      if (!label) return &e;
      if (!e.hierarchy && e.label.value_or("") == *label) return &e;
      if (!e.hierarchy) any = &e;
    }
  return any;
}

// Checks one expectation on the map after the command; "" when it holds.
std::string check(const std::string& x, const KnowledgeGraph& g, const KnowledgeGraph& base) {
  auto has = [&](const std::string& t) { return !idOf(g, t).empty(); };
  if (x.rfind("!node ", 0) == 0) return has(x.substr(6)) ? "node still there: " + x.substr(6) : "";
  if (x.rfind("node ", 0) == 0) return has(x.substr(5)) ? "" : "no node " + x.substr(5);
  if (x.rfind("root ", 0) == 0) {
    std::string id = idOf(g, x.substr(5));
    if (id.empty()) return "no node " + x.substr(5);
    return g.parentIds(id).empty() ? "" : x.substr(5) + " is not a root";
  }
  if (x.rfind("count ", 0) == 0)
    return std::to_string(g.nodes.size()) == x.substr(6) ? "" : "count is " + std::to_string(g.nodes.size());
  bool negated = x[0] == '!';
  std::string body = negated ? x.substr(1) : x;
  if (body.rfind("parent ", 0) == 0) {
    auto parts = splitOn(body.substr(7), " = ");
    std::string child = idOf(g, trim(parts[0])), parent = idOf(g, trim(parts.at(1)));
    if (child.empty()) return "no node " + parts[0];
    auto parents = g.parentIds(child);
    bool found = !parent.empty() && std::find(parents.begin(), parents.end(), parent) != parents.end();
    if (found == negated) return (negated ? "still under " : "not under ") + parts[1] + ": " + parts[0];
    return "";
  }
  if (body.rfind("edge ", 0) == 0 && !negated) {
    std::string rest = body.substr(5);
    size_t open = rest.find(" ~"), close = rest.find("~> ");
    if (open == std::string::npos || close == std::string::npos) return "bad expectation: " + x;
    std::string a = rest.substr(0, open), label = rest.substr(open + 2, close - open - 2), b = rest.substr(close + 3);
    const KnowledgeEdge* e = edgeBetween(g, a, b, label);
    if (!e || e->hierarchy) return "no semantic edge " + a + " -> " + b;
    std::string got = e->label.value_or("");
    return got == label ? "" : "edge label is \"" + got + "\", not \"" + label + "\"";
  }
  if (body.rfind("edge ", 0) == 0 && negated) {
    std::string a, b;
    if (!splitPair(body.substr(5), g, base, a, b)) return "bad expectation: " + x;
    return edgeBetween(g, a, b) ? "edge still there: " + a + " -> " + b : "";
  }
  if (body.rfind("label ", 0) == 0) {
    auto parts = splitOn(body.substr(6), " = ");
    std::string a, b;
    if (parts.size() != 2 || !splitPair(parts[0], g, base, a, b)) return "bad expectation: " + x;
    const KnowledgeEdge* e = edgeBetween(g, a, b);
    if (!e) return "no edge " + a + " -> " + b;
    return e->label.value_or("") == parts[1] ? "" : "label is \"" + e->label.value_or("") + "\"";
  }
  return "unknown expectation: " + x;
}

}  // namespace

KnowledgeGraph loadBaseMap(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  KnowledgeGraph g;
  g.workspaceUri = "file:///base";
  std::vector<KnowledgeOp> ops;
  for (std::string line; std::getline(in, line);) {
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (auto p = line.find(" ~"); p != std::string::npos && line.find("~> ") != std::string::npos) {
      size_t close = line.find("~> ");
      KnowledgeOp op;
      op.kind = OpKind::AddEdge;
      op.from = "$" + line.substr(0, p);
      op.to = "$" + line.substr(close + 3);
      std::string label = line.substr(p + 2, close - p - 2);
      if (!label.empty()) op.label = std::optional<std::string>(label);
      ops.push_back(op);
      continue;
    }
    auto parts = splitOn(line, " < ");
    KnowledgeOp op;
    op.kind = OpKind::AddNode;
    op.title = trim(parts[0]);
    op.ref = trim(parts[0]);
    if (parts.size() > 1) {
      auto parents = splitOn(parts[1], "|");
      op.parentId = std::optional<std::string>("$" + trim(parents[0]));
      ops.push_back(op);
      for (size_t i = 1; i < parents.size(); ++i) {
        KnowledgeOp extra;
        extra.kind = OpKind::AddEdge;
        extra.hierarchy = true;
        extra.from = "$" + trim(parents[i]);
        extra.to = "$" + trim(parts[0]);
        ops.push_back(extra);
      }
      continue;
    }
    ops.push_back(op);
  }
  applyOps(g, ops, context("base"));
  return g;
}

std::vector<EditCase> loadEditCases(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<EditCase> out;
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (trim(line).empty() || line[0] == '#') continue;
    auto cols = splitOn(line, "\t");
    if (cols.size() != 3) throw std::runtime_error(path + ":" + std::to_string(n) + ": needs 3 tab-separated columns");
    EditCase c;
    c.line = n;
    c.command = cols[0];
    c.selected = trim(cols[1]) == "-" ? "" : trim(cols[1]);
    for (auto& x : splitOn(cols[2], " ; ")) c.expectations.push_back(trim(x));
    out.push_back(std::move(c));
  }
  return out;
}

EditOutcome runEditCase(const KnowledgeGraph& base, const EditCase& c) {
  std::optional<std::string> selected;
  if (!c.selected.empty()) selected = idOf(base, c.selected);
  ParsedEdit parsed = parseEdit(c.command, base, selected);
  KnowledgeGraph g = base;
  std::string got;  // the outcome kind: undo, redo, ops, or the failure kind
  std::string message;
  if (parsed.kind == ParsedEdit::Kind::Undo) {
    got = "undo";
  } else if (parsed.kind == ParsedEdit::Kind::Redo) {
    got = "redo";
  } else if (parsed.kind == ParsedEdit::Kind::Failure) {
    got = "fail " + parsed.failure;
    message = parsed.message;
  } else {
    KnowledgeGraph copy = g;
    try {
      applyOps(copy, parsed.ops, context("case"));
      g = std::move(copy);  // all or nothing
      got = "ops";
    } catch (const Error& e) {
      got = "fail opFailed";
      message = e.what();
    }
  }
  std::vector<std::string> problems;
  bool expectsKind = false;
  for (const auto& x : c.expectations) {
    if (x == "undo" || x == "redo" || x.rfind("fail ", 0) == 0) {
      expectsKind = true;
      if (got != x) problems.push_back("expected " + x + ", got " + got + (message.empty() ? "" : " (" + message + ")"));
      continue;
    }
    if (auto p = check(x, g, base); !p.empty()) problems.push_back(p);
  }
  if (!expectsKind && got != "ops")
    problems.insert(problems.begin(), "expected the edit to run, got " + got + (message.empty() ? "" : " (" + message + ")"));
  EditOutcome out;
  out.correct = problems.empty();
  for (size_t i = 0; i < problems.size(); ++i) out.explanation += (i ? "; " : "") + problems[i];
  return out;
}

}  // namespace grove::knowledge::eval
