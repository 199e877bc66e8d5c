// Replies: JSON-RPC response envelopes, and the mapping from the core's
// error categories to wire codes (DESIGN §6).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "support/Error.h"

namespace grove::server {

using nlohmann::json;

json resultReply(const json& id, json result);
json errorReply(const json& id, int code, const std::string& message, json data = nullptr);
json errorReply(const json& id, const Error& error);
json notification(const std::string& method, json params);

}  // namespace grove::server
