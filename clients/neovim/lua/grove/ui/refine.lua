-- Refining an answer by its memories (`gF` on an answer in the chat, or :Grove
-- refine): the memolets the answer used (retrieved for its turn) and cited, each
-- markable remove / highlight / obscure, others added by search, pairs grouped with
-- a weight; then one key asks grove/chat/refine for a new answer. The core writes
-- the refined prompt; this view only collects the choices.

local actions = require("grove.actions")
local buffer = require("grove.ui.buffer")
local listview = require("grove.ui.listview")
local memolets = require("grove.memolets")
local state = require("grove.state")

local M = {}

-- target: the answer; entries: {id, title, cited, retrieved, added, mark}; groups:
-- {a, b, weight}; picked: the first memolet of a group being made.
local r = { target = nil, entries = {}, groups = {}, picked = nil }
local view -- the view's getter (listview.lazy, below the keys' functions)

local MARKS = { remove = "remove", highlight = "highlight", obscure = "obscure" }

local function title_of(id)
  for _, e in ipairs(r.entries) do
    if e.id == id then
      return e.title
    end
  end
  return id
end

local function build(v)
  local u = r.target and state.unit(r.target)
  local turn = r.target and state.turn(r.target)
  local head = string.format('Refine the answer "%s"', buffer.oneline(u and u.content or "?", 40))
  if turn then
    head = head .. string.format(" · used %d memories · cites %d", #turn.retrieved, #turn.citations)
  end
  local lines, rows, hl = v:head(head), {}, {}
  if #r.entries == 0 then
    table.insert(lines, "(this answer used no memories this session; add some with the add key)")
  end
  for _, e in ipairs(r.entries) do
    local tags = {}
    for _, t in ipairs({ "cited", "retrieved", "added" }) do
      if e[t] then
        table.insert(tags, t)
      end
    end
    if r.picked == e.id then
      table.insert(tags, "grouping…")
    end
    rows[#lines] = e
    if e.mark then
      hl[#lines] = e.mark == "remove" and "GroveScopeexcluded" or "GroveScopeincluded"
    end
    table.insert(lines, string.format(
      "%s %s (memolet:%s)%s%s",
      e.mark and "→ " .. e.mark or "●",
      buffer.oneline(e.title, 60),
      e.id,
      #tags > 0 and (" · " .. table.concat(tags, ", ")) or "",
      ""
    ))
  end
  if #r.groups > 0 then
    table.insert(lines, "")
    table.insert(lines, "groups:")
    for _, g in ipairs(r.groups) do
      table.insert(lines, string.format("  %s + %s · weight %.2f", title_of(g.a), title_of(g.b), g.weight))
    end
  end
  return lines, rows, hl
end

local function render()
  view():render()
end

local function entry(id)
  for _, e in ipairs(r.entries) do
    if e.id == id then
      return e
    end
  end
end

local function put(id, fields)
  local e = entry(id)
  if not e then
    e = { id = id, title = id }
    table.insert(r.entries, e)
  end
  for k, v in pairs(fields) do
    e[k] = v
  end
  return e
end

-- Ids of [citation:ID] marks in an answer (also [[citation: ID]] and [citation:a, b]).
function M.cited_ids(text)
  local out, seen = {}, {}
  for ids in (text or ""):gmatch("%[%[?%s*citation%s*:%s*([%w_%-,%s]+)%]") do
    for id in ids:gmatch("[%w_%-]+") do
      if not seen[id] then
        seen[id] = true
        table.insert(out, id)
      end
    end
  end
  return out
end

-- Asks for the titles the view does not know yet; done() once all answered.
local function fetch_titles(done)
  local missing = {}
  for _, e in ipairs(r.entries) do
    if e.title == e.id then
      table.insert(missing, e)
    end
  end
  local left = #missing
  if left == 0 then
    return done()
  end
  for _, e in ipairs(missing) do
    memolets.get(e.id, function(res)
      e.title = (res.memolet and res.memolet.title) or e.id
      left = left - 1
      if left == 0 then
        done()
      end
    end)
  end
end

local function set_mark(which)
  return function(e)
    e.mark = e.mark ~= which and which or nil
    render()
  end
end

-- Adds a memolet found by a search (the add key).
function M.add(query, done)
  actions.ask_text("Add a memory (search): ", query, function(q)
    memolets.search(q, function(results)
      if #results == 0 then
        vim.notify("Grove: no memolet matches " .. q, vim.log.levels.INFO)
        return
      end
      vim.ui.select(results, {
        prompt = "Add to the answer's memories",
        format_item = function(res)
          return res.memolet.title or res.memolet.id
        end,
      }, function(res)
        if res then
          put(res.memolet.id, { title = res.memolet.title or res.memolet.id, added = true })
          render()
          if done then
            done(res.memolet)
          end
        end
      end)
    end)
  end)
end

-- The group key: the first press picks a memolet, the second pairs it with another
-- and asks for the first one's weight (0..1, default 0.5).
function M.group(e)
  if not r.picked or r.picked == e.id then
    r.picked = r.picked ~= e.id and e.id or nil
    render()
    return
  end
  local a = r.picked
  vim.ui.input({ prompt = string.format('Weight of "%s" in the group (0-1): ', title_of(a)), default = "0.5" }, function(w)
    local weight = tonumber(w)
    if not weight or weight < 0 or weight > 1 then
      vim.notify("Grove: the weight is a number from 0 to 1", vim.log.levels.WARN)
      return
    end
    r.picked = nil
    table.insert(r.groups, { a = a, b = e.id, weight = weight })
    render()
  end)
end

-- The refinement collected so far, as grove/chat/refine params.
function M.refinement()
  local out = {}
  local function push(key, id)
    out[key] = out[key] or {}
    table.insert(out[key], id)
  end
  for _, e in ipairs(r.entries) do
    if e.mark then
      push(MARKS[e.mark], e.id)
    elseif e.added then
      push("add", e.id)
    end
  end
  if #r.groups > 0 then
    out.group = vim.deepcopy(r.groups)
  end
  return out
end

-- Sends the refinement; the view then shows the new answer's memories.
function M.regenerate(done)
  local refinement = M.refinement()
  if next(refinement) == nil then
    vim.notify("Grove: mark a memory (remove, highlight, obscure), add or group one first", vim.log.levels.WARN)
    return
  end
  actions.refine(r.target, refinement, function(res)
    local n = res.retrieved and #res.retrieved or 0
    vim.notify(string.format("Grove: refined answer written (used %d memories)", n), vim.log.levels.INFO)
    if res.assistantUnit then
      M.open(res.assistantUnit.id, function()
        if done then
          done(res)
        end
      end)
    elseif done then
      done(res)
    end
  end)
end

view = listview.lazy(M, {
  "refine",
  build = build,
  keys = function(k)
    return {
      { k.remove, set_mark("remove"), "remove" },
      { k.highlight, set_mark("highlight"), "highlight" },
      { k.obscure, set_mark("obscure"), "obscure" },
      { k.group, M.group, "group with another" },
      { k.add, function()
        M.add()
      end, "add a memory", any = true },
      { k.show, function(e)
        require("grove.ui.memolets").show({ id = e.id })
      end, "full text" },
      { k.regenerate, function()
        M.regenerate()
      end, "regenerate with these", any = true },
    }
  end,
})

-- Opens the refine view on assistant unit id; done() once shown.
function M.open(id, done)
  local u = id and state.unit(id)
  if not u or u.role ~= "assistant" then
    vim.notify("Grove: refine works on an answer (an assistant unit)", vim.log.levels.WARN)
    return
  end
  if u.loaded == false then
    -- Its citations are read from its text; only its head is here so far.
    return state.ensure_text({ id }, function()
      local got = state.unit(id)
      if got and got.loaded ~= false then
        M.open(id, done)
      end
    end)
  end
  r = { target = id, entries = {}, groups = {}, picked = nil }
  local turn = state.turn(id)
  for _, mid in ipairs(turn and turn.retrieved or {}) do
    put(mid, { retrieved = true })
  end
  for _, c in ipairs(turn and turn.citations or {}) do
    put(c.memoletId, { cited = true, title = c.title or c.memoletId })
  end
  for _, mid in ipairs(M.cited_ids(u.content)) do
    put(mid, { cited = true })
  end
  fetch_titles(function()
    view():open(done)
  end)
end

return M
