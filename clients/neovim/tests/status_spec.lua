-- The status line says whether this Neovim runs the core or joined a shared one.
local h = require("tests.helpers")

describe("core status line", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("says this Neovim runs the core when it started it, in the chat and through status()", function()
    h.new_project("status")
    local chat = require("grove.ui.chat")
    assert.are.equal("Grove: this Neovim runs the core", require("grove").status())
    assert.are.equal("Grove: this Neovim runs the core", h.lines(chat.buf())[2])
  end)

  it("says it joined a shared core when another grove-server owns the store", function()
    -- A second server on the same store, owned by a process outside Neovim.
    h.stop_server()
    local owner = vim.fn.jobstart({ vim.env.GROVE_SERVER or "grove-server", "--db", h.dir .. "/grove.db",
      "--no-stdio" }, { env = { XDG_CONFIG_HOME = h.dir .. "/config" } })
    assert.is_true(owner > 0)
    local sock = vim.fn.system({ vim.env.GROVE_SERVER or "grove-server", "--db", h.dir .. "/grove.db",
      "--print-socket" }):gsub("%s+$", "")
    h.wait(function()
      return vim.loop.fs_stat(sock) ~= nil
    end, "the headless owner listens")
    h.start_server()
    assert.truthy(require("grove").status():find("^Grove: joined a shared core"), require("grove").status())
    h.stop_server()
    vim.fn.jobstop(owner)
    h.start_server()
  end)
end)
