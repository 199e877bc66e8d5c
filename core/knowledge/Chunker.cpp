#include "knowledge/Chunker.h"

#include <sstream>

namespace grove::knowledge {

namespace {

size_t wordCount(const std::string& s) {
  size_t n = 0;
  bool in = false;
  for (char c : s) {
    bool space = c == ' ' || c == '\t' || c == '\n';
    if (!space && !in) ++n;
    in = !space;
  }
  return n;
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t") == std::string::npos; }

bool isUnderline(const std::string& s) {
  if (s.size() < 3) return false;
  char c = s[0];
  if (std::string("=-~^*+#").find(c) == std::string::npos) return false;
  return s.find_first_not_of(c) == std::string::npos;
}

std::string markdownHeading(const std::string& s) {
  size_t i = s.find_first_not_of(' ');
  if (i == std::string::npos || i > 3 || s[i] != '#') return "";
  size_t j = s.find_first_not_of('#', i);
  if (j == std::string::npos || j - i > 6 || s[j] != ' ') return "";
  size_t end = s.find_last_not_of(" #");
  return end == std::string::npos || end < j ? "" : s.substr(j + 1, end - j);
}

struct Block {
  std::vector<const SegmentLine*> lines;
  std::string heading;  // non-empty: this block is a heading
  size_t words = 0;
};

// Paragraphs and headings of one segment.
std::vector<Block> blocksOf(const DocumentSegment& seg) {
  std::vector<Block> blocks;
  Block open;
  auto close = [&] {
    if (!open.lines.empty()) blocks.push_back(std::move(open));
    open = Block{};
  };
  bool fenced = false;
  for (size_t i = 0; i < seg.size(); ++i) {
    const SegmentLine& l = seg[i];
    bool fence = l.text.find("```") != std::string::npos && l.text.find_first_not_of(" ") == l.text.find("```");
    if (fenced || fence) {
      open.lines.push_back(&l);
      open.words += wordCount(l.text);
      if (fence) fenced = !fenced;
      continue;
    }
    if (blank(l.text)) {
      close();
      continue;
    }
    std::string h = markdownHeading(l.text);
    if (h.empty() && i + 1 < seg.size() && isUnderline(seg[i + 1].text) && !isUnderline(l.text))
      h = l.text.substr(l.text.find_first_not_of(' '));
    if (!h.empty()) {
      close();
      open.lines.push_back(&l);
      if (markdownHeading(l.text).empty()) open.lines.push_back(&seg[++i]);  // the rst underline
      open.heading = h;
      open.words = wordCount(h);
      close();
      continue;
    }
    if (isUnderline(l.text) && open.lines.empty()) continue;  // an rst overline
    open.lines.push_back(&l);
    open.words += wordCount(l.text);
  }
  close();
  return blocks;
}

}  // namespace

std::vector<Chunk> chunkSegments(const std::vector<DocumentSegment>& segments, size_t targetWords) {
  std::vector<Chunk> out;
  for (const auto& seg : segments) {
    std::string heading;
    std::vector<const SegmentLine*> lines;
    size_t words = 0;
    bool onlyHeading = false;
    auto flush = [&] {
      if (lines.empty()) return;
      Chunk c;
      c.startLine = lines.front()->line;
      c.endLine = lines.back()->line;
      c.endChar = lines.back()->endChar;
      c.heading = heading;
      std::string text;
      int previous = -2;
      for (const auto* l : lines) {
        if (!text.empty()) text += (l->line == previous + 1) ? "\n" : "\n\n";
        text += l->text;
        previous = l->line;
      }
      c.text = std::move(text);
      out.push_back(std::move(c));
      lines.clear();
      words = 0;
      onlyHeading = false;
    };
    for (const Block& b : blocksOf(seg)) {
      if (!b.heading.empty()) {
        flush();
        heading = b.heading;
        lines = b.lines;
        words = b.words;
        onlyHeading = true;
        continue;
      }
      if (!lines.empty() && !onlyHeading && words + b.words > targetWords) flush();
      if (b.words > 2 * targetWords) {
        // Too long for one chunk: cut between its lines.
        for (const auto* l : b.lines) {
          size_t w = wordCount(l->text);
          if (!lines.empty() && !onlyHeading && words + w > targetWords) flush();
          lines.push_back(l);
          words += w;
          onlyHeading = false;
        }
        continue;
      }
      lines.insert(lines.end(), b.lines.begin(), b.lines.end());
      words += b.words;
      onlyHeading = false;
    }
    flush();
  }
  return out;
}

}  // namespace grove::knowledge
