#include "ops/Anchoring.h"

#include <algorithm>
#include <cstdlib>

#include "support/Hash.h"

namespace grove {
namespace {

// UTF-16 code units of one UTF-8 lead byte (continuation bytes count 0):
// LSP positions count UTF-16, the text is UTF-8.
int utf16Units(unsigned char b) {
  if ((b & 0xC0) == 0x80) return 0;
  return b >= 0xF0 ? 2 : 1;
}

int utf16Length(std::string_view s) {
  int n = 0;
  for (unsigned char b : s) n += utf16Units(b);
  return n;
}

std::string_view trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

/// c's lines; a final newline ends the last line rather than starting one.
std::vector<std::string_view> splitLines(std::string_view c) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start <= c.size()) {
    size_t nl = c.find('\n', start);
    if (nl == std::string_view::npos) {
      if (start < c.size()) out.push_back(c.substr(start));
      break;
    }
    out.push_back(c.substr(start, nl - start));
    start = nl + 1;
  }
  return out;
}

Range rangeOf(const FileText& file, size_t begin, size_t end) {
  return Range{file.positionOf(begin), file.positionOf(end)};
}

/// The occurrence of c nearest `from` (searching both ways), or npos.
/// Looks backward only as far as the occurrence found forward: code that
/// moved a little is found without scanning the rest of the file.
size_t nearestOccurrence(const std::string& text, const std::string& c, size_t from) {
  size_t after = text.find(c, from);
  // Forward searches only (memchr-fast), never rfind's byte-by-byte scan.
  size_t distance = after == std::string::npos ? from : after - from;
  size_t before = std::string::npos;
  for (size_t pos = text.find(c, from > distance ? from - distance : 0); pos < from;
       pos = text.find(c, pos + 1))
    before = pos;
  return before != std::string::npos ? before : after;
}

/// The occurrence of c nearest `from` found through the line index: c's
/// complete line with the fewest copies in the file names the candidates,
/// each checked in place. Far cheaper than a substring search when many
/// captures share a prefix; nullopt when c has no complete non-blank line
/// (the caller then searches the text).
std::optional<size_t> nearestByLines(const FileText& file, const std::string& c,
                                     const std::vector<std::string_view>& cLines, size_t from) {
  // Line 0 may start mid-line; the last is complete only when c ends in a newline.
  const int complete = static_cast<int>(cLines.size()) - (c.back() == '\n' ? 0 : 1);
  int pick = -1;
  const std::vector<int>* candidates = nullptr;
  for (int k = 1; k < complete; ++k) {
    uint64_t h = trimmedLineHash(cLines[static_cast<size_t>(k)]);
    if (!h) continue;
    const std::vector<int>& at = file.linesWithHash(h);
    if (!candidates || at.size() < candidates->size()) {
      candidates = &at;
      pick = k;
    }
  }
  if (!candidates) return std::nullopt;
  const std::string& text = file.text();
  const std::string_view first = cLines[0];
  size_t best = std::string::npos, bestDistance = std::string::npos;
  for (int p : *candidates) {
    int startLine = p - pick;
    if (startLine < 0) continue;
    std::string_view l = file.line(startLine);
    if (l.size() < first.size() || l.substr(l.size() - first.size()) != first) continue;
    size_t offset = file.lineStart(startLine) + (l.size() - first.size());
    if (text.compare(offset, c.size(), c) != 0) continue;
    size_t distance = offset > from ? offset - from : from - offset;
    if (distance < bestDistance) {
      best = offset;
      bestDistance = distance;
    }
  }
  return best;
}

struct Window {
  int start = -1;
  int matched = 0;
};

/// The window of `len` lines sharing the most trimmed non-blank lines with
/// `hashes` (counted as a multiset: a line twice in c counts twice only when
/// the window holds it twice); ties go to the window nearest `nearLine`.
/// Each distinct hash adds its windows as intervals on a difference array,
/// so the cost is the occurrences of c's lines plus one pass over the file.
Window bestWindow(const FileText& file, const std::vector<uint64_t>& hashes, int len, int nearLine) {
  const int windows = file.lineCount() - len + 1;
  if (windows <= 0) return {};
  std::unordered_map<uint64_t, int> multiplicity;
  for (uint64_t h : hashes) ++multiplicity[h];
  std::vector<int> diff(static_cast<size_t>(windows) + 1, 0);
  for (const auto& [h, m] : multiplicity) {
    const std::vector<int>& at = file.linesWithHash(h);
    const int occ = static_cast<int>(at.size());
    // [window holds >= j copies] for j = 1..m: window w holds occurrences
    // t..t+j-1 when at[t+j-1] - len + 1 <= w <= at[t]; both ends grow with
    // t, so the intervals merge in one sweep.
    for (int j = 1; j <= m && j <= occ; ++j) {
      int curLo = -1, curHi = -2;
      for (int t = 0; t + j - 1 < occ; ++t) {
        int lo = std::max(0, at[static_cast<size_t>(t + j - 1)] - len + 1);
        int hi = std::min(at[static_cast<size_t>(t)], windows - 1);
        if (lo > hi) continue;
        if (lo <= curHi + 1) {
          curHi = std::max(curHi, hi);
          continue;
        }
        if (curHi >= curLo && curLo >= 0) {
          ++diff[static_cast<size_t>(curLo)];
          --diff[static_cast<size_t>(curHi) + 1];
        }
        curLo = lo;
        curHi = hi;
      }
      if (curLo >= 0 && curHi >= curLo) {
        ++diff[static_cast<size_t>(curLo)];
        --diff[static_cast<size_t>(curHi) + 1];
      }
    }
  }
  Window best;
  int running = 0;
  for (int w = 0; w < windows; ++w) {
    running += diff[static_cast<size_t>(w)];
    if (running == 0) continue;
    if (running > best.matched ||
        (running == best.matched && std::abs(w - nearLine) < std::abs(best.start - nearLine))) {
      best.start = w;
      best.matched = running;
    }
  }
  return best;
}

/// "-R +A lines: <first added line>" between c's lines and the window's
/// (trimmed, blank lines ignored, as multisets).
std::string diffSummary(const FileText& file, const std::vector<std::string_view>& cLines, int start,
                        int len) {
  std::unordered_map<uint64_t, int> pending;
  for (auto l : cLines)
    if (uint64_t h = trimmedLineHash(l)) ++pending[h];
  int added = 0;
  std::string firstAdded;
  for (int i = start; i < start + len; ++i) {
    uint64_t h = file.lineHash(i);
    if (!h) continue;
    auto it = pending.find(h);
    if (it != pending.end() && it->second > 0) {
      --it->second;
      continue;
    }
    if (added++ == 0) firstAdded = std::string(trim(file.line(i)));
  }
  int removed = 0;
  std::string firstRemoved;
  for (auto l : cLines) {
    uint64_t h = trimmedLineHash(l);
    if (!h) continue;
    auto it = pending.find(h);
    if (it != pending.end() && it->second > 0) {
      --it->second;
      if (removed++ == 0) firstRemoved = std::string(trim(l));
    }
  }
  std::string out = "-" + std::to_string(removed) + " +" + std::to_string(added) + " lines";
  const std::string& example = added ? firstAdded : firstRemoved;
  if (!example.empty()) out += ": " + example.substr(0, 80);
  if (!added && !removed) out += ": reindented or reordered";
  return out;
}

}  // namespace

std::string normaliseLineEndings(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') {
      out += '\n';
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

uint64_t trimmedLineHash(std::string_view line) {
  std::string_view t = trim(line);
  if (t.empty()) return 0;
  uint64_t h = 1469598103934665603ull;  // FNV-1a, as support/Hash.h
  for (unsigned char c : t) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h ? h : 1;
}

FileText::FileText(std::string_view text) : text_(normaliseLineEndings(text)) {
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') lineStarts_.push_back(i + 1);
  lineHashes_.reserve(lineStarts_.size());
  for (int i = 0; i < lineCount(); ++i) {
    uint64_t h = trimmedLineHash(line(i));
    lineHashes_.push_back(h);
    if (h) linesByHash_[h].push_back(i);
  }
}

std::string_view FileText::line(int i) const {
  size_t b = lineStarts_[static_cast<size_t>(i)];
  size_t e = static_cast<size_t>(i) + 1 < lineStarts_.size() ? lineStarts_[static_cast<size_t>(i) + 1] - 1
                                                              : text_.size();
  return std::string_view(text_).substr(b, e - b);
}

const std::vector<int>& FileText::linesWithHash(uint64_t h) const {
  static const std::vector<int> none;
  auto it = linesByHash_.find(h);
  return it == linesByHash_.end() ? none : it->second;
}

size_t FileText::offsetOf(const Position& p) const {
  if (p.line < 0) return 0;
  if (p.line >= lineCount()) return text_.size();
  std::string_view l = line(p.line);
  size_t off = 0;
  int units = 0;
  while (off < l.size() && units < p.character) {
    units += utf16Units(static_cast<unsigned char>(l[off]));
    ++off;
    while (off < l.size() && utf16Units(static_cast<unsigned char>(l[off])) == 0) ++off;
  }
  return lineStarts_[static_cast<size_t>(p.line)] + off;
}

Position FileText::positionOf(size_t offset) const {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  int lineNo = static_cast<int>(it - lineStarts_.begin()) - 1;
  size_t start = lineStarts_[static_cast<size_t>(lineNo)];
  return {lineNo, utf16Length(std::string_view(text_).substr(start, offset - start))};
}

AnchorResult reanchor(std::string_view captured, const std::string& contentHash, const Range& range,
                      const FileText* file) {
  AnchorResult out;
  out.range = range;
  if (!file) return out;  // missing
  const std::string c = normaliseLineEndings(captured);
  const std::string& text = file->text();
  const size_t begin = file->offsetOf(range.start);
  const size_t end = std::max(begin, file->offsetOf(range.end));
  std::string_view atRange = std::string_view(text).substr(begin, end - begin);
  if (atRange == c || (!contentHash.empty() && fnv1aHex(atRange) == contentHash)) {
    out.state = AnchorState::Current;
    return out;
  }
  if (c.empty()) return out;  // nothing to look for
  const std::vector<std::string_view> cLines = splitLines(c);
  std::optional<size_t> byLines = nearestByLines(*file, c, cLines, begin);
  if (size_t at = byLines ? *byLines : nearestOccurrence(text, c, begin); at != std::string::npos) {
    out.state = AnchorState::Moved;
    out.range = rangeOf(*file, at, at + c.size());
    return out;
  }
  std::vector<uint64_t> hashes;
  for (auto l : cLines)
    if (uint64_t h = trimmedLineHash(l)) hashes.push_back(h);
  if (hashes.empty()) return out;
  const int len = std::min(static_cast<int>(cLines.size()), file->lineCount());
  Window best = bestWindow(*file, hashes, len, range.start.line);
  if (best.start < 0 || best.matched < static_cast<double>(hashes.size()) * kStaleSimilarity) return out;
  out.state = AnchorState::Stale;
  const int last = best.start + len - 1;
  out.range.start = {best.start, 0};
  // A capture of whole lines (ending in a newline) ends at the next line's start.
  out.range.end = c.back() == '\n' && last + 1 < file->lineCount()
                      ? Position{last + 1, 0}
                      : Position{last, utf16Length(file->line(last))};
  out.diffSummary = diffSummary(*file, cLines, best.start, len);
  return out;
}

}  // namespace grove
