#include "llm/OfflineClient.h"

#include <cctype>
#include <sstream>

#include "support/Error.h"

namespace grove::llm {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool startsWithNoCase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  }
  return true;
}

// "[COMPLETED BRANCH EXPLORATIONS]": a whole line in brackets with no
// lower-case letters is a section header of the system prompt templates.
bool isSectionHeader(std::string_view line) {
  if (line.size() < 3 || line.front() != '[' || line.back() != ']') return false;
  bool letter = false;
  for (char c : line.substr(1, line.size() - 2)) {
    if (std::islower(static_cast<unsigned char>(c)) || c == '[' || c == ']') return false;
    letter = letter || std::isupper(static_cast<unsigned char>(c));
  }
  return letter;
}

std::string excerpt(std::string_view text, size_t max) {
  std::string out;
  for (char c : trim(text)) out.push_back(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
  if (out.size() > max) {
    size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
    out = out.substr(0, cut) + "...";
  }
  return out;
}

}  // namespace

int OfflineClient::estimateTokens(std::size_t bytes) { return static_cast<int>((bytes + 3) / 4); }

std::string OfflineClient::report(const ChatRequest& request) {
  std::string mode;
  std::vector<std::string> sections;
  std::istringstream lines(request.system);
  for (std::string raw; std::getline(lines, raw);) {
    std::string_view line = trim(raw);
    if (mode.empty() && startsWithNoCase(line, "mode:")) mode = std::string(trim(line.substr(5)));
    if (isSectionHeader(line)) sections.emplace_back(line);
  }
  int users = 0, assistants = 0;
  size_t messageBytes = 0;
  for (const auto& m : request.messages) {
    (m.role == "assistant" ? assistants : users) += 1;
    messageBytes += m.content.size();
  }
  const int systemTokens = estimateTokens(request.system.size());
  const int messageTokens = estimateTokens(messageBytes);

  std::ostringstream out;
  out << "[offline provider] No model is configured, so here is what a model would receive.\n";
  out << "- mode: " << (mode.empty() ? "not stated" : mode) << "\n";
  out << "- messages: " << request.messages.size() << " (" << users << " user, " << assistants
      << " assistant)\n";
  out << "- estimated tokens: " << systemTokens + messageTokens << " (system " << systemTokens
      << ", messages " << messageTokens << ")\n";
  if (!request.scopeReport.empty()) out << request.scopeReport << "\n";
  out << "- system prompt sections: ";
  if (sections.empty()) out << "none";
  for (size_t i = 0; i < sections.size(); ++i) out << (i ? ", " : "") << sections[i];
  out << "\n";
  if (!request.messages.empty()) {
    out << "- last message: \"" << excerpt(request.messages.back().content, 80) << "\"\n";
  }
  out << "Configure a provider (docs/providers.md) to get model answers.";
  return out.str();
}

ChatResult OfflineClient::chat(const ChatRequest& request, const DeltaSink& onDelta,
                               const CancellationToken& cancel) {
  ChatResult result;
  const std::string text = report(request);
  // One delta per line, so clients exercise the same streaming path as online.
  for (size_t start = 0; start < text.size();) {
    if (cancel.cancelled()) throw Error(ErrorKind::Cancelled, "cancelled", "offline provider: request cancelled");
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    std::string_view piece(text.data() + start, end - start);
    result.text.append(piece);
    if (onDelta) onDelta(piece);
    start = end;
  }
  size_t inputBytes = request.system.size();
  for (const auto& m : request.messages) inputBytes += m.content.size();
  result.usage.promptTokens = estimateTokens(inputBytes);
  result.usage.completionTokens = estimateTokens(text.size());
  result.finishReason = "stop";
  return result;
}

std::vector<std::vector<float>> OfflineClient::embed(const std::vector<std::string>&,
                                                     const CancellationToken&) {
  throw Error::invalidOp("embeddingsUnsupported", "the offline provider computes no embeddings");
}

}  // namespace grove::llm
