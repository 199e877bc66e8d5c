-- Views follow grove/project/didChange: a change made by someone else (here, a
-- request that bypasses the UI, as another editor on the same core would make)
-- re-renders the chat and the map in every window; a content or scope change
-- fetches only the changed units.
local h = require("tests.helpers")
local client = require("grove.client")
local chat = require("grove.ui.chat")
local map = require("grove.ui.map")

-- Records the methods the plugin requests while fn's effects settle.
local function spy_requests()
  local calls = {}
  local orig = client.request
  client.request = function(method, params, cb)
    table.insert(calls, method)
    return orig(method, params, cb)
  end
  return calls, function()
    client.request = orig
  end
end

describe("sync", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("re-renders chat and map in every window from didChange, fetching only changed units", function()
    local pid = h.new_project("Sync")
    local u1 = h.append(pid, nil, "user", "original text")
    h.reload()
    chat.open()
    vim.cmd("Grove map")
    vim.cmd("split") -- a second window on the map
    local chat_buf, map_buf = chat.buf(), map.buf()
    assert.equals(2, #vim.fn.win_findbuf(map_buf))
    local calls, restore = spy_requests()
    -- "Another editor" edits the unit.
    h.rpc("grove/unit/edit", { unitId = u1.id, content = "changed elsewhere" })
    h.wait(function()
      return h.find_line(chat_buf, "  changed elsewhere") and h.find_line(map_buf, "user: changed elsewhere")
    end, "both views updated")
    restore()
    assert.truthy(vim.tbl_contains(calls, "grove/unit/getMany"), vim.inspect(calls))
    assert.falsy(vim.tbl_contains(calls, "grove/project/get") or vim.tbl_contains(calls, "grove/project/structure"), vim.inspect(calls))
    -- Both map windows show the same buffer, so the same lines.
    for _, win in ipairs(vim.fn.win_findbuf(map_buf)) do
      assert.equals(map_buf, vim.api.nvim_win_get_buf(win))
    end
    -- A structural change from elsewhere (a new unit) reloads the tree.
    local u2 = h.append(pid, u1.id, "assistant", "appended elsewhere")
    h.wait(function()
      return map.row_of(u2.id) ~= nil
    end, "map shows the new unit")
    -- A scope change from elsewhere shows up as well.
    h.rpc("grove/unit/setScope", { unitIds = { u1.id }, scope = "excluded" })
    h.wait(function()
      return h.lines(map_buf)[map.row_of(u1.id) + 1]:find("[excluded]", 1, true)
    end, "scope change shown")
  end)

  it("ignores changes to other projects", function()
    local other = h.rpc("grove/project/create", { title = "Other" })
    local pid = h.new_project("Mine")
    h.append(pid, nil, "user", "mine")
    h.reload()
    local calls, restore = spy_requests()
    h.rpc("grove/unit/append", { projectId = other.id, parentId = vim.NIL, role = "user", content = "theirs" })
    -- A request after the append is answered after its didChange was handled.
    h.rpc("grove/project/list", vim.empty_dict())
    restore()
    assert.same({ "grove/unit/append", "grove/project/list" }, calls)
    assert.is_nil(h.find_line(chat.buf(), "theirs"))
  end)

  it("a change whose result carries the revision loads the project once, not twice", function()
    local pid = h.new_project("Once")
    h.append(pid, nil, "user", "a unit")
    h.reload()
    local calls, restore = spy_requests()
    local done = false
    require("grove.actions").rename_project("Renamed once", function()
      done = true
    end)
    h.wait(function()
      return done and h.lines(chat.buf())[1] == "Grove · Renamed once"
    end, "renamed and shown")
    -- Let anything still queued run before counting.
    vim.wait(50)
    restore()
    -- The tree is read through the structure read, or grove/project/get on older cores.
    local gets = 0
    for _, method in ipairs(calls) do
      if method == "grove/project/get" or method == "grove/project/structure" then
        gets = gets + 1
      end
    end
    assert.equals(1, gets, vim.inspect(calls))
  end)
end)
