-- `@` completion of memolet references in the chat composer. Typing `@` and a few
-- letters asks grove/memolet/complete for matches and shows them in the popup menu;
-- accepting one inserts the server's insertText, `@[Title](memolet:ID)`, which is
-- sent as typed (the core resolves it). Works as 'omnifunc'/'completefunc'
-- (<C-x><C-o>, <C-x><C-u>) and, unless the option `memolet_autocomplete` is false, by
-- itself as you type. Answers arrive asynchronously, so the function returns -2 and
-- fills the menu with complete() when the server replies, as vim.lsp.omnifunc does.

local config = require("grove.config")
local memolets = require("grove.memolets")

local api = vim.api
local M = {}

-- Where the `@` being typed starts (1-based byte column) and the prefix after it,
-- given the line and the cursor's 0-based byte column. Only an `@` at the start of a
-- word counts, so `mail@example.com` is left alone; a finished reference contains
-- `[`, so it never triggers again.
function M.context(line, col)
  local before = line:sub(1, col)
  local at, prefix = before:match("()@([%w_%-%.\128-\255]*)$")
  if not at then
    return nil
  end
  if at > 1 and not before:sub(at - 1, at - 1):match("[%s%(\"']") then
    return nil
  end
  return at, prefix
end

-- complete-items for the server's items. `equal` keeps Vim from filtering them by
-- the typed text (`@pars` is no prefix of `@[Parser ...](...)`): the server already
-- matched them, and a new request replaces them as the prefix grows.
function M.to_items(items)
  local out = {}
  for _, it in ipairs(items) do
    local label = type(it.label) == "string" and it.label or it.id
    table.insert(out, {
      word = type(it.insertText) == "string" and it.insertText or memolets.reference({ id = it.id, title = label }),
      abbr = "@" .. label,
      menu = "[memolet]",
      info = type(it.detail) == "string" and it.detail or "",
      icase = 1,
      equal = 1,
      user_data = it.id,
    })
  end
  return out
end

-- Bumped on every request, so a late answer for an older prefix is dropped.
local generation = 0

-- Asks for completions of the `@` at (row, at) and shows them if the user is still
-- typing it when the answer comes.
local function request(buf, row, at, prefix)
  generation = generation + 1
  local mine = generation
  memolets.complete(prefix, function(items)
    if mine ~= generation or api.nvim_get_current_buf() ~= buf or vim.fn.mode() ~= "i" then
      return
    end
    local cursor = api.nvim_win_get_cursor(0)
    if cursor[1] - 1 ~= row or M.context(api.nvim_get_current_line(), cursor[2]) ~= at then
      return
    end
    vim.fn.complete(at, M.to_items(items))
  end)
end

function M.omnifunc(findstart, _)
  if findstart ~= 1 then
    return {}
  end
  local cursor = api.nvim_win_get_cursor(0)
  local at, prefix = M.context(api.nvim_get_current_line(), cursor[2])
  if not at then
    return -3 -- not on an `@`: leave completion mode quietly
  end
  request(api.nvim_get_current_buf(), cursor[1] - 1, at, prefix)
  return -2 -- stay in completion mode; complete() fills the menu later
end

-- The menu opened as you type must not replace the typed text with its first item,
-- which is what the default 'completeopt' does. 'completeopt' is global, so it is
-- changed only while typing in the composer and given back on leaving insert mode.
local saved_completeopt

local function no_auto_insert()
  if saved_completeopt then
    return
  end
  local cot = vim.o.completeopt
  if cot:find("noinsert", 1, true) or cot:find("noselect", 1, true) then
    return
  end
  saved_completeopt = cot
  vim.o.completeopt = "menu,menuone,noinsert"
end

local function give_back_completeopt()
  if saved_completeopt then
    vim.o.completeopt = saved_completeopt
    saved_completeopt = nil
  end
end

-- Sets the completion functions on buf and, when enabled, opens the menu as an
-- `@` reference is typed on a row where in_composer(row) is true (0-based).
function M.attach(buf, in_composer)
  local fn = "v:lua.require'grove.complete'.omnifunc"
  vim.bo[buf].omnifunc = fn
  vim.bo[buf].completefunc = fn
  local group = api.nvim_create_augroup("grove_complete_" .. buf, { clear = true })
  local last -- the `@` (row, column, prefix) last asked about, to ask once per change
  api.nvim_create_autocmd({ "TextChangedI", "TextChangedP" }, {
    group = group,
    buffer = buf,
    callback = function()
      if not config.options.memolet_autocomplete then
        return
      end
      local cursor = api.nvim_win_get_cursor(0)
      local row = cursor[1] - 1
      local at, prefix = M.context(api.nvim_get_current_line(), cursor[2])
      if not at or not in_composer(row) then
        last = nil
        return
      end
      local key = row .. ":" .. at .. ":" .. prefix
      if key == last then
        return
      end
      last = key
      no_auto_insert()
      request(buf, row, at, prefix)
    end,
  })
  api.nvim_create_autocmd({ "InsertLeave", "BufLeave" }, {
    group = group,
    buffer = buf,
    callback = function()
      last = nil
      give_back_completeopt()
    end,
  })
end

return M
