// Export: Markdown for people, and a JSON bundle that `--import grove` reads
// back without loss (tree, scope, branch metadata, capsules, memolets).
#include <fstream>

#include "ImportFixture.h"
#include "interchange/Export.h"

namespace grove::test {
namespace {

using Export = ImportFixture;

// A project with a branch (titled, completed, summarised), a code unit, an
// excluded and an included unit, an enabled reviewed capsule and a memolet
// made by hand.
struct Built {
  std::string projectId, q1, a1, q2, branchHead, code;
};

Built build(ImportFixture& f) {
  Built b;
  f.run([&](Engine& e) {
    Project p = e.createProject("Release checklist", std::string("file:///home/ana/src/lib"));
    b.projectId = p.id;
    auto add = [&](std::optional<std::string> parent, Role role, const std::string& text,
                   std::optional<AppendRequest::BranchInfo> branch = std::nullopt) {
      AppendRequest r;
      r.projectId = p.id;
      r.parentId = parent;
      r.role = role;
      r.content = text;
      r.branch = branch;
      return e.append(r).id;
    };
    b.q1 = add(std::nullopt, Role::User, "How do we cut a release of the parser library?");
    b.a1 = add(b.q1, Role::Assistant, "First run the full test suite, then bump the version.");
    AppendRequest code;
    code.projectId = p.id;
    code.parentId = b.a1;
    code.kind = Kind::Code;
    code.content = "version = \"1.2.3\"";
    code.source = Source{"file:///home/ana/src/lib/Cargo.toml", {{2, 0}, {2, 17}}, "toml", "the version line", {}, {}, ""};
    b.code = e.append(code).id;
    b.q2 = add(b.code, Role::User, "Which file holds the version?");
    add(b.q2, Role::Assistant, "Cargo.toml, line 3.");
    b.branchHead = add(b.a1, Role::User, "Aside: what about the changelog?",
                       AppendRequest::BranchInfo{std::string("Changelog"), std::string("check the changelog")});
    add(b.branchHead, Role::Assistant, "Add an entry under Unreleased.");
    e.returnFromBranch(p.id, b.branchHead, std::string("Changelog entries go under Unreleased."));
    e.setScope({b.q2}, ScopeChange::Excluded, std::nullopt);
    e.setScope({b.code}, ScopeChange::Included, std::nullopt);
    Capsule cap = e.extractCapsule(p.id, {b.q1, b.a1}, CapsuleType::TaskSop,
                                   CapsuleDraft{"Release procedure", "Test, then bump.", "v1.2.3", true, "native"});
    CapsuleUpdate reviewed;
    reviewed.reviewed = true;
    e.updateCapsule(cap.id, reviewed);
    e.setCapsuleEnabled(cap.id, p.id, true);
    MemoletCreateRequest m;
    m.projectId = p.id;
    m.unitIds = {b.q2};
    m.title = std::string("Where the version lives");
    e.createMemolet(m);
  });
  return b;
}

std::string exported(ImportFixture& f, const std::string& projectId, const std::string& format,
                     const std::optional<std::string>& head = std::nullopt) {
  std::string out;
  f.run([&](Engine&) { out = f.session_.exportProject(projectId, format, head); });
  return out;
}

// A unit by its place: content, role, kind, scope, status, time, whether it
// starts a branch, and its parent's content.
std::vector<std::string> shape(const ProjectSnapshot& snap) {
  std::map<std::string, std::string> text;
  for (const auto& u : snap.units) text[u.id] = u.content;
  std::vector<std::string> out;
  for (const auto& u : snap.units) {
    std::string line = std::string(toString(u.role)) + "|" + toString(u.kind) + "|" + toString(u.scope) + "|" +
                       toString(u.status) + "|" + std::to_string(u.createdAt) + "|" + (u.startsBranch ? "B" : "-") +
                       "|" + (u.parentId ? text[*u.parentId] : "(root)") + "|" + u.content;
    if (u.source)
      line += "|" + u.source->uri + ":" + std::to_string(u.source->range.start.line) + "-" +
              std::to_string(u.source->range.end.line) + ":" + u.source->languageId;
    out.push_back(line);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> branchShape(const ProjectSnapshot& snap) {
  std::map<std::string, std::string> text;
  for (const auto& u : snap.units) text[u.id] = u.content;
  std::vector<std::string> out;
  for (const auto& b : snap.branches)
    out.push_back(text[b.headId] + "|" + b.title.value_or("-") + "|" + b.intent.value_or("-") + "|" +
                  toString(b.status) + "|" + b.summary.value_or("-") + "|" + (b.isMainline ? "main" : "branch") +
                  "|" + std::to_string(b.unitIds.size()));
  std::sort(out.begin(), out.end());
  return out;
}

TEST_F(Export, JsonBundleImportsBackWithoutLoss) {
  Built b = build(*this);
  std::string json = exported(*this, b.projectId, "json");
  auto file = write("bundle.json", json);
  auto s = import("grove", file);
  ASSERT_EQ(s.projects.size(), 1u);
  ASSERT_TRUE(s.refused.empty()) << s.refused[0].reason;
  std::string copy = s.projects[0].projectId;
  ASSERT_NE(copy, b.projectId);
  ProjectSnapshot before = project(b.projectId), after = project(copy);
  EXPECT_EQ(after.project.title, before.project.title);
  EXPECT_EQ(after.project.workspaceUri, before.project.workspaceUri);
  EXPECT_EQ(shape(after), shape(before));
  EXPECT_EQ(branchShape(after), branchShape(before));
  EXPECT_EQ(mainline(copy), mainline(b.projectId));
  // The capsule: same text, reviewed and enabled in the copy.
  std::vector<Capsule> caps;
  run([&](Engine& e) { caps = e.capsules(copy); });
  ASSERT_EQ(caps.size(), 1u);
  EXPECT_EQ(caps[0].name, "Release procedure");
  EXPECT_EQ(caps[0].instruction, "Test, then bump.");
  EXPECT_TRUE(caps[0].reviewed);
  EXPECT_EQ(caps[0].enabledIn, std::vector<std::string>{copy});
  EXPECT_EQ(caps[0].sourceUnitIds.size(), 2u);
  // Memolets: the one made by hand and those indexing rebuilds, same texts.
  auto memoletTexts = [&](const std::string& id) {
    std::vector<std::string> out;
    run([&](Engine& e) {
      for (const auto& m : e.memolets(id)) out.push_back((m.manual ? "manual|" + m.title + "|" : "auto|") + m.text);
    });
    std::sort(out.begin(), out.end());
    return out;
  };
  EXPECT_EQ(memoletTexts(copy), memoletTexts(b.projectId));
  EXPECT_FALSE(memoletTexts(copy).empty());
  // Importing the bundle again adds nothing; exporting the copy gives the same bundle but for ids.
  EXPECT_EQ(import("grove", file).projects[0].added, 0);
}

TEST_F(Export, BranchExportHoldsThePathToTheBranchOnly) {
  Built b = build(*this);
  std::string md = exported(*this, b.projectId, "markdown", b.branchHead);
  EXPECT_TRUE(contains(md, "Aside: what about the changelog?"));
  EXPECT_TRUE(contains(md, "How do we cut a release"));
  EXPECT_FALSE(contains(md, "Which file holds the version?"));
  auto file = write("branch.json", exported(*this, b.projectId, "json", b.branchHead));
  auto s = import("grove", file);
  EXPECT_EQ(project(s.projects[0].projectId).units.size(), 4u);
}

TEST_F(Export, MarkdownIsForPeople) {
  Built b = build(*this);
  std::string md = exported(*this, b.projectId, "markdown");
  EXPECT_EQ(md.rfind("# Release checklist\n", 0), 0u) << md;
  EXPECT_TRUE(contains(md, "Workspace: `file:///home/ana/src/lib`"));
  EXPECT_TRUE(contains(md, "## Mainline"));
  EXPECT_TRUE(contains(md, "**You** · "));
  EXPECT_TRUE(contains(md, "**Assistant** · "));
  EXPECT_TRUE(contains(md, "`file:///home/ana/src/lib/Cargo.toml` lines 3–3\n\n```toml\nversion = \"1.2.3\"\n```"))
      << md;
  EXPECT_TRUE(contains(md, "## Branch: Changelog (completed)"));
  EXPECT_TRUE(contains(md, "_Intent: check the changelog_"));
  EXPECT_TRUE(contains(md, "> Summary: Changelog entries go under Unreleased."));
  EXPECT_TRUE(contains(md, "Which file holds the version?"));
  EXPECT_TRUE(contains(md, "excluded from context"));
  EXPECT_LT(md.find("## Mainline"), md.find("## Branch: Changelog"));
}

TEST_F(Export, BadRequestsGetClearErrors) {
  Built b = build(*this);
  auto errorOf = [&](const std::string& id, const std::string& format, std::optional<std::string> head) {
    try {
      exported(*this, id, format, head);
    } catch (const Error& e) {
      return e;
    }
    ADD_FAILURE() << "no error";
    return Error::invalidArg("none", "none");
  };
  EXPECT_EQ(errorOf(b.projectId, "pdf", std::nullopt).kind(), ErrorKind::InvalidArgument);
  EXPECT_EQ(errorOf("p_nope", "json", std::nullopt).kind(), ErrorKind::NotFound);
  EXPECT_EQ(errorOf(b.projectId, "json", b.a1).kind(), ErrorKind::InvalidOperation);
}

TEST_F(Export, BundlesOfANewerOrUnknownFormatAreRefused) {
  Built b = build(*this);
  std::string json = exported(*this, b.projectId, "json");
  std::string newer = json;
  newer.replace(newer.find("\"version\": 1"), 12, "\"version\": 2");
  EXPECT_TRUE(contains(refusedReason("grove", write("newer.json", newer)), "Grove export version 2"));
  EXPECT_TRUE(contains(refusedReason("grove", write("other.json", "{\"format\":\"something\"}")), "not a Grove export"));
  auto cut = import("grove", write("cut.json", json.substr(0, json.size() / 2)));
  ASSERT_EQ(cut.refused.size(), 1u);
}

}  // namespace
}  // namespace grove::test
