// LSP work-done progress for long requests (grove/import/run,
// grove/knowledge/ingest): the token (the client's workDoneToken, else the
// request id) and a reporter that sends `begin` with the first report,
// `report` after each step and `end` with the last.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "protocol/Params.h"
#include "server/Connection.h"
#include "server/Replies.h"
#include "session/HistoryImport.h"

namespace grove::server {

/// The client's `workDoneToken` (a string or an integer), else `requestId`.
json workDoneToken(const proto::Params& p, const json& requestId);

/// Sends $/progress notifications for `token` on `conn`, titled `title`.
session::ImportProgressFn workDoneReporter(std::shared_ptr<Connection> conn, json token, std::string title);

}  // namespace grove::server
