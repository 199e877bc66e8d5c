-- The board views (:GroveBoard, :GroveBoardTimeline, :GroveCapture, refresh on save)
-- against fixtures shaped exactly like DESIGN §11's grove/board/* results: what is
-- drawn from a Board answer, and the exact requests each key sends. The same views
-- against the real server are in board_spec.lua.
local h = require("tests.helpers")
local board = require("grove.ui.board")
local client = require("grove.client")

local WS = "file:///ws"

-- A fake board service: get answers the fixture (revision bumped by each change),
-- edit/undo/redo answer a BoardChange, capture a capture result.
local function service()
  local data = h.fixture("board-get")
  local function change(op)
    data.board.revision = data.board.revision + 1
    return { workspaceUri = WS, revision = data.board.revision, itemIds = {}, groupIds = {}, linkIds = {}, op = op, refs = vim.empty_dict() }
  end
  return data, {
    ["grove/board/get"] = function()
      return h.copy(data)
    end,
    ["grove/board/edit"] = function()
      return change("edit")
    end,
    ["grove/board/undo"] = function()
      return change("undo")
    end,
    ["grove/board/redo"] = function()
      return change("redo")
    end,
  }
end

local calls, restore, restore_ui -- restored by h.cleanup after each test
local function open_board(timeline)
  local data, handlers = service()
  calls, restore = h.fake_methods(handlers)
  h.shown(timeline and board.open_timeline or board.open, WS)
  return data
end

local row_of_text = h.row_with

local function last(method)
  return h.last_call(calls, method)
end

local function wait_calls(method, n)
  h.wait_calls(calls, method, n)
end

describe("board view (contract fixtures)", function()
  setup(h.start_server)
  teardown(h.stop_server)
  after_each(h.cleanup)

  it("draws what the AI understands, nested groups, kind letters, badges, loose memories and links", function()
    open_board()
    local buf = board.buf()
    local text = h.text(buf)
    assert.truthy(h.lines(buf)[1]:find("revision 7 · 4 memories, 3 groups, 1 links", 1, true), text)
    assert.truthy(h.find_line(buf, "What the AI understands"), text)
    assert.truthy(h.find_line(buf, "  You are working on the config parser."), text)
    assert.truthy(h.find_line(buf, "▾ Parsing (2) · How config files are read"), text)
    -- Errors is nested in Parsing, its note one level deeper.
    assert.truthy(h.find_line(buf, "  ▾ Errors (1)"), text)
    assert.truthy(h.find_line(buf, "    N Error messages need line numbers"), text)
    local snip = h.lines(buf)[row_of_text(buf, "S parseConfig") + 1]
    assert.truthy(snip:find("  S parseConfig [updated] [stale] · ", 1, true), snip)
    assert.truthy(snip:find("config.lua:3-5", 1, true), snip)
    assert.truthy(h.find_line(buf, "  C Why YAML"), text)
    assert.truthy(h.find_line(buf, "▾ Docs (0)"), text)
    assert.truthy(h.find_line(buf, "In no group"), text)
    assert.truthy(h.find_line(buf, "  N Loose note [proposed]"), text)
    assert.truthy(h.find_line(buf, "  parseConfig ↔ Loose note · explains"), text)
    -- Rows map to what they show.
    h.feed_at(buf, row_of_text(buf, "C Why YAML"))
    assert.same({ "item", "m_chat" }, { board.entry_at_cursor().kind, board.entry_at_cursor().id })
    h.feed_at(buf, row_of_text(buf, "▾ Parsing"))
    assert.same({ "group", "g_parse" }, { board.entry_at_cursor().kind, board.entry_at_cursor().id })
    assert.same({ WS }, { last("grove/board/get").workspaceUri })
  end)

  it("m moves the memory or the group under the cursor to the picked group", function()
    open_board()
    local buf = board.buf()
    restore_ui = h.stub_ui({ select = function(items)
      for _, g in ipairs(items) do
        if g.title == "Docs" then
          return g
        end
      end
    end })
    h.feed_at(buf, row_of_text(buf, "N Loose note"), "m")
    wait_calls("grove/board/edit", 1)
    assert.same({ workspaceUri = WS, expectedRevision = 7, ops = { { op = "Move", itemIds = { "m_loose" }, to = "g_docs" } } }, last("grove/board/edit"))
    -- The board is shown again after the change.
    h.wait(function()
      return h.lines(buf)[1]:find("revision 8", 1, true)
    end, "reloaded")
    -- A group moves to the top level; it is not offered as its own target.
    local offered
    restore_ui()
    restore_ui = h.stub_ui({ select = function(items)
      offered = vim.tbl_map(function(g)
        return g.id
      end, items)
      return items[1]
    end })
    h.feed_at(buf, row_of_text(buf, "▾ Errors"), "m")
    wait_calls("grove/board/edit", 2)
    assert.is_false(vim.tbl_contains(offered, "g_errors"))
    assert.same({ { op = "Move", groupIds = { "g_errors" }, to = vim.NIL } }, last("grove/board/edit").ops)
  end)

  it("g groups the memory under the cursor, or the selected rows in visual mode", function()
    open_board()
    local buf = board.buf()
    restore_ui = h.stub_ui({ input = "Config work" })
    h.feed_at(buf, row_of_text(buf, "C Why YAML"), "g")
    wait_calls("grove/board/edit", 1)
    assert.same({ { op = "Group", itemIds = { "m_chat" }, groupIds = {}, title = "Config work" } }, last("grove/board/edit").ops)
    -- Visual: from the Errors group's row to the parseConfig row.
    restore_ui()
    restore_ui = h.stub_ui({ input = "" })
    local a, b = row_of_text(buf, "S parseConfig"), row_of_text(buf, "▾ Errors")
    h.feed_at(buf, math.min(a, b), "V" .. math.abs(b - a) .. "jg")
    wait_calls("grove/board/edit", 2)
    local op = last("grove/board/edit").ops[1]
    assert.equals("Group", op.op)
    assert.is_nil(op.title) -- empty: the core generates it
    assert.same({ "g_errors" }, op.groupIds)
    assert.is_true(vim.tbl_contains(op.itemIds, "m_snip"))
    assert.is_true(vim.tbl_contains(op.itemIds, "m_note"))
  end)

  it("l marks a memory then links it to another; x on a link unlinks it", function()
    open_board()
    local buf = board.buf()
    restore_ui = h.stub_ui({ input = "motivates" })
    h.feed_at(buf, row_of_text(buf, "C Why YAML"), "l")
    assert.equals("m_chat", board.marked())
    h.wait(function()
      return h.find_line(buf, "Why YAML (marked to link)")
    end, "mark shown")
    h.feed_at(buf, row_of_text(buf, "N Error messages"), "l")
    wait_calls("grove/board/edit", 1)
    assert.same({ { op = "Link", from = "m_chat", to = "m_note", label = "motivates" } }, last("grove/board/edit").ops)
    assert.is_nil(board.marked())
    h.feed_at(buf, row_of_text(buf, "↔ Loose note"), "x")
    wait_calls("grove/board/edit", 2)
    assert.same({ { op = "Unlink", id = "l_1" } }, last("grove/board/edit").ops)
  end)

  it("a archives, e edits a field (tags comma-separated), u and <C-r> undo and redo", function()
    open_board()
    local buf = board.buf()
    h.feed_at(buf, row_of_text(buf, "S parseConfig"), "a")
    wait_calls("grove/board/edit", 1)
    assert.same({ { op = "UpdateItem", id = "m_snip", archived = true } }, last("grove/board/edit").ops)
    local offered
    restore_ui = h.stub_ui({ input = "parser, yaml ,", select = function(items)
      offered = items
      return "tags"
    end })
    h.feed_at(buf, row_of_text(buf, "S parseConfig"), "e")
    wait_calls("grove/board/edit", 2)
    assert.same({ "title", "summary", "tags", "context", "memo", "content" }, offered)
    assert.same({ { op = "UpdateItem", id = "m_snip", tags = { "parser", "yaml" } } }, last("grove/board/edit").ops)
    -- A chat memory's text follows its units: no content field; a group has title and summary.
    h.feed_at(buf, row_of_text(buf, "C Why YAML"), "e")
    assert.same({ "title", "summary", "tags", "context" }, offered)
    restore_ui()
    restore_ui = h.stub_ui({ input = "Parser", select = "title" })
    h.feed_at(buf, row_of_text(buf, "▾ Parsing"), "e")
    wait_calls("grove/board/edit", 4)
    assert.same({ { op = "UpdateGroup", id = "g_parse", title = "Parser" } }, last("grove/board/edit").ops)
    h.feed_at(buf, 0, "u")
    wait_calls("grove/board/undo", 1)
    h.feed_at(buf, 0, "<C-r>")
    wait_calls("grove/board/redo", 1)
    assert.same({ workspaceUri = WS }, last("grove/board/undo"))
    assert.same({ workspaceUri = WS }, last("grove/board/redo"))
  end)

  it("<CR> opens a snippet's source range; a note's text shows in a float; ? lists the keys", function()
    local data = open_board()
    local buf = board.buf()
    -- Point the snippet at a real file of the test's directory.
    local path = h.dir .. "/config.lua"
    vim.fn.writefile({ "-- config", "", "function parseConfig(path)", "  return read(path)", "end" }, path)
    data.items[1].source.uri = vim.uri_from_fname(path)
    board.reload()
    h.wait(function()
      return h.find_line(buf, "S parseConfig") and board.data().items[1].source.uri == data.items[1].source.uri
    end, "reloaded")
    h.feed_at(buf, row_of_text(buf, "S parseConfig"), "<CR>")
    assert.equals(vim.fn.fnamemodify(path, ":p"), vim.api.nvim_buf_get_name(0))
    assert.same({ 3, 0 }, vim.api.nvim_win_get_cursor(0))
    h.feed_at(buf, row_of_text(buf, "N Loose note"), "<CR>")
    assert.equals("# Loose note", h.lines(board.float_buf())[1])
    assert.truthy(h.find_line(board.float_buf(), "Loose."))
    h.feed("q")
    h.feed_at(buf, 0, "?")
    local keys = h.text(vim.api.nvim_get_current_buf())
    for _, want in ipairs({ "m        move to a group", "l        link", "a        archive/restore", "<CR>     open", "u        undo", "<C-r>    redo" }) do
      assert.truthy(keys:find(want, 1, true), keys)
    end
    h.feed("q")
  end)

  it("O reorganises by an instruction as a card, accepted through grove/suggestion/resolve", function()
    local sug = { id = "s_r", kind = "reorganize", status = "pending", workspaceUri = WS, projectId = vim.NIL, reason = "Group by file",
      ops = { { op = "Group", ref = "a", itemIds = { "m_snip" }, title = "config.lua" } } }
    local _, handlers = service()
    handlers["grove/board/reorganize"] = function()
      return { suggestion = sug }
    end
    handlers["grove/suggestion/resolve"] = function()
      return { suggestion = sug, changed = { board = { workspaceUri = WS, revision = 8, itemIds = { "m_snip" }, groupIds = {}, linkIds = {}, op = "accept" } } }
    end
    calls, restore = h.fake_methods(handlers)
    h.shown(board.open, WS)
    local buf = board.buf()
    local prompt
    restore_ui = h.stub_ui({ input = "by file", select = function(items, opts)
      prompt = opts.prompt
      return items[1]
    end })
    h.feed_at(buf, 0, "O")
    wait_calls("grove/suggestion/resolve", 1)
    assert.same({ workspaceUri = WS, instruction = "by file" }, last("grove/board/reorganize"))
    assert.equals("Reorganise: Group by file (1 operations)", prompt)
    assert.same({ suggestionId = "s_r", decision = "accept" }, last("grove/suggestion/resolve"))
    -- Visual: limited to the selected memories and groups.
    local a, b = row_of_text(buf, "▾ Errors"), row_of_text(buf, "N Error messages")
    h.feed_at(buf, a, "V" .. (b - a) .. "jO")
    wait_calls("grove/suggestion/resolve", 2)
    assert.same({ workspaceUri = WS, instruction = "by file", groupIds = { "g_errors" }, itemIds = { "m_note" } }, last("grove/board/reorganize"))
  end)

  it("renders again on grove/board/didChange of its workspace and a newer revision only", function()
    local data = open_board()
    local buf = board.buf()
    local gets = #h.calls_of(calls, "grove/board/get")
    -- Another workspace, and the revision already shown: nothing to do.
    client.dispatch("grove/board/didChange", { workspaceUri = "file:///other", revision = 99, itemIds = {}, groupIds = {}, linkIds = {}, op = "edit" })
    client.dispatch("grove/board/didChange", { workspaceUri = WS, revision = 7, itemIds = {}, groupIds = {}, linkIds = {}, op = "edit" })
    -- A change made elsewhere: a new note.
    data.board.revision = 8
    local note = h.copy(data.items[4])
    note.id, note.title, note.createdAt = "m_new", "Fresh note", "2026-11-26T12:00:00.000Z"
    table.insert(data.items, note)
    client.dispatch("grove/board/didChange", { workspaceUri = WS, revision = 8, itemIds = { "m_new" }, groupIds = {}, linkIds = {}, op = "capture" })
    h.wait(function()
      return h.find_line(buf, "N Fresh note")
    end, "new note shown")
    assert.equals(gets + 1, #h.calls_of(calls, "grove/board/get"))
  end)

  it(":GroveBoardTimeline lists the memories by creation time, grouped by day", function()
    open_board(true)
    local buf = board.timeline_buf()
    local lines = h.lines(buf)
    local order = {}
    for _, l in ipairs(lines) do
      local title = l:match("^  %d%d:%d%d  %a (.-) ?[%[·]") or l:match("^  %d%d:%d%d  %a (.+)$")
      if title then
        table.insert(order, vim.trim(title))
      end
    end
    assert.same({ "Loose note", "Why YAML", "parseConfig", "Error messages need line numbers" }, order, h.text(buf))
    assert.truthy(h.find_line(buf, "2026-11-24"))
    assert.truthy(h.find_line(buf, "  09:00  S parseConfig"), h.text(buf))
    assert.truthy(h.find_line(buf, "· in Errors"), h.text(buf))
    assert.equals(row_of_text(buf, "Why YAML"), board.timeline_row_of("m_chat"))
  end)
end)

describe("capture to the board and refresh on save (contract fixtures)", function()
  setup(h.start_server)
  teardown(h.stop_server)
  after_each(h.cleanup)

  it(":GroveCapture sends grove/board/capture with the source, memo and workspace", function()
    local item = h.fixture("board-get").items[1]
    calls, restore = h.fake_methods({
      ["grove/board/capture"] = function()
        return { item = item, placement = { groupId = "g_parse", score = 0.7, created = false, threshold = 0, related = {}, groups = {}, method = "native" }, evolution = vim.NIL, unit = vim.NIL }
      end,
    })
    local path = h.dir .. "/calc.lua"
    vim.fn.writefile({ "local M = {}", "function M.add(a, b)", "  return a + b", "end", "return M" }, path)
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    restore_ui = h.stub_ui({ input = "the adder" })
    local seen, unrecord = h.record_notify()
    h.feed("2GVj:GroveCapture\r")
    wait_calls("grove/board/capture", 1)
    h.wait(function()
      return #seen > 0
    end, "told where it went")
    unrecord()
    local p = last("grove/board/capture")
    assert.equals(require("grove.workspace").uri(vim.api.nvim_get_current_buf()), p.workspaceUri)
    assert.is_nil(p.workspaceUri:match("/$"))
    assert.equals("function M.add(a, b)\n  return a + b", p.content)
    assert.same({
      uri = vim.uri_from_fname(vim.fn.fnamemodify(path, ":p")),
      range = { start = { line = 1, character = 0 }, ["end"] = { line = 2, character = 14 } },
      languageId = "lua",
      memo = "the adder",
    }, p.source) -- no treesitter parser or LSP client here: no symbol
    assert.is_nil(p.projectId)
    assert.truthy(seen[1].msg:find('captured "parseConfig" on the board, in a group with related memories', 1, true), vim.inspect(seen))
  end)

  it("sends grove/workspace/refresh for a saved file while the server runs", function()
    calls, restore = h.fake_methods({
      ["grove/workspace/refresh"] = function()
        return { anchors = {}, documents = { added = {}, updated = {}, removed = {} } }
      end,
    })
    local path = h.dir .. "/saved.lua"
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    vim.api.nvim_buf_set_lines(0, 0, -1, false, { "return 1" })
    vim.cmd("write")
    wait_calls("grove/workspace/refresh", 1)
    assert.same({ workspaceUri = require("grove.workspace").uri(vim.api.nvim_get_current_buf()),
      changes = { { uri = vim.uri_from_fname(vim.fn.fnamemodify(path, ":p")), type = "changed" } } }, last("grove/workspace/refresh"))
    -- Off by option.
    require("grove.config").options.refresh_on_save = false
    vim.cmd("write")
    require("grove.config").options.refresh_on_save = true
    assert.equals(1, #h.calls_of(calls, "grove/workspace/refresh"))
  end)
end)

describe("workspace folder", function()
  it("is the working directory for a file under it, else the git root, without a trailing slash", function()
    local ws = require("grove.workspace")
    local cwd = vim.fn.getcwd()
    assert.equals(vim.uri_from_fname(cwd), ws.uri())
    local outside = vim.fn.tempname()
    vim.fn.mkdir(outside .. "/repo/.git", "p")
    vim.fn.mkdir(outside .. "/repo/src", "p")
    vim.cmd("edit " .. vim.fn.fnameescape(outside .. "/repo/src/x.lua"))
    assert.equals(vim.uri_from_fname(outside .. "/repo"), ws.uri(vim.api.nvim_get_current_buf()))
    require("grove.config").options.workspace = outside
    assert.equals(vim.uri_from_fname(outside), ws.uri(vim.api.nvim_get_current_buf()))
    require("grove.config").options.workspace = nil
  end)
end)
