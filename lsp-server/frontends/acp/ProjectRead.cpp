#include "frontends/acp/ProjectRead.h"

namespace grove::frontends::acp {

using nlohmann::json;

namespace {

constexpr int kTries = 3;

// One read of every page; false in `sameState` when a page's revision was
// not the first page's. Stops at the first change unless `toTheEnd` (the
// last try, whose result is used whatever happens).
CoreCaller::Outcome readPages(CoreCaller& core, const std::string& projectId, int pageUnits, bool toTheEnd,
                              bool& sameState) {
  sameState = true;
  auto whole = core.callSync("grove/project/get", {{"projectId", projectId}, {"limit", pageUnits}});
  if (!whole.ok) return whole;
  const json revision = whole.value["project"].value("revision", json());
  json next = whole.value.value("nextAfterSeq", json());
  while (next.is_number_integer()) {
    auto page = core.callSync("grove/project/get",
                              {{"projectId", projectId}, {"limit", pageUnits}, {"afterSeq", next}});
    if (!page.ok) return page;
    if (page.value["project"].value("revision", json()) != revision) {
      sameState = false;
      if (!toTheEnd) return whole;
    }
    for (auto& u : page.value["units"]) whole.value["units"].push_back(std::move(u));
    next = page.value.value("nextAfterSeq", json());
  }
  whole.value.erase("nextAfterSeq");
  return whole;
}

}  // namespace

CoreCaller::Outcome readProject(CoreCaller& core, const std::string& projectId, int pageUnits) {
  bool sameState = false;
  for (int attempt = 1;; ++attempt) {
    auto read = readPages(core, projectId, pageUnits, attempt == kTries, sameState);
    if (!read.ok || sameState || attempt == kTries) return read;
  }
}

}  // namespace grove::frontends::acp
