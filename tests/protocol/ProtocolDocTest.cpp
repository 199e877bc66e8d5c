// PROTOCOL.md is the contract: every method the server answers is documented
// as a `**Method:**` line and every documented method exists; every client
// mirror names every documented method.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "model/ChangeOp.h"
#include "server/MethodTable.h"

#include <map>

namespace {

std::string readFile(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::set<std::string> documentedMethods() {
  std::string doc = readFile(std::filesystem::path(GROVE_SOURCE_DIR) / "lsp-server/PROTOCOL.md");
  std::set<std::string> out;
  std::regex re(R"(\*\*Method:\*\* `([^`]+)`)");
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), re); it != std::sregex_iterator(); ++it)
    out.insert((*it)[1]);
  return out;
}

TEST(ProtocolDoc, DocumentsExactlyTheServersMethods) {
  auto documented = documentedMethods();
  ASSERT_FALSE(documented.empty());
  auto table = grove::server::makeMethodTable().names();
  std::set<std::string> served(table.begin(), table.end());
  for (const auto& m : served) EXPECT_TRUE(documented.count(m)) << m << " is served but not in PROTOCOL.md";
  for (const auto& m : documented) EXPECT_TRUE(served.count(m)) << m << " is in PROTOCOL.md but not served";
}

TEST(ProtocolDoc, EveryClientMirrorNamesEveryMethod) {
  namespace fs = std::filesystem;
  const fs::path root(GROVE_SOURCE_DIR);
  const char* mirrors[] = {"clients/neovim/lua/grove/protocol.lua", "clients/vscode/src/protocol.ts"};
  std::vector<fs::path> found;
  for (const char* m : mirrors)
    if (fs::exists(root / m)) found.push_back(root / m);
  // The JetBrains mirror lives in a Java package; find it by name.
  if (fs::exists(root / "clients/jetbrains/core"))
    for (const auto& e : fs::recursive_directory_iterator(root / "clients/jetbrains/core"))
      if (e.path().filename() == "Methods.java") found.push_back(e.path());
  for (const auto& path : found) {
    std::string text = readFile(path);
    for (const auto& m : documentedMethods())
      EXPECT_NE(text.find("\"" + m + "\""), std::string::npos) << path << " does not mirror " << m;
  }
}

}  // namespace

namespace {

// The op table of PROTOCOL.md (between its ops markers): op -> "units only".
std::map<std::string, bool> documentedOps() {
  std::string doc = readFile(std::filesystem::path(GROVE_SOURCE_DIR) / "lsp-server/PROTOCOL.md");
  size_t begin = doc.find("<!-- ops:begin -->"), end = doc.find("<!-- ops:end -->");
  std::map<std::string, bool> out;
  if (begin == std::string::npos || end == std::string::npos) return out;
  std::string table = doc.substr(begin, end - begin);
  std::regex row(R"(\| `([A-Za-z]+)` \|[^|]*\| (yes|no) \|)");
  for (auto it = std::sregex_iterator(table.begin(), table.end(), row); it != std::sregex_iterator(); ++it) {
    EXPECT_FALSE(out.count((*it)[1])) << (*it)[1] << " is listed twice";
    out[(*it)[1]] = (*it)[2] == "yes";
  }
  return out;
}

TEST(ProtocolDoc, ListsEachChangeOpOnceWithWhetherItChangesOnlyUnits) {
  auto documented = documentedOps();
  ASSERT_FALSE(documented.empty()) << "PROTOCOL.md has no op table";
  for (grove::ChangeOp op : grove::allChangeOps()) {
    std::string name(grove::toString(op));
    auto it = documented.find(name);
    if (it == documented.end()) {
      ADD_FAILURE() << name << " is a ChangeOp but not in PROTOCOL.md's op table";
      continue;
    }
    EXPECT_EQ(it->second, grove::changesOnlyUnits(op)) << name << ": PROTOCOL.md and the core disagree on units only";
  }
  for (const auto& [name, unitsOnly] : documented)
    EXPECT_TRUE(grove::parseChangeOp(name).has_value()) << name << " is in PROTOCOL.md but is no ChangeOp";
}

}  // namespace
