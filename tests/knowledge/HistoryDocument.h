// HistoryDocument: the Markdown document the map's document tests ingest
// (headings and list items, so suggestions, answers and growth have
// grounded titles), and the titles grounded in it.
#pragma once

#include <set>
#include <string>

namespace grove::test {

inline const char* const kHistory =
    "# History\n"
    "\n"
    "The history keeps every change to the tree so it can be undone.\n"
    "\n"
    "## Undo log\n"
    "\n"
    "The undo log of the history keeps one entry per call, with the images before and after it.\n"
    "\n"
    "## Redo stack\n"
    "\n"
    "The redo stack of the history holds the entries undone and not redone.\n"
    "\n"
    "## Checkpoints\n"
    "\n"
    "- **Snapshots**: the history writes a snapshot of the tree every hundred entries.\n"
    "- **Compaction** — old history entries are folded into the snapshot.\n";

inline const std::set<std::string> kGrounded = {"Undo log", "Redo stack", "Checkpoints", "Snapshots", "Compaction"};

}  // namespace grove::test
