-- :Grove's subcommands: completion, and a clear message for an unknown one.
local h = require("tests.helpers")
local commands = require("grove.commands")

describe(":Grove", function()
  it("completes subcommand names", function()
    assert.same({ "sandbox", "search", "send", "settings", "start", "stop", "suggestions" }, commands.complete("s", "Grove s"))
    assert.same({}, commands.complete("", "Grove search query "))
    local all = vim.fn.getcompletion("Grove ", "cmdline")
    for _, name in ipairs({ "new", "open", "chat", "map", "send", "capture", "preview", "undo", "redo", "search", "suggestions", "memolets", "memolet", "sandbox", "capsules", "extract", "refine", "regenerate", "check", "settings", "rename", "delete", "trash", "resetscope", "revisions", "branch", "memorymap" }) do
      assert.truthy(vim.tbl_contains(all, name), name)
    end
  end)

  it("reports an unknown subcommand and one that needs an open project", function()
    local seen, restore = h.record_notify()
    vim.cmd("Grove frobnicate")
    vim.cmd("Grove undo") -- no project open in this Neovim
    restore()
    assert.truthy(seen[1].msg:find("unknown subcommand 'frobnicate'", 1, true))
    assert.equals(vim.log.levels.ERROR, seen[1].level)
    assert.truthy(seen[2].msg:find("no project open", 1, true))
  end)

  it(":help grove works with only the plugin on the runtimepath (tags generated on load)", function()
    vim.cmd("help grove")
    assert.equals("help", vim.bo.buftype)
    assert.truthy(vim.api.nvim_buf_get_name(0):find("grove.txt", 1, true))
    vim.cmd("close")
  end)
end)
