// The columns project suggestions and board cards share, at the same
// places of their SELECTs (2..9: kind, anchor or item ids, reason,
// confidence, source, state, created_at, title).
#pragma once

#include "model/Suggestion.h"
#include "store/Sql.h"

namespace grove::store {

void readSharedSuggestionColumns(const sql::Stmt& st, Suggestion& s);
/// Binds the same columns as parameters 3..10 of an INSERT in that order.
sql::Stmt& bindSharedSuggestionColumns(sql::Stmt& st, const Suggestion& s);

}  // namespace grove::store
