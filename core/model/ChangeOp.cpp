#include "model/ChangeOp.h"

#include <array>
#include <utility>

namespace grove {

namespace {

constexpr std::array<std::pair<ChangeOp, std::string_view>, 17> kNames{{
    {ChangeOp::Create, "create"},
    {ChangeOp::Rename, "rename"},
    {ChangeOp::Delete, "delete"},
    {ChangeOp::Restore, "restore"},
    {ChangeOp::Cursor, "cursor"},
    {ChangeOp::Append, "append"},
    {ChangeOp::Edit, "edit"},
    {ChangeOp::SetScope, "setScope"},
    {ChangeOp::Mainline, "mainline"},
    {ChangeOp::Branch, "branch"},
    {ChangeOp::ScopeReset, "scopeReset"},
    {ChangeOp::Undo, "undo"},
    {ChangeOp::Redo, "redo"},
    {ChangeOp::Stream, "stream"},
    {ChangeOp::Summary, "summary"},
    {ChangeOp::Capsule, "capsule"},
    {ChangeOp::Anchor, "anchor"},
}};

}  // namespace

std::string_view toString(ChangeOp op) {
  for (const auto& [value, name] : kNames)
    if (value == op) return name;
  return "unknown";
}

std::optional<ChangeOp> parseChangeOp(std::string_view name) {
  for (const auto& [value, n] : kNames)
    if (n == name) return value;
  return std::nullopt;
}

const std::vector<ChangeOp>& allChangeOps() {
  static const std::vector<ChangeOp> all = [] {
    std::vector<ChangeOp> out;
    for (const auto& [value, name] : kNames) out.push_back(value);
    return out;
  }();
  return all;
}

bool changesOnlyUnits(ChangeOp op) {
  return op == ChangeOp::Edit || op == ChangeOp::SetScope || op == ChangeOp::Stream ||
         op == ChangeOp::Anchor;
}

}  // namespace grove
