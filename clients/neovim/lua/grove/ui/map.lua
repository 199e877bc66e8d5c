-- The context map: the whole tree, the mainline first with each branch nested under
-- the unit it is anchored at (tree glyphs, one fold per branch), every unit's scope
-- as the model would see it from the cursor, the cursor and the mainline's start and
-- end marked. Keys act on the unit under the cursor or on a visual range.

local actions = require("grove.actions")
local buffer = require("grove.ui.buffer")
local cards = require("grove.ui.cards")
local config = require("grove.config")
local state = require("grove.state")

local M = {}

local NAME = "grove://map"
local api = vim.api

local view = { buf = nil, rows = {}, branch_rows = {}, levels = {}, row_of = {} }

local glyph = { user = "●", assistant = "○", system = "◇" }
local kind_glyph = { code = "◆", note = "✎", placeholder = "⌫" }
local scope_tag = {
  ["in"] = "in",
  excluded = "excluded",
  included = "included",
  out = "out",
  deleted = "deleted",
}

local function unit_line(prefix, id)
  local u = state.unit(id)
  local project = state.project()
  local g = kind_glyph[u.kind] or glyph[u.role] or "·"
  local text
  if u.kind == "placeholder" then
    text = "(deleted)"
  elseif u.kind == "code" and type(u.source) == "table" then
    local file = u.source.uri and vim.fn.fnamemodify(vim.uri_to_fname(u.source.uri), ":t") or "code"
    local memo = u.source.memo ~= vim.NIL and u.source.memo or nil
    text = string.format("%s: %s %s", u.role or "?", file, buffer.oneline(memo or state.head(u), config.options.map_line_width))
  else
    text = string.format("%s: %s", u.role or "?", buffer.oneline(state.head(u), config.options.map_line_width))
  end
  local marks = {}
  if id == state.cursor() then
    table.insert(marks, "◀ cursor")
  end
  if project.mainlineStartId == id then
    table.insert(marks, "⇤ start")
  end
  if project.mainlineEndId == id then
    table.insert(marks, "⇥ end")
  end
  local scope = state.scope_state(id)
  local line = string.format("%s%s %s  [%s]", prefix, g, text, scope_tag[scope])
  if #marks > 0 then
    line = line .. " " .. table.concat(marks, " ")
  end
  return line, scope
end

local function branch_header(prefix, b)
  local parts = { b.title and b.title ~= vim.NIL and b.title ~= "" and ('"' .. b.title .. '"') or "(untitled)" }
  if b.status and b.status ~= vim.NIL then
    table.insert(parts, b.status)
  end
  if b.summary and b.summary ~= vim.NIL and b.summary ~= "" then
    table.insert(parts, buffer.oneline(b.summary, config.options.map_line_width))
  end
  return prefix .. "├─▸ branch " .. table.concat(parts, " · ")
end

-- Lines, and per row: the unit, the branch (header rows), the fold level, highlights.
local function layout()
  local out = { lines = {}, rows = {}, branch_rows = {}, levels = {}, row_of = {}, hls = {} }
  local project = state.project()
  if not project then
    out.lines = { "Grove: no project open (:Grove new [title] or :Grove open)" }
    return out
  end
  local function add(line, level, id, hl)
    local row = #out.lines
    table.insert(out.lines, line)
    out.levels[row] = level
    if id then
      out.rows[row] = id
      out.row_of[id] = out.row_of[id] or row
    end
    if hl then
      table.insert(out.hls, { row = row, hl = hl })
    end
    return row
  end
  add(string.format("Grove map · %s · revision %s", project.title or project.id, tostring(project.revision or "?")), 0, nil, "Title")

  local anchored, mainline, seen = {}, nil, {}
  for _, b in ipairs(state.branches()) do
    if b.isMainline then
      mainline = b
    elseif b.anchorId then
      anchored[b.anchorId] = anchored[b.anchorId] or {}
      table.insert(anchored[b.anchorId], b)
    end
  end
  local function seq(b)
    local u = state.unit(b.headId)
    return u and u.seq or 0
  end
  for _, list in pairs(anchored) do
    table.sort(list, function(a, b)
      return seq(a) < seq(b)
    end)
  end

  local render_branch
  local function render_units(ids, depth)
    local prefix = string.rep("│ ", depth)
    for _, id in ipairs(ids) do
      if state.unit(id) and not seen[id] then
        seen[id] = true
        local line, scope = unit_line(prefix, id)
        add(line, depth, id, "GroveScope" .. scope)
        for _, b in ipairs(anchored[id] or {}) do
          render_branch(b, depth)
        end
      end
    end
  end
  render_branch = function(b, depth)
    local row = add(branch_header(string.rep("│ ", depth), b), depth + 1, b.headId, "GroveBranch")
    out.branch_rows[row] = b
    out.row_of[b.headId] = nil -- the head's own line, added next, is where it is shown
    render_units(b.unitIds or {}, depth + 1)
  end

  if mainline then
    render_units(mainline.unitIds or {}, 0)
  end
  -- Anything the branches did not cover (e.g. a tree with no mainline yet), in seq order.
  local rest = {}
  for _, id in ipairs(state.children(nil)) do
    table.insert(rest, id)
  end
  local function walk(id)
    if not seen[id] then
      render_units({ id }, 0)
    end
    for _, c in ipairs(state.children(id)) do
      walk(c)
    end
  end
  for _, id in ipairs(rest) do
    walk(id)
  end
  return out
end

-- foldexpr: a branch header opens a fold one level deeper than its anchor.
function M.foldexpr(lnum)
  local row = lnum - 1
  local level = view.levels[row] or 0
  if view.branch_rows[row] then
    return ">" .. level
  end
  return tostring(level)
end

function M.render()
  local buf = view.buf
  -- Nothing to draw into while Neovim is exiting (buffers are being unloaded).
  if not buf or not api.nvim_buf_is_loaded(buf) or vim.v.exiting ~= vim.NIL then
    return
  end
  local saved = {}
  for _, win in ipairs(buffer.windows(buf)) do
    local row = api.nvim_win_get_cursor(win)[1] - 1
    saved[win] = { unit = view.rows[row], row = row }
  end
  local out = layout()
  view.rows, view.branch_rows, view.levels, view.row_of = out.rows, out.branch_rows, out.levels, out.row_of
  buffer.set_lines(buf, 0, -1, out.lines)
  api.nvim_buf_clear_namespace(buf, buffer.ns, 0, -1)
  for _, h in ipairs(out.hls) do
    api.nvim_buf_add_highlight(buf, buffer.ns, h.hl, h.row, 0, -1)
  end
  cards.render(buf, function(id)
    return view.row_of[id] and { unit = id, row = view.row_of[id] }
  end)
  for win, pos in pairs(saved) do
    local row = pos.unit and view.row_of[pos.unit] or math.min(pos.row, #out.lines - 1)
    pcall(api.nvim_win_set_cursor, win, { row + 1, 0 })
  end
end

function M.row_of(id)
  return view.row_of[id]
end

-- Puts the map's cursor on unit id (opening folds around it).
function M.focus_unit(id)
  local row = view.row_of[id]
  if not row then
    return false
  end
  for _, win in ipairs(buffer.windows(view.buf)) do
    api.nvim_win_set_cursor(win, { row + 1, 0 })
    api.nvim_win_call(win, function()
      vim.cmd("silent! normal! zv")
    end)
  end
  return true
end

-- Units in the selection (visual) or under the cursor; a branch header stands for its head.
local function selected_units()
  local a, b = buffer.selected_rows()
  return buffer.ids_in_rows(view.rows, a, b)
end

-- The unit on the cursor line of the map (a branch header stands for its head), or nil.
function M.unit_at_cursor()
  return view.rows[api.nvim_win_get_cursor(0)[1] - 1]
end

local function with_units(fn)
  return function()
    local ids = selected_units()
    if #ids == 0 then
      vim.notify("Grove: no unit here", vim.log.levels.WARN)
      return
    end
    fn(ids)
  end
end

local function scope_key(scope)
  return with_units(function(ids)
    actions.set_scope(ids, scope)
  end)
end

-- Shows unit id in the chat, switching the chat's path to its branch when it is elsewhere.
function M.jump_to_chat(id)
  local chat = require("grove.ui.chat")
  local on_path = vim.tbl_contains(state.path(state.cursor()), id)
  local function show()
    chat.open()
    local row = chat.row_of(id)
    if row then
      api.nvim_win_set_cursor(0, { row + 1, 0 })
    end
  end
  if on_path then
    return show()
  end
  local b = state.branch_of(id)
  local tip = b and b.unitIds and b.unitIds[#b.unitIds] or id
  state.set_cursor(tip, show)
end

local function setup_buffer(buf)
  vim.bo[buf].filetype = "grove-map"
  vim.bo[buf].modifiable = false
  local k = config.options.keymaps.map
  local one = function(fn)
    return with_units(function(ids)
      fn(ids[1])
    end)
  end
  buffer.map(buf, "n", k.chat, one(M.jump_to_chat), "Grove: show in chat")
  buffer.map(buf, "n", k.cursor, one(function(id)
    state.set_cursor(id)
  end), "Grove: continue from here")
  buffer.map(buf, "n", k.branch, one(function(id)
    require("grove.ui.chat").branch_from(id)
  end), "Grove: branch from here")
  buffer.map(buf, { "n", "x" }, k.include, scope_key("included"), "Grove: include")
  buffer.map(buf, { "n", "x" }, k.exclude, scope_key("excluded"), "Grove: exclude")
  buffer.map(buf, { "n", "x" }, k.toggle, scope_key("toggle"), "Grove: toggle (Revert)")
  buffer.map(buf, { "n", "x" }, k.auto, scope_key("auto"), "Grove: automatic scope")
  buffer.map(buf, "n", k.delete, with_units(function(ids)
    actions.delete(ids, false)
  end), "Grove: delete")
  buffer.map(buf, "x", k.delete_visual, with_units(function(ids)
    actions.delete(ids, false)
  end), "Grove: delete range")
  buffer.map(buf, "n", k.delete_subtree, with_units(function(ids)
    actions.delete(ids, true)
  end), "Grove: delete with everything below")
  buffer.map(buf, "n", k.mainline_start, one(function(id)
    actions.set_mainline("start", id)
  end), "Grove: mainline starts here")
  buffer.map(buf, "n", k.mainline_end, one(function(id)
    actions.set_mainline("end", id)
  end), "Grove: mainline ends here")
  buffer.map(buf, "n", k.rename, one(actions.rename_branch), "Grove: rename branch")
  buffer.map(buf, "n", k.return_branch, one(actions.return_branch), "Grove: return from this branch")
  buffer.map(buf, "n", k.search, function()
    actions.search(nil)
  end, "Grove: search")
  buffer.map(buf, "n", k.undo, function()
    actions.history("undo")
  end, "Grove: undo")
  buffer.map(buf, "n", k.redo, function()
    actions.history("redo")
  end, "Grove: redo")
  buffer.map(buf, "n", k.preview, function()
    require("grove.ui.preview").open()
  end, "Grove: preview")
  buffer.map(buf, "n", k.refresh, function()
    state.reload()
  end, "Grove: reload")
  buffer.map(buf, "n", k.close, "<cmd>close<cr>", "Grove: close")
  for _, action in ipairs({ "accept", "reject", "defer" }) do
    buffer.map(buf, "n", k[action], one(function(id)
      cards.resolve(id, action)
    end), "Grove: " .. action .. " suggestion")
  end
end

local function setup_window(win)
  vim.wo[win].foldmethod = "expr"
  vim.wo[win].foldexpr = "v:lua.require'grove.ui.map'.foldexpr(v:lnum)"
  vim.wo[win].foldlevel = 99
  vim.wo[win].wrap = false
end

function M.open()
  local buf = buffer.get(NAME, setup_buffer)
  view.buf = buf
  local win = buffer.show(buf, config.options.map_layout)
  setup_window(win)
  M.render()
  return buf
end

function M.buf()
  return view.buf
end

state.subscribe(M.render)

return M
