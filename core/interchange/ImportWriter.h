// ImportWriter: puts one ImportedSession into the store through the Engine,
// on the engine thread inside the caller's batch. Idempotent: the project
// remembers the source session id and each unit its source message id, so a
// second run adds only messages it has not seen (what was appended since).
#pragma once

#include <string>

#include "engine/Engine.h"
#include "interchange/ImportedSession.h"

namespace grove::interchange {

struct ProjectImport {
  std::string projectId;
  std::string title;
  bool created = false;  // a new project (else one imported before)
  int added = 0;         // units added by this run
  int known = 0;         // messages already imported before
};

ProjectImport writeSession(Engine& engine, const ImportedSession& session);

}  // namespace grove::interchange
