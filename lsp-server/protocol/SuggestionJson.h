// SuggestionJson: how suggestions, capsules, the initiative policy and the
// user model look on the wire (issue 7's types; the rest is in Convert.h).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/Engine.h"
#include "protocol/Params.h"

namespace grove::proto {

using nlohmann::json;

json toJson(const Suggestion&);
json toJson(const Capsule&);
json toJson(const InitiativePolicy&);
json toJson(const UserModel&);
json toJson(const Resolution&);

/// Reads a required enum parameter; -32602 naming `field` when it is not one
/// of the documented words.
Decision decisionFrom(const Params& p);
SuggestionState suggestionStateFrom(const std::string& s);
CapsuleType capsuleTypeFrom(const Params& p, const char* field);

}  // namespace grove::proto
