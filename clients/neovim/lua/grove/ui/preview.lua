-- :Grove preview: a floating window with exactly what the model will receive from the
-- cursor (with the prompt area's text as the new message): grove/scope/preview's
-- system prompt and messages, verbatim, each under a heading naming its role and units.

local buffer = require("grove.ui.buffer")
local client = require("grove.client")
local protocol = require("grove.protocol")
local state = require("grove.state")

local M = {}

local api = vim.api
local view = { buf = nil, win = nil, result = nil }

local function ids(list)
  if not list or #list == 0 then
    return ""
  end
  return " · units " .. table.concat(list, ", ")
end

-- The float's lines for a preview result.
function M.format(res)
  local lines = { "── system ──" }
  if res.system and res.system ~= "" then
    vim.list_extend(lines, buffer.split(res.system))
  else
    table.insert(lines, "(empty)")
  end
  for _, msg in ipairs(res.messages or {}) do
    table.insert(lines, "── " .. (msg.role or "?") .. ids(msg.unitIds) .. " ──")
    vim.list_extend(lines, buffer.split(msg.content))
  end
  table.insert(
    lines,
    string.format(
      "── %s tokens · %d excluded · %d included · %d truncated ──",
      tostring(res.tokens or "?"),
      #(res.excluded or {}),
      #(res.included or {}),
      #(res.truncated or {})
    )
  )
  return lines
end

local function close()
  if view.win and api.nvim_win_is_valid(view.win) then
    api.nvim_win_close(view.win, true)
  end
  view.win = nil
end

local function show(lines)
  if not view.buf or not api.nvim_buf_is_valid(view.buf) then
    view.buf = api.nvim_create_buf(false, true)
    vim.bo[view.buf].filetype = "grove-preview"
    vim.bo[view.buf].bufhidden = "hide"
    for _, key in ipairs({ "q", "<Esc>" }) do
      vim.keymap.set("n", key, close, { buffer = view.buf, nowait = true, silent = true })
    end
  end
  buffer.set_lines(view.buf, 0, -1, lines)
  vim.bo[view.buf].modifiable = false
  local width = math.max(40, math.floor(vim.o.columns * 0.8))
  local height = math.max(5, math.min(#lines, math.floor(vim.o.lines * 0.8)))
  local opts = {
    relative = "editor",
    width = width,
    height = height,
    row = math.floor((vim.o.lines - height) / 2),
    col = math.floor((vim.o.columns - width) / 2),
    style = "minimal",
    border = "rounded",
  }
  if vim.fn.has("nvim-0.9") == 1 then
    opts.title = " What the model will receive "
  end
  if view.win and api.nvim_win_is_valid(view.win) then
    api.nvim_win_set_config(view.win, opts)
    api.nvim_set_current_win(view.win)
  else
    view.win = api.nvim_open_win(view.buf, true, opts)
  end
  vim.wo[view.win].wrap = true
end

-- Asks the server for the preview and shows it; done(result) runs once it is visible.
function M.open(done)
  local pid = state.project_id()
  if not pid then
    vim.notify("Grove: no project open", vim.log.levels.WARN)
    return
  end
  local params = { projectId = pid, cursorId = state.cursor() or protocol.null }
  local prompt = require("grove.ui.chat").prompt_text()
  if prompt ~= "" then
    params.prompt = prompt
  end
  client.call(protocol.m.scope_preview, params, function(res)
    view.result = res
    show(M.format(res))
    if done then
      done(res)
    end
  end)
end

function M.buf()
  return view.buf
end

function M.win()
  return view.win and api.nvim_win_is_valid(view.win) and view.win or nil
end

M.close = close

return M
