#include "knowledge/DocumentScanGitignore.h"

#include <sstream>

namespace grove::knowledge {

namespace {

// Plain glob (no braces) by backtracking; `**` may cross '/'.
bool matchHere(std::string_view p, std::string_view s) {
  while (!p.empty()) {
    if (p.substr(0, 3) == "**/") {
      // Zero or more whole folders.
      std::string_view rest = p.substr(3);
      if (matchHere(rest, s)) return true;
      for (size_t i = 0; i < s.size(); ++i)
        if (s[i] == '/' && matchHere(rest, s.substr(i + 1))) return true;
      return false;
    }
    if (p.substr(0, 2) == "**") {
      std::string_view rest = p.substr(2);
      for (size_t i = 0; i <= s.size(); ++i)
        if (matchHere(rest, s.substr(i))) return true;
      return false;
    }
    if (p[0] == '*') {
      std::string_view rest = p.substr(1);
      for (size_t i = 0; i <= s.size(); ++i) {
        if (matchHere(rest, s.substr(i))) return true;
        if (i < s.size() && s[i] == '/') return false;
      }
      return false;
    }
    if (s.empty()) return false;
    if (p[0] == '?') {
      if (s[0] == '/') return false;
    } else if (p[0] == '\\' && p.size() > 1) {
      if (p[1] != s[0]) return false;
      p.remove_prefix(1);
    } else if (p[0] != s[0]) {
      return false;
    }
    p.remove_prefix(1);
    s.remove_prefix(1);
  }
  return s.empty();
}

// Expands the first {a,b} group (nested groups expand on the recursion).
bool matchBraces(std::string_view pattern, std::string_view path) {
  size_t open = pattern.find('{');
  if (open == std::string_view::npos) return matchHere(pattern, path);
  int depth = 0;
  size_t close = std::string_view::npos;
  for (size_t i = open; i < pattern.size(); ++i) {
    if (pattern[i] == '{') ++depth;
    else if (pattern[i] == '}' && --depth == 0) {
      close = i;
      break;
    }
  }
  if (close == std::string_view::npos) return matchHere(pattern, path);
  std::string_view body = pattern.substr(open + 1, close - open - 1);
  std::string head(pattern.substr(0, open)), tail(pattern.substr(close + 1));
  size_t start = 0;
  depth = 0;
  for (size_t i = 0; i <= body.size(); ++i) {
    if (i < body.size() && body[i] == '{') ++depth;
    if (i < body.size() && body[i] == '}') --depth;
    if (i == body.size() || (body[i] == ',' && depth == 0)) {
      if (matchBraces(head + std::string(body.substr(start, i - start)) + tail, path)) return true;
      start = i + 1;
    }
  }
  return false;
}

}  // namespace

bool globMatch(std::string_view pattern, std::string_view path) { return matchBraces(pattern, path); }

GitignoreRules::GitignoreRules(std::string base, std::string_view fileText) : base_(std::move(base)) {
  std::istringstream in{std::string(fileText)};
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // Trailing spaces are ignored unless escaped.
    while (!line.empty() && line.back() == ' ' && !(line.size() > 1 && line[line.size() - 2] == '\\'))
      line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    Rule r;
    if (line[0] == '!') {
      r.negate = true;
      line.erase(0, 1);
    } else if (line[0] == '\\' && line.size() > 1 && (line[1] == '!' || line[1] == '#')) {
      line.erase(0, 1);
    }
    if (!line.empty() && line.back() == '/') {
      r.directoryOnly = true;
      line.pop_back();
    }
    if (line.empty()) continue;
    // A slash at the start or in the middle anchors the pattern to this folder.
    bool anchored = line.find('/') != std::string::npos;
    if (line[0] == '/') line.erase(0, 1);
    r.glob = anchored ? line : "**/" + line;
    rules_.push_back(std::move(r));
  }
}

int GitignoreRules::match(std::string_view path, bool isDirectory) const {
  std::string_view rel = path;
  if (!base_.empty()) {
    if (rel.substr(0, base_.size()) != base_ || rel.size() <= base_.size() || rel[base_.size()] != '/') return 0;
    rel.remove_prefix(base_.size() + 1);
  }
  int result = 0;
  for (const auto& r : rules_) {
    if (r.directoryOnly && !isDirectory) continue;
    if (globMatch(r.glob, rel)) result = r.negate ? -1 : 1;
  }
  return result;
}

bool GitignoreStack::ignored(std::string_view path, bool isDirectory) const {
  int result = 0;
  for (const auto& rules : stack_) {
    int m = rules.match(path, isDirectory);
    if (m != 0) result = m;
  }
  return result == 1;
}

}  // namespace grove::knowledge
