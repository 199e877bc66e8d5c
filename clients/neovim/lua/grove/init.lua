-- grove.nvim: a thin Neovim client for grove-server. setup(opts) stores the options
-- (lua/grove/config.lua has the defaults); the server starts on the first command.

local M = {}

function M.setup(opts)
  if vim.fn.has("nvim-0.7") ~= 1 then
    vim.notify("grove.nvim needs Neovim 0.7 or newer", vim.log.levels.ERROR)
    return
  end
  require("grove.config").set(opts)
end

-- The project currently shown, as the server last sent it.
function M.project()
  return require("grove.state").project()
end

-- The status line: whether this Neovim owns the core or joined a shared one.
-- Usable in a statusline: %{v:lua.require'grove'.status()}
function M.status()
  return require("grove.client").core_status()
end

-- The running knowledge ingest or ask ("" when none), for a statusline:
-- %{v:lua.require'grove'.progress()}
function M.progress()
  if not package.loaded["grove.ui.ask"] then
    return ""
  end
  return require("grove.ui.ask").progress()
end

-- Stops the server (it restarts on the next command); on_done runs when it is gone.
function M.stop(on_done)
  require("grove.client").stop(on_done)
end

return M
