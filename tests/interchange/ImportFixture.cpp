#include "ImportFixture.h"

#include <filesystem>
#include <fstream>

#include "store/SqliteStore.h"

namespace grove::test {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

ImportFixture::ImportFixture()
    : engine_(std::make_unique<SqliteStore>(SqliteStore::Options{dir_.file("grove.db")})),
      session_(engine_, session::SessionOptions{.deterministic = true}) {}

std::string ImportFixture::write(const std::string& name, const std::string& text) {
  std::filesystem::path p = dir_.path() / name;
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

void ImportFixture::append(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::app) << text;
}

session::ImportSummary ImportFixture::import(const std::string& kind, const std::string& path) {
  std::optional<Expected<session::ImportSummary>> out;
  session_.runBatch(
      "importer",
      [&](Engine&) {
        session_.importHistory({kind, path}, [this](const session::ImportProgress& p) { progress_.push_back(p); },
                               [&](Expected<session::ImportSummary> s) { out.emplace(std::move(s)); }, {});
      },
      [](const std::optional<Error>&) {});
  session_.runUntilIdle();
  if (!out) {
    ADD_FAILURE() << "the import never finished";
    return {};
  }
  if (!*out) {
    ADD_FAILURE() << "the import failed: " << out->error().what();
    return {};
  }
  return out->value();
}

std::string ImportFixture::refusedReason(const std::string& kind, const std::string& path) {
  session::ImportSummary s = import(kind, path);
  EXPECT_TRUE(s.projects.empty());
  if (s.refused.size() != 1) {
    ADD_FAILURE() << path << ": " << s.refused.size() << " files refused, not 1";
    return {};
  }
  EXPECT_EQ(s.refused[0].file, path);
  return s.refused[0].reason;
}

Error ImportFixture::importError(const std::string& kind, const std::string& path) {
  try {
    std::optional<Expected<session::ImportSummary>> out;
    session_.importHistory({kind, path}, {}, [&](Expected<session::ImportSummary> s) { out.emplace(std::move(s)); }, {});
    session_.runUntilIdle();
    if (out && !*out) return out->error();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "the import succeeded";
  return Error::invalidArg("none", "none");
}

void ImportFixture::run(const std::function<void(Engine&)>& fn) {
  session_.runBatch("tester", fn, [](const std::optional<Error>& failed) { ASSERT_FALSE(failed); });
}

ProjectSnapshot ImportFixture::project(const std::string& id) {
  ProjectSnapshot snap;
  run([&](Engine& e) { snap = e.getProject(id); });
  return snap;
}

Unit ImportFixture::unitWith(const ProjectSnapshot& snap, const std::string& text) {
  for (const auto& u : snap.units)
    if (u.content == text) return u;
  ADD_FAILURE() << "no unit with content: " << text;
  return {};
}

std::vector<std::string> ImportFixture::mainline(const std::string& projectId) {
  ProjectSnapshot snap = project(projectId);
  std::vector<std::string> out;
  for (const auto& b : snap.branches)
    if (b.isMainline)
      for (const auto& id : b.unitIds)
        for (const auto& u : snap.units)
          if (u.id == id) out.push_back(u.content);
  return out;
}

}  // namespace grove::test
