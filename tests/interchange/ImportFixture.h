// ImportFixture: a Session over a fresh store in a temp dir, helpers that
// write source files and run an import to its end, and readers of what it
// made (a project's units as a parent/child tree).
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "TempDir.h"
#include "engine/Engine.h"
#include "session/Session.h"

namespace grove::test {

class ImportFixture : public ::testing::Test {
public:  // the test helpers of a file use them too
  ImportFixture();

  /// Writes `text` to `name` inside the temp dir (folders made); its path.
  std::string write(const std::string& name, const std::string& text);
  /// Appends `text` to the file at `path`.
  void append(const std::string& path, const std::string& text);
  /// Runs grove/import/run's Session call to its end; fails the test on an error.
  session::ImportSummary import(const std::string& kind, const std::string& path);
  /// Imports a file that must be refused as a whole; the reason given.
  std::string refusedReason(const std::string& kind, const std::string& path);
  /// The error an import ends with (or throws before it starts).
  Error importError(const std::string& kind, const std::string& path);
  void run(const std::function<void(Engine&)>& fn);

  ProjectSnapshot project(const std::string& id);
  /// The live unit whose content is `text` (fails when there is none).
  Unit unitWith(const ProjectSnapshot& snap, const std::string& text);
  /// The units on the path from the root to the mainline end, contents only.
  std::vector<std::string> mainline(const std::string& projectId);

  TempDir dir_;
  Engine engine_;
  session::Session session_;
  std::vector<session::ImportProgress> progress_;
};

bool contains(const std::string& text, const std::string& part);

}  // namespace grove::test
