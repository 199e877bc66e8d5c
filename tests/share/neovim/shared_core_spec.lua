-- Issue 4 end to end: a real Neovim client (grove.nvim, driven through its
-- commands) and a second editor on the same store share one core, and each
-- sees the other's changes. Run by tests/share/run through the Neovim
-- client's runner (clients/neovim/scripts/test <this file>).
local h = require("tests.helpers")
local chat = require("grove.ui.chat")

local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
local Peer = dofile(here .. "/peer.lua")

local function did_change_for(pid)
  return function(n)
    return n.method == "grove/project/didChange" and n.params.projectId == pid
  end
end

local function unit_with(units, content)
  for _, u in ipairs(units) do
    if u.content == content then
      return u
    end
  end
end

describe("one core per store", function()
  local peer, peer_init

  setup(function()
    -- The store and a private runtime dir (where the owner's socket lives).
    h.dir = vim.fn.tempname()
    vim.fn.mkdir(h.dir .. "/run", "p", 448) -- 0700
    local env = { XDG_RUNTIME_DIR = h.dir .. "/run", XDG_CONFIG_HOME = h.dir .. "/config" }
    h.start_server(env)
    peer = Peer.start(vim.env.GROVE_SERVER, h.dir .. "/grove.db",
      vim.tbl_extend("force", env, { GROVE_DB = false, GROVE_TOKEN = false }))
    peer_init = peer:call("initialize", {
      processId = vim.NIL,
      clientInfo = { name = "second-editor", version = "1" },
      capabilities = vim.empty_dict(),
    })
    peer:notify("initialized")
  end)

  teardown(function()
    if peer then
      peer:close()
    end
    h.stop_server()
  end)

  it("the Neovim client owns the core and the second editor joins it", function()
    assert.is_nil(peer_init.error, vim.inspect(peer_init.error))
    assert.equals("joined", peer_init.result.capabilities.grove.core.role)
    local names = {}
    for _, c in ipairs(peer:result("grove/server/clients").clients) do
      names[c.name] = true
    end
    assert.same({ ["grove.nvim"] = true, ["second-editor"] = true }, names)
  end)

  it("shows each editor the other's changes", function()
    -- Neovim starts a project and sends a message through its UI ...
    local pid = h.new_project("Shared")
    local listed = {}
    for _, p in ipairs(peer:result("grove/project/list").projects) do
      listed[p.id] = p.title
    end
    assert.equals("Shared", listed[pid])
    vim.cmd("Grove send hello from neovim")

    -- ... which the second editor hears about and reads, answer included.
    assert.truthy(peer:wait_notification(did_change_for(pid)), "the second editor heard nothing")
    local mine, answer
    h.wait(function()
      local units = peer:result("grove/project/get", { projectId = pid }).units
      mine = unit_with(units, "hello from neovim")
      answer = mine and units[#units]
      return answer and answer.role == "assistant" and answer.status == "complete"
    end, "the second editor sees the Neovim turn and its answer")

    -- The second editor continues the conversation; Neovim's chat shows it.
    peer:result("grove/unit/append", {
      projectId = pid,
      parentId = answer.id,
      role = "user",
      content = "written in the second editor",
    })
    h.wait(function()
      return h.find_line(chat.buf(), "written in the second editor")
    end, "Neovim's chat shows the second editor's message")

    -- And an edit from there re-renders Neovim's view of the unit it wrote.
    peer:result("grove/unit/edit", { unitId = mine.id, content = "hello from neovim, edited elsewhere" })
    h.wait(function()
      return h.find_line(chat.buf(), "hello from neovim, edited elsewhere")
    end, "Neovim's chat shows the edit")

    -- Both look at the same state.
    local from_neovim = h.rpc("grove/project/get", { projectId = pid })
    local from_peer = peer:result("grove/project/get", { projectId = pid })
    assert.equals(from_peer.project.revision, from_neovim.project.revision)
    assert.equals(#from_peer.units, #from_neovim.units)
  end)
end)
