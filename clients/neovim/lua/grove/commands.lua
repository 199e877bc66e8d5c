-- :Grove {subcommand} [args]: one table of subcommands, each a small function, with
-- completion of the names.

local actions = require("grove.actions")
local state = require("grove.state")

local M = {}

local function chat()
  return require("grove.ui.chat")
end

local function map()
  return require("grove.ui.map")
end

-- Lets the user pick a pending suggestion, then what to do with it.
local function suggestions()
  local list = state.suggestions()
  if #list == 0 then
    vim.notify("Grove: no pending suggestions", vim.log.levels.INFO)
    return
  end
  vim.ui.select(list, {
    prompt = "Grove suggestions",
    format_item = function(s)
      return string.format("%s: %s", s.kind or "?", (s.reason or ""):gsub("\n", " "))
    end,
  }, function(sug)
    if not sug then
      return
    end
    vim.ui.select({ "accept", "reject", "defer" }, { prompt = "Suggestion: " .. (sug.kind or "") }, function(action)
      if action then
        actions.resolve_suggestion(sug, action)
      end
    end)
  end)
end

local function memolet_views()
  return require("grove.ui.memolets")
end

-- :[range]Grove memolet [title] in the chat: a memolet of the selected text (one
-- unit, charwise), of the units in the range, or of the unit under the cursor.
local function make_memolet(args, opts)
  local chat_view = chat()
  if vim.api.nvim_get_current_buf() ~= chat_view.buf() then
    vim.notify("Grove: :Grove memolet works in the chat buffer (on a unit or a selection)", vim.log.levels.WARN)
    return
  end
  local target
  if opts.range and opts.range > 0 then
    target = chat_view.target_for_range(opts.line1, opts.line2)
  else
    local id = chat_view.unit_at_cursor()
    target = id and { unitIds = { id } }
  end
  if not target then
    vim.notify("Grove: no unit here to make a memolet of", vim.log.levels.WARN)
    return
  end
  memolet_views().create(target, args ~= "" and args or nil)
end

-- The unit a command acts on: under the cursor in the chat or the map, else the
-- project's cursor (the latest turn).
local function unit_here()
  local buf = vim.api.nvim_get_current_buf()
  if buf == chat().buf() then
    return chat().unit_at_cursor() or state.cursor()
  end
  if buf == map().buf() then
    return map().unit_at_cursor() or state.cursor()
  end
  return state.cursor()
end

-- :Grove check: what the core would propose if the prompt area were sent now.
local function check(args)
  local text = args ~= "" and args or chat().prompt_text()
  if text == "" then
    vim.notify("Grove: write a message in the prompt area first (or :Grove check {message})", vim.log.levels.WARN)
    return
  end
  actions.analyze(text, function(list)
    if #list == 0 then
      vim.notify("Grove: nothing to suggest for this message; send it as it is", vim.log.levels.INFO)
      return
    end
    local lines = {}
    for _, sug in ipairs(list) do
      local named = type(sug.title) == "string" and sug.title ~= "" and (' "' .. sug.title .. '"') or ""
      table.insert(lines, string.format("%s%s: %s", sug.kind or "?", named, (sug.reason or ""):gsub("\n", " ")))
    end
    vim.notify("Grove: before sending, Grove would suggest:\n" .. table.concat(lines, "\n"), vim.log.levels.INFO)
  end)
end

local BRANCH_STATUS = { complete = "completed", abandon = "abandoned", reopen = "open" }

-- :Grove branch return|complete|abandon|reopen|summarize, for the branch under the cursor.
local function branch(args)
  local id = unit_here()
  if args == "summarize" then
    return actions.summarize_branch(id)
  end
  if args == "return" then
    return actions.return_branch(id)
  end
  local status = BRANCH_STATUS[args]
  if not status then
    vim.notify("Grove: :Grove branch return | complete | abandon | reopen | summarize", vim.log.levels.WARN)
    return
  end
  actions.set_branch_status(id, status)
end

M.subcommands = {
  new = function(args)
    actions.new_project(args, function()
      chat().open()
    end)
  end,
  open = function()
    actions.open_project(function()
      chat().open()
    end)
  end,
  chat = function()
    chat().open()
  end,
  start = function()
    actions.start(function()
      chat().open()
      chat().focus_prompt()
    end)
  end,
  map = function()
    map().open()
  end,
  send = function(args)
    if args ~= "" then
      actions.send(args)
    else
      chat().send()
    end
  end,
  stop = function()
    actions.stop()
  end,
  capture = function(_, opts)
    require("grove.capture").capture(opts.line1, opts.line2)
  end,
  preview = function()
    require("grove.ui.preview").open()
  end,
  undo = function()
    actions.history("undo")
  end,
  redo = function()
    actions.history("redo")
  end,
  search = function(args)
    actions.search(args)
  end,
  suggestions = suggestions,
  memolets = function(args)
    memolet_views().search(args)
  end,
  sandbox = function()
    memolet_views().open_sandbox()
  end,
  memolet = make_memolet,
  memorymap = function(args)
    require("grove.ui.memorymap").open(tonumber(args))
  end,
  capsules = function()
    require("grove.ui.capsules").open()
  end,
  extract = function(args, opts)
    local ids
    if opts.range and opts.range > 0 and vim.api.nvim_get_current_buf() == chat().buf() then
      ids = chat().units_in_lines(opts.line1, opts.line2)
    else
      ids = { unit_here() }
    end
    require("grove.ui.capsules").extract(ids, args)
  end,
  refine = function()
    require("grove.ui.refine").open(unit_here())
  end,
  regenerate = function()
    actions.regenerate(unit_here())
  end,
  check = check,
  settings = function()
    require("grove.ui.settings").open()
  end,
  rename = function(args)
    actions.ask_text("Project title: ", args, function(title)
      actions.rename_project(title)
    end)
  end,
  delete = function()
    actions.trash_project()
  end,
  trash = function()
    require("grove.ui.history").open_trash()
  end,
  resetscope = function()
    actions.reset_scope(function()
      vim.notify("Grove: every unit is back to automatic scope (undo takes it back)", vim.log.levels.INFO)
    end)
  end,
  revisions = function()
    require("grove.ui.history").open_revisions(unit_here())
  end,
  branch = branch,
  tomap = function()
    require("grove.ui.ask").from_unit(unit_here())
  end,
  board = function()
    require("grove.ui.board").open()
  end,
  knowledge = function()
    require("grove.ui.knowledge").open()
  end,
}

function M.run(opts)
  local name, args = opts.args:match("^%s*(%S*)%s*(.-)%s*$")
  local fn = M.subcommands[name]
  if not fn then
    vim.notify(
      "Grove: unknown subcommand '" .. name .. "' (" .. table.concat(M.complete(""), ", ") .. ")",
      vim.log.levels.ERROR
    )
    return
  end
  fn(args, opts)
end

function M.complete(arglead, cmdline)
  if cmdline and cmdline:match("^%S+%s+%S+%s") then
    return {}
  end
  local out = {}
  for name in pairs(M.subcommands) do
    if name:sub(1, #arglead) == arglead then
      table.insert(out, name)
    end
  end
  table.sort(out)
  return out
end

return M
