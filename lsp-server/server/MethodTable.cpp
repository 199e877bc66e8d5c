#include "server/MethodTable.h"

namespace grove::server {

MethodTable makeMethodTable() {
  MethodTable t;
  registerProjectHandlers(t);
  registerUnitHandlers(t);
  registerStructureHandlers(t);
  registerScopeHandlers(t);
  registerHistoryHandlers(t);
  registerSearchHandlers(t);
  registerServerHandlers(t);
  registerChatHandlers(t);
  registerMemoletHandlers(t);
  registerSuggestionHandlers(t);
  registerCapsuleHandlers(t);
  registerUserModelHandlers(t);
  return t;
}

}  // namespace grove::server
