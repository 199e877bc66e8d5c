// grove-server --mcp driven by the official MCP TypeScript SDK's client:
// every tool listed and called, every resource read, bad calls answered
// with clear errors, and what the MCP client did visible to an editor.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { startGroveClient } from "./support/groveClient.mjs";
import { serverPath, tempDir, waitFor } from "./support/paths.mjs";

function text(result) {
  return result.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

test("grove-server --mcp with the MCP SDK's client, beside an editor", async (t) => {
  const dir = tempDir(t, "grove-mcp-");
  const db = join(dir, "grove.db");
  const env = { ...process.env, XDG_RUNTIME_DIR: dir, XDG_CONFIG_HOME: dir };
  const workspace = join(dir, "parser");
  const workspaceUri = pathToFileURL(workspace).href;
  const sourceFile = join(workspace, "src", "toml.cpp");
  const mcp = new Client({ name: "grove-mcp-test", version: "1.0.0" });
  await mcp.connect(new StdioClientTransport({ command: serverPath(), args: ["--mcp", "--db", db], env, stderr: "pipe" }));
  t.after(() => mcp.close());
  // An editor on the same store joins the core the MCP server owns.
  const editor = await startGroveClient(t, { db, env, name: "editor" });
  await editor.initialize();
  const project = await editor.request("grove/project/create", { title: "Parser work", workspaceUri });
  const question = await editor.request("grove/unit/append", {
    projectId: project.id, parentId: null, role: "user", content: "How do I keep TOML parsing errors readable?",
  });
  await editor.request("grove/unit/append", {
    projectId: project.id, parentId: question.id, role: "assistant",
    content: "Report the line and column of the failing TOML key, and quote the offending line.",
  });

  await t.test("initialize names the server and offers tools and resources", () => {
    assert.equal(mcp.getServerVersion().name, "grove");
    const caps = mcp.getServerCapabilities();
    assert.ok(caps.tools, "tools capability");
    assert.ok(caps.resources, "resources capability");
  });

  await t.test("the five Grove tools are listed with object input schemas", async () => {
    const { tools } = await mcp.listTools();
    const names = tools.map((t) => t.name).sort();
    assert.deepEqual(names, ["append_note", "capture_snippet", "list_projects", "preview_context", "search_memolets"]);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, "object", tool.name);
      assert.ok(tool.description.length > 20, `${tool.name} explains itself`);
    }
    const capture = tools.find((t) => t.name === "capture_snippet");
    assert.deepEqual([...capture.inputSchema.required].sort(), ["endLine", "startLine", "text", "uri"]);
  });

  await t.test("list_projects lists projects, filtered by workspace", async () => {
    const all = await mcp.callTool({ name: "list_projects", arguments: {} });
    assert.ok(!all.isError, text(all));
    assert.ok(all.structuredContent.projects.some((p) => p.id === project.id));
    const none = await mcp.callTool({ name: "list_projects", arguments: { workspaceUri: "file:///elsewhere" } });
    assert.deepEqual(none.structuredContent.projects, []);
    const mine = await mcp.callTool({ name: "list_projects", arguments: { workspaceUri } });
    assert.deepEqual(mine.structuredContent.projects.map((p) => p.id), [project.id]);
    assert.match(text(mine), /Parser work/);
  });

  await t.test("search_memolets finds the exchange once it is indexed", async () => {
    // Indexing follows the append off the request path: wait for it, bounded.
    const result = await waitFor(async () => {
      const r = await mcp.callTool({ name: "search_memolets", arguments: { query: "readable TOML errors", projectId: project.id, limit: 3 } });
      assert.ok(!r.isError, text(r));
      return r.structuredContent.results.length > 0 && r;
    }, "the exchange to be indexed as a memolet");
    const [first] = result.structuredContent.results;
    assert.ok(first, "a memolet was found");
    assert.equal(first.projectId, project.id);
    assert.match(text(result), /TOML/);
  });

  await t.test("capture_snippet appends a code unit at the cursor with 1-based lines", async () => {
    const result = await mcp.callTool({
      name: "capture_snippet",
      arguments: { uri: pathToFileURL(sourceFile).href, startLine: 3, endLine: 4, text: "auto v = t.at(key);\nreturn v;", languageId: "cpp", memo: "throws on a missing key", projectId: project.id },
    });
    assert.ok(!result.isError, text(result));
    const unit = result.structuredContent.unit;
    assert.equal(unit.kind, "code");
    assert.deepEqual(unit.source.range, { start: { line: 2, character: 0 }, end: { line: 3, character: 9 } });
    const seen = await editor.request("grove/unit/get", { unitId: unit.id });
    assert.equal(seen.content, "auto v = t.at(key);\nreturn v;");
    const preview = await mcp.callTool({ name: "preview_context", arguments: { projectId: project.id } });
    assert.ok(!preview.isError, text(preview));
    assert.ok(text(preview).includes(`File: ${sourceFile} (lines 3-4)`), text(preview));
    assert.match(text(preview), /Memo: throws on a missing key/);
  });

  await t.test("append_note goes under the cursor, moves it, and the editor hears of it", async () => {
    const before = (await editor.request("grove/project/list", {})).projects.find((p) => p.id === project.id);
    const heard = (n) => n.method === "grove/project/didChange" && n.params.op === "append" && n.params.projectId === project.id && n.params.revision > before.revision;
    const result = await mcp.callTool({ name: "append_note", arguments: { projectId: project.id, text: "Decided: keep toml11." } });
    assert.ok(!result.isError, text(result));
    const note = result.structuredContent.unit;
    assert.equal(note.kind, "note");
    assert.equal(note.parentId, before.cursorId);
    await waitFor(() => editor.notifications.some(heard), "the editor to hear of the note");
    const after = (await editor.request("grove/project/list", {})).projects.find((p) => p.id === project.id);
    assert.equal(after.cursorId, note.id);
    // With a parent named, the note goes there.
    const root = (await editor.request("grove/project/get", { projectId: project.id })).units[0];
    const placed = await mcp.callTool({ name: "append_note", arguments: { projectId: project.id, text: "Side remark", parentId: root.id } });
    assert.equal(placed.structuredContent.unit.parentId, root.id);
  });

  await t.test("preview_context with a prompt ends with it", async () => {
    const result = await mcp.callTool({ name: "preview_context", arguments: { projectId: project.id, prompt: "what next?" } });
    assert.ok(!result.isError, text(result));
    const { messages } = result.structuredContent;
    assert.equal(messages.at(-1).content, "what next?");
    assert.ok(result.structuredContent.tokens > 0);
  });

  await t.test("bad arguments and unknown ids are tool errors that say what is wrong", async () => {
    const missing = await mcp.callTool({ name: "append_note", arguments: { text: "no project" } });
    assert.equal(missing.isError, true);
    assert.match(text(missing), /projectId/);
    const wrongType = await mcp.callTool({ name: "capture_snippet", arguments: { uri: "file:///a", startLine: "3", endLine: 4, text: "x", projectId: project.id } });
    assert.equal(wrongType.isError, true);
    assert.match(text(wrongType), /startLine/);
    const backwards = await mcp.callTool({ name: "capture_snippet", arguments: { uri: "file:///a", startLine: 5, endLine: 4, text: "x", projectId: project.id } });
    assert.equal(backwards.isError, true);
    assert.match(text(backwards), /endLine/);
    const unknown = await mcp.callTool({ name: "preview_context", arguments: { projectId: "p_nope" } });
    assert.equal(unknown.isError, true);
    assert.match(text(unknown), /not found/i);
    await assert.rejects(mcp.callTool({ name: "no_such_tool", arguments: {} }), /no_such_tool/);
  });

  await t.test("resources: the project list, a project's mainline as Markdown, a memolet", async () => {
    const { resources } = await mcp.listResources();
    assert.ok(resources.some((r) => r.uri === "grove://projects"));
    assert.ok(resources.some((r) => r.uri === `grove://project/${project.id}`));
    const { resourceTemplates } = await mcp.listResourceTemplates();
    const templates = resourceTemplates.map((t) => t.uriTemplate).sort();
    assert.deepEqual(templates, ["grove://memolet/{id}", "grove://project/{id}"]);

    const list = await mcp.readResource({ uri: "grove://projects" });
    assert.ok(JSON.parse(list.contents[0].text).projects.some((p) => p.id === project.id));

    const page = await mcp.readResource({ uri: `grove://project/${project.id}` });
    assert.equal(page.contents[0].mimeType, "text/markdown");
    assert.match(page.contents[0].text, /Parser work/);
    assert.match(page.contents[0].text, /How do I keep TOML parsing errors readable\?/);

    const { memolets } = await editor.request("grove/memolet/list", { projectId: project.id });
    assert.ok(memolets.length > 0);
    const memo = await mcp.readResource({ uri: `grove://memolet/${memolets[0].id}` });
    assert.match(memo.contents[0].text, /TOML/);

    await assert.rejects(mcp.readResource({ uri: "grove://project/p_nope" }), /not found/i);
    await assert.rejects(mcp.readResource({ uri: "https://example.com/" }), /grove:\/\//);
  });

  await t.test("a malformed line gets a parse error and the server keeps serving", async () => {
    const child = spawn(serverPath(), ["--mcp", "--db", join(dir, "raw.db")], { env, stdio: ["pipe", "pipe", "pipe"] });
    const lines = [];
    let buffered = "";
    const got = (n) => new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${lines.length} lines`)), 10000);
      const check = () => { if (lines.length >= n) { clearTimeout(timer); resolve(); } };
      child.stdout.on("data", (d) => {
        buffered += d;
        let i;
        while ((i = buffered.indexOf("\n")) >= 0) { lines.push(JSON.parse(buffered.slice(0, i))); buffered = buffered.slice(i + 1); }
        check();
      });
      check();
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.stdin.write("{not json\n");
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) + "\n");
    await got(2);
    assert.equal(lines[0].error.code, -32700);
    assert.equal(lines[0].id, null);
    assert.deepEqual(lines[1], { jsonrpc: "2.0", id: 1, result: {} });
    child.stdin.end();
    assert.equal(await exited, 0);
  });
});
