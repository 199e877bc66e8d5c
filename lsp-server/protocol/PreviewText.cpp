#include "protocol/PreviewText.h"

#include <nlohmann/json.hpp>

#include "protocol/JsonText.h"
#include "protocol/MemoletJson.h"

namespace grove::proto {

namespace {

void appendStrings(std::string& out, const std::vector<std::string>& v) {
  out += '[';
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    appendJsonString(out, v[i]);
  }
  out += ']';
}

}  // namespace

std::string previewText(const ScopePreview& p, const std::vector<MemoryBlock>& memory, bool withText) {
  static const std::string kNoText;
  size_t size = (withText ? p.system.size() : 0) + 256;
  for (const auto& m : p.messages) size += (withText ? m.content.size() : 0) + 64 + m.unitIds.size() * 40;
  std::string out;
  out.reserve(size + size / 16);  // room for some escapes, so the text is written once
  // Keys in the order the library writes them (sorted).
  out += "{\"excluded\":";
  appendStrings(out, p.excluded);
  out += ",\"included\":";
  appendStrings(out, p.included);
  out += ",\"memory\":";
  out += toJson(memory).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out += ",\"messages\":[";
  for (size_t i = 0; i < p.messages.size(); ++i) {
    const PromptMessage& m = p.messages[i];
    if (i) out += ',';
    out += "{\"content\":";
    appendJsonString(out, withText ? m.content : kNoText);
    out += ",\"role\":";
    appendJsonString(out, m.role);
    out += ",\"unitIds\":";
    appendStrings(out, m.unitIds);
    out += '}';
  }
  out += "],\"system\":";
  appendJsonString(out, withText ? p.system : kNoText);
  out += ",\"tokens\":";
  appendJsonInt(out, p.tokens);
  out += ",\"truncated\":";
  appendStrings(out, p.truncated);
  out += '}';
  return out;
}

}  // namespace grove::proto
