// ExpectedPrompts: the system prompts a provider should receive, built
// independently of the server from the template files in core/prompts/
// (the files are the single source of the wording; the tests pin how they
// are put together: preamble, a blank line, then the mode block with its
// placeholders filled).
#pragma once

#include <map>
#include <string>

namespace grove::chat_test {

/// core/prompts/<name>.txt as it is on disk.
std::string promptFile(const std::string& name);

/// `name`'s template with every {{key}} replaced and trailing blanks and
/// newlines removed.
std::string filledPrompt(const std::string& name, const std::map<std::string, std::string>& values = {});

/// The conversation agent's system prompt: the shared preamble, a blank
/// line, then `block`.
std::string conversationSystem(const std::string& block);

}  // namespace grove::chat_test
