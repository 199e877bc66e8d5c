// grove/server/*: what this server offers and who is connected.
#include "server/MethodTable.h"
#include "server/Server.h"

namespace grove::server {

using proto::Params;

void registerServerHandlers(MethodTable& t) {
  t.add("grove/server/methods", kRead, [](RequestContext& c, const Params&) {
    return json{{"methods", c.server.methods().names()}, {"protocolVersion", kProtocolVersion}};
  });
  t.add("grove/server/clients", kRead, [](RequestContext& c, const Params&) {
    return json{{"clients", c.server.clients()}};
  });
}

}  // namespace grove::server
