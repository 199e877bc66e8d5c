// TurnJson: the wire form of the session's chat results (grove/chat/send,
// regenerate and refine) and of what grove/provider/list shows.
#pragma once

#include <nlohmann/json.hpp>

#include "session/Session.h"
#include "session/Turn.h"

namespace grove::proto {

nlohmann::json toJson(const session::Turn& turn);
nlohmann::json toJson(const session::ProviderStatus& provider);

}  // namespace grove::proto
