-- Capsules from Neovim against the real server: extracted from chat units (gX), listed
-- by :Grove capsules with their review state, refused enabling before review (with a
-- clear message), reviewed with r, enabled with t (the [PATTERN] block reaches the
-- preview's system prompt), edited through a buffer and :w, disabled, deleted.
local h = require("tests.helpers")
local chat = require("grove.ui.chat")
local capsules = require("grove.ui.capsules")

local NEEDED = { "grove/capsule/extract", "grove/capsule/list", "grove/capsule/update", "grove/capsule/setEnabled", "grove/capsule/delete" }

local function offered()
  for _, method in ipairs(NEEDED) do
    if not h.supports(method) then
      h.skip_note(method)
      pending("capsules not offered by this server")
      return false
    end
  end
  return true
end

local function get(id)
  for _, c in ipairs(h.rpc("grove/capsule/list", vim.empty_dict()).capsules) do
    if c.id == id then
      return c
    end
  end
end

local function system_prompt(pid)
  return h.rpc("grove/scope/preview", { projectId = pid }).system
end

describe("capsules", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("extracts from selected chat units, reviews, enables, edits, disables and deletes", function()
    if not offered() then
      return
    end
    local pid, units = h.conversation("Release", {
      { "How do we cut a release of the parser library?", "First run the full test suite, then bump the version and tag it." },
      { "And after tagging?", "Publish the package and announce the release notes." },
    })
    local buf = chat.buf()
    -- Visual selection over the four units, then gX with the type picked.
    local first, last = chat.row_of(units[1].id), chat.row_of(units[4].id)
    local restore = h.stub_ui({ select = "task_sop" })
    h.feed_at(buf, first, "V" .. (last - first) .. "jgX")
    h.wait(function()
      return capsules.buf() and h.find_line(capsules.buf(), "[task_sop]")
    end, "capsule listed")
    restore()
    local list = h.rpc("grove/capsule/list", vim.empty_dict()).capsules
    assert.equals(1, #list)
    local c = list[1]
    assert.same({ units[1].id, units[2].id, units[3].id, units[4].id }, c.sourceUnitIds)
    local cbuf = capsules.buf()
    local row = capsules.row_of(c.id)
    assert.truthy(h.lines(cbuf)[row + 1]:find("review pending · off here", 1, true), h.lines(cbuf)[row + 1])

    -- Enabling before review: the core refuses, the view says what to do.
    local seen, unrecord = h.record_notify()
    h.feed_at(cbuf, row, "t")
    h.wait(function()
      for _, n in ipairs(seen) do
        if n.msg:find("review", 1, true) and n.msg:find("first", 1, true) then
          return true
        end
      end
    end, "a message saying to review first")
    unrecord()
    assert.same({}, get(c.id).enabledIn)

    -- r reviews; t enables it here; the preview's system prompt gains its block.
    h.feed_at(cbuf, row, "r")
    h.wait(function()
      return get(c.id).reviewed and h.lines(cbuf)[row + 1]:find("reviewed · off here", 1, true)
    end, "reviewed")
    h.feed_at(cbuf, row, "t")
    h.wait(function()
      return h.lines(cbuf)[row + 1]:find("enabled here", 1, true)
    end, "enabled here")
    assert.same({ pid }, get(c.id).enabledIn)
    assert.truthy(system_prompt(pid):find("[PATTERN: task_sop | " .. c.name .. "]", 1, true))

    -- <CR> opens name, instruction and example; :w saves them.
    h.feed_at(cbuf, row, "<CR>")
    local ebuf = vim.api.nvim_get_current_buf()
    assert.equals("grove://capsule/" .. c.id, vim.api.nvim_buf_get_name(ebuf))
    assert.equals("Name: " .. c.name, h.lines(ebuf)[1])
    vim.api.nvim_buf_set_lines(ebuf, 0, -1, false, { "Name: Release checklist", "Instruction:", "Run the tests, bump, tag, publish.", "Example:", "v1.2.0 went out this way." })
    vim.cmd("write")
    h.wait(function()
      return get(c.id).name == "Release checklist"
    end, "saved")
    local saved = get(c.id)
    assert.equals("Run the tests, bump, tag, publish.", saved.instruction)
    assert.equals("v1.2.0 went out this way.", saved.example)
    h.wait(function()
      return h.find_line(cbuf, "Release checklist")
    end, "list shows the new name")
    assert.truthy(system_prompt(pid):find("[PATTERN: task_sop | Release checklist]\nRun the tests, bump, tag, publish.", 1, true))
    vim.cmd("bwipeout!")

    -- t again disables; dd deletes after confirmation.
    row = capsules.row_of(c.id)
    h.feed_at(cbuf, row, "t")
    h.wait(function()
      return #get(c.id).enabledIn == 0
    end, "disabled")
    assert.falsy(system_prompt(pid):find("[PATTERN:", 1, true))
    restore = h.stub_ui({ select = "Delete" })
    h.feed_at(cbuf, capsules.row_of(c.id), "dd")
    h.wait(function()
      return get(c.id) == nil and h.find_line(cbuf, "no capsules yet")
    end, "deleted")
    restore()
  end)

  it(":Grove extract with a type on the unit under the cursor, and a clear message for a bad type", function()
    if not offered() then
      return
    end
    local _, units = h.conversation("Reasoning", { { "Why did the cache miss?", "The key included the timestamp, so every lookup was new." } })
    local buf = chat.buf()
    h.feed_at(buf, chat.row_of(units[2].id))
    vim.cmd("Grove extract reasoning")
    h.wait(function()
      return capsules.buf() and h.find_line(capsules.buf(), "[reasoning]")
    end, "reasoning capsule listed")
    local seen, unrecord = h.record_notify()
    h.feed_at(buf, chat.row_of(units[2].id))
    vim.cmd("Grove extract recipe")
    unrecord()
    assert.truthy(seen[1] and seen[1].msg:find("task_sop, reasoning, context_case", 1, true), vim.inspect(seen))
  end)
end)
