-- The knowledge-map views (:GroveKnowledge, :GroveAsk, :GroveIngest) against
-- fixtures shaped exactly like DESIGN §11's grove/knowledge/* results: the outline
-- drawn from a graph, the exact requests each key sends, the answer float with its
-- citations, "I don't know" and failures, and ingest progress. The same views against
-- the real server are in knowledge_spec.lua.
local h = require("tests.helpers")
local ask = require("grove.ui.ask")
local client = require("grove.client")
local knowledge = require("grove.ui.knowledge")

local WS = "file:///ws"

local calls, restore, restore_ui -- restored by h.cleanup after each test

local function service(extra)
  local data = h.fixture("knowledge-get")
  local function change(op)
    data.knowledge.revision = data.knowledge.revision + 1
    return { workspaceUri = WS, revision = data.knowledge.revision, nodeIds = {}, edgeIds = {}, groupIds = {}, documentUris = {}, op = op, refs = vim.empty_dict() }
  end
  local handlers = {
    ["grove/knowledge/get"] = function()
      return h.copy(data)
    end,
    ["grove/knowledge/edit"] = function()
      return change("edit")
    end,
    ["grove/knowledge/undo"] = function()
      return change("undo")
    end,
    ["grove/knowledge/redo"] = function()
      return change("redo")
    end,
  }
  for k, v in pairs(extra or {}) do
    handlers[k] = v
  end
  return data, handlers
end

local function open_map(extra)
  local data, handlers = service(extra)
  calls, restore = h.fake_methods(handlers)
  h.shown(knowledge.open, WS)
  return data
end

local function last(method)
  return h.last_call(calls, method)
end

local function wait_calls(method, n)
  h.wait_calls(calls, method, n)
end

local row_of_text = h.row_with

local function float_text()
  return h.text(ask.float_buf())
end

describe("knowledge map view (contract fixtures)", function()
  setup(h.start_server)
  teardown(h.stop_server)
  after_each(h.cleanup)

  it("draws the hierarchy as a tree (several parents: under each) with semantic edges under their node", function()
    open_map()
    local buf = knowledge.buf()
    local lines = h.lines(buf)
    assert.truthy(lines[1]:find("revision 4 · 4 nodes · 3 documents, 12 chunks", 1, true), h.text(buf))
    local body = vim.list_slice(lines, 4)
    assert.same({
      "▾ ★ Config — How configuration works",
      "  ▾ Parsing [1 sources]",
      "      ~raises~> Errors",
      "    • YAML",
      "  • YAML",
      "• Errors",
    }, body)
    h.feed_at(buf, 5)
    assert.equals("n_parse", knowledge.node_at_cursor().id) -- the edge's line acts on its node
  end)

  it("a adds a child, r renames, d deletes after asking, s stars; each one grove/knowledge/edit", function()
    open_map()
    local buf = knowledge.buf()
    restore_ui = h.stub_ui({ input = "Includes" })
    h.feed_at(buf, row_of_text(buf, "▾ Parsing"), "a")
    wait_calls("grove/knowledge/edit", 1)
    assert.same({ workspaceUri = WS, expectedRevision = 4, ops = { { op = "AddNode", title = "Includes", parentId = "n_parse", origin = "user" } } }, last("grove/knowledge/edit"))
    h.wait(function()
      return h.lines(buf)[1]:find("revision 5", 1, true)
    end, "reloaded")
    restore_ui()
    restore_ui = h.stub_ui({ input = "Reading" })
    h.feed_at(buf, row_of_text(buf, "▾ Parsing"), "r")
    wait_calls("grove/knowledge/edit", 2)
    assert.same({ { op = "UpdateNode", id = "n_parse", title = "Reading" } }, last("grove/knowledge/edit").ops)
    restore_ui()
    restore_ui = h.stub_ui({ select = "delete" })
    h.feed_at(buf, row_of_text(buf, "• Errors"), "d")
    wait_calls("grove/knowledge/edit", 3)
    assert.same({ { op = "DeleteNode", id = "n_errors" } }, last("grove/knowledge/edit").ops)
    assert.truthy(h.prompts[1]:find('Delete "Errors"?', 1, true))
    h.feed_at(buf, row_of_text(buf, "★ Config"), "s")
    wait_calls("grove/knowledge/edit", 4)
    assert.same({ { op = "UpdateNode", id = "n_root", starred = false } }, last("grove/knowledge/edit").ops)
    h.feed_at(buf, 0, "u")
    wait_calls("grove/knowledge/undo", 1)
    h.feed_at(buf, 0, "<C-r>")
    wait_calls("grove/knowledge/redo", 1)
    assert.same({ workspaceUri = WS }, last("grove/knowledge/redo"))
  end)

  it("S suggests children and accepts the picked one through grove/suggestion/resolve", function()
    local suggestion = { id = "s_9", kind = "child", status = "pending", workspaceUri = WS, projectId = vim.NIL, title = "Anchors", relation = "part of",
      reason = "docs/parse.md mentions anchors", ops = { { op = "AddNode", title = "Anchors", parentId = "n_parse" } } }
    open_map({
      ["grove/knowledge/suggest"] = function()
        return { suggestions = { suggestion } }
      end,
      ["grove/suggestion/resolve"] = function()
        return { suggestion = suggestion, changed = { knowledge = { workspaceUri = WS, revision = 5, nodeIds = { "n_new" }, edgeIds = {}, groupIds = {}, documentUris = {}, op = "accept" } } }
      end,
    })
    local buf = knowledge.buf()
    local shown
    restore_ui = h.stub_ui({ select = function(items, opts)
      shown = opts.format_item(items[1])
      return items[1]
    end })
    h.feed_at(buf, row_of_text(buf, "▾ Parsing"), "S")
    wait_calls("grove/suggestion/resolve", 1)
    assert.same({ workspaceUri = WS, nodeId = "n_parse" }, last("grove/knowledge/suggest"))
    assert.same({ suggestionId = "s_9", decision = "accept" }, last("grove/suggestion/resolve"))
    assert.truthy(shown:find("Anchors (part of)", 1, true), shown)
  end)

  it("? asks scoped to the node; the float shows the answer and opens a citation with <CR>", function()
    local turn = h.fixture("knowledge-turns").answered
    open_map({
      ["grove/knowledge/ask"] = function()
        return turn
      end,
    })
    local path = h.dir .. "/parse.md"
    vim.fn.writefile({ "# Parsing", "", "Intro", "The parser reads YAML", "files only.", "" }, path)
    turn.answer.citations[1].uri = vim.uri_from_fname(path)
    local buf = knowledge.buf()
    restore_ui = h.stub_ui({ input = "What does the parser read?" })
    h.feed_at(buf, row_of_text(buf, "▾ Parsing"), "?")
    wait_calls("grove/knowledge/ask", 1)
    local p = last("grove/knowledge/ask")
    assert.equals(WS, p.workspaceUri)
    assert.equals("What does the parser read?", p.input)
    assert.equals("n_parse", p.nodeId)
    assert.is_string(p.workDoneToken)
    h.wait(function()
      return ask.float_buf() and float_text():find("The parser reads YAML files.", 1, true)
    end, "answer shown")
    local text = float_text()
    assert.truthy(text:find("Q: What does the parser read?", 1, true), text)
    assert.truthy(text:find("[1] ", 1, true) and text:find("parse.md:4-6 — The parser reads YAML", 1, true), text)
    vim.api.nvim_win_set_cursor(0, { ask.citation_row(1) + 1, 0 })
    h.feed("<CR>")
    assert.equals(vim.fn.fnamemodify(path, ":p"), vim.api.nvim_buf_get_name(0))
    assert.same({ 4, 0 }, vim.api.nvim_win_get_cursor(0))
  end)

  it(":GroveAsk shows I don't know, needsModel and ambiguous (with candidates) plainly", function()
    local turns = h.fixture("knowledge-turns")
    local next_turn
    calls, restore = h.fake_methods({
      ["grove/knowledge/ask"] = function()
        return next_turn
      end,
    })
    for _, case in ipairs({
      { turns.unknown, { "I don't know" } },
      { turns.needsModel, { "Could not do it (needsModel): this edit needs a model", "set a model provider" } },
      { turns.ambiguous, { "Could not do it (ambiguous): several nodes are called Errors", "Which one did you mean?", "  • Errors — parse errors", "  • Errors — runtime errors" } },
    }) do
      next_turn = case[1]
      local n = #h.calls_of(calls, "grove/knowledge/ask")
      vim.cmd("GroveAsk " .. case[1].input)
      wait_calls("grove/knowledge/ask", n + 1)
      assert.equals(case[1].input, last("grove/knowledge/ask").input)
      h.wait(function()
        return ask.float_buf() and float_text():find("Q: " .. case[1].input, 1, true)
      end, "turn shown")
      for _, want in ipairs(case[2]) do
        assert.truthy(float_text():find(want, 1, true), float_text())
      end
      assert.falsy(float_text():find("Citations", 1, true))
    end
    -- A failed request is said plainly too.
    restore()
    calls, restore = h.fake_methods({
      ["grove/knowledge/ask"] = function()
        return nil, { code = 1002, message = "ingestRunning: an ingest is running" }
      end,
    })
    vim.cmd("GroveAsk anything")
    h.wait(function()
      return float_text():find("Failed: ingestRunning: an ingest is running", 1, true)
    end, "failure shown")
  end)

  it(":GroveIngest reports $/progress in the status line and vim.notify, then the result", function()
    local token
    local statuses = {}
    calls, restore = h.fake_methods({
      ["grove/knowledge/ingest"] = function(params)
        token = params.workDoneToken
        client.dispatch("$/progress", { token = token, value = { kind = "begin", title = "Ingesting the workspace", cancellable = true } })
        client.dispatch("$/progress", { token = token, value = { kind = "report", message = "1/2 guide/intro.md", percentage = 50 } })
        table.insert(statuses, require("grove").progress())
        client.dispatch("$/progress", { token = "someone-else", value = { kind = "report", message = "not ours", percentage = 1 } })
        table.insert(statuses, require("grove").progress())
        client.dispatch("$/progress", { token = token, value = { kind = "end", message = "2 documents" } })
        return { documents = 2, added = { "file:///ws/a.md", "file:///ws/b.md" }, updated = {}, removed = {}, chunks = 5, levels = { 5, 1 },
          skipped = { { uri = "file:///ws/.env", reason = "secret" } }, cancelled = false }
      end,
    })
    local seen, unrecord = h.record_notify()
    vim.cmd("GroveIngest docs")
    h.wait(function()
      for _, n in ipairs(seen) do
        if n.msg:find("ingested", 1, true) then
          return true
        end
      end
    end, "result told")
    unrecord()
    assert.same({ workspaceUri = require("grove.workspace").uri(), paths = { "docs" }, workDoneToken = token }, last("grove/knowledge/ingest"))
    assert.same({ "Grove: 50% 1/2 guide/intro.md", "Grove: 50% 1/2 guide/intro.md" }, statuses)
    local msgs = vim.tbl_map(function(n)
      return n.msg
    end, seen)
    assert.same({
      "Grove: Ingesting the workspace",
      "Grove: 2 documents",
      "Grove: ingested 2 documents (2 added, 0 updated, 0 removed), 5 chunks, levels 5/1, 1 skipped",
    }, msgs)
    assert.equals("", require("grove").progress())
  end)

  it("c sends the node into the open conversation (toUnit); :Grove tomap adds a unit to the map (fromUnit)", function()
    local turn = h.fixture("knowledge-turns").answered
    local pid = h.new_project("To the map")
    local u = h.append(pid, nil, "user", "What does the parser read?")
    local answer = h.append(pid, u.id, "assistant", "YAML files.")
    h.set_cursor(answer.id)
    open_map({
      ["grove/knowledge/toUnit"] = function(params)
        return h.append(pid, params.parentId, "user", "Parsing\nSources: docs/parse.md:4-6")
      end,
      ["grove/knowledge/fromUnit"] = function()
        return turn
      end,
    })
    local buf = knowledge.buf()
    h.feed_at(buf, row_of_text(buf, "▾ Parsing"), "c")
    wait_calls("grove/knowledge/toUnit", 1)
    assert.same({ workspaceUri = WS, nodeIds = { "n_parse" }, projectId = pid, parentId = answer.id }, last("grove/knowledge/toUnit"))
    local chat = require("grove.ui.chat")
    chat.open()
    h.wait(function()
      return h.find_line(chat.buf(), "Sources: docs/parse.md:4-6")
    end, "unit shown in the chat")
    h.feed_at(chat.buf(), h.find_line(chat.buf(), "YAML files.") - 1)
    vim.cmd("Grove tomap")
    wait_calls("grove/knowledge/fromUnit", 1)
    assert.same({ workspaceUri = require("grove.workspace").uri(), unitId = answer.id }, last("grove/knowledge/fromUnit"))
    h.wait(function()
      return ask.float_buf() and float_text():find("The parser reads YAML files.", 1, true)
    end, "turn shown")
  end)

  it("renders again on grove/knowledge/didChange of its workspace and a newer revision", function()
    local data = open_map()
    local buf = knowledge.buf()
    local gets = #h.calls_of(calls, "grove/knowledge/get")
    client.dispatch("grove/knowledge/didChange", { workspaceUri = "file:///other", revision = 50, nodeIds = {}, edgeIds = {}, groupIds = {}, documentUris = {}, op = "edit" })
    client.dispatch("grove/knowledge/didChange", { workspaceUri = WS, revision = 4, nodeIds = {}, edgeIds = {}, groupIds = {}, documentUris = {}, op = "edit" })
    data.knowledge.revision = 5
    data.nodes[4].title = "Failures"
    client.dispatch("grove/knowledge/didChange", { workspaceUri = WS, revision = 5, nodeIds = { "n_errors" }, edgeIds = {}, groupIds = {}, documentUris = {}, op = "ask" })
    h.wait(function()
      return h.find_line(buf, "• Failures")
    end, "renamed node shown")
    assert.equals(gets + 1, #h.calls_of(calls, "grove/knowledge/get"))
    assert.truthy(h.find_line(buf, "~raises~> Failures"))
  end)
end)
