// grove/unit/*: append, get, getMany, revisions, edit, setScope, delete.
#include "protocol/Convert.h"
#include "protocol/UnitText.h"
#include "server/MethodTable.h"

namespace grove::server {

using proto::Params;
using proto::toJson;

namespace {
json unitList(const std::vector<Unit>& units) {
  json list = json::array();
  for (const auto& u : units) list.push_back(toJson(u));
  return list;
}
}  // namespace

void registerUnitHandlers(MethodTable& t) {
  t.add("grove/unit/append", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.session.appendUnit(proto::appendFrom(p)));
  });
  t.add("grove/unit/get", kRead, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.unit(p.str("unitId")));
  });
  t.addWithReply("grove/unit/getMany", kRead, [](RequestContext& c, const Params& p, Reply reply) {
    // Written as text: the chat's text is most of what a client loads.
    const std::vector<Unit> units = c.engine.units(p.strList("unitIds"));
    std::string out;
    out.reserve(proto::unitsJsonSize(units) + 16);
    out += "{\"units\":";
    proto::appendUnitsJson(out, units);
    out += '}';
    reply.sendText(std::move(out));
  });
  t.add("grove/unit/revisions", kRead, [](RequestContext& c, const Params& p) {
    json list = json::array();
    for (const auto& r : c.engine.revisions(p.str("unitId"))) list.push_back(toJson(r));
    return json{{"revisions", list}};
  });
  t.add("grove/unit/edit", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.edit(p.str("unitId"), p.str("content")));
  });
  t.add("grove/unit/setScope", kChange, [](RequestContext& c, const Params& p) {
    auto ids = p.strList("unitIds");
    auto change = proto::scopeChangeFrom(p);
    return json{{"units", unitList(c.engine.setScope(ids, change, p.field("cursorId")))}};
  });
  t.add("grove/unit/delete", kChange, [](RequestContext& c, const Params& p) {
    return toJson(c.engine.deleteUnits(p.strList("unitIds"), p.flag("subtree", false),
                                       p.flag("preview", false)));
  });
}

}  // namespace grove::server
