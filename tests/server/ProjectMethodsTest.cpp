// grove/project/*: create, list, get, rename, delete, restore, setCursor.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "ServerFixture.h"

namespace grove::test {
namespace {

using ProjectMethods = ServerFixture;

bool isIsoUtc(const json& v) {
  static const std::regex iso(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z)");
  return v.is_string() && std::regex_match(v.get<std::string>(), iso);
}

TEST_F(ProjectMethods, CreateReturnsAnEmptyProject) {
  json p = rpc().result("grove/project/create",
                        {{"title", "Résumé help"}, {"workspaceUri", "file:///home/alex/cv"}});
  EXPECT_TRUE(p["id"].is_string() && !p["id"].get<std::string>().empty());
  EXPECT_EQ(p["title"], "Résumé help");
  EXPECT_EQ(p["workspaceUri"], "file:///home/alex/cv");
  EXPECT_TRUE(p["mainlineStartId"].is_null());
  EXPECT_TRUE(p["mainlineEndId"].is_null());
  EXPECT_TRUE(p["cursorId"].is_null());
  EXPECT_TRUE(p["deletedAt"].is_null());
  EXPECT_TRUE(p["revision"].is_number_integer());
  EXPECT_TRUE(isIsoUtc(p["createdAt"])) << p.dump();
  EXPECT_TRUE(isIsoUtc(p["updatedAt"])) << p.dump();
  EXPECT_NE(createProject()["id"], p["id"]);
}

TEST_F(ProjectMethods, CreateErrors) {
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/create", json::object()), "title"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/create", {{"title", 5}}), "title"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/create", {{"title", nullptr}}), "title"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/project/create", {{"title", "t"}, {"workspaceUri", 1}}), "workspaceUri"));
}

TEST_F(ProjectMethods, ListFiltersByWorkspaceAndHidesTheTrash) {
  json a = rpc().result("grove/project/create", {{"title", "a"}, {"workspaceUri", "file:///w1"}});
  json b = rpc().result("grove/project/create", {{"title", "b"}, {"workspaceUri", "file:///w2"}});
  json c = createProject("c");
  auto ids = [](const json& list) {
    std::set<std::string> out;
    for (const auto& p : list["projects"]) out.insert(p["id"].get<std::string>());
    return out;
  };
  EXPECT_EQ(ids(rpc().result("grove/project/list")),
            (std::set<std::string>{a["id"], b["id"], c["id"]}));
  EXPECT_EQ(ids(rpc().result("grove/project/list", {{"workspaceUri", "file:///w1"}})),
            (std::set<std::string>{a["id"]}));
  ASSERT_TRUE(isResult(rpc().call("grove/project/delete", {{"projectId", b["id"]}})));
  EXPECT_EQ(ids(rpc().result("grove/project/list")), (std::set<std::string>{a["id"], c["id"]}));
  EXPECT_EQ(ids(rpc().result("grove/project/list", {{"includeDeleted", true}})),
            (std::set<std::string>{a["id"], b["id"], c["id"]}));
}

TEST_F(ProjectMethods, ListErrors) {
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/list", {{"workspaceUri", 3}}), "workspaceUri"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/list", {{"includeDeleted", "yes"}}),
                              "includeDeleted"));
}

TEST_F(ProjectMethods, GetReturnsProjectUnitsAndBranches) {
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "hello");
  json reply = append(p["id"], root["id"], "assistant", "hi");
  json side = append(p["id"], root["id"], "assistant", "other", {{"branch", {{"title", "side"}}}});
  json got = getProject(p["id"]);
  EXPECT_EQ(got["project"]["id"], p["id"]);
  EXPECT_EQ(got["project"]["mainlineEndId"], reply["id"]);
  ASSERT_EQ(got["units"].size(), 3u);
  EXPECT_EQ(got["units"][0]["id"], root["id"]);
  EXPECT_EQ(got["units"][1]["id"], reply["id"]);
  EXPECT_EQ(got["units"][2]["id"], side["id"]);
  ASSERT_EQ(got["branches"].size(), 2u);
  EXPECT_EQ(got["branches"][0]["isMainline"], true);
  EXPECT_EQ(got["branches"][0]["headId"], root["id"]);
  EXPECT_TRUE(got["branches"][0]["anchorId"].is_null());
  EXPECT_EQ(got["branches"][0]["unitIds"], json::array({root["id"], reply["id"]}));
  EXPECT_EQ(got["branches"][1]["isMainline"], false);
  EXPECT_EQ(got["branches"][1]["headId"], side["id"]);
  EXPECT_EQ(got["branches"][1]["anchorId"], root["id"]);
  EXPECT_EQ(got["branches"][1]["title"], "side");
  EXPECT_EQ(got["branches"][1]["status"], "open");
  EXPECT_EQ(got["branches"][1]["unitIds"], json::array({side["id"]}));
}

TEST_F(ProjectMethods, GetErrors) {
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/get", {{"projectId", "p-missing"}}),
                         "projectNotFound", "p-missing"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/get", json::object()), "projectId"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/get", {{"projectId", 12}}), "projectId"));
}

TEST_F(ProjectMethods, GetInPagesReadsTheSameTreeInRepliesOfBoundedSize) {
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "start");
  json at = root;
  for (int i = 0; i < 6; ++i) at = append(p["id"], at["id"], i % 2 ? "user" : "assistant", "turn " + std::to_string(i));
  json side = append(p["id"], root["id"], "assistant", "other", {{"branch", {{"title", "side"}}}});
  json gone = append(p["id"], side["id"], "user", "dropped");
  json after = append(p["id"], side["id"], "user", "kept");
  ASSERT_TRUE(isResult(rpc().call("grove/unit/delete", {{"unitIds", {gone["id"]}}})));
  json full = getProject(p["id"]);
  ASSERT_EQ(full["units"].size(), 9u);

  // Pages of 4: the first carries the branches, each says where the next starts.
  json first = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"limit", 4}});
  EXPECT_EQ(first["project"], full["project"]);
  EXPECT_EQ(first["branches"], full["branches"]);
  json units = first["units"];
  EXPECT_EQ(units.size(), 4u);
  json next = first["nextAfterSeq"];
  int pages = 1;
  while (!next.is_null()) {
    json page = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"limit", 4}, {"afterSeq", next}});
    EXPECT_FALSE(page.contains("branches"));
    EXPECT_EQ(page["project"]["revision"], full["project"]["revision"]);
    ASSERT_LE(page["units"].size(), 4u);
    for (const auto& u : page["units"]) units.push_back(u);
    next = page["nextAfterSeq"];
    ASSERT_LT(++pages, 10);
  }
  EXPECT_EQ(pages, 3);
  // The removed unit is in no page, and a unit reads as in the whole tree.
  EXPECT_EQ(units, full["units"]);
  // A page that ends exactly at the last unit says so: no empty page after it.
  json byThree = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"limit", 3}, {"afterSeq", units[5]["seq"]}});
  ASSERT_EQ(byThree["units"].size(), 3u);
  EXPECT_EQ(byThree["units"][2]["id"], after["id"]);
  EXPECT_TRUE(byThree["nextAfterSeq"].is_null());
  json one = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"limit", 1}, {"afterSeq", units[7]["seq"]}});
  ASSERT_EQ(one["units"].size(), 1u);
  EXPECT_TRUE(one["nextAfterSeq"].is_null());
  json beforeLast = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"limit", 1}, {"afterSeq", units[6]["seq"]}});
  EXPECT_EQ(beforeLast["nextAfterSeq"], units[7]["seq"]);
  // After the removed unit's seq: the live one after it.
  json last = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"afterSeq", side["seq"]}});
  ASSERT_EQ(last["units"].size(), 1u);
  EXPECT_EQ(last["units"][0]["id"], after["id"]);
  // afterSeq 0 is the first page (with the branches); without a limit it holds up to 1,000 units.
  json rest = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"afterSeq", 0}});
  EXPECT_EQ(rest["units"], full["units"]);
  EXPECT_EQ(rest["branches"], full["branches"]);
  EXPECT_TRUE(rest["nextAfterSeq"].is_null());
  // A null limit or afterSeq is as absent: the whole tree, as one reply.
  EXPECT_EQ(rpc().result("grove/project/get", {{"projectId", p["id"]}, {"limit", nullptr}}), full);
}

TEST_F(ProjectMethods, APageEndsAtEightMegabytesOfTextPastItsFirstUnit) {
  // A unit may hold 4 MiB: a page of many would be a reply some readers refuse.
  json p = createProject();
  json at = nullptr;
  std::vector<json> big;
  for (int i = 0; i < 3; ++i) {
    at = append(p["id"], at.is_null() ? json(nullptr) : at["id"], i % 2 ? "assistant" : "user",
                std::string(3u << 20, static_cast<char>('a' + i)));
    big.push_back(at);
  }
  json first = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"limit", 10}});
  ASSERT_EQ(first["units"].size(), 2u);  // 6 MiB; the third would make 9
  EXPECT_EQ(first["nextAfterSeq"], big[1]["seq"]);
  json second = rpc().result("grove/project/get", {{"projectId", p["id"]}, {"limit", 10}, {"afterSeq", first["nextAfterSeq"]}});
  ASSERT_EQ(second["units"].size(), 1u);
  EXPECT_EQ(second["units"][0]["id"], big[2]["id"]);
  EXPECT_TRUE(second["nextAfterSeq"].is_null());
}

TEST_F(ProjectMethods, GetPageErrors) {
  json p = createProject();
  for (const json& bad : {json(0), json(10001), json("5"), json(2.5), json(-3)})
    EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/get", {{"projectId", p["id"]}, {"limit", bad}}), "limit"))
        << bad.dump();
  for (const json& bad : {json(-1), json("5"), json(1.5)})
    EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/get", {{"projectId", p["id"]}, {"afterSeq", bad}}),
                                "afterSeq"))
        << bad.dump();
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/get", {{"projectId", "p-missing"}, {"limit", 5}}),
                         "projectNotFound", "p-missing"));
}

TEST_F(ProjectMethods, StructureIsTheTreeWithoutItsTextAsColumns) {
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "\n  How do we parse the config?\nWith details below.");
  json reply = append(p["id"], root["id"], "assistant", std::string(500, 'x'));
  json side = append(p["id"], root["id"], "assistant", "other", {{"branch", {{"title", "side"}}}});
  rpc().result("grove/unit/setScope", {{"unitIds", {side["id"]}}, {"scope", "excluded"}});
  json s = rpc().result("grove/project/structure", {{"projectId", p["id"]}});
  json full = getProject(p["id"]);
  EXPECT_EQ(s["project"], full["project"]);
  EXPECT_EQ(s["branches"], full["branches"]);
  const json& u = s["units"];
  EXPECT_EQ(u["id"], json::array({root["id"], reply["id"], side["id"]}));
  EXPECT_EQ(u["parent"], json::array({-1, 0, 0}));
  EXPECT_EQ(u["role"], json::array({"user", "assistant", "assistant"}));
  EXPECT_EQ(u["kind"], json::array({"message", "message", "message"}));
  EXPECT_EQ(u["status"], json::array({"complete", "complete", "complete"}));
  EXPECT_EQ(u["scope"], json::array({"auto", "auto", "excluded"}));
  EXPECT_EQ(u["startsBranch"], json::array({false, false, true}));
  EXPECT_EQ(u["seq"], json::array({root["seq"], reply["seq"], side["seq"]}));
  // The head: the first non-blank line, at most 100 characters; no content.
  EXPECT_EQ(u["head"][0], "How do we parse the config?");
  EXPECT_EQ(u["head"][1], std::string(100, 'x'));
  EXPECT_EQ(u["source"], json::array({nullptr, nullptr, nullptr}));
  EXPECT_FALSE(u.contains("content"));
}

TEST_F(ProjectMethods, StructureSourcesAndHeadsMatchTheUnits) {
  // The structure is written as text, not built as a json tree: its code
  // sources sit at their units' indexes and heads needing escapes read back
  // as the units' own first lines.
  json p = createProject();
  json source{{"uri", "file:///src/a \"b\".cpp"},
              {"range", {{"start", {{"line", 1}, {"character", 0}}}, {"end", {{"line", 2}, {"character", 3}}}}},
              {"languageId", "cpp"},
              {"memo", "m"}};
  json root = append(p["id"], nullptr, "user", "tab\there \"quoted\" caf\u00e9 \u20ac\\");
  json code = append(p["id"], root["id"], "user", "for (;;) retry();", {{"kind", "code"}, {"source", source}});
  json after = append(p["id"], code["id"], "assistant", std::string("ctl \x01 end"));
  json s = rpc().result("grove/project/structure", {{"projectId", p["id"]}});
  json full = getProject(p["id"]);
  const json& u = s["units"];
  ASSERT_EQ(u["source"].size(), 3u);
  EXPECT_TRUE(u["source"][0].is_null());
  EXPECT_EQ(u["source"][1], full["units"][1]["source"]);
  EXPECT_TRUE(u["source"][2].is_null());
  EXPECT_EQ(u["head"][0], root["content"]);
  EXPECT_EQ(u["head"][2], after["content"]);
  EXPECT_EQ(u["kind"][1], "code");
  EXPECT_EQ(s["branches"], full["branches"]);
}

TEST_F(ProjectMethods, StructureHeadsAreCutToHeadChars) {
  // Heads from the first headChars characters (a character is not a byte:
  // "é" and "€" count one each), the rest of the answer unchanged.
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "\n  How do we parse the config?\nWith details below.");
  json wide = append(p["id"], root["id"], "assistant", "caf\u00e9 \u20ac and more text after it");
  json full = rpc().result("grove/project/structure", {{"projectId", p["id"]}});
  json cut = rpc().result("grove/project/structure", {{"projectId", p["id"]}, {"headChars", 10}});
  // Cut mid-line, the head loses the blank it would end in.
  EXPECT_EQ(cut["units"]["head"], json::array({"How do", "caf\u00e9 \u20ac and"}));
  json none = rpc().result("grove/project/structure", {{"projectId", p["id"]}, {"headChars", 0}});
  EXPECT_EQ(none["units"]["head"], json::array({"", ""}));
  json all = rpc().result("grove/project/structure", {{"projectId", p["id"]}, {"headChars", 100}});
  EXPECT_EQ(all, full);
  for (json* s : {&cut, &none}) {
    (*s)["units"].erase("head");
    json rest = full;
    rest["units"].erase("head");
    EXPECT_EQ(*s, rest);
  }
}

TEST_F(ProjectMethods, CompactStructureHoldsTheSameTree) {
  // Enum columns as strings of first letters, startsBranch and source by
  // row, branches' units by row: decoded, the answer without `compact`.
  json p = createProject();
  json source{{"uri", "file:///src/a.cpp"},
              {"range", {{"start", {{"line", 1}, {"character", 0}}}, {"end", {{"line", 2}, {"character", 3}}}}},
              {"languageId", "cpp"}};
  json root = append(p["id"], nullptr, "user", "How do we parse the config?");
  json code = append(p["id"], root["id"], "user", "parse(cfg);", {{"kind", "code"}, {"source", source}});
  json reply = append(p["id"], code["id"], "assistant", "Like this.");
  json side = append(p["id"], root["id"], "assistant", "Or another way", {{"branch", {{"title", "side"}}}});
  json note = append(p["id"], side["id"], "user", "A note", {{"kind", "note"}});
  rpc().result("grove/unit/setScope", {{"unitIds", {side["id"]}}, {"scope", "excluded"}});
  rpc().result("grove/unit/setScope", {{"unitIds", {reply["id"]}}, {"scope", "included"}});
  json full = rpc().result("grove/project/structure", {{"projectId", p["id"]}});
  json c = rpc().result("grove/project/structure", {{"projectId", p["id"]}, {"compact", true}});
  const json& fu = full["units"];
  const json& cu = c["units"];
  EXPECT_EQ(c["project"], full["project"]);
  for (const char* same : {"id", "parent", "seq", "head"}) EXPECT_EQ(cu[same], fu[same]) << same;
  const size_t n = fu["id"].size();
  ASSERT_EQ(n, 5u);
  for (const char* letters : {"role", "kind", "status", "scope"}) {
    ASSERT_TRUE(cu[letters].is_string()) << letters;
    ASSERT_EQ(cu[letters].get<std::string>().size(), n) << letters;
    for (size_t i = 0; i < n; ++i)
      EXPECT_EQ(cu[letters].get<std::string>()[i], fu[letters][i].get<std::string>()[0]) << letters << " " << i;
  }
  json starts = json::array(), sources = json::array();
  for (size_t i = 0; i < n; ++i) {
    if (fu["startsBranch"][i].get<bool>()) starts.push_back(i);
    if (!fu["source"][i].is_null()) sources.push_back(json::array({i, fu["source"][i]}));
  }
  EXPECT_EQ(cu["startsBranch"], starts);
  EXPECT_EQ(cu["source"], sources);
  EXPECT_EQ(starts, json::array({3}));
  ASSERT_EQ(c["branches"].size(), full["branches"].size());
  for (size_t b = 0; b < full["branches"].size(); ++b) {
    json decoded = c["branches"][b];
    json ids = json::array();
    for (const json& row : decoded["unitRows"]) ids.push_back(cu["id"][row.get<size_t>()]);
    decoded.erase("unitRows");
    decoded["unitIds"] = ids;
    EXPECT_EQ(decoded, full["branches"][b]);
  }
  // headChars 0 with compact: no head column at all (the web UI fetches the
  // labels of what is on screen), the rest as with heads.
  json headless = rpc().result("grove/project/structure", {{"projectId", p["id"]}, {"compact", true}, {"headChars", 0}});
  EXPECT_FALSE(headless["units"].contains("head"));
  json withoutHeads = c;
  withoutHeads["units"].erase("head");
  EXPECT_EQ(headless, withoutHeads);
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/structure", {{"projectId", p["id"]}, {"compact", "yes"}}),
                              "compact"));
}

// The packed form decoded as PROTOCOL.md says: the compact form.
json unpack(json packed) {
  json& u = packed["units"];
  json ids = json::array(), parents = json::array(), seqs = json::array();
  std::string before;
  int64_t seq = 0;
  for (size_t i = 0; i < u["idFronts"].size(); ++i) {
    const std::string front = u["idFronts"][i];
    const char digit = front.at(0);
    const size_t shared = digit <= '9' ? size_t(digit - '0') : size_t(digit - 'a' + 10);
    before = before.substr(0, shared) + front.substr(1);
    ids.push_back(before);
    const int64_t gap = u["parentGaps"][i];
    parents.push_back(gap == 0 ? -1 : int64_t(i) - gap);
    seq += u["seqSteps"][i].get<int64_t>();
    seqs.push_back(seq);
  }
  for (const char* packedName : {"idFronts", "parentGaps", "seqSteps"}) u.erase(packedName);
  u["id"] = ids;
  u["parent"] = parents;
  u["seq"] = seqs;
  for (json& b : packed["branches"]) {
    json rows = json::array();
    int64_t row = 0;
    for (const json& step : b["unitRowSteps"]) rows.push_back(row += step.get<int64_t>());
    b.erase("unitRowSteps");
    b["unitRows"] = rows;
  }
  return packed;
}

TEST_F(ProjectMethods, PackedStructureIsTheCompactOneWrittenAsSteps) {
  // Ids after what they share with the id before, parents as distances back,
  // seqs and a branch's rows as steps: decoded, the compact answer.
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "How do we parse the config?");
  json reply = append(p["id"], root["id"], "assistant", "Like this.");
  json side = append(p["id"], root["id"], "assistant", "Or another way", {{"branch", {{"title", "side"}}}});
  json more = append(p["id"], reply["id"], "user", "And then?");
  append(p["id"], side["id"], "user", "On the side");
  rpc().result("grove/unit/delete", {{"unitIds", {more["id"]}}});  // a gap in the seqs
  append(p["id"], reply["id"], "user", "After the gap");
  for (int headChars : {0, 40}) {
    json compact = rpc().result("grove/project/structure", {{"projectId", p["id"]}, {"compact", true}, {"headChars", headChars}});
    json packed = rpc().result("grove/project/structure", {{"projectId", p["id"]}, {"packed", true}, {"headChars", headChars}});
    ASSERT_TRUE(packed["units"].contains("idFronts")) << packed.dump();
    EXPECT_FALSE(packed["units"].contains("id"));
    EXPECT_EQ(unpack(packed), compact) << "headChars " << headChars;
  }
  // Neighbouring ids share their start (they lead with the time).
  json packed = rpc().result("grove/project/structure", {{"projectId", p["id"]}, {"packed", true}});
  EXPECT_NE(packed["units"]["idFronts"][1].get<std::string>()[0], '0') << packed["units"]["idFronts"].dump();
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/structure", {{"projectId", p["id"]}, {"packed", 1}}), "packed"));
}

TEST_F(ProjectMethods, StructureErrors) {
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/structure", {{"projectId", "p-missing"}}),
                         "projectNotFound", "p-missing"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/structure", {{"projectId", 12}}), "projectId"));
  json p = createProject();
  for (const json& bad : {json(-1), json(101), json("40"), json(2.5)})
    EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/structure", {{"projectId", p["id"]}, {"headChars", bad}}),
                                "headChars"))
        << bad.dump();
}

TEST_F(ProjectMethods, BranchesAreTheBranchesWithTheirLengthsTipsAndHeadsButNoUnits) {
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "\n  How do we parse the config?\nWith details below.");
  json reply = append(p["id"], root["id"], "assistant", "Use the TOML reader.");
  json side = append(p["id"], root["id"], "user", std::string(300, 'y'), {{"branch", {{"title", "side"}}}});
  json sideReply = append(p["id"], side["id"], "assistant", "ok");
  json got = rpc().result("grove/project/branches", {{"projectId", p["id"]}});
  json full = getProject(p["id"]);
  EXPECT_EQ(got["project"], full["project"]);
  ASSERT_EQ(got["branches"].size(), full["branches"].size());
  for (size_t i = 0; i < got["branches"].size(); ++i) {
    // The same branches as the whole tree's, in the same order, without their unit lists.
    json expected = full["branches"][i];
    const json ids = expected["unitIds"];
    expected.erase("unitIds");
    json b = got["branches"][i];
    EXPECT_EQ(b["unitCount"], ids.size());
    EXPECT_EQ(b["tipId"], ids.back());
    b.erase("unitCount");
    b.erase("tipId");
    b.erase("head");
    EXPECT_EQ(b, expected);
  }
  EXPECT_EQ(got["branches"][0]["head"], "How do we parse the config?");
  EXPECT_EQ(got["branches"][1]["head"], std::string(100, 'y'));
  EXPECT_EQ(got["branches"][1]["tipId"], sideReply["id"]);
  EXPECT_FALSE(got.contains("unitBranch"));
  EXPECT_FALSE(got.contains("units"));

  // Which branch holds a unit.
  EXPECT_EQ(rpc().result("grove/project/branches", {{"projectId", p["id"]}, {"unitId", reply["id"]}})["unitBranch"], root["id"]);
  EXPECT_EQ(rpc().result("grove/project/branches", {{"projectId", p["id"]}, {"unitId", sideReply["id"]}})["unitBranch"], side["id"]);
}

TEST_F(ProjectMethods, BranchesErrors) {
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/branches", {{"projectId", "p-missing"}}),
                         "projectNotFound", "p-missing"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/branches", json::object()), "projectId"));
  json p = createProject();
  json other = createProject();
  json elsewhere = append(other["id"], nullptr, "user", "in another conversation");
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/branches", {{"projectId", p["id"]}, {"unitId", 7}}), "unitId"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/branches", {{"projectId", p["id"]}, {"unitId", "u-missing"}}),
                         "unitNotFound", "u-missing"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/branches", {{"projectId", p["id"]}, {"unitId", elsewhere["id"]}}),
                         "unitNotFound", elsewhere["id"].get<std::string>()));
}

TEST_F(ProjectMethods, RenameChangesTheTitleAndBumpsTheRevision) {
  json p = createProject("old");
  json r = rpc().result("grove/project/rename", {{"projectId", p["id"]}, {"title", "new"}});
  EXPECT_EQ(r["title"], "new");
  EXPECT_GT(r["revision"].get<int64_t>(), p["revision"].get<int64_t>());
  EXPECT_EQ(getProject(p["id"])["project"]["title"], "new");
}

TEST_F(ProjectMethods, RenameErrors) {
  json p = createProject();
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/rename", {{"projectId", "nope"}, {"title", "x"}}),
                         "projectNotFound", "nope"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/rename", {{"projectId", p["id"]}}), "title"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/rename", {{"title", "x"}}), "projectId"));
}

TEST_F(ProjectMethods, DeleteMovesToTheTrashAndRestoreBringsItBack) {
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "kept through the trash");
  json del = rpc().result("grove/project/delete", {{"projectId", p["id"]}});
  EXPECT_EQ(del, json::object());
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/get", {{"projectId", p["id"]}}),
                         "projectNotFound", p["id"]));
  // Its units are out of reach while it is in the trash.
  EXPECT_TRUE(isNotFound(rpc().call("grove/unit/get", {{"unitId", root["id"]}}), "unitNotFound",
                         root["id"]));
  json back = rpc().result("grove/project/restore", {{"projectId", p["id"]}});
  EXPECT_EQ(back["id"], p["id"]);
  EXPECT_TRUE(back["deletedAt"].is_null());
  EXPECT_EQ(rpc().result("grove/unit/get", {{"unitId", root["id"]}})["content"],
            "kept through the trash");
}

TEST_F(ProjectMethods, DeleteAndRestoreErrors) {
  json p = createProject();
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/delete", {{"projectId", "gone"}}),
                         "projectNotFound", "gone"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/delete", json::object()), "projectId"));
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/restore", {{"projectId", "gone"}}),
                         "projectNotFound", "gone"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/restore", {{"projectId", false}}),
                              "projectId"));
  // Deleting twice: the second time the project is already in the trash.
  ASSERT_TRUE(isResult(rpc().call("grove/project/delete", {{"projectId", p["id"]}})));
  EXPECT_TRUE(isNotFound(rpc().call("grove/project/delete", {{"projectId", p["id"]}}),
                         "projectNotFound", p["id"]));
}

TEST_F(ProjectMethods, SetCursorMovesAndClearsTheCursor) {
  json p = createProject();
  json root = append(p["id"], nullptr, "user", "q");
  json a = append(p["id"], root["id"], "assistant", "a");
  EXPECT_EQ(getProject(p["id"])["project"]["cursorId"], a["id"]);  // append moves it
  json moved = rpc().result("grove/project/setCursor", {{"projectId", p["id"]}, {"cursorId", root["id"]}});
  EXPECT_EQ(moved["cursorId"], root["id"]);
  // An absent cursorId in a preview means the project's cursor.
  json pv = rpc().result("grove/scope/preview", {{"projectId", p["id"]}});
  EXPECT_EQ(messageUnitIds(pv), (std::vector<Ids>{{root["id"]}}));
  json cleared = rpc().result("grove/project/setCursor", {{"projectId", p["id"]}, {"cursorId", nullptr}});
  EXPECT_TRUE(cleared["cursorId"].is_null());
}

TEST_F(ProjectMethods, SetCursorErrors) {
  json p = createProject();
  json other = createProject("other");
  json foreign = append(other["id"], nullptr, "user", "elsewhere");
  EXPECT_TRUE(isNotFound(
      rpc().call("grove/project/setCursor", {{"projectId", p["id"]}, {"cursorId", "u-missing"}}),
      "unitNotFound", "u-missing"));
  EXPECT_TRUE(isInvalidParams(
      rpc().call("grove/project/setCursor", {{"projectId", p["id"]}, {"cursorId", foreign["id"]}}),
      "cursorId"));
  EXPECT_TRUE(isInvalidParams(rpc().call("grove/project/setCursor", {{"projectId", p["id"]}}),
                              "cursorId"));
  EXPECT_TRUE(isNotFound(
      rpc().call("grove/project/setCursor", {{"projectId", "nope"}, {"cursorId", nullptr}}),
      "projectNotFound", "nope"));
}

}  // namespace
}  // namespace grove::test
