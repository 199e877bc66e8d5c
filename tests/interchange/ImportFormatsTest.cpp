// Every reader of DESIGN §10's import on synthetic files written here:
// well-formed (roles, text unchanged, folding, selections, times, trees and
// the active leaf), damaged (bad lines skipped and reported, truncated files
// refused), newer versions refused naming file and reason, and imports
// repeated (nothing added) and extended (only what was appended).
#include "ImportFixture.h"

namespace grove::test {
namespace {

using Import = ImportFixture;

int64_t ms(int y, int mo, int d, int h, int mi, int s) {
  // Days from civil, enough for the dates below (2025-2026).
  auto days = [](int yy, int mm, int dd) {
    yy -= mm <= 2;
    int era = yy / 400, yoe = yy - era * 400;
    int doy = (153 * (mm + (mm > 2 ? -3 : 9)) + 2) / 5 + dd - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
  };
  return (int64_t(days(y, mo, d)) * 86400 + h * 3600 + mi * 60 + s) * 1000;
}

// ---- Claude Code --------------------------------------------------------------

const char* kClaude = R"J({"type":"user","uuid":"u1","parentUuid":null,"sessionId":"S1","timestamp":"2026-05-02T09:00:00.000Z","cwd":"/home/ana/src/pager","version":"2.1.40","isSidechain":false,"message":{"role":"user","content":"Why does the last page repeat?\n  (it only happens with 10 items)"}}
{"type":"attachment","uuid":"x1","parentUuid":"u1","sessionId":"S1","timestamp":"2026-05-02T09:00:00.010Z","attachment":{"type":"selected_lines_in_ide","filename":"/home/ana/src/pager/src/pager.ts","lineStart":40,"lineEnd":52,"content":"for (let i = 0; i <= pages; i++) {"}}
{"type":"assistant","uuid":"a1","parentUuid":"x1","sessionId":"S1","timestamp":"2026-05-02T09:00:03.000Z","message":{"id":"msg_1","role":"assistant","content":[{"type":"thinking","thinking":"secret"},{"type":"tool_use","id":"toolu_1","name":"Read","input":{"file_path":"/home/ana/src/pager/src/pager.ts"}}]}}
{"type":"user","uuid":"t1","parentUuid":"a1","sessionId":"S1","timestamp":"2026-05-02T09:00:03.200Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"line one\nline two\nline three"}]}}
{"type":"assistant","uuid":"a2","parentUuid":"t1","sessionId":"S1","timestamp":"2026-05-02T09:00:06.000Z","message":{"id":"msg_2","role":"assistant","content":[{"type":"text","text":"Line 47 uses <= instead of <."}]}}
{"type":"user","uuid":"u2","parentUuid":"a2","sessionId":"S1","timestamp":"2026-05-02T09:01:00.000Z","message":{"role":"user","content":"Fix it and add a test"}}
{"type":"assistant","uuid":"a3","parentUuid":"u2","sessionId":"S1","timestamp":"2026-05-02T09:01:05.000Z","message":{"id":"msg_3","role":"assistant","content":[{"type":"text","text":"Done, with a test."}]}}
{"type":"user","uuid":"u3","parentUuid":"a2","sessionId":"S1","timestamp":"2026-05-02T09:03:00.000Z","message":{"role":"user","content":"<system-reminder>be brief</system-reminder>Only fix it, no test"}}
{"type":"assistant","uuid":"a4","parentUuid":"u3","sessionId":"S1","timestamp":"2026-05-02T09:03:04.000Z","message":{"id":"msg_4","role":"assistant","content":[{"type":"text","text":"Fixed: < instead of <=."}]}}
{"type":"last-prompt","lastPrompt":"Only fix it, no test","leafUuid":"a4","sessionId":"S1"}
{"type":"custom-title","customTitle":"Pager repeats last page","sessionId":"S1"}
)J";

TEST_F(Import, ClaudeCodeKeepsPromptsFoldsToolsAndKeepsTheRewoundBranch) {
  auto file = write("claude/-home-ana-src-pager/S1.jsonl", kClaude);
  auto s = import("claude-code", file);
  ASSERT_EQ(s.projects.size(), 1u);
  EXPECT_TRUE(s.refused.empty());
  EXPECT_TRUE(s.skipped.empty());
  const auto& p = s.projects[0];
  EXPECT_TRUE(p.created);
  EXPECT_EQ(p.title, "Pager repeats last page");
  EXPECT_EQ(p.added, 7);  // 3 prompts, 1 selection, 3 answers
  ProjectSnapshot snap = project(p.projectId);
  EXPECT_EQ(snap.project.workspaceUri, "file:///home/ana/src/pager");
  Unit q = unitWith(snap, "Why does the last page repeat?\n  (it only happens with 10 items)");
  EXPECT_EQ(q.role, Role::User);
  EXPECT_EQ(q.createdAt, ms(2026, 5, 2, 9, 0, 0));
  // The selection: 1-based lines 40-52 become 0-based 39-51, before its prompt.
  Unit code = unitWith(snap, "for (let i = 0; i <= pages; i++) {");
  EXPECT_EQ(code.kind, Kind::Code);
  ASSERT_TRUE(code.source);
  EXPECT_EQ(code.source->uri, "file:///home/ana/src/pager/src/pager.ts");
  EXPECT_EQ(code.source->range.start.line, 39);
  EXPECT_EQ(code.source->range.end.line, 51);
  EXPECT_EQ(code.source->languageId, "typescript");
  EXPECT_EQ(q.parentId, code.id);
  // One assistant unit for the whole answer, tool call and result folded in, thinking dropped.
  const Unit* answer = nullptr;
  for (const auto& u : snap.units)
    if (u.role == Role::Assistant && contains(u.content, "Line 47")) answer = &u;
  ASSERT_NE(answer, nullptr);
  EXPECT_EQ(answer->parentId, q.id);
  EXPECT_TRUE(contains(answer->content, "> tool Read: /home/ana/src/pager/src/pager.ts")) << answer->content;
  EXPECT_TRUE(contains(answer->content, "> result: line one (3 lines)")) << answer->content;
  EXPECT_FALSE(contains(answer->content, "secret"));
  EXPECT_EQ(answer->createdAt, ms(2026, 5, 2, 9, 0, 3));
  // Both re-asks hang under the answer; the mainline follows the active leaf.
  Unit u2 = unitWith(snap, "Fix it and add a test");
  Unit u3 = unitWith(snap, "Only fix it, no test");
  EXPECT_EQ(u2.parentId, answer->id);
  EXPECT_EQ(u3.parentId, answer->id);
  // The mainline runs through the active leaf, so the abandoned re-ask is the branch.
  EXPECT_TRUE(u2.startsBranch);
  EXPECT_FALSE(u3.startsBranch);
  std::vector<std::string> main = mainline(p.projectId);
  ASSERT_FALSE(main.empty());
  EXPECT_EQ(main.back(), "Fixed: < instead of <=.");
  EXPECT_EQ(snap.branches.size(), 2u);
}

TEST_F(Import, ClaudeCodeTwiceAddsNothingAndThenOnlyWhatWasAppended) {
  auto file = write("S1.jsonl", kClaude);
  auto first = import("claude-code", file);
  auto again = import("claude-code", file);
  ASSERT_EQ(again.projects.size(), 1u);
  EXPECT_FALSE(again.projects[0].created);
  EXPECT_EQ(again.projects[0].projectId, first.projects[0].projectId);
  EXPECT_EQ(again.projects[0].added, 0);
  EXPECT_EQ(again.projects[0].known, 7);
  EXPECT_EQ(project(first.projects[0].projectId).units.size(), 7u);
  append(file, R"J({"type":"user","uuid":"u4","parentUuid":"a4","sessionId":"S1","timestamp":"2026-05-02T09:10:00.000Z","message":{"role":"user","content":"Thanks, now the docs"}}
{"type":"assistant","uuid":"a5","parentUuid":"u4","sessionId":"S1","timestamp":"2026-05-02T09:10:09.000Z","message":{"id":"msg_5","role":"assistant","content":[{"type":"text","text":"Docs updated."}]}}
)J");
  auto more = import("claude-code", file);
  EXPECT_EQ(more.projects[0].added, 2);
  ProjectSnapshot snap = project(first.projects[0].projectId);
  EXPECT_EQ(snap.units.size(), 9u);
  EXPECT_EQ(unitWith(snap, "Thanks, now the docs").parentId, unitWith(snap, "Fixed: < instead of <=.").id);
  EXPECT_EQ(mainline(snap.project.id).back(), "Docs updated.");
  EXPECT_EQ(engine_.listProjects(std::nullopt).size(), 1u);
}

TEST_F(Import, ClaudeCodeSkipsAndReportsBadLinesAndATruncatedLastLine) {
  std::string text = kClaude;
  text.insert(text.find("{\"type\":\"user\",\"uuid\":\"u2\""), "this is not json\n");
  text += R"J({"type":"user","uuid":"u9","parentUuid":"a4","sessionId":"S1","timest)J";
  auto file = write("S1.jsonl", text);
  auto s = import("claude-code", file);
  ASSERT_EQ(s.projects.size(), 1u);
  EXPECT_EQ(s.projects[0].added, 7);
  ASSERT_EQ(s.skipped.size(), 2u);
  EXPECT_EQ(s.skipped[0].file, file);
  EXPECT_TRUE(contains(s.skipped[0].reason, "line 6")) << s.skipped[0].reason;
  EXPECT_TRUE(contains(s.skipped[1].reason, "line 13")) << s.skipped[1].reason;
  EXPECT_TRUE(s.refused.empty());
}

TEST_F(Import, ClaudeCodeRefusesANewerVersionAndAFileWithNothingInIt) {
  std::string text = kClaude;
  text.replace(text.find("2.1.40"), 6, "3.0.1");
  auto newer = write("newer.jsonl", text);
  auto junk = write("junk.jsonl", "{\"hello\":1}\n{\"type\":\"summary\",\"summary\":\"x\"}\n");
  auto s = import("claude-code", dir_.path().string());
  EXPECT_TRUE(s.projects.empty());
  ASSERT_EQ(s.refused.size(), 2u);
  EXPECT_EQ(s.refused[0].file, junk);
  EXPECT_TRUE(contains(s.refused[0].reason, junk)) << s.refused[0].reason;
  EXPECT_TRUE(contains(s.refused[0].reason, "no Claude Code entries")) << s.refused[0].reason;
  EXPECT_EQ(s.refused[1].file, newer);
  EXPECT_TRUE(contains(s.refused[1].reason, "3.0.1 is newer")) << s.refused[1].reason;
  EXPECT_TRUE(engine_.listProjects(std::nullopt).empty());
}

TEST_F(Import, ClaudeCodeSubagentSidechainBecomesABranchUnderItsTaskCall) {
  auto file = write("proj/S2.jsonl", R"J({"type":"user","uuid":"m1","parentUuid":null,"sessionId":"S2","timestamp":"2026-05-02T10:00:00Z","cwd":"/w","version":"2.1.0","message":{"role":"user","content":"Survey the tests"}}
{"type":"assistant","uuid":"m2","parentUuid":"m1","sessionId":"S2","timestamp":"2026-05-02T10:00:01Z","message":{"id":"g1","role":"assistant","content":[{"type":"tool_use","id":"toolu_task","name":"Task","input":{"description":"find flaky tests"}}]}}
{"type":"assistant","uuid":"m3","parentUuid":"m2","sessionId":"S2","timestamp":"2026-05-02T10:00:09Z","message":{"id":"g2","role":"assistant","content":[{"type":"text","text":"Two tests are flaky."}]}}
)J");
  write("proj/S2/subagents/agent-a1.jsonl", R"J({"type":"user","uuid":"s1","parentUuid":null,"isSidechain":true,"agentId":"a1","sessionId":"S2","timestamp":"2026-05-02T10:00:02Z","message":{"role":"user","content":"Find flaky tests"}}
{"type":"assistant","uuid":"s2","parentUuid":"s1","isSidechain":true,"agentId":"a1","sessionId":"S2","timestamp":"2026-05-02T10:00:05Z","message":{"id":"g3","role":"assistant","content":[{"type":"text","text":"pager.test.ts and api.test.ts"}]}}
)J");
  write("proj/S2/subagents/agent-a1.meta.json", R"J({"agentType":"general","toolUseId":"toolu_task"})J");
  auto s = import("claude-code", (dir_.path() / "proj").string());
  ASSERT_EQ(s.projects.size(), 1u) << "the subagent file is read with its session, not as one of its own";
  ProjectSnapshot snap = project(s.projects[0].projectId);
  Unit task = unitWith(snap, "Subagent task:\nFind flaky tests");
  EXPECT_EQ(task.kind, Kind::Note);
  Unit answer = unitWith(snap, "> tool Task: find flaky tests\n\nTwo tests are flaky.");
  EXPECT_EQ(task.parentId, answer.id);
  EXPECT_TRUE(task.startsBranch);
  EXPECT_EQ(unitWith(snap, "pager.test.ts and api.test.ts").parentId, task.id);
  EXPECT_EQ(mainline(snap.project.id).back(), answer.content);
}

// ---- Codex ---------------------------------------------------------------------

const char* kCodex = R"J({"timestamp":"2025-09-01T08:00:00.000Z","type":"session_meta","payload":{"id":"c0de-1","timestamp":"2025-09-01T08:00:00.000Z","cwd":"/home/bo/api","cli_version":"0.46.0"}}
{"timestamp":"2025-09-01T08:00:00.100Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context>cwd</environment_context>"}]}}
{"timestamp":"2025-09-01T08:00:01.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Add a health endpoint"}]}}
{"timestamp":"2025-09-01T08:00:01.000Z","type":"event_msg","payload":{"type":"user_message","message":"Add a health endpoint"}}
{"timestamp":"2025-09-01T08:00:02.000Z","type":"response_item","payload":{"type":"reasoning","summary":[]}}
{"timestamp":"2025-09-01T08:00:03.000Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"bash\",\"-lc\",\"ls src\"]}","call_id":"call_1"}}
{"timestamp":"2025-09-01T08:00:04.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_1","output":"{\"output\":\"app.ts\\nroutes.ts\\n\",\"metadata\":{\"exit_code\":0}}"}}
{"timestamp":"2025-09-01T08:00:09.000Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Added GET /health in routes.ts."}]}}
)J";

TEST_F(Import, CodexSkipsInjectedContextAndFoldsShellCalls) {
  auto file = write("2025/09/01/rollout-1.jsonl", kCodex);
  auto s = import("codex", dir_.path().string());
  ASSERT_EQ(s.projects.size(), 1u);
  EXPECT_EQ(s.projects[0].title, "Add a health endpoint");
  ProjectSnapshot snap = project(s.projects[0].projectId);
  ASSERT_EQ(snap.units.size(), 2u);
  EXPECT_EQ(snap.project.workspaceUri, "file:///home/bo/api");
  EXPECT_EQ(snap.units[0].content, "Add a health endpoint");
  EXPECT_EQ(snap.units[0].createdAt, ms(2025, 9, 1, 8, 0, 1));
  EXPECT_EQ(snap.units[1].role, Role::Assistant);
  EXPECT_EQ(snap.units[1].content,
            "> tool shell: bash -lc ls src\n\n> result: app.ts (3 lines)\n\nAdded GET /health in routes.ts.");
}

TEST_F(Import, CodexTwiceAppendedDamagedAndNewer) {
  auto file = write("rollout.jsonl", kCodex);
  EXPECT_EQ(import("codex", file).projects[0].added, 2);
  EXPECT_EQ(import("codex", file).projects[0].added, 0);
  append(file, "{broken\n{\"timestamp\":\"2025-09-01T09:00:00Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\"And a readiness probe\"}]}}\n");
  auto more = import("codex", file);
  EXPECT_EQ(more.projects[0].added, 1);
  ASSERT_EQ(more.skipped.size(), 1u);
  EXPECT_TRUE(contains(more.skipped[0].reason, "line 9"));
  EXPECT_EQ(mainline(more.projects[0].projectId).back(), "And a readiness probe");
  std::string newer = kCodex;
  newer.replace(newer.find("0.46.0"), 6, "1.2.0");
  EXPECT_TRUE(contains(refusedReason("codex", write("newer.jsonl", newer)), "Codex version 1.2.0 is newer"));
}

TEST_F(Import, CodexFirstFormatHeaderThenBareItems) {
  auto s = import("codex", write("rollout-old.jsonl", R"J({"id":"old-1","timestamp":"2025-04-01T10:00:00Z","instructions":""}
{"record_type":"state"}
{"type":"message","role":"user","content":[{"type":"input_text","text":"Rename the module"}]}
{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Renamed."}]}
)J"));
  ASSERT_EQ(s.projects.size(), 1u);
  EXPECT_EQ(s.projects[0].added, 2);
  EXPECT_EQ(mainline(s.projects[0].projectId), (std::vector<std::string>{"Rename the module", "Renamed."}));
}

// ---- Pi ------------------------------------------------------------------------

const char* kPi = R"J({"type":"session","version":3,"id":"5d0e","timestamp":"2026-01-02T03:04:05.000Z","cwd":"/home/ana/src/pager"}
{"type":"message","id":"a1b2c3d4","parentId":null,"timestamp":"2026-01-02T03:04:06.000Z","message":{"role":"user","content":"why does the last page repeat?","timestamp":1767323046000}}
{"type":"message","id":"b2c3d4e5","parentId":"a1b2c3d4","timestamp":"2026-01-02T03:04:09.000Z","message":{"role":"assistant","content":[{"type":"text","text":"Line 47 uses <=."}],"timestamp":1767323049000}}
{"type":"model_change","id":"f0f0f0f0","parentId":"b2c3d4e5","timestamp":"2026-01-02T03:05:00.000Z","provider":"x","modelId":"y"}
{"type":"message","id":"c1c1c1c1","parentId":"f0f0f0f0","timestamp":"2026-01-02T03:05:01.000Z","message":{"role":"user","content":"and the loop bound?"}}
{"type":"branch_summary","id":"c3d4e5f6","parentId":"a1b2c3d4","timestamp":"2026-01-02T03:06:00.000Z","fromId":"c1c1c1c1","summary":"Explored the loop bound; not yet fixed."}
{"type":"message","id":"d4e5f6a7","parentId":"c3d4e5f6","timestamp":"2026-01-02T03:06:01.000Z","message":{"role":"user","content":"Instead, check the page-count formula"}}
{"type":"session_info","id":"e5f6a7b8","parentId":"d4e5f6a7","timestamp":"2026-01-02T03:06:02.000Z","name":"Pager formula"}
)J";

TEST_F(Import, PiKeepsTheTreeReparentsAcrossMetadataAndEndsAtTheLastEntry) {
  auto s = import("pi", write("--home-ana--/2026-01-02_5d0e.jsonl", kPi));
  ASSERT_EQ(s.projects.size(), 1u);
  EXPECT_EQ(s.projects[0].title, "Pager formula");
  ProjectSnapshot snap = project(s.projects[0].projectId);
  Unit q = unitWith(snap, "why does the last page repeat?");
  Unit a = unitWith(snap, "Line 47 uses <=.");
  Unit loop = unitWith(snap, "and the loop bound?");
  Unit summary = unitWith(snap, "Explored the loop bound; not yet fixed.");
  Unit formula = unitWith(snap, "Instead, check the page-count formula");
  EXPECT_EQ(loop.parentId, a.id);  // across the model_change
  EXPECT_EQ(summary.parentId, q.id);
  EXPECT_EQ(summary.kind, Kind::Note);
  EXPECT_FALSE(summary.startsBranch);  // on the mainline: the first answer is the branch now
  EXPECT_TRUE(a.startsBranch);
  EXPECT_EQ(formula.parentId, summary.id);
  EXPECT_EQ(mainline(snap.project.id).back(), formula.content);
  EXPECT_EQ(q.createdAt, ms(2026, 1, 2, 3, 4, 6));
}

TEST_F(Import, PiTwiceDamagedAndNewer) {
  auto file = write("s.jsonl", kPi);
  EXPECT_EQ(import("pi", file).projects[0].added, 5);
  EXPECT_EQ(import("pi", file).projects[0].added, 0);
  append(file, "{\"type\":\"message\",\"id\":\"99\",\"parentId\":\"d4e5f6a7\",\"timest");
  auto damaged = import("pi", file);
  EXPECT_EQ(damaged.projects[0].added, 0);
  EXPECT_EQ(damaged.skipped.size(), 1u);
  std::string newer = kPi;
  newer.replace(newer.find("\"version\":3"), 11, "\"version\":4");
  EXPECT_TRUE(contains(refusedReason("pi", write("newer.jsonl", newer)), "Pi session version 4 is newer"));
  EXPECT_TRUE(contains(refusedReason("pi", write("none.jsonl", "{\"type\":\"message\"}\n")), "no Pi session header"));
}

// ---- Continue ------------------------------------------------------------------

const char* kContinue = R"J({
  "sessionId": "0c9e", "title": "Pager repeats last page", "workspaceDirectory": "file:///home/ana/src/pager",
  "history": [
    { "message": { "id": "u-1", "role": "user", "content": [{ "type": "text", "text": "Why does the last page repeat?" }] },
      "editorState": { "type": "doc", "content": [
        { "type": "codeBlock", "attrs": { "item": {
            "id": { "providerTitle": "code", "itemId": "7d1" },
            "name": "pager.ts (40-52)", "description": "src/pager.ts (40-52)",
            "content": "for (;;) {}",
            "uri": { "type": "file", "value": "file:///home/ana/src/pager/src/pager.ts" } } } } ] },
      "contextItems": [] },
    { "message": { "id": "a-1", "role": "assistant", "content": "Line 47 compares with <=",
                   "toolCalls": [{ "id": "t1", "function": { "name": "read_file", "arguments": "{\"path\":\"src/pager.ts\"}" } }] },
      "contextItems": [] },
    { "message": { "role": "tool", "content": "file text", "toolCallId": "t1" }, "contextItems": [] },
    { "message": { "id": "a-2", "role": "assistant", "content": "So use <." }, "contextItems": [] }
  ]
})J";

TEST_F(Import, ContinueMakesTheSelectionACodeUnitAndOneAnswer) {
  auto s = import("continue", write("sessions/0c9e.json", kContinue));
  ASSERT_EQ(s.projects.size(), 1u);
  ProjectSnapshot snap = project(s.projects[0].projectId);
  ASSERT_EQ(snap.units.size(), 3u);
  EXPECT_EQ(snap.project.title, "Pager repeats last page");
  EXPECT_EQ(snap.units[0].kind, Kind::Code);
  EXPECT_EQ(snap.units[0].source->range.start.line, 39);
  EXPECT_EQ(snap.units[0].source->range.end.line, 51);
  EXPECT_EQ(snap.units[1].content, "Why does the last page repeat?");
  EXPECT_EQ(snap.units[2].content,
            "Line 47 compares with <=\n\n> tool read_file: src/pager.ts\n\n> result: file text\n\nSo use <.");
}

TEST_F(Import, ContinueTwiceDamagedUnrecognisedAndTheIndexFileIgnored) {
  auto file = write("sessions/0c9e.json", kContinue);
  write("sessions/sessions.json", R"J([{"sessionId":"0c9e","title":"x","dateCreated":"1"}])J");
  auto first = import("continue", (dir_.path() / "sessions").string());
  EXPECT_EQ(first.files, 1);
  EXPECT_EQ(import("continue", file).projects[0].added, 0);
  std::string cut = kContinue;
  EXPECT_TRUE(contains(refusedReason("continue", write("cut.json", cut.substr(0, cut.size() / 2))), "not valid JSON"));
  EXPECT_TRUE(contains(refusedReason("continue", write("other.json", R"J({"messages": []})J")), "not a Continue session"));
}

// ---- Copilot -------------------------------------------------------------------

const char* kCopilotLog = R"J({"kind":0,"v":{"version":3,"sessionId":"3b7e","creationDate":1767000000000,"customTitle":"Pager","requests":[]}}
{"kind":2,"k":["requests"],"v":[{"requestId":"request_1","timestamp":1767000005000,"message":{"text":"why does the last page repeat?","parts":[]},"variableData":{"variables":[{"kind":"implicit","id":"vscode.implicit.selection","name":"file:pager.ts","isSelection":true,"enabled":true,"value":{"uri":{"$mid":1,"scheme":"file","path":"/home/ana/src/pager/src/pager.ts"},"range":{"startLineNumber":40,"startColumn":1,"endLineNumber":52,"endColumn":2}}}]},"response":[]}]}
{"kind":2,"k":["requests",0,"response"],"v":[{"kind":"toolInvocationSerialized","toolId":"copilot_readFile","pastTenseMessage":{"value":"Read pager.ts"}},{"value":"Line 47 uses `<=`; use `<`.","supportThemeIcons":false}]}
{"kind":1,"k":["requests",0,"modelState"],"v":{"value":1,"completedAt":1767000010400}}
)J";

TEST_F(Import, CopilotReplaysTheMutationLogAndKeepsTheSelection) {
  write("ws1/workspace.json", R"J({"folder":"file:///home/ana/src/pager"})J");
  auto s = import("copilot", write("ws1/chatSessions/3b7e.jsonl", kCopilotLog));
  ASSERT_EQ(s.projects.size(), 1u);
  ProjectSnapshot snap = project(s.projects[0].projectId);
  EXPECT_EQ(snap.project.title, "Pager");
  EXPECT_EQ(snap.project.workspaceUri, "file:///home/ana/src/pager");
  ASSERT_EQ(snap.units.size(), 3u);
  EXPECT_EQ(snap.units[0].kind, Kind::Code);
  EXPECT_EQ(snap.units[0].source->uri, "file:///home/ana/src/pager/src/pager.ts");
  EXPECT_EQ(snap.units[0].source->range.start.line, 39);
  EXPECT_EQ(snap.units[1].content, "why does the last page repeat?");
  EXPECT_EQ(snap.units[1].createdAt, 1767000005000);
  EXPECT_EQ(snap.units[2].content, "> tool copilot_readFile: Read pager.ts\n\nLine 47 uses `<=`; use `<`.");
  EXPECT_EQ(snap.units[2].createdAt, 1767000010400);
}

TEST_F(Import, CopilotJsonTwiceAppendedDamagedAndNewer) {
  auto log = write("chatSessions/3b7e.jsonl", kCopilotLog);
  EXPECT_EQ(import("copilot", log).projects[0].added, 3);
  append(log, "{not json\n{\"kind\":2,\"k\":[\"requests\"],\"v\":[{\"requestId\":\"request_2\",\"timestamp\":1767000020000,\"message\":{\"text\":\"thanks\"},\"response\":[{\"value\":\"You are welcome.\"}]}]}\n");
  auto more = import("copilot", log);
  EXPECT_EQ(more.projects[0].added, 2);
  EXPECT_EQ(more.skipped.size(), 1u);
  EXPECT_EQ(import("copilot", log).projects[0].added, 0);
  EXPECT_TRUE(contains(refusedReason("copilot", write("v4.json", R"J({"version":4,"sessionId":"x","requests":[]})J")), "version 4 is newer"));
  auto flat = import("copilot", write("flat.json", R"J({"version":2,"sessionId":"old","requests":[{"requestId":"r1","timestamp":1,"message":{"text":"hi"},"response":[{"value":"hello"}]},{"requestId":"r2","message":{"text":"undone"},"shouldBeRemovedOnSend":{"requestId":"r2"}}]})J"));
  ASSERT_EQ(flat.projects.size(), 1u);
  EXPECT_EQ(flat.projects[0].added, 2);  // the undone request is left out
}

// ---- Aider ---------------------------------------------------------------------

const char* kAider = R"J(
# aider chat started at 2025-03-14 10:02:11

> Aider v0.80.0
> Added src/pager.ts to the chat.

#### why does the last page repeat?  
#### it only happens with 10 items  

The loop in `src/pager.ts` uses `<=`.

src/pager.ts
<<<<<<< SEARCH
for (let i = 0; i <= pages; i++) {
=======
for (let i = 0; i < pages; i++) {
>>>>>>> REPLACE

> Applied edit to src/pager.ts  
> Commit 1a2b3c4 fix: off-by-one in pager  

#### thanks

You're welcome.
)J";

TEST_F(Import, AiderSplitsSessionsJoinsMultiLineInputAndFoldsToolOutput) {
  auto file = write("repo/.aider.chat.history.md", kAider);
  auto s = import("aider", (dir_.path() / "repo").string());
  ASSERT_EQ(s.projects.size(), 1u);
  ProjectSnapshot snap = project(s.projects[0].projectId);
  ASSERT_EQ(snap.units.size(), 4u);
  EXPECT_EQ(snap.units[0].content, "why does the last page repeat?\nit only happens with 10 items");
  EXPECT_EQ(snap.units[0].createdAt, ms(2025, 3, 14, 10, 2, 11));
  EXPECT_TRUE(contains(snap.units[1].content, "<<<<<<< SEARCH"));
  EXPECT_TRUE(contains(snap.units[1].content, "> Applied edit to src/pager.ts\n> Commit 1a2b3c4")) << snap.units[1].content;
  EXPECT_EQ(snap.units[3].content, "You're welcome.");
  EXPECT_EQ(snap.project.workspaceUri, "file://" + (dir_.path() / "repo").string());
  // A later session appended to the same file is a project of its own; the first adds nothing.
  append(file, "\n# aider chat started at 2025-03-15 09:00:00\n\n#### next day\n\nMorning.\n");
  auto more = import("aider", file);
  ASSERT_EQ(more.projects.size(), 2u);
  EXPECT_EQ(more.projects[0].added, 0);
  EXPECT_TRUE(more.projects[1].created);
  EXPECT_EQ(more.projects[1].added, 2);
  EXPECT_TRUE(contains(refusedReason("aider", write("notes.md", "# my notes\nnothing here\n")), "not an Aider chat history"));
}

// ---- ChatGPT -------------------------------------------------------------------

const char* kChatGpt = R"J([{"id":"6650","conversation_id":"6650","title":"Pager bug","create_time":1714640000.12,"current_node":"n4",
 "mapping":{
  "r":{"id":"r","parent":null,"children":["n1","n3"],"message":null},
  "n1":{"id":"n1","parent":"r","children":["n2"],"message":{"id":"n1","author":{"role":"user"},"create_time":1714640001.0,"content":{"content_type":"text","parts":["why does the last page repeat?"]},"recipient":"all","weight":1.0}},
  "n2":{"id":"n2","parent":"n1","children":[],"message":{"id":"n2","author":{"role":"assistant"},"create_time":1714640002.0,"content":{"content_type":"text","parts":["It uses <=."]},"recipient":"all"}},
  "n3":{"id":"n3","parent":"r","children":["n5"],"message":{"id":"n3","author":{"role":"user"},"create_time":1714640100.0,"content":{"content_type":"text","parts":["why does page 10 repeat?"]},"recipient":"all"}},
  "n5":{"id":"n5","parent":"n3","children":["n4"],"message":{"id":"n5","author":{"role":"assistant"},"create_time":1714640101.0,"content":{"content_type":"thoughts","thoughts":[]},"recipient":"all"}},
  "n4":{"id":"n4","parent":"n5","children":[],"message":{"id":"n4","author":{"role":"assistant"},"create_time":1714640102.0,"content":{"content_type":"text","parts":["Because of <= on line 47."]},"recipient":"all"}}
 }}])J";

TEST_F(Import, ChatGptKeepsBothEditsAsBranchesAndEndsAtTheCurrentNode) {
  auto s = import("chatgpt", write("export/conversations.json", kChatGpt));
  ASSERT_EQ(s.projects.size(), 1u);
  ProjectSnapshot snap = project(s.projects[0].projectId);
  EXPECT_EQ(snap.project.title, "Pager bug");
  // Two roots in the source (the edit): one note holds them together.
  ASSERT_EQ(snap.units.size(), 5u);
  EXPECT_EQ(snap.units[0].kind, Kind::Note);
  Unit first = unitWith(snap, "why does the last page repeat?");
  Unit edited = unitWith(snap, "why does page 10 repeat?");
  EXPECT_EQ(first.parentId, snap.units[0].id);
  EXPECT_EQ(edited.parentId, snap.units[0].id);
  EXPECT_TRUE(first.startsBranch);  // the abandoned question; the edit is the mainline
  EXPECT_FALSE(edited.startsBranch);
  EXPECT_EQ(unitWith(snap, "Because of <= on line 47.").parentId, edited.id);  // across the thoughts node
  EXPECT_EQ(mainline(snap.project.id).back(), "Because of <= on line 47.");
  EXPECT_EQ(first.createdAt, 1714640001000);
  EXPECT_EQ(import("chatgpt", (dir_.path() / "export").string()).projects[0].added, 0);
}

TEST_F(Import, ChatGptDamagedAndUnrecognisedAreRefused) {
  std::string cut = kChatGpt;
  EXPECT_TRUE(contains(refusedReason("chatgpt", write("conversations-000.json", cut.substr(0, 200))), "conversations-000.json: not valid JSON"));
  EXPECT_TRUE(contains(refusedReason("chatgpt", write("conversations-001.json", R"J({"user": "x"})J")), "not a ChatGPT export"));
}

// ---- Requests that cannot run ----------------------------------------------------

TEST_F(Import, AnUnknownKindOrAMissingPathIsRefusedBeforeAnythingRuns) {
  Error kind = importError("cursor", dir_.path().string());
  EXPECT_EQ(kind.kind(), ErrorKind::InvalidArgument);
  EXPECT_TRUE(contains(kind.what(), "claude-code, codex, pi, continue, copilot, aider, chatgpt, grove")) << kind.what();
  Error path = importError("pi", dir_.file("nowhere"));
  EXPECT_EQ(path.kind(), ErrorKind::InvalidArgument);
  EXPECT_TRUE(contains(path.what(), "no such file or folder")) << path.what();
}

TEST_F(Import, ProgressReportsEachFileAndEnds) {
  write("a/S1.jsonl", kClaude);
  std::string other = kClaude;
  for (size_t at; (at = other.find("\"S1\"")) != std::string::npos;) other.replace(at, 4, "\"S9\"");
  write("a/S9.jsonl", other);
  auto s = import("claude-code", (dir_.path() / "a").string());
  EXPECT_EQ(s.projects.size(), 2u);
  ASSERT_EQ(progress_.size(), 3u);
  EXPECT_EQ(progress_[0].done, 0);
  EXPECT_EQ(progress_[1].done, 1);
  EXPECT_TRUE(contains(progress_[1].message, "S9.jsonl"));
  EXPECT_TRUE(progress_[2].finished);
  EXPECT_EQ(progress_[2].message, "imported 2 projects");
}

TEST_F(Import, ImportedConversationsAreIndexedAsMemolets) {
  auto s = import("claude-code", write("S1.jsonl", kClaude));
  std::vector<Memolet> memolets;
  run([&](Engine& e) { memolets = e.memolets(s.projects[0].projectId); });
  ASSERT_FALSE(memolets.empty());
  bool cites = false;
  for (const auto& m : memolets) cites = cites || contains(m.text, "Line 47 uses <= instead of <.");
  EXPECT_TRUE(cites);
}

}  // namespace
}  // namespace grove::test

namespace grove::test {
namespace {

// Fields of types no tool writes: every reader skips or refuses, none crashes,
// and the import goes on to the next file.
TEST_F(Import, OddlyTypedFieldsAreSkippedOrRefusedNeverACrash) {
  struct Case {
    const char* kind;
    const char* name;
    const char* text;
  };
  const Case cases[] = {
      {"claude-code", "odd.jsonl",
       "{\"type\":\"user\",\"uuid\":5}\n[1,2]\n\"text\"\n{\"type\":\"user\",\"uuid\":\"u\",\"parentUuid\":7,\"message\":{\"content\":{\"a\":1}}}\n"
       "{\"type\":\"assistant\",\"uuid\":\"a\",\"parentUuid\":\"u\",\"message\":{\"content\":[{\"type\":\"tool_use\",\"input\":\"x\"},7,null]}}\n"
       "{\"type\":\"attachment\",\"uuid\":\"y\",\"parentUuid\":\"a\",\"attachment\":{\"type\":\"selected_lines_in_ide\",\"lineStart\":1e300,\"lineEnd\":\"b\"}}\n"
       "{\"type\":\"user\",\"uuid\":\"z\",\"parentUuid\":\"y\",\"version\":[2],\"timestamp\":42,\"message\":{\"content\":[{\"type\":\"tool_result\",\"content\":[{\"type\":\"text\",\"text\":5}]}]}}\n"},
      {"codex", "odd.jsonl",
       "{\"type\":\"session_meta\",\"payload\":[]}\n{\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":7}}\n"
       "{\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\",\"arguments\":{\"a\":1}}}\n{\"type\":\"response_item\",\"payload\":{\"type\":\"function_call_output\",\"output\":[1]}}\n"},
      {"pi", "odd.jsonl",
       "{\"type\":\"session\",\"version\":\"3\",\"id\":1}\n{\"type\":\"message\",\"id\":\"x\",\"parentId\":[],\"message\":{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":1}],\"timestamp\":\"t\"}}\n"
       "{\"type\":\"message\",\"id\":\"y\",\"parentId\":\"x\",\"message\":\"hello\"}\n"},
      {"continue", "odd.json", "{\"history\":[1,{\"message\":[]},{\"message\":{\"role\":\"user\",\"content\":{\"x\":1}},\"editorState\":{\"type\":\"codeBlock\",\"attrs\":[]}}]}"},
      {"copilot", "odd.jsonl",
       "{\"kind\":0,\"v\":{\"version\":\"3\",\"requests\":{}}}\n{\"kind\":2,\"k\":[\"requests\"],\"v\":5}\n{\"kind\":1,\"k\":[7,\"x\"],\"v\":1}\n{\"kind\":3,\"k\":[]}\n"},
      {"chatgpt", "conversations.json",
       "[1,{\"mapping\":{\"a\":{\"parent\":5,\"children\":\"b\",\"message\":{\"author\":\"user\",\"content\":[]}},\"b\":7}},{\"mapping\":[],\"current_node\":3}]"},
      {"grove", "odd.json",
       "{\"format\":\"grove-export\",\"version\":1,\"project\":{\"id\":\"p\"},\"units\":[5,{\"id\":\"u\",\"role\":\"user\",\"kind\":\"code\",\"source\":7},"
       "{\"id\":\"v\",\"role\":\"user\",\"kind\":\"message\",\"content\":\"hi\",\"createdAt\":\"x\",\"parentId\":9}],\"branches\":[1],\"capsules\":{},\"memolets\":[{\"manual\":true,\"span\":{\"start\":\"q\"}}]}"},
  };
  for (const auto& c : cases) {
    auto file = write(std::string(c.kind) + "/" + c.name, c.text);
    auto s = import(c.kind, file);
    EXPECT_EQ(s.files, 1) << c.kind;
    EXPECT_EQ(s.projects.size() + s.refused.size(), s.projects.empty() ? 1u : s.projects.size()) << c.kind;
  }
  EXPECT_TRUE(contains(refusedReason("aider", write("odd.md", std::string("# aider chat started at \xff\xfe\n> \n####\n", 35))), "no conversation"));
}

}  // namespace
}  // namespace grove::test
