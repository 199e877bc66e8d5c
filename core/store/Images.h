// JSON images of rows, for the columns and log payloads that hold structured
// data (a unit's source; an operation's before/after snapshots). Private to
// the store adapter: the rest of the core never sees JSON.
#pragma once

#include <string>

#include "model/Operation.h"

namespace grove::images {

std::string sourceToText(const Source&);
Source sourceFromText(const std::string&);

/// The snapshots of an operation (units, branches, marks), not its header.
std::string operationPayload(const Operation&);
void readOperationPayload(const std::string& text, Operation& into);

}  // namespace grove::images
