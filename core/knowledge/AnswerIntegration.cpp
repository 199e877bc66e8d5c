#include "knowledge/AnswerIntegration.h"

#include <cctype>

#include "knowledge/Phrases.h"
#include "memory/Summary.h"

namespace grove::knowledge {

namespace {

// The citation numbers a sentence carries ("... [2] [3]").
std::vector<size_t> marksIn(const std::string& sentence) {
  std::vector<size_t> out;
  for (size_t at = sentence.find('['); at != std::string::npos; at = sentence.find('[', at + 1)) {
    size_t end = at + 1;
    while (end < sentence.size() && std::isdigit(static_cast<unsigned char>(sentence[end]))) ++end;
    if (end > at + 1 && end < sentence.size() && sentence[end] == ']')
      out.push_back(std::stoul(sentence.substr(at + 1, end - at - 1)));
  }
  return out;
}

bool sameSpan(const Citation& a, const Citation& b) {
  return a.uri == b.uri && a.range.start.line == b.range.start.line && a.range.end.line == b.range.end.line;
}

}  // namespace

std::string withoutCitationMarks(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (text[i] == '[') {
      size_t end = i + 1;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      if (end > i + 1 && end < text.size() && text[end] == ']') {
        while (!out.empty() && out.back() == ' ') out.pop_back();  // "word [1]." reads "word."
        i = end + 1;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

std::string passageHeading(const Citation& citation) {
  // "Doc › Section › Sub": the passage is about its innermost heading.
  static const std::string kSep = "\u203A";
  size_t at = citation.title.rfind(kSep);
  std::string last = at == std::string::npos ? citation.title : citation.title.substr(at + kSep.size());
  return plainPhrase(last);
}

Exchange answerExchange(const std::string& question, const std::string& answer,
                        const std::vector<Citation>& citations) {
  Exchange x;
  x.question = question;
  x.answer = withoutCitationMarks(answer);
  x.sources = citations;
  // One point per heading: two passages of one section are one detail.
  for (const auto& sentence : memory::splitSentences(answer)) {
    for (size_t n : marksIn(sentence)) {
      if (n == 0 || n > citations.size()) continue;
      const Citation& cited = citations[n - 1];
      std::string title = passageHeading(cited);
      if (!titleLike(title)) continue;
      ExchangePoint* point = nullptr;
      for (auto& p : x.points)
        if (titleKey(p.title) == titleKey(title)) point = &p;
      if (!point) point = &x.points.emplace_back(ExchangePoint{title, "", {}});
      bool cites = false;
      for (const auto& s : point->sources) cites = cites || sameSpan(s, cited);
      if (!cites) point->sources.push_back(cited);
      std::string plain = withoutCitationMarks(sentence);
      if (point->details.find(plain) == std::string::npos)
        point->details = clipDetails(point->details.empty() ? plain : point->details + " " + plain);
    }
  }
  return x;
}

}  // namespace grove::knowledge
