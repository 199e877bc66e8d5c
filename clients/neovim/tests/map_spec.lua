-- The context map driven through its keys: tree, folds, scope marks, range actions,
-- delete with placeholders, mainline, rename, search, undo/redo.
local h = require("tests.helpers")
local state = require("grove.state")
local map = require("grove.ui.map")

-- root(user) -> a1(assistant) -> u2(user) -> a2(assistant) on the mainline, and a
-- branch b1(user) -> b2(assistant) anchored at a1.
local function fixture(title)
  local pid = h.new_project(title)
  local t = {}
  t.root = h.append(pid, nil, "user", "Set up the build")
  t.a1 = h.append(pid, t.root.id, "assistant", "Use CMake presets")
  t.u2 = h.append(pid, t.a1.id, "user", "Now the tests")
  t.a2 = h.append(pid, t.u2.id, "assistant", "GoogleTest it is")
  t.b1 = h.append(pid, t.a1.id, "user", "Side question about Ninja", { branch = { title = "ninja" } })
  t.b2 = h.append(pid, t.b1.id, "assistant", "Ninja is fast")
  h.set_cursor(t.a2.id) -- the server may have followed the appends into the branch

  vim.cmd("Grove map")
  vim.cmd("only")
  t.pid = pid
  t.buf = map.buf()
  return t
end

local function goto_unit(id)
  local row = map.row_of(id)
  assert.truthy(row, "unit " .. id .. " shown in the map")
  vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
end

local function line_of(id)
  return h.lines(map.buf())[map.row_of(id) + 1]
end

local function preview_ids(pid, cursor)
  local ids = {}
  for _, msg in ipairs(h.rpc("grove/scope/preview", { projectId = pid, cursorId = cursor }).messages) do
    for _, id in ipairs(msg.unitIds) do
      ids[id] = true
    end
  end
  return ids
end

describe("context map", function()
  setup(h.start_server)
  teardown(h.stop_server)
  local restore
  after_each(function()
    if restore then
      restore()
      restore = nil
    end
  end)

  it("draws the mainline with the branch nested under its anchor, marks and folds", function()
    local t = fixture("Tree")
    local lines = h.lines(t.buf)
    assert.truthy(lines[1]:find("Grove map · Tree", 1, true))
    -- Order: root, a1, the branch (header, b1, b2), then u2, a2.
    local order = { t.root.id, t.a1.id, t.b1.id, t.b2.id, t.u2.id, t.a2.id }
    for i = 2, #order do
      assert.is_true(map.row_of(order[i - 1]) < map.row_of(order[i]))
    end
    local header = lines[map.row_of(t.b1.id)]
    assert.truthy(header:find('├─▸ branch "ninja"', 1, true), header)
    assert.truthy(line_of(t.b1.id):find("│ ● user: Side question about Ninja  [out]", 1, true), line_of(t.b1.id))
    assert.truthy(line_of(t.root.id):find("● user: Set up the build  [in]", 1, true))
    assert.truthy(line_of(t.a2.id):find("○ assistant: GoogleTest it is  [in] ◀ cursor ⇥ end", 1, true), line_of(t.a2.id))
    -- The branch is one fold; closing it hides its units.
    goto_unit(t.b1.id)
    assert.equals(1, vim.fn.foldlevel(map.row_of(t.b1.id) + 1))
    assert.equals(0, vim.fn.foldlevel(map.row_of(t.u2.id) + 1))
    h.feed("zc")
    assert.equals(map.row_of(t.b1.id), vim.fn.foldclosed(map.row_of(t.b2.id) + 1))
    h.feed("zo")
  end)

  it("excludes a visual range, which leaves the preview", function()
    local t = fixture("Exclude")
    assert.truthy(preview_ids(t.pid, t.a2.id)[t.a1.id])
    goto_unit(t.root.id)
    -- root and a1 are adjacent lines: V j x excludes both in one request.
    h.feed("Vjx")
    h.wait(function()
      return line_of(t.a1.id):find("[excluded]", 1, true) and line_of(t.root.id):find("[excluded]", 1, true)
    end, "map shows both excluded")
    local ids = preview_ids(t.pid, t.a2.id)
    assert.falsy(ids[t.root.id])
    assert.falsy(ids[t.a1.id])
    assert.truthy(ids[t.u2.id])
    -- :Grove preview shows the same.
    local shown
    require("grove.ui.preview").open(function(r)
      shown = r
    end)
    h.wait(function()
      return shown
    end, "preview")
    local text = h.text(require("grove.ui.preview").buf())
    assert.falsy(text:find("Use CMake presets", 1, true))
    assert.truthy(text:find("Now the tests", 1, true))
    require("grove.ui.preview").close()
  end)

  it("toggles a range in one batch (Revert) and includes a unit from another branch", function()
    local t = fixture("Toggle")
    -- Toggle u2 (on the path, in scope) and a2: both become excluded.
    goto_unit(t.u2.id)
    h.feed("Vjt")
    h.wait(function()
      return line_of(t.u2.id):find("[excluded]", 1, true) and line_of(t.a2.id):find("[excluded]", 1, true)
    end, "toggled")
    local got = h.rpc("grove/unit/getMany", { unitIds = { t.u2.id, t.a2.id } }).units
    assert.equals("excluded", got[1].scope)
    assert.equals("excluded", got[2].scope)
    -- Include b2 (off the path): the mainline's preview now has it.
    goto_unit(t.b2.id)
    h.feed("i")
    h.wait(function()
      return line_of(t.b2.id):find("[included]", 1, true)
    end, "included")
    assert.truthy(preview_ids(t.pid, t.a2.id)[t.b2.id])
    -- Back to automatic: it leaves again.
    h.feed("a")
    h.wait(function()
      return line_of(t.b2.id):find("[out]", 1, true)
    end, "auto")
    assert.falsy(preview_ids(t.pid, t.a2.id)[t.b2.id])
  end)

  it("deletes after a preview and a confirmation, leaving a placeholder; undo and redo", function()
    local t = fixture("Delete")
    local answers = { select = "Cancel" }
    restore = h.stub_ui(answers)
    goto_unit(t.u2.id)
    h.feed("dd")
    h.wait(function()
      return #h.prompts > 0
    end, "confirmation asked")
    assert.truthy(h.prompts[1]:find("1 left as placeholder", 1, true), h.prompts[1])
    -- Cancelled: nothing changed on the server.
    assert.equals("message", h.rpc("grove/unit/getMany", { unitIds = { t.u2.id } }).units[1].kind)
    answers.select = "Delete"
    h.feed("dd")
    h.wait(function()
      return line_of(t.u2.id) and line_of(t.u2.id):find("⌫ (deleted)", 1, true)
    end, "placeholder shown")
    assert.equals("placeholder", h.rpc("grove/unit/getMany", { unitIds = { t.u2.id } }).units[1].kind)
    -- A leaf goes entirely.
    goto_unit(t.b2.id)
    h.feed("dd")
    h.wait(function()
      return map.row_of(t.b2.id) == nil
    end, "leaf removed")
    -- Undo brings the leaf back, redo removes it again.
    h.feed("u")
    h.wait(function()
      return map.row_of(t.b2.id) ~= nil
    end, "undo restored the leaf")
    h.feed("<C-r>")
    h.wait(function()
      return map.row_of(t.b2.id) == nil
    end, "redo removed it again")
    vim.cmd("Grove undo")
    h.wait(function()
      return map.row_of(t.b2.id) ~= nil
    end, ":Grove undo")
  end)

  it("sets the mainline's start and end", function()
    local t = fixture("Mainline")
    goto_unit(t.a1.id)
    h.feed("S")
    h.wait(function()
      return line_of(t.a1.id):find("⇤ start", 1, true)
    end, "start marked")
    assert.equals(t.a1.id, h.rpc("grove/project/get", { projectId = t.pid }).project.mainlineStartId)
    -- The model no longer sees the root from the mainline's tip.
    assert.falsy(preview_ids(t.pid, t.a2.id)[t.root.id])
    goto_unit(t.u2.id)
    h.feed("E")
    h.wait(function()
      return line_of(t.u2.id):find("⇥ end", 1, true)
    end, "end marked")
    assert.equals(t.u2.id, h.rpc("grove/project/get", { projectId = t.pid }).project.mainlineEndId)
  end)

  it("renames a branch, jumps to a unit in the chat, and searches", function()
    local t = fixture("Rename")
    restore = h.stub_ui({ input = "Ninja detour" })
    goto_unit(t.b2.id)
    h.feed("r")
    h.wait(function()
      return h.find_line(t.buf, '├─▸ branch "Ninja detour"')
    end, "renamed")
    local titles = {}
    for _, b in ipairs(h.rpc("grove/project/get", { projectId = t.pid }).branches) do
      titles[b.headId] = b.title
    end
    assert.equals("Ninja detour", titles[t.b1.id])
    -- <CR> on a branch unit: the chat switches to that branch's path.
    goto_unit(t.b1.id)
    h.feed("<CR>")
    local chat = require("grove.ui.chat")
    h.wait(function()
      return chat.row_of(t.b1.id) ~= nil and vim.api.nvim_get_current_buf() == chat.buf()
    end, "chat shows the branch")
    assert.equals(chat.row_of(t.b1.id) + 1, vim.api.nvim_win_get_cursor(0)[1])
    assert.is_nil(chat.row_of(t.u2.id))
    restore()
    -- Search: the hit is picked and shown in the map.
    restore = h.stub_ui({
      select = function(items)
        for _, hit in ipairs(items) do
          if hit.unitId == t.a2.id then
            return hit
          end
        end
      end,
    })
    vim.cmd("Grove search GoogleTest")
    h.wait(function()
      return vim.api.nvim_get_current_buf() == map.buf() and vim.api.nvim_win_get_cursor(0)[1] == map.row_of(t.a2.id) + 1
    end, "search hit focused")
  end)
end)
