-- :Grove capture on a real file: charwise and linewise selections, UTF-16 columns,
-- the memo typed through vim.ui.input, and the code unit the server stores.
local h = require("tests.helpers")
local chat = require("grove.ui.chat")

local function source_file()
  local path = h.dir .. "/greet.lua"
  vim.fn.writefile({ "local a = 1", 'local s = "héllo 😀 wörld"', "return s .. a" }, path)
  return path
end

local function code_units(pid)
  local out = {}
  for _, u in ipairs(h.rpc("grove/project/get", { projectId = pid }).units) do
    if u.kind == "code" then
      table.insert(out, u)
    end
  end
  return out
end

describe("capture", function()
  setup(h.start_server)
  teardown(h.stop_server)
  local restore
  after_each(function()
    if restore then
      restore()
      restore = nil
    end
  end)

  it("captures a charwise selection with a memo as a code unit with its file and range", function()
    local pid = h.new_project("Capture")
    local first = h.append(pid, nil, "user", "Look at this code")
    h.reload()
    local path = source_file()
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    restore = h.stub_ui({ input = "the greeting" })
    local seen, unrecord = h.record_notify()
    local client = require("grove.client")
    local request, cursor_moves = client.request, 0
    client.request = function(method, ...)
      cursor_moves = cursor_moves + (method == "grove/project/setCursor" and 1 or 0)
      return request(method, ...)
    end
    -- Select what is inside the quotes on line 2, then :'<,'>Grove capture.
    h.feed('2G0f"lvt":Grove capture\r')
    h.wait(function()
      return #code_units(pid) == 1 and #seen > 0
    end, "code unit stored")
    client.request = request
    unrecord()
    -- It says where the capture went, and the server's append already moved the cursor.
    assert.truthy(seen[#seen].msg:find("as a code unit on the main line", 1, true), vim.inspect(seen))
    assert.equals(0, cursor_moves)
    local u = code_units(pid)[1]
    assert.equals("héllo 😀 wörld", u.content)
    assert.equals("user", u.role)
    assert.equals(first.id, u.parentId)
    assert.equals(vim.uri_from_fname(vim.fn.fnamemodify(path, ":p")), u.source.uri)
    assert.equals("lua", u.source.languageId)
    assert.equals("the greeting", u.source.memo)
    -- Characters are UTF-16 code units: 😀 counts two.
    assert.same({ line = 1, character = 11 }, u.source.range.start)
    assert.same({ line = 1, character = 25 }, u.source.range["end"])
    assert.truthy(h.prompts[1]:find("Memo", 1, true))
    -- The chat shows it as a code unit with its file and lines, and the memo.
    local buf = chat.buf()
    h.wait(function()
      return h.find_line(buf, "▍user · code · in scope · ")
    end, "code unit in chat")
    local header = h.lines(buf)[h.find_line(buf, "▍user · code")]
    assert.truthy(header:find("greet.lua:2-2", 1, true), header)
    assert.truthy(h.find_line(buf, "  memo: the greeting"))
    assert.truthy(h.find_line(buf, "  héllo 😀 wörld"))
    -- It is in what the model receives next.
    local prev = h.rpc("grove/scope/preview", { projectId = pid, cursorId = u.id })
    local seen = false
    for _, msg in ipairs(prev.messages) do
      seen = seen or vim.tbl_contains(msg.unitIds, u.id)
    end
    assert.is_true(seen)
  end)

  it("costs four requests: the append and one load, the didChange that follows is skipped", function()
    local pid = h.new_project("Cost")
    local first = h.append(pid, nil, "user", "Look at this code")
    h.reload()
    -- The append's didChange can come after that reload; its refresh must not land
    -- among the requests counted below.
    h.settle(first.revision)
    local path = source_file()
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    restore = h.stub_ui({ input = "why" })
    local client = require("grove.client")
    local state = require("grove.state")
    local request, calls = client.request, {}
    client.request = function(method, ...)
      table.insert(calls, method)
      return request(method, ...)
    end
    local done = false
    require("grove.capture").capture(2, 2, function()
      done = true
    end)
    h.wait(function()
      return done
    end, "captured and shown")
    -- The append's didChange comes before the answer to this request, and whatever it
    -- queued has finished once the state says it has caught up.
    local pinged, settled = false, false
    request("grove/project/list", vim.empty_dict(), function()
      pinged = true
    end)
    h.wait(function()
      return pinged
    end, "ping answered")
    state.catch_up(state.project().revision, function()
      settled = true
    end)
    h.wait(function()
      return settled
    end, "didChange work finished")
    client.request = request
    -- Before results carried their revision and cursor, the same capture cost 7: the
    -- append, a load (project, scope, suggestions), and that load again for the
    -- capture's own didChange. A load is now the structure (no text), the text of the
    -- chat's path and the scope.
    assert.same({ "grove/unit/append", "grove/project/structure", "grove/unit/getMany", "grove/scope/preview" }, calls)
    assert.equals(1, #code_units(pid))
  end)

  it("captures whole lines from a linewise selection", function()
    local pid = h.new_project("Lines")
    local path = source_file()
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    restore = h.stub_ui({ input = "" })
    h.feed("2GVj:Grove capture\r")
    h.wait(function()
      return #code_units(pid) == 1
    end, "code unit stored")
    local u = code_units(pid)[1]
    assert.equals('local s = "héllo 😀 wörld"\nreturn s .. a', u.content)
    assert.same({ line = 1, character = 0 }, u.source.range.start)
    assert.same({ line = 2, character = 13 }, u.source.range["end"])
    -- No memo typed: none stored (absent, null or empty).
    assert.is_true(u.source.memo == nil or u.source.memo == "", vim.inspect(u.source.memo))
  end)

  it("stores nothing when the memo prompt is cancelled", function()
    local pid = h.new_project("Cancelled")
    local path = source_file()
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    restore = h.stub_ui({ input = nil })
    h.feed("1GV:Grove capture\r")
    -- The prompt was answered (cancelled) synchronously; a follow-up request is
    -- ordered after any append would have been.
    assert.equals(1, #h.prompts)
    assert.equals(0, #code_units(pid))
  end)
end)
