// Tokenizer: code-aware word tokens for similarity (structure detectors,
// memolet keywords and vectors).
//
// Identifiers are split at case changes, underscores, dashes and digits, so
// `parseConfig`, `parse_config` and `ParseConfig` all give {parse, config}.
// Tokens are lowercased, lightly stemmed (plural and -ing/-ed endings) and
// stopwords are dropped, so follow-ups that change inflection still meet.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace grove::text {

/// Content tokens of `text`, in order (duplicates kept).
std::vector<std::string> tokenize(std::string_view text);

/// The same light stemming tokenize() applies; exposed for query terms.
std::string stem(std::string_view lowercaseWord);

/// The stem's other spelling before an ending, or "" when it has none: a
/// consonant's final "y" is written "i" before "-ed", "-es" and "-er", so
/// stem() gives "apply" for "apply", "applies" and "applying" but "appli"
/// for "applied", and a word's own text reads "agencies" where its stem is
/// "agency". A query matches both spellings: its stem against stemmed text,
/// and as a prefix against text as written (the store's message index).
std::string otherSpelling(std::string_view stem);
/// `tokens`, each followed by its other spelling when it has one: what a
/// query matches in either spelling.
std::vector<std::string> withOtherSpellings(const std::vector<std::string>& tokens);

/// `token` without the punctuation tokenize() leaves at its ends (bytes from
/// 0x80 are word characters there): Spanish ¿ and ¡, typographic quotes and
/// dashes, the full-width marks of Chinese and Japanese (，？。). "" when
/// nothing else is left.
std::string trimPunctuation(std::string_view token);

/// True for English function words and chat filler ("please", "thanks").
bool isStopword(std::string_view lowercaseWord);

}  // namespace grove::text
