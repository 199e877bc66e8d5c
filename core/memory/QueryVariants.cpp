#include "memory/QueryVariants.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "text/Tokenizer.h"

namespace grove::memory {
namespace {

// A small, general programming thesaurus: each group lists phrasings of one
// idea, plain words first, then the technical terms a programmer's old
// conversation would actually contain. Written as general vocabulary, not
// from any evaluation data; matched after tokenisation (stemmed, stopwords out).
const std::vector<std::vector<std::string_view>>& thesaurus() {
  static const std::vector<std::vector<std::string_view>> groups = {
      {"container", "docker", "image", "dockerfile", "compose"},
      {"losing files", "lose data", "persist", "volume", "mount", "bind mount"},
      {"restart", "reboot", "recreate", "redeploy"},
      {"slow", "performance", "latency", "speed up", "faster", "optimize", "profile"},
      {"memory", "leak", "heap", "allocation", "oom", "garbage"},
      {"crash", "segfault", "panic", "abort", "core dump", "exception"},
      {"error", "failure", "fail", "broken", "bug"},
      {"test", "unit test", "assert", "mock", "fixture", "pytest", "jest", "gtest"},
      {"database", "sql", "query", "table", "postgres", "sqlite", "mysql"},
      {"schema change", "migration", "migrate", "alter table"},
      {"index", "lookup", "scan", "explain"},
      {"cache", "memoize", "redis", "ttl", "expire", "invalidate"},
      {"login", "sign in", "auth", "authentication", "password", "session", "token", "jwt"},
      {"permission", "access", "authorization", "role", "forbidden"},
      {"secret", "credential", "api key", "environment variable", "env", "dotenv"},
      {"config", "configuration", "settings", "options", "yaml", "toml"},
      {"deploy", "release", "ship", "production", "rollout", "kubernetes", "k8s", "helm"},
      {"pipeline", "ci", "github actions", "workflow", "build"},
      {"version control", "git", "commit", "branch", "merge", "rebase", "history"},
      {"undo", "revert", "reset", "rollback"},
      {"conflict", "merge conflict", "diverge"},
      {"dependency", "package", "library", "install", "npm", "pip", "cargo", "lockfile"},
      {"web request", "http", "api", "endpoint", "rest", "fetch", "request", "response"},
      {"cross origin", "cors", "preflight", "origin", "header"},
      {"timeout", "hang", "stuck", "freeze", "deadline"},
      {"retry", "backoff", "exponential backoff", "transient"},
      {"parallel", "concurrent", "thread", "async", "await", "race", "lock", "mutex"},
      {"background job", "queue", "worker", "celery", "cron", "schedule"},
      {"log", "logging", "trace", "debug", "print"},
      {"monitor", "metric", "alert", "prometheus", "grafana", "dashboard"},
      {"style", "css", "layout", "flexbox", "grid", "center", "align"},
      {"user interface", "ui", "component", "react", "render", "state", "hook"},
      {"form", "input", "validation", "validate", "sanitize"},
      {"type", "typing", "type hint", "typescript", "generic", "interface"},
      {"null", "none", "undefined", "nil", "optional", "missing"},
      {"text", "string", "unicode", "encoding", "utf", "byte"},
      {"pattern", "regex", "regular expression", "match"},
      {"date", "time", "timezone", "utc", "timestamp", "datetime"},
      {"file", "path", "directory", "folder", "filesystem"},
      {"read file", "open", "stream", "buffer", "io"},
      {"parse", "serialize", "json", "deserialize", "format"},
      {"command line", "cli", "argument", "flag", "argparse", "shell", "bash", "terminal"},
      {"script", "automate", "automation"},
      {"network", "socket", "port", "connection", "tcp", "dns", "proxy", "nginx"},
      {"secure connection", "https", "tls", "ssl", "certificate"},
      {"compile", "compiler", "build", "link", "linker", "cmake", "make"},
      {"undefined reference", "linker error", "symbol"},
      {"pointer", "reference", "ownership", "borrow", "lifetime", "smart pointer"},
      {"copy", "clone", "move"},
      {"loop", "iterate", "iterator", "generator", "comprehension"},
      {"sort", "order", "rank", "compare"},
      {"search", "find", "lookup", "filter"},
      {"duplicate", "dedupe", "unique", "distinct"},
      {"big data", "large", "pagination", "paginate", "batch", "chunk"},
      {"upload", "download", "transfer", "multipart"},
      {"email", "smtp", "notification", "send"},
      {"machine learning", "model", "train", "training", "dataset", "overfit"},
      {"dataframe", "pandas", "column", "row", "csv", "spreadsheet"},
      {"plot", "chart", "graph", "matplotlib", "visualize"},
      {"refactor", "clean up", "restructure", "rename", "extract function"},
      {"code review", "review", "lint", "linter", "formatter", "style guide"},
      {"documentation", "docs", "docstring", "comment", "readme"},
      {"virtual environment", "venv", "virtualenv", "conda", "isolate"},
      {"python", "pip", "venv", "django", "flask", "fastapi"},
      {"javascript", "node", "npm", "typescript"},
      {"rust", "cargo", "crate", "borrow checker"},
      {"go", "golang", "goroutine", "channel"},
      {"c++", "cpp", "cmake", "template", "std"},
      {"security", "vulnerability", "injection", "xss", "csrf", "escape"},
      {"encrypt", "hash", "bcrypt", "salt", "crypto"},
      {"random", "seed", "deterministic", "reproducible"},
      {"websocket", "realtime", "push", "live update", "server sent events"},
      {"mobile", "responsive", "screen size", "media query"},
      {"rate limit", "throttle", "quota", "too many requests"},
      {"keyboard shortcut", "keybinding", "hotkey", "vim", "editor"},
      {"startup", "boot", "initialize", "init", "entrypoint"},
      {"shutdown", "graceful", "signal", "sigterm", "cleanup"},
      {"size", "bloat", "shrink", "smaller", "multi stage", "slim"},
  };
  return groups;
}

struct Phrase {
  std::string surface;              // as written in the thesaurus
  std::vector<std::string> tokens;  // text::tokenize(surface), for matching
};

const std::vector<std::vector<Phrase>>& groups() {
  static const std::vector<std::vector<Phrase>> out = [] {
    std::vector<std::vector<Phrase>> g;
    for (const auto& words : thesaurus()) {
      std::vector<Phrase> group;
      for (auto w : words) {
        auto toks = text::tokenize(w);
        if (!toks.empty()) group.push_back({std::string(w), std::move(toks)});
      }
      g.push_back(std::move(group));
    }
    return g;
  }();
  return out;
}

// Where `phrase` occurs in `toks`, or npos.
size_t findPhrase(const std::vector<std::string>& toks, const std::vector<std::string>& phrase) {
  if (phrase.empty() || phrase.size() > toks.size()) return std::string::npos;
  auto it = std::search(toks.begin(), toks.end(), phrase.begin(), phrase.end());
  return it == toks.end() ? std::string::npos : static_cast<size_t>(it - toks.begin());
}

// The query's content words as written, each with its token, so
// variants stay readable and re-tokenise to the same terms (stemming is not
// idempotent: joining stems and tokenising again would change them).
struct Word {
  std::string surface;
  std::string token;
};

std::vector<Word> contentWords(std::string_view query) {
  std::vector<Word> out;
  size_t i = 0;
  while (i < query.size()) {
    while (i < query.size() && std::isspace(static_cast<unsigned char>(query[i]))) ++i;
    size_t j = i;
    while (j < query.size() && !std::isspace(static_cast<unsigned char>(query[j]))) ++j;
    std::string_view chunk = query.substr(i, j - i);
    i = j;
    // Trim punctuation around the word; keep inner identifier characters.
    while (!chunk.empty() && !std::isalnum(static_cast<unsigned char>(chunk.front())) &&
           static_cast<unsigned char>(chunk.front()) < 0x80)
      chunk.remove_prefix(1);
    while (!chunk.empty() && !std::isalnum(static_cast<unsigned char>(chunk.back())) &&
           static_cast<unsigned char>(chunk.back()) < 0x80)
      chunk.remove_suffix(1);
    if (chunk.empty()) continue;
    auto toks = text::tokenize(chunk);
    if (toks.empty()) continue;
    // Case is kept: it splits identifiers (parseConfig -> parse, config).
    // An identifier gives several tokens; they all map to the one word.
    for (auto& t : toks) out.push_back({std::string(chunk), t});
  }
  return out;
}

std::string joinWords(const std::vector<std::string>& words) {
  std::string out;
  std::string last;
  for (const auto& w : words) {
    if (w == last) continue;  // an identifier's tokens share one surface word
    if (!out.empty()) out.push_back(' ');
    out += w;
    last = w;
  }
  return out;
}

}  // namespace

std::vector<std::string> relatedTerms(std::string_view query) {
  auto toks = text::tokenize(query);
  std::unordered_set<std::string> own(toks.begin(), toks.end());
  std::unordered_set<std::string> seen;
  std::vector<std::string> out;
  for (const auto& g : groups()) {
    bool hit = false;
    for (const auto& p : g) hit = hit || findPhrase(toks, p.tokens) != std::string::npos;
    if (!hit) continue;
    for (const auto& p : g) {
      bool allOwn = std::all_of(p.tokens.begin(), p.tokens.end(),
                                [&](const std::string& t) { return own.count(t) != 0; });
      if (!allOwn && seen.insert(p.surface).second) out.push_back(p.surface);
    }
  }
  return out;
}

std::vector<std::string> contentWordsOf(std::string_view query) {
  std::vector<std::string> out;
  for (const auto& w : contentWords(query)) {
    std::string lower = w.surface;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (std::find(out.begin(), out.end(), lower) == out.end()) out.push_back(std::move(lower));
  }
  return out;
}

std::vector<std::string> queryVariants(std::string_view query, size_t maxVariants) {
  maxVariants = std::clamp<size_t>(maxVariants, 1, 6);
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  auto push = [&](std::string v) {
    if (out.size() >= maxVariants || v.empty() || !seen.insert(v).second) return;
    out.push_back(std::move(v));
  };
  push(std::string(query));
  auto words = contentWords(query);
  std::vector<std::string> toks;
  for (auto& w : words) toks.push_back(w.token);
  auto related = relatedTerms(query);

  // Words the thesaurus matched (a variant can swap them for their synonyms).
  std::vector<bool> matched(toks.size(), false);
  for (const auto& g : groups())
    for (const auto& p : g) {
      size_t at = findPhrase(toks, p.tokens);
      if (at == std::string::npos) continue;
      for (size_t i = 0; i < p.tokens.size(); ++i) matched[at + i] = true;
    }

  std::vector<std::string> content, unmatched;
  for (size_t i = 0; i < words.size(); ++i) {
    content.push_back(words[i].surface);
    if (!matched[i]) unmatched.push_back(words[i].surface);
  }
  push(joinWords(content));
  if (!related.empty()) {
    // The query's words plus the synonyms of its phrases.
    std::vector<std::string> expanded = content;
    expanded.insert(expanded.end(), related.begin(), related.end());
    push(joinWords(expanded));
    // Its phrases swapped for their synonyms: "stop container losing files" ->
    // "stop docker image ... volume mount ...".
    std::vector<std::string> swapped = unmatched;
    swapped.insert(swapped.end(), related.begin(), related.end());
    push(joinWords(swapped));
    push(joinWords(related));
  } else if (words.size() > 2) {
    // No thesaurus hit: the query's longer (more specific) words alone.
    std::vector<std::string> specific;
    for (auto& w : words)
      if (w.token.size() >= 5) specific.push_back(w.surface);
    if (!specific.empty() && specific.size() < words.size()) push(joinWords(specific));
  }
  return out;
}

}  // namespace grove::memory
