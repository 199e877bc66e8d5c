#include "frontends/acp/ProjectRead.h"

namespace grove::frontends::acp {

using nlohmann::json;

namespace {

// A session written to without pause could change between every two pages;
// after this many reads the last is used as it is (whole, perhaps mixed).
constexpr int kTries = 3;

}  // namespace

CoreCaller::Outcome readProject(CoreCaller& core, const std::string& projectId, int pageUnits) {
  CoreCaller::Outcome whole;
  for (int attempt = 0; attempt < kTries; ++attempt) {
    whole = core.callSync("grove/project/get", {{"projectId", projectId}, {"limit", pageUnits}});
    if (!whole.ok) return whole;
    bool changed = false;
    json next = whole.value.value("nextAfterSeq", json());
    while (next.is_number_integer()) {
      auto page = core.callSync("grove/project/get",
                                {{"projectId", projectId}, {"limit", pageUnits}, {"afterSeq", next}});
      if (!page.ok) return page;
      changed |= page.value["project"].value("revision", 0) != whole.value["project"].value("revision", 0);
      for (auto& u : page.value["units"]) whole.value["units"].push_back(std::move(u));
      next = page.value.value("nextAfterSeq", json());
    }
    if (!changed) break;
  }
  whole.value.erase("nextAfterSeq");
  return whole;
}

}  // namespace grove::frontends::acp
