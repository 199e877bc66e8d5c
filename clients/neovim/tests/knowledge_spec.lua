-- The knowledge-map views against the real server (offline provider): the outline's
-- keys change the stored graph (checked with grove/knowledge/get) and undo; a change
-- made by another client re-renders; :GroveIngest reads a workspace of documents with
-- progress; :GroveAsk shows an answer with citations that open, and "I don't know".
-- Skipped while the server does not offer grove/knowledge/*.
local h = require("tests.helpers")
local ask = require("grove.ui.ask")
local config = require("grove.config")
local knowledge = require("grove.ui.knowledge")

local ws_dir, ws

local function need(method)
  for _, name in ipairs({ "grove/knowledge/get", "grove/knowledge/edit", method }) do
    if name and not h.supports(name) then
      h.skip_note(name)
      pending("not on this server: " .. name)
      return false
    end
  end
  return true
end

local function graph()
  return h.rpc("grove/knowledge/get", { workspaceUri = ws, include = { "graph" } })
end

local function node_titled(data, title)
  for _, n in ipairs(data.nodes or {}) do
    if n.title == title then
      return n
    end
  end
end

local function until_graph(pred, msg)
  return h.rpc_until("grove/knowledge/get", { workspaceUri = ws, include = { "graph" } }, pred, msg)
end

local function open()
  h.shown(knowledge.open, ws)
  return knowledge.buf()
end

local function row_of(id)
  return h.drawn_row(knowledge, id)
end

describe("knowledge map view (real server)", function()
  setup(function()
    h.start_server()
    ws_dir, ws = h.temp_workspace("docs")
  end)
  teardown(function()
    config.options.workspace = nil
    h.stop_server()
  end)
  local restore
  after_each(h.cleanup)

  it("a, r, s, d change the stored map; u undoes; the outline follows", function()
    if not need() then
      return
    end
    local buf = open()
    restore = h.stub_ui({ input = "Configuration" })
    h.feed_at(buf, 0, "a") -- no node under the cursor: a top-level node
    local data = until_graph(function(d)
      return node_titled(d, "Configuration")
    end, "root added")
    local root = node_titled(data, "Configuration")
    h.wait(function()
      return knowledge.row_of(root.id)
    end, "root drawn")
    restore()
    restore = h.stub_ui({ input = "Parsing" })
    h.feed_at(buf, row_of(root.id), "a")
    data = until_graph(function(d)
      local n = node_titled(d, "Parsing")
      return n and vim.tbl_contains(n.parentIds, root.id)
    end, "child added")
    local child = node_titled(data, "Parsing")
    h.wait(function()
      return knowledge.row_of(child.id)
    end, "child drawn")
    local child_line = h.lines(buf)[row_of(child.id) + 1]
    assert.truthy(child_line:find("^  • Parsing"), h.text(buf))
    restore()
    restore = h.stub_ui({ input = "Reading config" })
    h.feed_at(buf, row_of(child.id), "r")
    until_graph(function(d)
      return node_titled(d, "Reading config")
    end, "renamed")
    h.wait(function()
      return h.find_line(buf, "• Reading config")
    end, "rename drawn")
    restore()
    h.feed_at(buf, row_of(root.id), "s")
    until_graph(function(d)
      return node_titled(d, "Configuration").starred == true
    end, "starred")
    h.wait(function()
      return h.find_line(buf, "★ Configuration")
    end, "star drawn")
    restore = h.stub_ui({ select = "delete" })
    h.feed_at(buf, row_of(child.id), "d")
    until_graph(function(d)
      return not node_titled(d, "Reading config")
    end, "deleted")
    h.wait(function()
      return not knowledge.row_of(child.id)
    end, "deletion drawn")
    h.feed_at(buf, 0, "u")
    until_graph(function(d)
      return node_titled(d, "Reading config")
    end, "undone")
    h.wait(function()
      return knowledge.row_of(child.id)
    end, "undo drawn")
    -- Another client adds a semantic edge: drawn under its node from didChange.
    h.rpc("grove/knowledge/edit", { workspaceUri = ws, ops = {
      { op = "AddNode", ref = "e", title = "Errors", parentId = vim.NIL },
      { op = "AddEdge", from = child.id, to = "$e", label = "raises" },
    } })
    h.wait(function()
      return h.find_line(buf, "~raises~> Errors")
    end, "edge drawn from didChange")
  end)

  it(":GroveIngest reads the workspace with progress; :GroveAsk answers with citations that open", function()
    if not need("grove/knowledge/ingest") or not need("grove/knowledge/ask") then
      return
    end
    local doc = ws_dir .. "/docs/parser.md"
    vim.fn.writefile({
      "# Parser",
      "",
      "The config parser reads YAML files from the project folder.",
      "It validates every key against the schema before loading.",
      "",
      "# Cache",
      "",
      "Parsed configuration is cached per directory until a file changes.",
    }, doc)
    local seen, unrecord = h.record_notify()
    vim.cmd("GroveIngest")
    h.wait(function()
      for _, n in ipairs(seen) do
        -- The reply's message (with the counts), not the progress end
        -- ("ingested 1 documents"), which can come first.
        if n.msg:find("Grove: ingested %d+ documents %(") then
          return true
        end
      end
    end, "ingest finished", 60000)
    unrecord()
    local msgs = table.concat(vim.tbl_map(function(n)
      return n.msg
    end, seen), "\n")
    assert.truthy(msgs:find("ingested 1 documents (1 added", 1, true), msgs)
    local info = graph().knowledge
    assert.equals(1, info.documents)
    local turn
    ask.ask("What does the config parser read?", nil, function(t)
      turn = t
    end, ws)
    h.wait(function()
      return turn
    end, "answer", 30000)
    local text = h.text(ask.float_buf())
    assert.truthy(text:find("Q: What does the config parser read?", 1, true), text)
    if turn.answer and turn.answer.known then
      assert.truthy(#turn.answer.citations > 0, vim.inspect(turn))
      assert.truthy(text:find("parser.md:", 1, true), text)
      vim.api.nvim_win_set_cursor(0, { ask.citation_row(1) + 1, 0 })
      h.feed("<CR>")
      assert.equals(vim.fn.fnamemodify(doc, ":p"), vim.api.nvim_buf_get_name(0))
      assert.equals(turn.answer.citations[1].range.start.line + 1, vim.api.nvim_win_get_cursor(0)[1])
    else
      error("the offline answer did not find the document:\n" .. text)
    end
    -- Nothing in the documents answers this.
    turn = nil
    ask.ask("Who won the 1966 football world cup?", nil, function(t)
      turn = t
    end, ws)
    h.wait(function()
      return turn
    end, "answer", 30000)
    text = h.text(ask.float_buf())
    if type(turn.failure) == "table" then
      assert.truthy(text:find("Could not do it (" .. turn.failure.kind .. ")", 1, true), text)
    else
      assert.is_false(turn.answer.known, vim.inspect(turn))
      assert.truthy(text:find("I don't know", 1, true), text)
    end
  end)

  it("S offers suggested children and accepting one adds it under the node", function()
    if not need("grove/knowledge/suggest") then
      return
    end
    local buf = open()
    local data = graph()
    local node = node_titled(data, "Configuration")
    assert.truthy(node, "the first test's node")
    local offered
    restore = h.stub_ui({ select = function(items)
      offered = items
      return items[1]
    end })
    local seen, unrecord = h.record_notify()
    local done = false
    knowledge.suggest(node, function()
      done = true
    end)
    h.wait(function()
      return done
    end, "suggest answered", 30000)
    unrecord()
    if not offered then
      -- Nothing grounded to suggest: said so.
      assert.truthy(seen[1] and seen[1].msg:find("no new children", 1, true), vim.inspect(seen))
      return
    end
    local title = offered[1].title
    until_graph(function(d)
      local n = node_titled(d, title)
      return n and vim.tbl_contains(n.parentIds, node.id)
    end, "suggested child added")
    h.wait(function()
      return h.find_line(buf, title)
    end, "child drawn")
  end)
end)
