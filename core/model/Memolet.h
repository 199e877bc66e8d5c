// Memolet: a reusable piece of past conversation (Memolet, UIST '24): one or
// more consecutive exchanges, a set of units, or a span inside one unit, with
// what makes it findable (title, keywords, summary, vectors) and where it sits
// on the memory map (cluster, position).
//
// Ids are stable for life: segmentation only appends to the open memolet, and
// re-indexing after an edit or delete recomputes text and metadata in place,
// so every saved `@[Title](memolet:ID)` reference stays valid.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grove {

/// A selection inside one unit: UTF-8 byte offsets into its content.
struct MemoletSpan {
  std::string unitId;
  int64_t start = 0;
  int64_t end = 0;
};

struct Memolet {
  std::string id;
  std::string projectId;
  std::string title;
  std::vector<std::string> keywords;
  std::string summary;
  /// The full text that reaches a prompt: the live source units' text (or the span).
  std::string text;
  /// Every unit it was made from, in order; removed ones stay listed so an
  /// undo brings their text back (live ones: liveSourceIds()).
  std::vector<std::string> sourceUnitIds;
  std::optional<MemoletSpan> span;
  std::optional<std::string> parentId;
  int cluster = 0;
  double x = 0.5;
  double y = 0.5;
  std::string vector;          // text::HashedVector blob of `text`
  std::string embedding;       // provider embedding blob (float32 LE), empty when none
  std::string embeddingModel;  // the model that made `embedding`
  /// Segmentation: the assistant unit ending the last exchange, the running
  /// sum of its exchange vectors and how many exchanges it holds.
  std::optional<std::string> tailUnitId;
  std::string segmentSum;
  int exchanges = 0;
  bool closed = false;  // segmentation appends to it no more
  bool manual = false;  // made by grove/memolet/create
  int64_t createdAt = 0;
  int64_t updatedAt = 0;
};

/// A sandbox group (the paper's Voronoi groups): a title, a summary that is
/// rewritten whenever membership changes, and its members.
struct MemoletGroup {
  std::string id;
  std::string projectId;
  std::string title;
  std::string summary;
  std::vector<std::string> memoletIds;
  int64_t createdAt = 0;
};

/// A project's curated working set: the retrieval scope of its turns.
struct Sandbox {
  std::vector<Memolet> memolets;
  std::vector<MemoletGroup> groups;
};

/// Announced after a durable change to memolets (grove/memolet/didChange).
struct MemoletEvent {
  std::string projectId;
  std::vector<std::string> memoletIds;
};

}  // namespace grove
