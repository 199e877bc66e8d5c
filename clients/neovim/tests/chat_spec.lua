-- The chat buffer driven through :Grove commands and its keys, checked against the
-- buffer's contents and the server's own state.
local h = require("tests.helpers")
local state = require("grove.state")
local chat = require("grove.ui.chat")

describe("chat buffer", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it(":Grove new opens a chat on a new project stored by the server", function()
    local pid = h.new_project("Chat one")
    local res = h.rpc("grove/project/get", { projectId = pid })
    assert.equals("Chat one", res.project.title)
    local buf = chat.buf()
    assert.equals(buf, vim.api.nvim_get_current_buf())
    assert.equals("Grove · Chat one", h.lines(buf)[1])
    assert.truthy(h.find_line(buf, "──── message ────"))
  end)

  it("sends the prompt area with <C-s> and shows the unit with role, kind and scope", function()
    local pid = h.new_project("Send")
    local buf = chat.buf()
    chat.set_prompt("How do I parse a config file?")
    vim.api.nvim_win_set_cursor(0, { vim.api.nvim_buf_line_count(buf), 0 })
    h.feed("<C-s>")
    h.wait(function()
      return h.find_line(buf, "▍user · message · in scope")
    end, "user unit rendered")
    local units = h.rpc("grove/project/get", { projectId = pid }).units
    local user
    for _, u in ipairs(units) do
      if u.role == "user" then
        user = u
      end
    end
    assert.equals("How do I parse a config file?", user.content)
    local header = h.find_line(buf, "▍user · message · in scope")
    assert.equals("  How do I parse a config file?", h.lines(buf)[header + 1])
    -- The prompt area was emptied, and stays the last part of the buffer.
    assert.equals("", chat.prompt_text())
    h.wait(function()
      return state.sending() == nil
    end, "the turn finished")
  end)

  it("branches from an earlier unit: siblings do not see each other in :Grove preview", function()
    local pid = h.new_project("Branching")
    local root = h.append(pid, nil, "user", "Plan the parser")
    local a1 = h.append(pid, root.id, "assistant", "Use a tokenizer")
    local main = h.append(pid, a1.id, "user", "MAINLINE-ONLY detail")
    h.set_cursor(main.id)
    local buf = chat.buf()
    h.wait(function()
      return h.find_line(buf, "MAINLINE-ONLY detail")
    end, "mainline rendered")
    -- Branch from the assistant's unit with the branch key, then send.
    vim.api.nvim_win_set_cursor(0, { chat.row_of(a1.id) + 1, 0 })
    h.feed("gb")
    assert.equals(a1.id, chat.composer().branch_from)
    assert.truthy(h.find_line(buf, "──── new branch from:"))
    chat.set_prompt("BRANCH-ONLY question")
    h.feed("<C-s>")
    h.wait(function()
      return h.find_line(buf, "BRANCH-ONLY question") and not h.find_line(buf, "MAINLINE-ONLY detail") and not state.sending()
    end, "chat shows the branch path")
    local res = h.rpc("grove/project/get", { projectId = pid })
    local head
    for _, b in ipairs(res.branches) do
      if not b.isMainline then
        head = b
      end
    end
    assert.truthy(head, "a branch exists")
    assert.equals(a1.id, head.anchorId)
    -- The preview from the branch shows the branch and the shared stem, not the sibling.
    chat.set_prompt("")
    local shown
    require("grove.ui.preview").open(function(r)
      shown = r
    end)
    h.wait(function()
      return shown
    end, "preview shown")
    local text = h.text(require("grove.ui.preview").buf())
    assert.truthy(text:find("BRANCH-ONLY question", 1, true))
    assert.truthy(text:find("Plan the parser", 1, true))
    -- The messages hold no sibling unit (the system prompt may carry the server's own
    -- summary of the main task, which is not a message the scope rules govern).
    local messages = text:sub(text:find("── user", 1, true) or 1)
    assert.falsy(messages:find("MAINLINE-ONLY detail", 1, true))
    for _, msg in ipairs(shown.messages) do
      assert.falsy(msg.content:find("MAINLINE-ONLY", 1, true))
    end
    require("grove.ui.preview").close()
    -- And from the mainline's tip, the branch is invisible.
    local from_main = h.rpc("grove/scope/preview", { projectId = pid, cursorId = main.id })
    for _, msg in ipairs(from_main.messages) do
      assert.falsy(msg.content:find("BRANCH-ONLY", 1, true))
    end
  end)

  it("the preview float shows exactly the server's system prompt and messages", function()
    local pid = h.new_project("Preview")
    local u1 = h.append(pid, nil, "user", "line one\nline two")
    local u2 = h.append(pid, u1.id, "assistant", "an answer")
    h.reload()
    local shown
    vim.cmd("Grove preview")
    require("grove.ui.preview").open(function(r)
      shown = r
    end)
    h.wait(function()
      return shown
    end, "preview")
    local expect = h.rpc("grove/scope/preview", { projectId = pid, cursorId = u2.id })
    assert.same(expect.messages, shown.messages)
    local lines = h.lines(require("grove.ui.preview").buf())
    local want = require("grove.ui.preview").format(expect)
    assert.same(want, lines)
    assert.truthy(vim.tbl_contains(lines, "line two"))
    assert.truthy(vim.tbl_contains(lines, "an answer"))
    require("grove.ui.preview").close()
  end)

  it("toggles a unit's scope with gs and edits a unit in a scratch buffer", function()
    local pid = h.new_project("Toggle")
    local u1 = h.append(pid, nil, "user", "first")
    local u2 = h.append(pid, u1.id, "assistant", "second")
    h.reload()
    local buf = chat.buf()
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { chat.row_of(u1.id) + 1, 0 })
    h.feed("gs")
    h.wait(function()
      return h.find_line(buf, "▍user · message · excluded")
    end, "excluded shown")
    assert.equals("excluded", h.rpc("grove/unit/getMany", { unitIds = { u1.id } }).units[1].scope)
    local prev = h.rpc("grove/scope/preview", { projectId = pid, cursorId = u2.id })
    assert.same({ u1.id }, prev.excluded)
    -- Edit u2: the scratch buffer holds its content; :w stores the new text.
    vim.api.nvim_win_set_cursor(0, { chat.row_of(u2.id) + 1, 0 })
    h.feed("ge")
    local ebuf = vim.api.nvim_get_current_buf()
    assert.equals("grove://edit/" .. u2.id, vim.api.nvim_buf_get_name(ebuf))
    assert.same({ "second" }, h.lines(ebuf))
    vim.api.nvim_buf_set_lines(ebuf, 0, -1, false, { "second, edited" })
    vim.cmd("write")
    h.wait(function()
      return h.find_line(buf, "  second, edited")
    end, "edit rendered in chat")
    assert.equals("second, edited", h.rpc("grove/unit/getMany", { unitIds = { u2.id } }).units[1].content)
    vim.cmd("bwipeout!")
  end)

  it("locates a chat unit in the context map with gm", function()
    local pid = h.new_project("Locate")
    local u1 = h.append(pid, nil, "user", "where am I")
    local u2 = h.append(pid, u1.id, "assistant", "in the map")
    h.reload()
    local buf = chat.buf()
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { chat.row_of(u1.id) + 2, 0 }) -- on its content line
    h.feed("gm")
    local map = require("grove.ui.map")
    assert.equals(map.buf(), vim.api.nvim_get_current_buf())
    assert.equals(map.row_of(u1.id) + 1, vim.api.nvim_win_get_cursor(0)[1])
    assert.truthy(h.lines(map.buf())[map.row_of(u2.id) + 1]:find("◀ cursor", 1, true))
  end)
end)
