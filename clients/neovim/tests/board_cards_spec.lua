-- The board's cards against the real server (offline provider, DESIGN §11.4): with
-- `evolution: "cards"` a related capture makes an evolve card, listed under Cards at
-- the top of :GroveBoard; y accepts it (the board changes, the card goes), r rejects
-- one; a reorganize card left pending by O is accepted from its line; a card whose
-- memory is gone is refused (1002 cannotApply) and said so; a conversation of the
-- workspace puts a chat memory (C) on the board. Checked against the stored state.
local h = require("tests.helpers")
local board = require("grove.ui.board")
local config = require("grove.config")

local ws_dir, ws

local function need()
  for _, method in ipairs({ "grove/board/get", "grove/board/reorganize", "grove/suggestion/list", "grove/workspace/configure" }) do
    if not h.supports(method) then
      h.skip_note("board cards (" .. method .. ")")
      pending("no board cards on this server")
      return false
    end
  end
  return true
end

local function note(content)
  return h.rpc("grove/board/capture", { workspaceUri = ws, content = content }).item
end

local function pending_cards()
  return h.rpc("grove/suggestion/list", { workspaceUri = ws, state = "pending" }).suggestions
end

local function item(id)
  for _, it in ipairs(h.rpc("grove/board/get", { workspaceUri = ws }).items) do
    if it.id == id then
      return it
    end
  end
end

local function open()
  h.shown(board.open, ws)
  return board.buf()
end

-- Waits until the view draws card id (its row, 0-based).
local function card_row(id)
  h.wait(function()
    return board.row_of(id)
  end, "card " .. id .. " drawn")
  return board.row_of(id)
end

local function card_gone(id)
  h.wait(function()
    return not board.row_of(id)
  end, "card " .. id .. " gone from the view")
end

describe("board cards (real server)", function()
  setup(function()
    h.start_server()
    ws_dir, ws = h.temp_workspace()
  end)
  teardown(function()
    config.options.workspace = nil
    h.stop_server()
  end)
  after_each(h.cleanup)

  it("an evolve card is listed under Cards; c jumps to it, <CR> shows its ops, y accepts it", function()
    if not need() then
      return
    end
    h.rpc("grove/workspace/configure", { workspaceUri = ws, board = { evolution = "cards" } })
    local a = note("docker volume mounts for the postgres container keep the database files")
    note("the postgres container loses its database files without a docker volume mount")
    local cards = pending_cards()
    assert.equals(1, #cards, vim.inspect(cards))
    local card = cards[1]
    assert.equals("evolve", card.kind)
    local buf = open()
    local row = card_row(card.id)
    assert.truthy(h.find_line(buf, "Cards (1 pending · y accept · r reject"), h.text(buf))
    assert.truthy(h.lines(buf)[row + 1]:find("evolve: " .. require("grove.ui.buffer").oneline(card.title, 60), 1, true), h.text(buf))
    assert.is_true(row < h.row_with(buf, "What the AI understands"))
    -- The memory the card would change carries [proposed]; c goes to its card.
    local arow = h.drawn_row(board, a.id)
    assert.truthy(h.lines(buf)[arow + 1]:find("[proposed]", 1, true))
    h.feed_at(buf, arow, "c")
    assert.equals(row + 1, vim.api.nvim_win_get_cursor(0)[1])
    -- <CR> on the card: its reason and operations in a float.
    h.feed_at(buf, row, "<CR>")
    local details = h.text(board.float_buf())
    assert.truthy(details:find("Reason: " .. card.reason, 1, true), details)
    assert.truthy(details:find('1. UpdateItem "' .. require("grove.ui.buffer").oneline(a.title, 40), 1, true), details)
    assert.truthy(details:find("context = Related:", 1, true), details)
    vim.cmd("close")
    -- ? lists the card keys with the others.
    h.feed_at(buf, 0, "?")
    local keys = h.text(vim.api.nvim_get_current_buf())
    for _, want in ipairs({ "y        accept the card", "r        reject the card", "c        go to the memory's proposed card" }) do
      assert.truthy(keys:find(want, 1, true), keys)
    end
    h.feed("q")
    -- y: the card's ops apply; the card goes, the badge becomes updated.
    h.feed_at(buf, row, "y")
    h.rpc_until("grove/suggestion/list", { workspaceUri = ws, state = "pending" }, function(r)
      return #r.suggestions == 0
    end, "card accepted")
    assert.truthy(item(a.id).context:find("Related:", 1, true))
    card_gone(card.id)
    h.wait(function()
      local r = board.row_of(a.id)
      return r and h.lines(buf)[r + 1]:find("[updated]", 1, true) and not h.find_line(buf, "Cards (")
    end, "board redrawn with the accepted change")
  end)

  it("a card made while the board is open appears (didCreate); r rejects it", function()
    if not need() then
      return
    end
    h.rpc("grove/workspace/configure", { workspaceUri = ws, board = { evolution = "cards" } })
    local buf = open()
    note("postgres database files live in the docker volume of the container")
    local cards = h.rpc_until("grove/suggestion/list", { workspaceUri = ws, state = "pending" }, function(r)
      return #r.suggestions > 0
    end, "a card made").suggestions
    local card = cards[1]
    local row = card_row(card.id)
    local target = card.anchorIds[1]
    h.feed_at(buf, row, "r")
    h.rpc_until("grove/suggestion/list", { workspaceUri = ws, state = "rejected" }, function(r)
      for _, sug in ipairs(r.suggestions) do
        if sug.id == card.id then
          return true
        end
      end
    end, "card rejected")
    card_gone(card.id)
    -- Its badge goes from the memory, in the store and in the view's data.
    local function badge_gone(it)
      for _, badge in ipairs(it and it.badges or {}) do
        if badge.suggestionId == card.id then
          return false
        end
      end
      return it ~= nil
    end
    assert.is_true(badge_gone(item(target)))
    h.wait(function()
      for _, it in ipairs(board.data().items) do
        if it.id == target then
          return badge_gone(it)
        end
      end
    end, "proposed badge gone from the view")
    assert.is_nil(item(target).context:find("postgres database files live", 1, true))
  end)

  it("O leaves a reorganize card under Cards when not answered; y on it groups by file", function()
    if not need() then
      return
    end
    h.rpc("grove/workspace/configure", { workspaceUri = ws, board = { evolution = "off" } })
    for _, name in ipairs({ "alpha.lua", "beta.lua" }) do
      local path = ws_dir .. "/" .. name
      vim.fn.writefile({ "return '" .. name .. "'" }, path)
      h.rpc("grove/board/capture", { workspaceUri = ws, content = "return '" .. name .. "'", source = {
        uri = vim.uri_from_fname(path),
        range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 12 } },
        languageId = "lua",
      } })
    end
    local buf = open()
    -- The instruction is given; the accept/reject question is dismissed.
    h.stub_ui({ input = "by file", select = function()
      return nil
    end })
    h.feed_at(buf, 0, "O")
    local card = h.rpc_until("grove/suggestion/list", { workspaceUri = ws, state = "pending", kind = "reorganize" }, function(r)
      return #r.suggestions > 0
    end, "reorganize card").suggestions[1]
    local row = card_row(card.id)
    assert.truthy(h.lines(buf)[row + 1]:find("reorganize: ", 1, true), h.text(buf))
    h.feed_at(buf, row, "y")
    local data = h.rpc_until("grove/board/get", { workspaceUri = ws }, function(d)
      local titles = {}
      for _, g in ipairs(d.groups) do
        titles[g.title] = g.origin
      end
      return titles["alpha.lua"] == "reorganize" and titles["beta.lua"] == "reorganize"
    end, "grouped by file")
    card_gone(card.id)
    for _, g in ipairs(data.groups) do
      if g.title == "alpha.lua" then
        h.wait(function()
          return board.row_of(g.id)
        end, "new group drawn")
      end
    end
  end)

  it("a card naming a memory that is gone is refused with a clear message and stays", function()
    if not need() then
      return
    end
    h.rpc("grove/workspace/configure", { workspaceUri = ws, board = { evolution = "off" } })
    note("redis cache keys expire after an hour")
    local last = note("redis cache eviction uses the lru policy")
    local card = h.rpc("grove/board/reorganize", { workspaceUri = ws, instruction = "by kind", itemIds = { last.id, h.rpc("grove/board/get", { workspaceUri = ws }).items[1].id } }).suggestion
    -- Undoing the last capture takes its memory away.
    h.rpc("grove/board/undo", { workspaceUri = ws })
    assert.is_nil(item(last.id))
    local buf = open()
    local row = card_row(card.id)
    local seen, restore = h.record_notify()
    h.on_cleanup(restore)
    h.feed_at(buf, row, "y")
    h.wait(function()
      for _, n in ipairs(seen) do
        if n.msg:find("could not accept the reorganize suggestion", 1, true) then
          return true
        end
      end
    end, "refusal said")
    restore()
    local still = false
    for _, sug in ipairs(pending_cards()) do
      still = still or sug.id == card.id
    end
    assert.is_true(still)
    assert.truthy(board.row_of(card.id))
  end)

  it("a conversation of the workspace puts its memory on the board as a chat item (C)", function()
    if not need() then
      return
    end
    if not h.supports("grove/chat/send") then
      h.skip_note("grove/chat/send")
      return pending("no chat on this server")
    end
    local buf = open()
    local pid = h.new_project("Board chat")
    h.rpc("grove/chat/send", { projectId = pid, parentId = vim.NIL, content = "How should the nginx reverse proxy forward websocket upgrade headers?" })
    local chat = h.rpc_until("grove/board/get", { workspaceUri = ws }, function(d)
      for _, it in ipairs(d.items) do
        if it.kind == "chat" then
          return true
        end
      end
    end, "chat item on the board", 30000)
    local id
    for _, it in ipairs(chat.items) do
      if it.kind == "chat" then
        id = it.id
      end
    end
    h.wait(function()
      local r = board.row_of(id)
      return r and h.lines(buf)[r + 1]:find("C ", 1, true)
    end, "chat item drawn with C")
    -- A card made now (only grove/suggestion/didCreate announces it) reaches the
    -- board, never the open conversation's cards.
    local card = h.rpc("grove/board/reorganize", { workspaceUri = ws, instruction = "by kind" }).suggestion
    card_row(card.id)
    h.reload()
    for _, sug in ipairs(require("grove.state").suggestions()) do
      assert.are_not.equal(card.id, sug.id)
    end
    assert.is_nil(h.find_line(require("grove.ui.chat").buf(), "reorganize"))
  end)
end)
