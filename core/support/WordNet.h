// WordNet: synonyms of English words from Princeton WordNet 3.0's database
// files (Debian's `wordnet-base`: index.*, data.* and *.exc in
// /usr/share/wordnet), for query expansion (issue 13): people ask in other
// words than they were answered in.
//
// Nothing is loaded up front. The index and data files are mapped and
// searched where they lie (the index files are sorted, and an index entry
// names its synsets by byte offset in the data file), so opening costs no
// start-up time and a lookup touches a few pages; only the small exception
// lists (irregular forms: "ran" -> "run") are read into memory. Without the
// files, every lookup answers nothing and search works as before.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace grove {

class WordNet {
public:
  enum class Part { Noun, Verb, Adjective, Adverb };

  /// Opens the database in `dir`; available() says whether its nouns were
  /// there (a part whose files are missing answers nothing).
  explicit WordNet(const std::string& dir);
  ~WordNet();
  WordNet(const WordNet&) = delete;
  WordNet& operator=(const WordNet&) = delete;

  /// The process's database: GROVE_WORDNET_DIR, else /usr/share/wordnet;
  /// opened on first use, shared by every thread (lookups only read).
  static const WordNet& system();

  bool available() const;

  /// The base forms of `word` (lowercase ASCII; anything else has none) that
  /// the index has as `part`: the word itself, its irregular base from the
  /// exception list, and WordNet's suffix rules ("tables" -> "table").
  std::vector<std::string> baseForms(std::string_view word, Part part) const;

  /// Other words of the first `senses` senses of `word` as `part`, most
  /// frequent sense first, as written in WordNet with spaces for
  /// underscores ("go away" for "disappear"), lowercase, without the word's
  /// own base forms and without repeats.
  std::vector<std::string> synonyms(std::string_view word, Part part, size_t senses = 1) const;

private:
  /// A base form of a word and its line in the part's index.
  struct Entry {
    std::string base;
    std::string_view indexLine;
  };
  /// baseForms() with the index line each was found at (looked up once).
  std::vector<Entry> entries(std::string_view word, Part part) const;

  struct Files;
  std::unique_ptr<Files> files_;
};

}  // namespace grove
