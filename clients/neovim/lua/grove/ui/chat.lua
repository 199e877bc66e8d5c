-- The chat buffer: the units on the path to the cursor, each with a header showing
-- its role, kind and scope; the answer being streamed; suggestion cards under their
-- turns; and below a separator, a prompt area where the next message is written.
-- The transcript is re-rendered from state on every change; the prompt survives.

local actions = require("grove.actions")
local buffer = require("grove.ui.buffer")
local cards = require("grove.ui.cards")
local config = require("grove.config")
local state = require("grove.state")

local M = {}

local NAME = "grove://chat"
local api = vim.api

-- Per-buffer view data: row -> unit id, the separator row, and the composer mode.
local view = { buf = nil, rows = {}, first_row = {}, sep_row = nil, branch_from = nil }

local scope_label = {
  ["in"] = "in scope",
  excluded = "excluded",
  included = "included",
  out = "out of scope",
  deleted = "deleted",
}

local function header(u, scope)
  if u.kind == "placeholder" then
    return "▍(deleted)"
  end
  local parts = { u.role or "?", u.kind or "message", scope_label[scope] or scope }
  if u.status and u.status ~= "complete" then
    table.insert(parts, u.status)
  end
  local line = "▍" .. table.concat(parts, " · ")
  if u.kind == "code" and type(u.source) == "table" then
    local src = u.source
    local file = src.uri and vim.uri_to_fname(src.uri) or "?"
    file = vim.fn.fnamemodify(file, ":~:.")
    local r = src.range or {}
    local a = r.start and r.start.line and (r.start.line + 1) or "?"
    local b = r["end"] and r["end"].line and (r["end"].line + 1) or "?"
    line = line .. string.format(" · %s:%s-%s", file, a, b)
  end
  return line
end

local function body(u, streamed)
  local lines = {}
  if u.kind == "placeholder" then
    return lines
  end
  if u.kind == "code" and type(u.source) == "table" then
    if u.source.memo and u.source.memo ~= "" and u.source.memo ~= vim.NIL then
      for _, l in ipairs(buffer.split("memo: " .. u.source.memo)) do
        table.insert(lines, "  " .. l)
      end
    end
    table.insert(lines, "  ```" .. (u.source.languageId or ""))
  end
  local content = u.content or ""
  if streamed and #streamed > #content then
    content = streamed
  end
  for _, l in ipairs(buffer.split(content)) do
    table.insert(lines, "  " .. l)
  end
  if u.kind == "code" and type(u.source) == "table" then
    table.insert(lines, "  ```")
  end
  return lines
end

local function separator()
  local keys = config.options.keymaps.chat
  if view.branch_from then
    local u = state.unit(view.branch_from)
    return string.format(
      "──── new branch from: %s ──── %s send",
      buffer.oneline(u and u.content or view.branch_from, 30),
      keys.send or ""
    )
  end
  return "──── message ──── " .. (keys.send or "") .. " send · " .. (keys.stop or "") .. " stop"
end

-- Builds the transcript lines and the row -> unit map.
local function transcript()
  local lines, rows, first_row, marks = {}, {}, {}, {}
  local project = state.project()
  if not project then
    return { "Grove: no project open (:Grove new [title] or :Grove open)" }, rows, first_row, marks
  end
  table.insert(lines, "Grove · " .. (project.title or project.id))
  table.insert(lines, require("grove.client").core_status())
  table.insert(lines, "")
  local streams = state.streams()
  local cursor = state.cursor()
  for _, id in ipairs(state.path(cursor)) do
    local u = state.unit(id)
    local scope = state.scope_state(id)
    first_row[id] = #lines
    rows[#lines] = id
    table.insert(marks, { row = #lines, hl = "Grove" .. (scope == "in" and (u.role or "user") or scope) })
    table.insert(lines, header(u, scope))
    for _, l in ipairs(body(u, streams[id])) do
      rows[#lines] = id
      table.insert(lines, l)
    end
    rows[#lines] = id
    table.insert(lines, "")
  end
  local sending = state.sending()
  if sending and sending.parentId == cursor then
    table.insert(marks, { row = #lines, hl = "GroveUser" })
    table.insert(lines, "▍user · message · sending")
    for _, l in ipairs(buffer.split(sending.content)) do
      table.insert(lines, "  " .. l)
    end
    table.insert(lines, "")
    local text = ""
    for _, t in pairs(streams) do
      text = text .. t
    end
    table.insert(marks, { row = #lines, hl = "GroveAssistant" })
    table.insert(lines, "▍assistant · message · streaming")
    for _, l in ipairs(buffer.split(text)) do
      table.insert(lines, "  " .. l)
    end
    table.insert(lines, "")
  end
  return lines, rows, first_row, marks
end

local function prompt_lines(buf)
  if not view.sep_row then
    return { "" }
  end
  return api.nvim_buf_get_lines(buf, view.sep_row + 1, -1, false)
end

function M.render()
  local buf = view.buf
  -- Nothing to draw into while Neovim is exiting (buffers are being unloaded).
  if not buf or not api.nvim_buf_is_loaded(buf) or vim.v.exiting ~= vim.NIL then
    return
  end
  local old_sep = view.sep_row
  local prompt = prompt_lines(buf)
  -- Where each window's cursor is, relative to the prompt or to a unit, to restore it.
  local saved = {}
  for _, win in ipairs(buffer.windows(buf)) do
    local row, col = unpack(api.nvim_win_get_cursor(win))
    row = row - 1
    if old_sep and row > old_sep then
      saved[win] = { prompt = row - old_sep, col = col }
    else
      saved[win] = { unit = view.rows[row], offset = row - (view.first_row[view.rows[row]] or row), row = row, col = col }
    end
  end
  local lines, rows, first_row, marks = transcript()
  view.rows, view.first_row = rows, first_row
  view.sep_row = #lines
  table.insert(lines, separator())
  vim.list_extend(lines, prompt)
  api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  api.nvim_buf_clear_namespace(buf, buffer.ns, 0, -1)
  for _, mk in ipairs(marks) do
    api.nvim_buf_add_highlight(buf, buffer.ns, mk.hl, mk.row, 0, -1)
  end
  api.nvim_buf_add_highlight(buf, buffer.ns, "GroveSeparator", view.sep_row, 0, -1)
  -- A card sits under the last line of its unit's block; one about units off this
  -- path sits under the latest turn.
  local function place(id)
    local row = first_row[id]
    if not row then
      return nil
    end
    while rows[row + 1] == id do
      row = row + 1
    end
    return { unit = id, row = row }
  end
  local path = state.path(state.cursor())
  cards.render(buf, place, path[#path] and place(path[#path]) or nil)
  vim.bo[buf].modified = false
  for win, pos in pairs(saved) do
    local row
    if pos.prompt then
      row = view.sep_row + pos.prompt
    elseif pos.unit and first_row[pos.unit] then
      row = first_row[pos.unit] + pos.offset
    else
      row = math.min(pos.row, #lines - 1)
    end
    row = math.max(0, math.min(row, #lines - 1))
    pcall(api.nvim_win_set_cursor, win, { row + 1, pos.col })
  end
end

-- The unit whose block holds the cursor line (or nil on the prompt/title).
function M.unit_at_cursor()
  local row = api.nvim_win_get_cursor(0)[1] - 1
  return view.rows[row]
end

-- 0-based row of a unit's header, when it is on the chat path.
function M.row_of(id)
  return view.first_row[id]
end

function M.prompt_text()
  if not view.buf or not api.nvim_buf_is_valid(view.buf) then
    return ""
  end
  return vim.trim(table.concat(prompt_lines(view.buf), "\n"))
end

function M.set_prompt(text)
  M.open()
  api.nvim_buf_set_lines(view.buf, view.sep_row + 1, -1, false, buffer.split(text))
end

-- Sends the prompt area (as a new branch when one was started with the branch key).
function M.send()
  local text = M.prompt_text()
  if text == "" then
    vim.notify("Grove: the prompt area is empty", vim.log.levels.WARN)
    return
  end
  local branch_from = view.branch_from
  view.branch_from = nil
  api.nvim_buf_set_lines(view.buf, view.sep_row + 1, -1, false, { "" })
  actions.send(text, { branch_from = branch_from })
  M.render()
end

-- The next message starts a branch from unit id.
function M.branch_from(id)
  M.open()
  view.branch_from = id
  M.render()
  local win = buffer.windows(view.buf)[1]
  if win then
    api.nvim_win_set_cursor(win, { api.nvim_buf_line_count(view.buf), 0 })
  end
end

-- Puts the cursor on the prompt area in insert mode.
function M.focus_prompt()
  local win = view.buf and buffer.windows(view.buf)[1]
  if win then
    api.nvim_set_current_win(win)
    api.nvim_win_set_cursor(win, { api.nvim_buf_line_count(view.buf), 0 })
    vim.cmd("startinsert!")
  end
end

function M.composer()
  return { branch_from = view.branch_from }
end

local function on_unit(fn)
  return function()
    local id = M.unit_at_cursor()
    if not id then
      vim.notify("Grove: no unit under the cursor", vim.log.levels.WARN)
      return
    end
    fn(id)
  end
end

local function card_action(action)
  return on_unit(function(id)
    cards.resolve(id, action)
  end)
end

local function setup_buffer(buf)
  vim.bo[buf].filetype = "grove-chat"
  local k = config.options.keymaps.chat
  buffer.map(buf, { "n", "i" }, k.send, M.send, "Grove: send")
  buffer.map(buf, "n", k.send_normal, function()
    local row = api.nvim_win_get_cursor(0)[1] - 1
    if view.sep_row and row > view.sep_row then
      M.send()
    else
      local id = view.rows[row]
      if id then
        require("grove.ui.map").open()
        require("grove.ui.map").focus_unit(id)
      end
    end
  end, "Grove: send (prompt) / locate (unit)")
  buffer.map(buf, "n", k.branch, on_unit(M.branch_from), "Grove: branch from this unit")
  buffer.map(buf, "n", k.toggle_scope, on_unit(function(id)
    actions.set_scope({ id }, "toggle")
  end), "Grove: toggle scope")
  buffer.map(buf, "n", k.edit, on_unit(function(id)
    require("grove.ui.edit").open(id)
  end), "Grove: edit unit")
  buffer.map(buf, "n", k.locate, on_unit(function(id)
    require("grove.ui.map").open()
    require("grove.ui.map").focus_unit(id)
  end), "Grove: locate in map")
  buffer.map(buf, { "n", "i" }, k.stop, actions.stop, "Grove: stop the answer")
  buffer.map(buf, "n", k.preview, function()
    require("grove.ui.preview").open()
  end, "Grove: preview")
  buffer.map(buf, "n", k.accept, card_action("accept"), "Grove: accept suggestion")
  buffer.map(buf, "n", k.reject, card_action("reject"), "Grove: reject suggestion")
  buffer.map(buf, "n", k.defer, card_action("defer"), "Grove: defer suggestion")
end

function M.open()
  local buf, created = buffer.get(NAME, setup_buffer)
  view.buf = buf
  if created then
    view.sep_row = nil
  end
  buffer.show(buf, config.options.chat_layout)
  M.render()
  return buf
end

function M.buf()
  return view.buf
end

state.subscribe(M.render)

return M
