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

-- Per-buffer view data: row -> unit id, each unit's header row and first content
-- row, the separator row, and the composer mode.
local view = { buf = nil, rows = {}, first_row = {}, content_row = {}, sep_row = nil, branch_from = nil }

-- Each body line is the content line indented by this many bytes.
local INDENT = 2

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
  local turn = state.turn(u.id)
  if turn and (#turn.retrieved > 0 or #turn.citations > 0) then
    local n, cited = #turn.retrieved, #turn.citations
    table.insert(parts, string.format("used %d memor%s", n, n == 1 and "y" or "ies"))
    if cited > 0 then
      table.insert(parts, string.format("cites %d", cited))
    end
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

-- The unit's body lines, and how many of them come before its content (a code
-- unit's memo and opening fence), so a selection maps back to content offsets.
local function body(u, streamed)
  local lines = {}
  if u.kind == "placeholder" then
    return lines, 0
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
  local before_content = #lines
  for _, l in ipairs(buffer.split(content)) do
    table.insert(lines, string.rep(" ", INDENT) .. l)
  end
  if u.kind == "code" and type(u.source) == "table" then
    table.insert(lines, "  ```")
  end
  return lines, before_content
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
  local lines, rows, first_row, marks, content_row = {}, {}, {}, {}, {}
  local project = state.project()
  if not project then
    return { "Grove: no project open (:Grove new [title] or :Grove open)" }, rows, first_row, marks, content_row
  end
  table.insert(lines, "Grove · " .. (project.title or project.id))
  table.insert(lines, require("grove.client").core_status())
  table.insert(lines, "")
  local streams = state.streams()
  local cursor = state.cursor()
  local path = state.path(cursor)
  -- Loads fetch the path's text before rendering; anything still short of it follows.
  local headless = vim.tbl_filter(function(id)
    return state.unit(id).loaded == false
  end, path)
  if #headless > 0 then
    state.want_text(headless)
  end
  for _, id in ipairs(path) do
    local u = state.unit(id)
    local scope = state.scope_state(id)
    first_row[id] = #lines
    rows[#lines] = id
    table.insert(marks, { row = #lines, hl = "Grove" .. (scope == "in" and (u.role or "user") or scope) })
    table.insert(lines, header(u, scope))
    local body_lines, before_content = body(u, streams[id])
    content_row[id] = #lines + before_content
    for _, l in ipairs(body_lines) do
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
  return lines, rows, first_row, marks, content_row
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
  local lines, rows, first_row, marks, content_row = transcript()
  view.rows, view.first_row, view.content_row = rows, first_row, content_row
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

-- Appends text (a memolet reference) to the prompt area, after a space, and puts
-- the cursor after it so typing continues the message.
function M.insert_in_prompt(text)
  M.open()
  local last = api.nvim_buf_line_count(view.buf) - 1
  local line = api.nvim_buf_get_lines(view.buf, last, last + 1, false)[1] or ""
  if last == view.sep_row then -- no prompt line yet
    last, line = last + 1, ""
  end
  local sep = (line == "" or line:match("%s$")) and "" or " "
  line = line .. sep .. text .. " "
  api.nvim_buf_set_lines(view.buf, last, last + 1, false, { line })
  local win = buffer.windows(view.buf)[1]
  if win then
    api.nvim_win_set_cursor(win, { last + 1, #line })
  end
end

-- The byte length of the UTF-8 character that starts at byte i (1-based) of s.
local function char_len(s, i)
  local b = s:byte(i) or 0
  return b >= 0xF0 and 4 or b >= 0xE0 and 3 or b >= 0xC0 and 2 or 1
end

-- What a selection of the transcript is about, for grove/memolet/create: a span
-- {unitId, span = {start, end}} (UTF-8 byte offsets into the unit's content) when a
-- charwise selection lies inside one unit's text, else {unitIds} of every unit it
-- touches. Rows and columns are 0-based bytes; c2 is the last selected column.
function M.selection_target(r1, c1, r2, c2, charwise)
  local ids = buffer.ids_in_rows(view.rows, r1, r2)
  if #ids == 0 then
    return nil
  end
  local id = ids[1]
  local u = state.unit(id)
  local first = view.content_row[id]
  local lines = buffer.split(u and u.content or "")
  if not (charwise and #ids == 1 and first and r1 >= first and r2 < first + #lines) then
    return { unitIds = ids }
  end
  local function offset(row, col)
    local i = row - first + 1
    local off = 0
    for j = 1, i - 1 do
      off = off + #lines[j] + 1
    end
    return off + math.max(0, math.min(col - INDENT, #lines[i]))
  end
  local last_line = api.nvim_buf_get_lines(view.buf, r2, r2 + 1, false)[1] or ""
  c2 = math.min(c2, #last_line - 1)
  local start, stop = offset(r1, c1), offset(r2, c2 + char_len(last_line, c2 + 1))
  if stop <= start then
    return { unitIds = ids }
  end
  return { unitId = id, span = { start = start, ["end"] = stop } }
end

-- The target of lines line1..line2 (1-based) of the chat: charwise when the last
-- visual selection was charwise on the same lines (as :'<,'> passes them).
function M.target_for_range(line1, line2)
  local s, e = vim.fn.getpos("'<"), vim.fn.getpos("'>")
  if vim.fn.visualmode() == "v" and s[2] == line1 and e[2] == line2 then
    return M.selection_target(line1 - 1, s[3] - 1, line2 - 1, e[3] - 1, true)
  end
  return M.selection_target(line1 - 1, 0, line2 - 1, 0, false)
end

-- The ids of the units shown on lines line1..line2 (1-based), in order.
function M.units_in_lines(line1, line2)
  return buffer.ids_in_rows(view.rows, line1 - 1, line2 - 1)
end

-- The memolet id that a reference (`@[Title](memolet:ID)`) or a citation in an
-- answer (`[citation:ID]`, `[[citation: ID]]`, `[citation:a, b]`) names at byte
-- column col (0-based) of line, or nil.
function M.memolet_id_at(line, col)
  local at = col + 1
  for s, id, e in line:gmatch("()@%[[^%]\n]*%]%(memolet:([%w_%-]+)%)()") do
    if at >= s and at < e then
      return id
    end
  end
  for s, ids_at, ids, e in line:gmatch("()%[%[?%s*citation%s*:%s*()([%w_%-,%s]+)%]%]?()") do
    if at >= s and at < e then
      -- With several ids, the one under the cursor (else the first).
      local first
      for is, one, ie in ids:gmatch("()([%w_%-]+)()") do
        first = first or one
        if at >= ids_at + is - 1 and at < ids_at + ie - 1 then
          return one
        end
      end
      return first
    end
  end
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

-- Card keys work anywhere in the chat: on the card's unit, the message it is about,
-- the card's own lines or the prompt (the nearest card, else the latest pending).
local function card_action(action)
  return function()
    cards.resolve(M.unit_at_cursor(), action)
  end
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
  buffer.map(buf, "n", k.memolet, on_unit(function(id)
    require("grove.ui.memolets").create({ unitIds = { id } })
  end), "Grove: make a memolet of this unit")
  buffer.map(buf, "x", k.memolet, function()
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("<Esc>", true, false, true), "nx", false)
    local target = M.target_for_range(vim.fn.line("'<"), vim.fn.line("'>"))
    if not target then
      vim.notify("Grove: the selection holds no unit", vim.log.levels.WARN)
      return
    end
    require("grove.ui.memolets").create(target)
  end, "Grove: make a memolet of the selection")
  buffer.map(buf, "n", k.memolet_show, function()
    local id = M.memolet_id_at(api.nvim_get_current_line(), api.nvim_win_get_cursor(0)[2])
    if not id then
      vim.notify("Grove: no memolet reference or citation under the cursor", vim.log.levels.WARN)
      return
    end
    require("grove.ui.memolets").show({ id = id })
  end, "Grove: show the memolet referenced or cited here")
  buffer.map(buf, "n", k.regenerate, on_unit(function(id)
    actions.regenerate(id)
  end), "Grove: a new answer")
  buffer.map(buf, "n", k.refine, on_unit(function(id)
    require("grove.ui.refine").open(id)
  end), "Grove: refine this answer by its memories")
  buffer.map(buf, "n", k.revisions, on_unit(function(id)
    require("grove.ui.history").open_revisions(id)
  end), "Grove: earlier texts of this unit")
  buffer.map(buf, "n", k.extract, on_unit(function(id)
    require("grove.ui.capsules").extract({ id })
  end), "Grove: extract a capsule from this unit")
  buffer.map(buf, "n", k.return_branch, on_unit(function(id)
    actions.return_branch(id)
  end), "Grove: return from this branch (completed, with its summary)")
  buffer.map(buf, "x", k.extract, function()
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("<Esc>", true, false, true), "nx", false)
    require("grove.ui.capsules").extract(M.units_in_lines(vim.fn.line("'<"), vim.fn.line("'>")))
  end, "Grove: extract a capsule from the selected units")
  require("grove.complete").attach(buf, function(row)
    return view.sep_row ~= nil and row > view.sep_row
  end)
  -- References typed or inserted stand out (the core resolves them on send).
  vim.api.nvim_buf_call(buf, function()
    vim.cmd([=[syntax match GroveMemoletRef /@\[[^\]]*\](memolet:[A-Za-z0-9_-]\+)/]=])
    vim.cmd([=[syntax match GroveMemoletRef /\[\[\?\s*citation\s*:[^\]]*\]\]\?/]=])
  end)
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
