// Convert: Engine types <-> wire JSON. The only place that decides how a
// core type looks on the wire (field names are the protocol's camelCase).
#pragma once

#include <nlohmann/json.hpp>

#include "engine/Engine.h"
#include "protocol/Params.h"

namespace grove::proto {

using nlohmann::json;

/// Milliseconds since the epoch as an ISO-8601 UTC string with milliseconds.
std::string isoTime(int64_t ms);

json toJson(const Project&);
json toJson(const Unit&);
json toJson(const Branch&);
json toJson(const SearchHit&);
json toJson(const Revision&);
json toJson(const DeleteResult&);
json toJson(const ChangeEvent&);
json toJson(const Source&);
json toJson(const Range&);
json toJson(const Anchor&);
/// A branch without its unitIds (which toJson adds).
json branchFields(const Branch&);
/// `{project, branches}` of grove/project/branches: each branch's fields with
/// `unitCount`, `tipId` (its last unit) and `head` (its first unit's head).
json branchSummaries(const ProjectOutline&);
/// grove/project/structure as JSON text: the outline's units as columns (one
/// array per field, index i is unit i in seq order; `parent` is an index, -1
/// for the root), which is about a third of the bytes of Unit objects.
/// Compact (the `compact` parameter) writes each enum column as one string of
/// first letters, `startsBranch` and `source` by row, and a branch's units as
/// `unitRows`: about half the bytes again. Packed (the `packed` parameter)
/// is compact with the columns that grow by small steps written as steps:
/// each id after its shared start with the id before it (`idFronts`), each
/// parent as its distance back (`parentGaps`), each seq as its step from the
/// one before (`seqSteps`), a branch's rows likewise (`unitRowSteps`).
/// Written as text, not built as a json tree: see JsonText.h.
enum class OutlineForm { Columns, Compact, Packed };
std::string outlineText(const ProjectOutline& outline, OutlineForm form = OutlineForm::Columns);
/// Appends the outline's branches as outlineText writes them: `unitIds`
/// (grove/project/get's branches), `unitRows` in the compact form,
/// `unitRowSteps` in the packed one.
void appendBranchesText(std::string& out, const ProjectOutline& outline, OutlineForm form);

/// Reads a `source` object; errors name `source.<field>`.
Source sourceFrom(const json& j);
/// A {start, end} range, checked (not ending before it starts); `path` names it in errors.
Range rangeFrom(const json& j, const std::string& path);
/// Reads an optional `branch` parameter ({title?, intent?}; {} / [] / true: untitled).
std::optional<AppendRequest::BranchInfo> branchInfoFrom(const Params& p);
/// Reads grove/unit/append params.
AppendRequest appendFrom(const Params& p);
ScopeChange scopeChangeFrom(const Params& p);
BranchUpdate branchUpdateFrom(const Params& p);

}  // namespace grove::proto
