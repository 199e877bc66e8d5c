-- Suggestion cards from a real suggestion the server produced: drawn as virtual
-- lines under their unit in the chat (and the map), resolved with the card keys.
local h = require("tests.helpers")
local state = require("grove.state")
local chat = require("grove.ui.chat")
local cards = require("grove.ui.cards")

-- A path on one topic, then a message on an unrelated one: the server's topic-drift
-- detector proposes a branch.
local function drifting_project()
  local pid = h.new_project("Drift")
  local u = h.append(pid, nil, "user", "How should the SQLite store handle schema migrations and versioning?")
  u = h.append(pid, u.id, "assistant", "Number the SQLite migrations, apply each schema change in a transaction, record PRAGMA user_version.")
  u = h.append(pid, u.id, "user", "Should SQLite migrations be reversible, and how do I test the schema upgrade?")
  u = h.append(pid, u.id, "assistant", "Keep SQLite migrations forward-only; test each schema upgrade from a fixture database.")
  h.reload()
  vim.cmd("Grove send Unrelated: what is a good recipe for sourdough bread with rye flour?")
  h.wait(function()
    return state.sending() == nil and #state.suggestions() > 0
  end, "a suggestion arrived", 20000)
  return pid
end

-- True (after marking the test pending, with a note) when the server cannot make
-- structure suggestions from chat turns.
local function skip_without_suggestions()
  if not (h.supports("grove/suggestion/list") and h.supports("grove/chat/send")) then
    h.skip_note("grove/suggestion/* and grove/chat/send")
    pending("structure suggestions not offered by this server")
    return true
  end
  return false
end

describe("suggestion cards", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("renders a server suggestion as a card under its unit and rejects it with gr", function()
    if skip_without_suggestions() then
      return
    end
    local pid = drifting_project()
    local sug = state.suggestions()[1]
    local buf = chat.buf()
    h.wait(function()
      return #cards.drawn(buf) > 0
    end, "card drawn")
    local drawn = cards.drawn(buf)
    assert.truthy(drawn[1].text:find("suggestion: " .. sug.kind, 1, true), drawn[1].text)
    local keys = drawn[#drawn].text
    assert.truthy(keys:find("ga accept", 1, true) and keys:find("gr reject", 1, true) and keys:find("gd defer", 1, true))
    -- The card hangs under one of its anchors' blocks (or the latest turn); the keys
    -- work on that unit.
    local row = drawn[1].row
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
    assert.equals(sug.id, cards.for_unit(chat.unit_at_cursor()).id)
    h.feed("gr")
    h.wait(function()
      return #cards.drawn(buf) == 0
    end, "card gone")
    local listed = h.rpc("grove/suggestion/list", { projectId = pid }).suggestions
    local found
    for _, s in ipairs(listed) do
      if s.id == sug.id then
        found = s
      end
    end
    assert.equals("rejected", found.state)
  end)

  it("accepts a branch card with ga: the exchange moves into a branch with the card's title", function()
    if skip_without_suggestions() then
      return
    end
    local pid = drifting_project()
    local sug
    for _, s in ipairs(state.suggestions()) do
      if s.kind == "branch" then
        sug = s
      end
    end
    assert.truthy(sug, "a branch suggestion: " .. vim.inspect(state.suggestions()))
    local buf = chat.buf()
    h.wait(function()
      return #cards.drawn(buf) > 0
    end, "card drawn")
    local title = type(sug.title) == "string" and sug.title or nil
    if title then -- the card names the branch it proposes
      assert.truthy(cards.drawn(buf)[1].text:find('"' .. title .. '"', 1, true), cards.drawn(buf)[1].text)
    end
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { cards.drawn(buf)[1].row + 1, 0 })
    h.feed("ga")
    h.wait(function()
      return #cards.drawn(buf) == 0
    end, "card gone")
    local got = h.rpc("grove/suggestion/list", { projectId = pid, state = "accepted" }).suggestions
    assert.equals(sug.id, got[1] and got[1].id)
    local branch
    for _, b in ipairs(h.rpc("grove/project/get", { projectId = pid }).branches) do
      if not b.isMainline then
        branch = b
      end
    end
    assert.truthy(branch, "a branch was made")
    assert.equals(sug.anchorIds[1], branch.anchorId)
    if title then
      assert.equals(title, branch.title)
    end
    -- The chat shows the branch's message (the cursor stayed on it).
    h.wait(function()
      return h.find_line(buf, "sourdough bread")
    end, "chat still shows the moved exchange")
  end)

  it("defers with :Grove suggestions and keeps the card, marked deferred", function()
    if skip_without_suggestions() then
      return
    end
    drifting_project()
    local sug = state.suggestions()[1]
    local restore = h.stub_ui({
      select = function(items)
        if type(items[1]) == "string" then
          return "defer"
        end
        return items[1]
      end,
    })
    vim.cmd("Grove suggestions")
    h.wait(function()
      for _, d in ipairs(cards.drawn(chat.buf())) do
        if d.text:find("deferred", 1, true) then
          return true
        end
      end
    end, "card marked deferred")
    restore()
    local got = h.rpc("grove/suggestion/list", { projectId = state.project_id() }).suggestions
    local st
    for _, s in ipairs(got) do
      if s.id == sug.id then
        st = s.state
      end
    end
    assert.equals("deferred", st)
  end)

  it("gd on the prompt area acts on the nearest card and says which; with none it says so", function()
    if skip_without_suggestions() then
      return
    end
    local pid = drifting_project()
    local sug = state.suggestions()[#state.suggestions()]
    local buf = chat.buf()
    h.wait(function()
      return #cards.drawn(buf) > 0
    end, "card drawn")
    local seen, unrecord = h.record_notify()
    -- The cursor on the last line (the prompt area), nowhere near the card's anchor.
    h.feed_at(buf, vim.api.nvim_buf_line_count(buf) - 1, "gd")
    h.wait(function()
      for _, s in ipairs(h.rpc("grove/suggestion/list", { projectId = pid, state = "deferred" }).suggestions) do
        if s.id == sug.id then
          return true
        end
      end
    end, "the nearest card deferred")
    assert.truthy(seen[1] and seen[1].msg:find("defer the " .. sug.kind .. " suggestion", 1, true), vim.inspect(seen))
    -- With no card at all, the key says there is none.
    h.rpc("grove/suggestion/resolve", { suggestionId = sug.id, decision = "reject" })
    for _, s in ipairs(h.rpc("grove/suggestion/list", { projectId = pid, state = "pending" }).suggestions) do
      h.rpc("grove/suggestion/resolve", { suggestionId = s.id, decision = "reject" })
    end
    h.wait(function()
      return #state.suggestions() == 0
    end, "no cards left")
    h.feed_at(buf, 0, "ga")
    unrecord()
    assert.truthy(seen[#seen].msg:find("no suggestion card to accept", 1, true), vim.inspect(seen))
  end)
end)
