#include "knowledge/DocumentScanText.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/Hash.h"

namespace grove::knowledge {

namespace fs = std::filesystem;

namespace {

enum class Syntax { Prose, Slash, Hash, Lua };

Syntax syntaxOf(std::string_view rel) {
  size_t dot = rel.rfind('.');
  std::string ext = dot == std::string_view::npos ? "" : std::string(rel.substr(dot + 1));
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "py") return Syntax::Hash;
  if (ext == "lua") return Syntax::Lua;
  static const char* const kSlash[] = {"c",  "h",   "cc",  "cpp", "cxx", "hh", "hpp", "hxx",
                                       "js", "jsx", "mjs", "cjs", "ts",  "tsx", "go", "rs"};
  for (const char* s : kSlash)
    if (ext == s) return Syntax::Slash;
  return Syntax::Prose;
}

std::vector<std::string> splitLines(std::string_view content) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t i = 0; i <= content.size(); ++i) {
    if (i == content.size() || content[i] == '\n') {
      if (i == content.size() && start == i && !lines.empty()) break;
      std::string l(content.substr(start, i - start));
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(std::move(l));
      start = i + 1;
    }
  }
  return lines;
}

std::string_view trimLeft(std::string_view s) {
  while (!s.empty() && (s[0] == ' ' || s[0] == '\t')) s.remove_prefix(1);
  return s;
}

std::string trimmed(std::string_view s) {
  s = trimLeft(s);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// Comment blocks of a source file, one segment per block.
std::vector<DocumentSegment> commentSegments(const std::vector<std::string>& lines, Syntax syntax) {
  std::vector<DocumentSegment> out;
  DocumentSegment open;
  auto close = [&] {
    // A block of separators or a lone word is not prose worth a chunk.
    size_t words = 0;
    for (const auto& l : open) {
      std::istringstream in(l.text);
      for (std::string w; in >> w;) ++words;
    }
    if (words >= 3) out.push_back(std::move(open));
    open.clear();
  };
  auto add = [&](size_t i, std::string text) {
    open.push_back({static_cast<int>(i), static_cast<int>(lines[i].size()), std::move(text)});
  };
  std::string blockEnd;  // inside a block comment: its closing marker
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view t = trimLeft(lines[i]);
    if (!blockEnd.empty()) {
      size_t end = t.find(blockEnd);
      std::string_view body = end == std::string_view::npos ? t : t.substr(0, end);
      if (syntax == Syntax::Slash && startsWith(body, "*")) body.remove_prefix(1);
      add(i, trimmed(body));
      if (end != std::string_view::npos) {
        blockEnd.clear();
        close();
      }
      continue;
    }
    std::string_view line;
    bool isLine = false;
    if (syntax == Syntax::Slash && startsWith(t, "//")) {
      line = t.substr(2);
      while (!line.empty() && (line[0] == '/' || line[0] == '!')) line.remove_prefix(1);
      isLine = true;
    } else if (syntax == Syntax::Hash && startsWith(t, "#") && !startsWith(t, "#!")) {
      line = t.substr(1);
      isLine = true;
    } else if (syntax == Syntax::Lua && startsWith(t, "--") && !startsWith(t, "--[[")) {
      line = t.substr(2);
      while (!line.empty() && line[0] == '-') line.remove_prefix(1);
      isLine = true;
    }
    if (isLine) {
      add(i, trimmed(line));
      continue;
    }
    if (!open.empty()) close();
    std::string opener, closer;
    if (syntax == Syntax::Slash && t.find("/*") != std::string_view::npos) opener = "/*", closer = "*/";
    else if (syntax == Syntax::Lua && t.find("--[[") != std::string_view::npos) opener = "--[[", closer = "]]";
    else if (syntax == Syntax::Hash && t.find("\"\"\"") != std::string_view::npos) opener = closer = "\"\"\"";
    else if (syntax == Syntax::Hash && t.find("'''") != std::string_view::npos) opener = closer = "'''";
    if (opener.empty()) continue;
    std::string_view body = t.substr(t.find(opener) + opener.size());
    while (syntax == Syntax::Slash && !body.empty() && (body[0] == '*' || body[0] == '!')) body.remove_prefix(1);
    size_t end = body.find(closer);
    if (end != std::string_view::npos) {  // opens and closes on this line
      add(i, trimmed(body.substr(0, end)));
      close();
    } else {
      add(i, trimmed(body));
      blockEnd = closer;
    }
  }
  if (!open.empty()) close();
  return out;
}

std::string titleOf(const std::vector<DocumentSegment>& segments, std::string_view rel, bool prose) {
  if (prose)
    for (const auto& seg : segments)
      for (const auto& l : seg) {
        std::string_view t = trimLeft(l.text);
        if (startsWith(t, "# ")) return trimmed(t.substr(2));
      }
  size_t slash = rel.rfind('/');
  return std::string(slash == std::string_view::npos ? rel : rel.substr(slash + 1));
}

}  // namespace

std::vector<DocumentSegment> extractSegments(std::string_view relativePath, std::string_view content) {
  std::vector<std::string> lines = splitLines(content);
  Syntax syntax = syntaxOf(relativePath);
  if (syntax != Syntax::Prose) return commentSegments(lines, syntax);
  DocumentSegment all;
  for (size_t i = 0; i < lines.size(); ++i)
    all.push_back({static_cast<int>(i), static_cast<int>(lines[i].size()), lines[i]});
  if (all.empty()) return {};
  return {std::move(all)};
}

DocumentRead readDocument(const ScanCandidate& file, size_t maxFileBytes,
                          const std::optional<std::string>& knownHash) {
  std::error_code ec;
  auto size = fs::file_size(file.path, ec);
  if (ec) return {std::nullopt, "unreadable"};
  if (size > maxFileBytes) return {std::nullopt, "tooLarge"};
  std::ifstream in(file.path, std::ios::binary);
  if (!in) return {std::nullopt, "unreadable"};
  std::string content(static_cast<size_t>(size), '\0');
  in.read(content.data(), static_cast<std::streamsize>(size));
  if (static_cast<size_t>(in.gcount()) != size) return {std::nullopt, "unreadable"};
  // A NUL byte in the first 8 KB: binary, as git decides.
  if (content.substr(0, 8192).find('\0') != std::string::npos) return {std::nullopt, "binary"};
  ScannedDocument d;
  d.uri = file.uri;
  d.relativePath = file.relativePath;
  d.contentHash = fnv1aHex(content);
  d.prose = syntaxOf(file.relativePath) == Syntax::Prose;
  if (knownHash && *knownHash == d.contentHash) return {std::move(d), ""};
  d.segments = extractSegments(file.relativePath, content);
  d.title = titleOf(d.segments, file.relativePath, d.prose);
  return {std::move(d), ""};
}

}  // namespace grove::knowledge
