// Replies: JSON-RPC response envelopes, and the mapping from the core's
// error categories to wire codes (DESIGN §6).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "support/Error.h"

namespace grove::server {

using nlohmann::json;

json resultReply(const json& id, json result);
/// A reply whose result is JSON text its handler wrote (a large read such as
/// grove/project/structure): carried as that text and spliced in by
/// replyText, never parsed or built as a tree.
json rawResultReply(const json& id, std::string resultText);
/// The wire text of a reply or notification (raw results spliced in).
std::string replyText(const json& message);
/// The same, taking a raw result's text over instead of copying it.
std::string replyText(json&& message);
json errorReply(const json& id, int code, const std::string& message, json data = nullptr);
json errorReply(const json& id, const Error& error);
json notification(const std::string& method, json params);

}  // namespace grove::server
