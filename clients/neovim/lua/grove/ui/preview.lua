-- :Grove preview: a floating window with exactly what the model will receive from the
-- cursor (with the prompt area's text as the new message): grove/scope/preview's
-- memory blocks (each with why it is there; `x` on one leaves it out of the next
-- message), then the system prompt and messages, verbatim, each under a heading
-- naming its role and units.

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

-- One line per memory block: why it is in the prompt, what it is, and what it costs.
local function memory_line(b)
  local why = b.why or "?"
  if b.why == "retrieved" and type(b.rank) == "number" then
    why = why .. " #" .. b.rank
  end
  local parts = { string.format("%-12s %-7s %s (%s)", why, b.kind or "?", b.title or "", b.memoletId or "?") }
  if type(b.contexty) == "table" and type(b.contexty.total) == "number" then
    table.insert(parts, string.format("contexty %.2f", b.contexty.total))
  end
  table.insert(parts, tostring(b.tokens or "?") .. " tokens")
  if b.stale == true then
    table.insert(parts, "stale")
  end
  return table.concat(parts, " · ")
end

-- The float's lines for a preview result.
function M.format(res)
  local lines = {}
  if type(res.memory) == "table" and #res.memory > 0 then
    table.insert(lines, "── memory: " .. #res.memory .. " blocks, and why ──")
    for _, b in ipairs(res.memory) do
      table.insert(lines, memory_line(b))
    end
  end
  table.insert(lines, "── system ──")
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
  buffer.close_float(view)
end

local request

-- `x` on a memory line: that memory stays out of the next message; the preview
-- is asked again with the choice, so it shows what will really be sent.
local function remove_block()
  local blocks = view.result and view.result.memory or {}
  local row = api.nvim_win_get_cursor(0)[1]
  local b = blocks[row - 1] -- line 1 is the memory heading
  if not b then
    vim.notify("Grove: put the cursor on a memory line to leave it out", vim.log.levels.INFO)
    return
  end
  state.remove_memory(b.memoletId)
  request()
end

local function show(lines)
  local created = not (view.buf and api.nvim_buf_is_valid(view.buf))
  buffer.float(view, lines, "What the model will receive")
  if created then
    vim.bo[view.buf].filetype = "grove-preview"
    vim.keymap.set("n", "x", remove_block, { buffer = view.buf, nowait = true, silent = true, desc = "Leave this memory out" })
  end
end

-- Asks the server for the preview and shows it; done(result) runs once it is visible.
function request(done)
  local pid = state.project_id()
  if not pid then
    vim.notify("Grove: no project open", vim.log.levels.WARN)
    return
  end
  local params = { projectId = pid, cursorId = state.cursor() or protocol.null, memory = state.memory_choice() }
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

M.open = request

function M.buf()
  return view.buf
end

function M.win()
  return view.win and api.nvim_win_is_valid(view.win) and view.win or nil
end

M.close = close

return M
