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

std::string previewText(const ScopePreview& p, const std::vector<MemoryBlock>& memory) {
  size_t size = p.system.size() + 256;
  for (const auto& m : p.messages) size += m.content.size() + 64 + m.unitIds.size() * 40;
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
    appendJsonString(out, m.content);
    out += ",\"role\":";
    appendJsonString(out, m.role);
    out += ",\"unitIds\":";
    appendStrings(out, m.unitIds);
    out += '}';
  }
  out += "],\"system\":";
  appendJsonString(out, p.system);
  out += ",\"tokens\":";
  appendJsonInt(out, p.tokens);
  out += ",\"truncated\":";
  appendStrings(out, p.truncated);
  out += '}';
  return out;
}

}  // namespace grove::proto
