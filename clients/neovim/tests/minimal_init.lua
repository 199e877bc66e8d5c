-- Loaded with `nvim --headless -u tests/minimal_init.lua`: only this plugin on the
-- runtimepath, no user config, no swap files.
local root = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h:h")
vim.opt.runtimepath:prepend(root)
vim.opt.swapfile = false
vim.opt.shadafile = "NONE"
vim.o.columns = 160
vim.o.lines = 50
vim.cmd("runtime plugin/grove.lua")
