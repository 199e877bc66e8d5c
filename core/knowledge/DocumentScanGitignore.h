// A .gitignore matcher for the document scan (git's rules, the parts that
// matter for choosing documents): blank lines and `#` comments are skipped;
// `!` re-includes; a trailing `/` matches directories only; a pattern with a
// `/` at its start or in its middle is anchored to the .gitignore's folder,
// any other matches a name at any depth; `*`, `?`, `[...]`-free globs and `**`.
// The last matching pattern wins, deeper .gitignore files after shallower
// ones. As in git, nothing inside an ignored directory can be re-included:
// the scan never enters it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grove::knowledge {

/// One .gitignore file's patterns, relative to its folder (`base`, relative
/// to the workspace, "" for the root).
class GitignoreRules {
public:
  GitignoreRules() = default;
  GitignoreRules(std::string base, std::string_view fileText);

  /// nullopt-like tri-state: 1 ignored, -1 re-included, 0 no pattern matched.
  /// `path` is relative to the workspace, '/'-separated.
  int match(std::string_view path, bool isDirectory) const;
  bool empty() const { return rules_.empty(); }

private:
  struct Rule {
    std::string glob;  // anchored glob relative to base_
    bool negate = false;
    bool directoryOnly = false;
  };
  std::string base_;
  std::vector<Rule> rules_;
};

/// The stack of .gitignore files from the workspace root to a folder.
class GitignoreStack {
public:
  void push(GitignoreRules rules) { stack_.push_back(std::move(rules)); }
  void pop() { stack_.pop_back(); }
  size_t size() const { return stack_.size(); }
  bool ignored(std::string_view path, bool isDirectory) const;

private:
  std::vector<GitignoreRules> stack_;
};

/// Glob over a '/'-separated path: `*` and `?` stay inside one segment, `**`
/// spans segments (`**/` also matches no folder), `{a,b}` alternatives.
bool globMatch(std::string_view pattern, std::string_view path);

}  // namespace grove::knowledge
