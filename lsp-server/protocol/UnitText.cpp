#include "protocol/UnitText.h"

#include <nlohmann/json.hpp>

#include "protocol/Convert.h"
#include "protocol/JsonText.h"

namespace grove::proto {

namespace {

void appendOptString(std::string& out, const std::optional<std::string>& s) {
  if (s)
    appendJsonString(out, *s);
  else
    out += "null";
}

}  // namespace

void appendUnitJson(std::string& out, const Unit& u) {
  // The keys in the order the library writes them (sorted).
  out += "{\"content\":";
  appendJsonString(out, u.content);
  out += ",\"createdAt\":";
  appendJsonString(out, isoTime(u.createdAt));
  out += ",\"editedAt\":";
  if (u.editedAt)
    appendJsonString(out, isoTime(*u.editedAt));
  else
    out += "null";
  out += ",\"id\":";
  appendJsonString(out, u.id);
  out += ",\"kind\":";
  appendJsonString(out, toString(u.kind));
  out += ",\"parentId\":";
  appendOptString(out, u.parentId);
  out += ",\"projectId\":";
  appendJsonString(out, u.projectId);
  out += ",\"role\":";
  appendJsonString(out, toString(u.role));
  out += ",\"scope\":";
  appendJsonString(out, toString(u.scope));
  out += ",\"seq\":";
  appendJsonInt(out, u.seq);
  out += ",\"source\":";
  // Code units only, and a nested object of its own: the library writes it.
  if (u.source)
    out += toJson(*u.source).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  else
    out += "null";
  out += ",\"startsBranch\":";
  out += u.startsBranch ? "true" : "false";
  out += ",\"status\":";
  appendJsonString(out, toString(u.status));
  out += '}';
}

void appendUnitsJson(std::string& out, const std::vector<Unit>& units) {
  out += '[';
  for (size_t i = 0; i < units.size(); ++i) {
    if (i) out += ',';
    appendUnitJson(out, units[i]);
  }
  out += ']';
}

size_t unitsJsonSize(const std::vector<Unit>& units) {
  size_t size = 2;
  // About 250 bytes of keys, ids and times a unit, room for some escapes,
  // and about 500 for a code unit's source.
  for (const auto& u : units)
    size += u.content.size() + u.content.size() / 16 + 256 + (u.source ? 512 + u.source->memo.size() : 0);
  return size;
}

}  // namespace grove::proto
