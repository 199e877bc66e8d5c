#include "support/WordNet.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <unordered_map>

namespace grove {
namespace {

/// A read-only mapping of one file; empty when the file cannot be read.
class Mapped {
public:
  explicit Mapped(const std::string& path) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && st.st_size > 0) {
      void* p = ::mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (p != MAP_FAILED) {
        data_ = static_cast<const char*>(p);
        size_ = static_cast<size_t>(st.st_size);
      }
    }
    ::close(fd);
  }
  ~Mapped() {
    if (data_) ::munmap(const_cast<char*>(data_), size_);
  }
  Mapped(const Mapped&) = delete;
  Mapped& operator=(const Mapped&) = delete;

  std::string_view text() const { return {data_ ? data_ : "", size_}; }

private:
  const char* data_ = nullptr;
  size_t size_ = 0;
};

/// A file read a line at a time by offset (pread): a data line is one small
/// read, where a mapping would fault in a page per synset.
class LineFile {
public:
  explicit LineFile(const std::string& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~LineFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  LineFile(const LineFile&) = delete;
  LineFile& operator=(const LineFile&) = delete;

  bool open() const { return fd_ >= 0; }

  /// The line starting at `offset`, without its newline, or its first
  /// `limit` bytes (a synset's words come first; its pointers, thousands for
  /// a common noun, are not read).
  std::string lineFrom(size_t offset, size_t limit) const {
    std::string out;
    char buf[4096];
    while (fd_ >= 0 && out.size() < limit) {
      ssize_t n = ::pread(fd_, buf, sizeof buf, static_cast<off_t>(offset + out.size()));
      if (n <= 0) break;
      std::string_view got(buf, static_cast<size_t>(n));
      size_t end = got.find('\n');
      out.append(got.substr(0, end));
      if (end != std::string_view::npos) break;
    }
    return out;
  }

private:
  int fd_ = -1;
};

/// The line holding byte `at` of `text` (a newline belongs to the line it ends).
std::string_view lineAt(std::string_view text, size_t at) {
  size_t begin = at == 0 ? std::string_view::npos : text.rfind('\n', at - 1);
  begin = begin == std::string_view::npos ? 0 : begin + 1;
  size_t end = text.find('\n', begin);
  if (end == std::string_view::npos) end = text.size();
  return text.substr(begin, end - begin);
}

std::string_view firstField(std::string_view line) { return line.substr(0, line.find(' ')); }

/// The line of a sorted file whose first field is `key` (WordNet's index
/// files are sorted by lemma, byte order; their licence lines start with
/// spaces and so sort first), or empty.
std::string_view findLine(std::string_view text, std::string_view key) {
  size_t lo = 0, hi = text.size();
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    std::string_view line = lineAt(text, mid);
    size_t begin = static_cast<size_t>(line.data() - text.data());
    std::string_view field = firstField(line);
    if (field == key) return line;
    if (field < key)
      lo = begin + line.size() + 1;
    else
      hi = begin;
  }
  return {};
}

/// The first `most` space-separated fields of `line` (a data line can hold
/// thousands of pointers after the words wanted here).
std::vector<std::string_view> fields(std::string_view line, size_t most = SIZE_MAX) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size() && out.size() < most) {
    while (i < line.size() && line[i] == ' ') ++i;
    size_t j = line.find(' ', i);
    if (j == std::string_view::npos) j = line.size();
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

size_t number(std::string_view s, int base = 10) {
  size_t n = 0;
  for (char c : s) {
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0 || d >= base) return 0;
    n = n * static_cast<size_t>(base) + static_cast<size_t>(d);
  }
  return n;
}

const char* partName(WordNet::Part p) {
  switch (p) {
    case WordNet::Part::Noun: return "noun";
    case WordNet::Part::Verb: return "verb";
    case WordNet::Part::Adjective: return "adj";
    case WordNet::Part::Adverb: return "adv";
  }
  return "noun";
}

/// WordNet's detachment rules (morphy): an inflected ending and what
/// replaces it.
const std::vector<std::pair<std::string_view, std::string_view>>& suffixRules(WordNet::Part p) {
  static const std::vector<std::pair<std::string_view, std::string_view>> noun = {
      {"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}};
  static const std::vector<std::pair<std::string_view, std::string_view>> verb = {
      {"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}};
  static const std::vector<std::pair<std::string_view, std::string_view>> adjective = {
      {"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}};
  static const std::vector<std::pair<std::string_view, std::string_view>> none;
  switch (p) {
    case WordNet::Part::Noun: return noun;
    case WordNet::Part::Verb: return verb;
    case WordNet::Part::Adjective: return adjective;
    case WordNet::Part::Adverb: return none;
  }
  return none;
}

bool plainWord(std::string_view w) {
  if (w.empty() || w.size() > 64) return false;
  return std::all_of(w.begin(), w.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-' || c == '\''; });
}

}  // namespace

/// Enough of a data line for its words: at most 255 words, rarely more than
/// a few dozen bytes each.
constexpr size_t kWordsBytes = 16384;

struct WordNet::Files {
  struct OnePart {
    std::unique_ptr<Mapped> index;
    std::unique_ptr<LineFile> data;
    std::unordered_map<std::string, std::vector<std::string>> exceptions;  // inflected -> bases
  };
  OnePart parts[4];
  bool available = false;
};

WordNet::WordNet(const std::string& dir) : files_(std::make_unique<Files>()) {
  for (int i = 0; i < 4; ++i) {
    const std::string name = partName(static_cast<Part>(i));
    Files::OnePart& p = files_->parts[i];
    p.index = std::make_unique<Mapped>(dir + "/index." + name);
    p.data = std::make_unique<LineFile>(dir + "/data." + name);
    std::ifstream exc(dir + "/" + name + ".exc");
    std::string line;
    while (std::getline(exc, line)) {
      auto f = fields(line);
      for (size_t k = 1; k < f.size(); ++k) p.exceptions[std::string(f[0])].emplace_back(f[k]);
    }
  }
  // Nouns are what search asks about; a part whose files are missing
  // answers nothing.
  const Files::OnePart& nouns = files_->parts[static_cast<int>(Part::Noun)];
  files_->available = !nouns.index->text().empty() && nouns.data->open();
}

WordNet::~WordNet() = default;

const WordNet& WordNet::system() {
  static const WordNet instance([] {
    const char* dir = std::getenv("GROVE_WORDNET_DIR");
    return std::string(dir && *dir ? dir : "/usr/share/wordnet");
  }());
  return instance;
}

bool WordNet::available() const { return files_->available; }

std::vector<WordNet::Entry> WordNet::entries(std::string_view word, Part part) const {
  std::vector<Entry> out;
  if (!available() || !plainWord(word)) return out;
  const Files::OnePart& p = files_->parts[static_cast<int>(part)];
  auto add = [&](std::string base) {
    for (const auto& e : out)
      if (e.base == base) return;
    if (auto line = findLine(p.index->text(), base); !line.empty()) out.push_back({std::move(base), line});
  };
  add(std::string(word));
  if (auto it = p.exceptions.find(std::string(word)); it != p.exceptions.end())
    for (const auto& base : it->second) add(base);
  for (const auto& [ending, replacement] : suffixRules(part))
    if (word.size() > ending.size() + 1 && word.substr(word.size() - ending.size()) == ending)
      add(std::string(word.substr(0, word.size() - ending.size())) + std::string(replacement));
  return out;
}

std::vector<std::string> WordNet::baseForms(std::string_view word, Part part) const {
  std::vector<std::string> out;
  for (auto& e : entries(word, part)) out.push_back(std::move(e.base));
  return out;
}

std::vector<std::string> WordNet::synonyms(std::string_view word, Part part, size_t senses) const {
  std::vector<std::string> out;
  const std::vector<Entry> bases = entries(word, part);
  if (bases.empty()) return out;
  const Files::OnePart& p = files_->parts[static_cast<int>(part)];
  auto isBase = [&](const std::string& lemma) {
    return std::any_of(bases.begin(), bases.end(), [&](const Entry& e) { return e.base == lemma; });
  };
  // An index line: lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt
  // tagsense_cnt synset_offset... (the offsets in order of sense frequency).
  auto index = fields(bases.front().indexLine);
  if (index.size() < 4) return out;
  const size_t synsets = number(index[2]);
  if (synsets == 0 || index.size() < synsets) return out;
  const size_t first = index.size() - synsets;
  for (size_t s = 0; s < std::min(senses, synsets); ++s) {
    // A data line: offset lex_filenum ss_type w_cnt (two hex digits), then
    // w_cnt pairs of word and lex_id.
    const std::string line = p.data->lineFrom(number(index[first + s]), kWordsBytes);
    auto head = fields(line, 4);
    if (head.size() < 4 || head[0] != index[first + s]) continue;
    const size_t words = number(head[3], 16);
    auto f = fields(line, 4 + 2 * words);
    for (size_t w = 0; w < words && 5 + 2 * w <= f.size(); ++w) {
      std::string lemma(f[4 + 2 * w]);
      if (auto paren = lemma.find('('); paren != std::string::npos) lemma.resize(paren);  // "(a)": adjective position
      for (char& c : lemma) c = c == '_' ? ' ' : static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      if (lemma.empty() || isBase(lemma)) continue;
      if (std::find(out.begin(), out.end(), lemma) == out.end()) out.push_back(std::move(lemma));
    }
  }
  return out;
}

}  // namespace grove
