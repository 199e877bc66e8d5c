// Vocabulary: whether a text speaks the language of programming. Chit-chat
// (structure::chatStyle) is short, code-free text with none of it; a terse
// programming exchange ("What backoff cap should the retry loop use for HTTP
// 503 responses?") is just as short and code-free, but not small talk.
#pragma once

#include <string_view>

namespace grove::structure {

/// How many words of `text` are programming vocabulary: all-caps acronyms
/// (HTTP, SQL, API), numbers of three or more digits (503, 8080; not years),
/// identifier-shaped words (snake_case, camelCase, dotted.names and file.ext,
/// letters with digits such as utf8 or ipv6, a call such as run()), and
/// terms from a short list of words that mean programming in any sentence
/// (database, endpoint, compiler, retry, backoff, ...; not words like
/// "server", "class" or "test" that small talk uses too).
int technicalWords(std::string_view text);

}  // namespace grove::structure
