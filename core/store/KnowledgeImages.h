// KnowledgeImages: the store's own JSON of knowledge-map pieces kept in
// rows (a node's citations in a stored map, a knowledge card's ops). Short
// keys and no derived fields, so the wire format can grow without a
// migration; the wire's JSON (protocol layer) is separate because neither
// layer may include the other.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "knowledge/KnowledgeCard.h"

namespace grove::store {

nlohmann::json citationJson(const knowledge::Citation& c);
knowledge::Citation citationFrom(const nlohmann::json& j);

/// A string or null, and back (absent or null: none).
nlohmann::json optText(const std::optional<std::string>& s);
std::optional<std::string> optTextFrom(const nlohmann::json& j, const char* key);

/// A knowledge card (its ops, relation and citations) as one JSON text.
std::string cardText(const knowledge::KnowledgeCard& card);
knowledge::KnowledgeCard cardFromText(const std::string& text);

}  // namespace grove::store
