-- grove.nvim entry point: cheap global work only (load guard, :Grove command,
-- highlight links); everything else loads on first use.

if vim.g.loaded_grove then
  return
end
vim.g.loaded_grove = true

if vim.fn.has("nvim-0.7") ~= 1 then
  vim.api.nvim_err_writeln("grove.nvim needs Neovim 0.7 or newer")
  return
end

vim.api.nvim_create_user_command("Grove", function(opts)
  require("grove.commands").run(opts)
end, {
  nargs = "*",
  range = true,
  desc = "Grove: branching, scope-controlled AI conversations",
  complete = function(arglead, cmdline)
    return require("grove.commands").complete(arglead, cmdline)
  end,
})

-- The workspace's board and knowledge map (DESIGN §11), as commands of their own.
local function cmd(name, fn, opts)
  vim.api.nvim_create_user_command(name, fn, vim.tbl_extend("force", { desc = "Grove: " .. name }, opts or {}))
end
cmd("GroveBoard", function()
  require("grove.ui.board").open()
end)
cmd("GroveBoardTimeline", function()
  require("grove.ui.board").open_timeline()
end)
cmd("GroveCapture", function(opts)
  require("grove.capture").capture_to_board(opts.line1, opts.line2, { chat = opts.bang })
end, { range = true, bang = true })
cmd("GroveKnowledge", function()
  require("grove.ui.knowledge").open()
end)
cmd("GroveAsk", function(opts)
  if vim.trim(opts.args) == "" then
    return require("grove.ui.ask").prompt(nil)
  end
  require("grove.ui.ask").ask(vim.trim(opts.args))
end, { nargs = "*" })
cmd("GroveIngest", function(opts)
  require("grove.ui.ask").ingest(opts.fargs)
end, { nargs = "*", complete = "file" })

-- `:help grove` from a checkout (scripts/run, a runtimepath entry): generate the
-- help tags when they are missing or older than the help file. Plugin managers
-- usually do this themselves; a read-only checkout just goes without.
do
  local doc = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h:h") .. "/doc"
  local txt, tags = doc .. "/grove.txt", doc .. "/tags"
  if vim.fn.filereadable(txt) == 1 and vim.fn.getftime(tags) < vim.fn.getftime(txt) and vim.fn.filewritable(doc) == 2 then
    pcall(vim.cmd, "silent helptags " .. vim.fn.fnameescape(doc))
  end
end

-- Ask the server to shut down when the editor exits (only if it was ever started).
local group = vim.api.nvim_create_augroup("grove", { clear = true })
vim.api.nvim_create_autocmd("VimLeavePre", {
  group = group,
  callback = function()
    if package.loaded["grove.client"] then
      require("grove.client").shutdown_on_exit()
    end
  end,
})
-- A saved file may hold captured ranges or ingested documents: tell a running core
-- (never started for this; see lua/grove/workspace.lua).
vim.api.nvim_create_autocmd("BufWritePost", {
  group = group,
  callback = function(args)
    if package.loaded["grove.client"] then
      require("grove.workspace").on_save(args.buf)
    end
  end,
})

local links = {
  GroveUser = "Identifier",
  GroveAssistant = "String",
  GroveSystem = "Special",
  Groveexcluded = "Comment",
  Groveincluded = "DiffAdd",
  Groveout = "NonText",
  Grovedeleted = "Comment",
  GroveScopein = "Normal",
  GroveScopeexcluded = "Comment",
  GroveScopeincluded = "DiffAdd",
  GroveScopeout = "NonText",
  GroveScopedeleted = "Comment",
  GroveBranch = "Directory",
  GroveSeparator = "FloatBorder",
  GroveCard = "DiagnosticHint",
  GroveCardKeys = "Comment",
  GroveMemoletRef = "Underlined",
  GroveMemoletTitle = "Title",
  -- The memory map's clusters (cluster id modulo 8), distinct in common colour schemes.
  GroveCluster0 = "DiagnosticInfo",
  GroveCluster1 = "DiagnosticWarn",
  GroveCluster2 = "String",
  GroveCluster3 = "Function",
  GroveCluster4 = "Constant",
  GroveCluster5 = "Type",
  GroveCluster6 = "Special",
  GroveCluster7 = "DiagnosticError",
}
for group, target in pairs(links) do
  vim.cmd(string.format("highlight default link %s %s", group, target))
end
