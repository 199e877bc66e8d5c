#include "structure/Vocabulary.h"

#include <cctype>
#include <string>
#include <unordered_set>

namespace grove::structure {
namespace {

bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool lower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Words that mean programming whatever the sentence around them. Words small
// talk shares ("server", "class", "test", "build", "python", "java", "bug",
// "crash", "windows") are left out on purpose.
const std::unordered_set<std::string>& terms() {
  static const std::unordered_set<std::string> t = {
      "api", "apis", "endpoint", "endpoints", "backend", "frontend", "database", "databases", "schema",
      "schemas", "migration", "migrations", "sqlite", "postgres", "postgresql", "mysql", "redis", "kafka",
      "nginx", "docker", "dockerfile", "kubernetes", "k8s", "compiler", "compile", "compiles", "compiling",
      "linker", "runtime", "refactor", "refactoring", "debugger", "debugging", "stacktrace", "traceback",
      "segfault", "repo", "repos", "repository", "git", "github", "gitlab", "commit", "commits", "rebase",
      "async", "await", "callback", "callbacks", "mutex", "deadlock", "timeout", "timeouts", "latency",
      "backoff", "retry", "retries", "retrying", "javascript", "typescript", "golang", "kotlin", "rustc",
      "npm", "pip", "maven", "gradle", "webpack", "cmake", "makefile", "linux", "macos", "ubuntu", "cli",
      "config", "configs", "localhost", "parameter", "parameters", "exception",
      "exceptions", "struct", "enum", "unicode", "css", "html", "json", "yaml", "xml",
      "regex", "deploy", "deployment", "deployments", "staging", "codebase", "bash",
      "ide", "vscode", "vim", "emacs", "lint", "linter", "pytest", "jest", "unittest", "sdk",
      "oauth", "jwt", "websocket", "tcp", "udp", "dns", "ssl", "tls", "cron", "daemon", "stdout", "stderr",
      "stdin", "syntax", "boolean", "integer", "null", "nullptr", "dependency", "dependencies", "plugin",
      "plugins", "framework", "frameworks", "middleware", "multithreading", "concurrency", "http", "https", "url", "urls",
      "sql", "orm", "ci", "microservice", "microservices", "serialization", "deserialize", "serialize",
      "hashmap", "func", "namespace", "nullptr", "stdlib", "django", "c++", "c#", "repl", "ssh", "sudo",
      "env", "devops", "changelog", "semver", "bugfix", "hotfix", "rollback", "dict", "vec", "fixture",
      "fixtures", "reducer", "reducers", "deserialization", "ccache", "jupyter", "bindgen", "miri", "pyproject",
      "dmesg", "systemd", "journald", "eslint", "prettier", "tsconfig", "rustup", "clippy", "valgrind", "gdb",
      "lldb", "profiler", "flamegraph", "mmap", "syscall", "goroutine", "goroutines", "coroutine", "coroutines",
      "iterator", "iterators", "generics", "typedef", "const", "constexpr",
      "destructor", "constructor", "monorepo", "kubectl", "terraform", "ansible",
      "grpc", "protobuf", "graphql", "crud", "sdk", "ui", "ux", "utf", "ascii", "base64", "sha256",
      "checksum", "allocator", "malloc", "refcount", "jvm", "jdk",
      "dotnet", "npm", "pnpm", "vite", "babel", "nodejs", "deno", "wasm", "webassembly"};
  return t;
}

// Tokens that look like acronyms but are everyday words.
bool everydayCaps(const std::string& w) {
  static const std::unordered_set<std::string> e = {"OK", "TV", "US", "USA", "UK", "EU", "AM", "PM", "OMG", "LOL",
                                                     "BTW", "FYI", "ASAP", "DIY", "NYC", "LA", "PS", "MR", "MRS",
                                                     "DR", "ID", "NO", "OH", "HI", "SO", "MY", "IT", "IS", "BE"};
  return e.count(w) != 0;
}

bool technical(const std::string& w) {
  // Strip surrounding punctuation that is not part of an identifier.
  size_t a = 0, b = w.size();
  while (a < b && !alnum(w[a]) && w[a] != '_' && w[a] != '.' && w[a] != '-') ++a;
  while (b > a && !alnum(w[b - 1]) && w[b - 1] != '_' && w[b - 1] != ')' && w[b - 1] != '+' && w[b - 1] != '#') --b;
  if (a >= b) return false;
  std::string s = w.substr(a, b - a);
  while (!s.empty() && s.back() == '.') s.pop_back();
  if (s.empty()) return false;

  bool letters = false, digits = false, lowers = false, uppers = false, underscore = false;
  for (char c : s) {
    letters = letters || std::isalpha(static_cast<unsigned char>(c));
    digits = digits || digit(c);
    lowers = lowers || lower(c);
    uppers = uppers || upper(c);
    underscore = underscore || c == '_';
  }
  // Scope operators, flags and dotfiles: std::move, --cache, .env.
  if (s.find("::") != std::string::npos || s.find("->") != std::string::npos) return true;
  if (s.size() >= 3 && s[0] == '-' && s[1] == '-' && std::isalpha(static_cast<unsigned char>(s[2]))) return true;
  if (s.size() >= 3 && s[0] == '.' && std::isalpha(static_cast<unsigned char>(s[1]))) return true;
  // A call: name() or name(args).
  if (s.size() >= 3 && s.back() == ')' && s.find('(') != std::string::npos && s.find('(') > 0) return true;
  // snake_case
  if (underscore && letters) return true;
  // dotted.names and file.ext: two parts of at least two characters each.
  if (size_t dot = s.find('.'); dot != std::string::npos && dot >= 2 && s.size() - dot - 1 >= 2) {
    bool ok = true;
    for (char c : s) ok = ok && (alnum(c) || c == '.' || c == '_' || c == '-' || c == '/');
    if (ok && letters) return true;
  }
  // A path: src/main or /etc/hosts.
  if (s.find('/') != std::string::npos && s.size() >= 4 && letters && s.find("//") == std::string::npos) {
    size_t slash = s.find('/');
    if (slash + 1 < s.size() && std::isalpha(static_cast<unsigned char>(s[slash + 1]))) return true;
  }
  // camelCase: a lower-case letter followed by an upper-case one.
  for (size_t i = 1; i < s.size(); ++i)
    if (lower(s[i - 1]) && upper(s[i]) && !(i == 1 && s[0] == 'i')) return true;  // not iPhone
  // Letters with digits, starting with a letter: utf8, ipv6, ec2, h264.
  if (std::isalpha(static_cast<unsigned char>(s[0])) && digits) return true;
  // All-caps acronyms: HTTP, SQL, API (not I, A, OK, TV).
  if (uppers && !lowers && !digits && s.size() >= 2) {
    bool caps = true;
    for (char c : s) caps = caps && (upper(c) || c == '/' || c == '-');
    if (caps && !everydayCaps(s)) return true;
  }
  // Numbers of three digits or more that are not years: 503, 8080.
  if (digits && !letters) {
    std::string n;
    for (char c : s) if (digit(c)) n += c;
    bool plain = n.size() == s.size();
    bool year = n.size() == 4 && (n.rfind("19", 0) == 0 || n.rfind("20", 0) == 0);
    if (plain && n.size() >= 3 && !year) return true;
  }
  std::string low;
  for (char c : s) low += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return terms().count(low) != 0;
}

}  // namespace

int technicalWords(std::string_view text) {
  int n = 0;
  std::string word;
  auto flush = [&] {
    if (!word.empty() && technical(word)) ++n;
    word.clear();
  };
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == ';' || c == '?' || c == '!' || c == '"' ||
        c == '\'' || c == '`')
      flush();
    else
      word += c;
  }
  flush();
  return n;
}

}  // namespace grove::structure
