// Terms: the content words of a message or unit, as the detectors compare
// them. Built on text::tokenize (code-aware: parseConfig meets parse_config),
// plus a readable surface form per token so reasons can name real words
// ("widgets", "parse_config") instead of stems ("widget", "pars").
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "text/HashedVector.h"

namespace grove::structure {

struct Terms {
  std::vector<std::string> tokens;                        // in order, duplicates kept
  std::unordered_set<std::string> set;                    // distinct tokens
  std::unordered_map<std::string, std::string> surface;   // token -> first word it came from, as written
};

/// With `surfaces` false the readable forms are skipped (cheaper: for units
/// whose words are only counted, never shown).
Terms termsOf(std::string_view text, bool surfaces = true);

/// Words that carry no topic in programming chat even though they are not
/// English stopwords ("question", "fix", "works", "step", "unrelated"): they
/// count at a fraction of their weight, so cue words never look like a topic.
bool isGenericWord(std::string_view token);

/// Term weights learned from the conversation itself: a word used in every
/// recent unit says little about a shift, one the path never used says a lot.
class ConversationIdf {
public:
  void addDocument(const Terms& doc);
  /// idf(t) = ln(1 + N / df(t)), with df counting the message too (so >= 1);
  /// generic words at a quarter of that.
  double weight(const std::string& token) const;
  int documents() const { return docs_; }

private:
  std::unordered_map<std::string, int> df_;
  int docs_ = 0;
};

/// A weighted bag of terms: the recent topic of a stretch of units.
struct TopicBag {
  std::unordered_map<std::string, double> weight;  // token -> strength 0..1
  std::unordered_map<std::string, int> units;      // token -> how many added units hold it
  std::unordered_map<std::string, std::string> surface;
  text::HashedVector vector;                       // weighted sum of the units' hashed vectors
  /// Adds a unit's terms at strength `w` (keeps the strongest per token).
  void add(const Terms& t, double w, const ConversationIdf& idf);
  bool empty() const { return weight.empty(); }
  double strength(const std::string& token) const;
};

/// IDF-weighted share of the message's terms the bag already holds (0..1),
/// each term counted by the bag's strength for it.
double coverage(const Terms& message, const TopicBag& bag, const ConversationIdf& idf);

/// Cosine between the message and the bag as feature-hashed vectors
/// (text::HashedVector, IDF-weighted), 0..1.
double hashedCosine(const Terms& message, const TopicBag& bag, const ConversationIdf& idf);

/// The message's most informative terms missing from (or, with `present`,
/// found in) the bag, as readable words, at most `n`.
std::vector<std::string> keyTerms(const Terms& message, const TopicBag& bag, const ConversationIdf& idf,
                                  bool present, size_t n);

/// The bag's strongest informative terms as readable words, at most `n`.
std::vector<std::string> topTerms(const TopicBag& bag, const ConversationIdf& idf, size_t n);

}  // namespace grove::structure
