-- The memolet views: search results (`:Grove memolets {query}`) and the project's
-- sandbox (`:Grove sandbox`), two scratch buffers that list memolets with their
-- title, keywords and, for search, the score and the sentences that matched. Keys act
-- on the memolet under the cursor: add it to the sandbox or remove it, open its
-- conversation where the search matched, put its reference in the chat's prompt
-- area, show its full text. Both views only show
-- what the server answered and ask again after every change.

local actions = require("grove.actions")
local buffer = require("grove.ui.buffer")
local config = require("grove.config")
local memolets = require("grove.memolets")
local state = require("grove.state")

local api = vim.api
local M = {}

local SEARCH, SANDBOX = "grove://memolets", "grove://sandbox"

local views = {
  search = { buf = nil, rows = {}, query = nil, results = {}, focus = {} },
  sandbox = { buf = nil, rows = {}, sandbox = nil, group_rows = {} },
}
local in_sandbox = {} -- memolet id -> true, for the open project
local float = {} -- the full-text float

local function text(v)
  return type(v) == "string" and v or ""
end

local function keys_line(kind)
  local k = config.options.keymaps.memolets
  local parts = {}
  local function add(key, what)
    if key then
      table.insert(parts, key .. " " .. what)
    end
  end
  if kind == "search" then
    add(k.add, "add to sandbox")
    add(k.open, "open where it matched")
    add(k.sandbox, "sandbox")
  else
    add(k.remove, "remove")
    add(k.group, "group with another")
    add(k.ungroup, "ungroup (on a group)")
  end
  add(k.insert, "reference in the message")
  add(k.show, "full text")
  add(k.close, "close")
  return table.concat(parts, " · ")
end

-- The lines of one memolet entry; each is mapped to the memolet in rows. opts:
-- score and sentences (search results), search (say where the memolet stands:
-- made by the user, already in the sandbox, or from another conversation),
-- indent (group members).
local function entry(lines, rows, memolet, opts)
  local indent = opts.indent or ""
  local head = { indent .. "● " .. buffer.oneline(text(memolet.title) ~= "" and memolet.title or memolet.id, 70) }
  if type(opts.score) == "number" then
    table.insert(head, string.format("score %.3f", opts.score))
  end
  -- A memolet made by hand and the one segmented from the same exchange often
  -- share a title: say which is the user's.
  if opts.search and memolet.manual == true then
    table.insert(head, "made by you")
  end
  if opts.search and in_sandbox[memolet.id] then
    table.insert(head, "in sandbox")
  end
  if opts.search and memolet.projectId and memolet.projectId ~= state.project_id() then
    table.insert(head, "another conversation")
  end
  rows[#lines] = memolet
  table.insert(lines, table.concat(head, " · "))
  if type(memolet.keywords) == "table" and #memolet.keywords > 0 then
    rows[#lines] = memolet
    table.insert(lines, indent .. "  keywords: " .. table.concat(memolet.keywords, ", "))
  end
  local sentences = type(opts.sentences) == "table" and opts.sentences or {}
  if #sentences == 0 and text(memolet.summary) ~= "" then
    rows[#lines] = memolet
    table.insert(lines, indent .. "  summary: " .. buffer.oneline(memolet.summary))
  end
  for _, sentence in ipairs(sentences) do
    rows[#lines] = memolet
    table.insert(lines, indent .. "  › " .. buffer.oneline(sentence))
  end
  table.insert(lines, "")
end

local function render_search()
  local v = views.search
  local lines, rows = {}, {}
  table.insert(lines, string.format('Memolets matching "%s" · %d found', v.query or "", #v.results))
  table.insert(lines, keys_line("search"))
  table.insert(lines, "")
  if #v.results == 0 then
    table.insert(lines, "(no memolet matches; memolets grow from every conversation as it goes)")
  end
  for _, r in ipairs(v.results) do
    entry(lines, rows, r.memolet, { score = r.score, sentences = r.sentences, search = true })
  end
  return lines, rows
end

local function render_sandbox()
  local v = views.sandbox
  local sb = v.sandbox or {}
  local lines, rows = {}, {}
  local title = state.project() and (state.project().title or state.project().id) or "?"
  local list = sb.memolets or {}
  table.insert(lines, string.format("Sandbox of %s · %d memolet%s", title, #list, #list == 1 and "" or "s"))
  table.insert(lines, keys_line("sandbox"))
  table.insert(lines, "")
  if #list == 0 then
    table.insert(lines, "(empty: generation retrieves from every memolet; add some from :Grove memolets)")
  end
  local by_id, grouped = {}, {}
  for _, mm in ipairs(list) do
    by_id[mm.id] = mm
  end
  v.group_rows = {}
  for _, g in ipairs(sb.groups or {}) do
    v.group_rows[#lines] = g
    table.insert(lines, "▸ group: " .. buffer.oneline(text(g.title) ~= "" and g.title or g.id, 60))
    if text(g.summary) ~= "" then
      table.insert(lines, "  " .. buffer.oneline(g.summary))
    end
    for _, id in ipairs(g.memoletIds or {}) do
      if by_id[id] then
        grouped[id] = true
        entry(lines, rows, by_id[id], { indent = "  " })
      end
    end
  end
  for _, mm in ipairs(list) do
    if not grouped[mm.id] then
      entry(lines, rows, mm, {})
    end
  end
  return lines, rows
end

local render_fns = { search = render_search, sandbox = render_sandbox }

local function render(kind)
  local v = views[kind]
  if not v.buf or not api.nvim_buf_is_loaded(v.buf) then
    return
  end
  local lines, rows = render_fns[kind]()
  v.rows = rows
  buffer.set_lines(v.buf, 0, -1, lines)
  api.nvim_buf_clear_namespace(v.buf, buffer.ns, 0, -1)
  api.nvim_buf_add_highlight(v.buf, buffer.ns, "GroveBranch", 0, 0, -1)
  api.nvim_buf_add_highlight(v.buf, buffer.ns, "GroveCardKeys", 1, 0, -1)
  for row, mm in pairs(rows) do
    if rows[row - 1] ~= mm then
      api.nvim_buf_add_highlight(v.buf, buffer.ns, "GroveMemoletTitle", row, 0, -1)
    end
  end
end

-- Takes a sandbox answer (list, add and remove all return the sandbox) and redraws.
local function took_sandbox(sb)
  views.sandbox.sandbox = sb
  in_sandbox = {}
  for _, mm in ipairs(sb.memolets or {}) do
    in_sandbox[mm.id] = true
  end
  render("sandbox")
  render("search")
end

-- The callback for a request that answers with the sandbox: takes it, then done(sb).
local function took_sandbox_then(done)
  return function(sb)
    took_sandbox(sb)
    if done then
      done(sb)
    end
  end
end

local function refresh_sandbox(done)
  if not state.project_id() then
    return done and done()
  end
  memolets.sandbox(took_sandbox_then(done))
end

-- The memolet whose entry holds the cursor in the current buffer, or nil.
function M.memolet_at_cursor()
  for _, v in pairs(views) do
    if v.buf == api.nvim_get_current_buf() then
      return v.rows[api.nvim_win_get_cursor(0)[1] - 1]
    end
  end
end

local function on_memolet(fn)
  return function()
    local mm = M.memolet_at_cursor()
    if not mm then
      vim.notify("Grove: no memolet under the cursor", vim.log.levels.WARN)
      return
    end
    fn(mm)
  end
end

function M.add(mm, done)
  memolets.sandbox_add(mm.id, took_sandbox_then(function(sb)
    vim.notify(string.format('Grove: "%s" added to the sandbox', text(mm.title)), vim.log.levels.INFO)
    if done then
      done(sb)
    end
  end))
end

function M.remove(mm, done)
  memolets.sandbox_remove(mm.id, took_sandbox_then(done))
end

-- Groups the memolet with another of the sandbox, picked from a list.
function M.group(mm, done)
  local others = {}
  for _, o in ipairs((views.sandbox.sandbox or {}).memolets or {}) do
    if o.id ~= mm.id then
      table.insert(others, o)
    end
  end
  if #others == 0 then
    vim.notify("Grove: a group needs two memolets in the sandbox", vim.log.levels.WARN)
    return
  end
  vim.ui.select(others, {
    prompt = string.format('Group "%s" with', text(mm.title)),
    format_item = function(o)
      return text(o.title) ~= "" and o.title or o.id
    end,
  }, function(other)
    if other then
      memolets.sandbox_group({ mm.id, other.id }, nil, took_sandbox_then(done))
    end
  end)
end

-- Dissolves the group whose header holds the cursor.
function M.ungroup(done)
  local g = views.sandbox.group_rows[api.nvim_win_get_cursor(0)[1] - 1]
  if not g or api.nvim_get_current_buf() ~= views.sandbox.buf then
    vim.notify("Grove: put the cursor on a group's line (▸ group)", vim.log.levels.WARN)
    return
  end
  memolets.sandbox_ungroup(g.id, took_sandbox_then(done))
end

-- Puts the memolet's reference at the end of the chat's prompt area.
function M.insert(mm)
  require("grove.ui.chat").insert_in_prompt(memolets.reference(mm))
end

-- Opens the memolet's conversation in the map with the cursor on the first unit
-- the search hit points at (its focusUnitIds: the exchange that matched and its
-- neighbours), else on the memolet's first unit. done(unit id) once there.
function M.open_hit(mm, done)
  local focus = views.search.focus[mm.id] or {}
  local unit = focus[1] or (mm.sourceUnitIds or {})[1]
  if not mm.projectId or mm.projectId == vim.NIL or not unit then
    vim.notify("Grove: this memolet belongs to no conversation", vim.log.levels.WARN)
    return
  end
  actions.show_in_map(mm.projectId, unit, function()
    if done then
      done(unit)
    end
  end)
end

function M.show(mm, done)
  memolets.get(mm.id, function(res)
    local got = res.memolet or mm
    local lines = { "# " .. text(got.title), "memolet:" .. got.id }
    if type(got.keywords) == "table" and #got.keywords > 0 then
      table.insert(lines, "keywords: " .. table.concat(got.keywords, ", "))
    end
    table.insert(lines, "")
    vim.list_extend(lines, buffer.split(text(res.text)))
    buffer.float(float, lines, "Memolet")
    if done then
      done(lines)
    end
  end)
end

-- Makes a memolet of a chat target ({unitIds} or {unitId, span}); asks for a title
-- when none is given (empty: the core names it; cancel: nothing is made).
-- done(memolet) once the server made it.
function M.create(target, title, done)
  local function make(t)
    memolets.create(target, t, function(mm)
      vim.notify(string.format('Grove: memolet "%s" made (memolet:%s)', text(mm.title), text(mm.id)), vim.log.levels.INFO)
      if done then
        done(mm)
      end
    end)
  end
  if title then
    return make(title)
  end
  vim.ui.input({ prompt = "Memolet title (empty: let Grove name it): " }, function(t)
    if t ~= nil then
      make(t)
    end
  end)
end

local function setup(kind)
  return function(buf)
    vim.bo[buf].filetype = "grove-memolets"
    vim.bo[buf].modifiable = false
    local k = config.options.keymaps.memolets
    if kind == "search" then
      buffer.map(buf, "n", k.add, on_memolet(M.add), "Grove: add to the sandbox")
      buffer.map(buf, "n", k.open, on_memolet(M.open_hit), "Grove: open the conversation where it matched")
      buffer.map(buf, "n", k.sandbox, function()
        M.open_sandbox()
      end, "Grove: open the sandbox")
      buffer.map(buf, "n", k.refresh, function()
        M.search(views.search.query)
      end, "Grove: search again")
    else
      buffer.map(buf, "n", k.remove, on_memolet(M.remove), "Grove: remove from the sandbox")
      buffer.map(buf, "n", k.group, on_memolet(M.group), "Grove: group with another memolet")
      buffer.map(buf, "n", k.ungroup, function()
        M.ungroup()
      end, "Grove: dissolve this group")
      buffer.map(buf, "n", k.refresh, function()
        refresh_sandbox()
      end, "Grove: reload the sandbox")
    end
    buffer.map(buf, "n", k.insert, on_memolet(M.insert), "Grove: reference in the message")
    buffer.map(buf, "n", k.show, on_memolet(M.show), "Grove: full text")
    buffer.map(buf, "n", k.close, function()
      if #api.nvim_list_wins() > 1 then
        api.nvim_win_close(0, false)
      end
    end, "Grove: close")
  end
end

local function open(kind, name)
  local buf = buffer.get(name, setup(kind))
  views[kind].buf = buf
  buffer.show(buf, config.options.memolets_layout)
  render(kind)
  return buf
end

-- Searches every memolet and lists the results; asks for the query when none is given.
-- done(results) once they are shown.
function M.search(query, done)
  actions.ask_text("Search memolets: ", query, function(q)
    memolets.search(q, function(results)
      views.search.query, views.search.results = q, results
      views.search.focus = {}
      for _, r in ipairs(results) do
        if type(r.focusUnitIds) == "table" and r.memolet then
          views.search.focus[r.memolet.id] = r.focusUnitIds
        end
      end
      open("search", SEARCH)
      local function finish()
        if done then
          done(results)
        end
      end
      -- Mark which results are already in the sandbox when a project is open.
      if state.project_id() then
        refresh_sandbox(finish)
      else
        finish()
      end
    end)
  end)
end

-- Lists the open project's sandbox; done(sandbox) once shown.
function M.open_sandbox(done)
  if not state.need_project() then
    return
  end
  local took = took_sandbox_then(done)
  memolets.sandbox(function(sb)
    open("sandbox", SANDBOX)
    took(sb)
  end)
end

function M.buf(kind)
  return views[kind].buf
end

function M.float_buf()
  return float.buf
end

-- Another window or editor changed memolets of this project: refetch what is shown.
memolets.on_change(function()
  if views.sandbox.buf and api.nvim_buf_is_loaded(views.sandbox.buf) then
    refresh_sandbox()
  end
end)

return M
