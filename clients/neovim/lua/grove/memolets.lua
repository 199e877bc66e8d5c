-- Memolets as requests: search, completion, creation and the project's sandbox
-- (grove/memolet/*). The core segments, ranks, summarises and resolves references;
-- this file only asks and hands the answers to the views. Every call first checks
-- that the server offers the method, so an older server gets one clear message
-- instead of a "method not found".

local client = require("grove.client")
local protocol = require("grove.protocol")
local state = require("grove.state")

local m = protocol.m
local M = {}

-- True when the server offers `method` (else one clear message; see actions.offered).
local function offered(method, go)
  return require("grove.actions").offered(method, "memolets", go)
end
M.offered = offered

local need_project = state.need_project

-- The reference text for a memolet, `@[Title](memolet:ID)`. The title is display
-- only (the id resolves), so brackets and newlines in it are replaced to keep the
-- reference parseable, as the core's own formatter does.
function M.reference(memolet)
  local title = type(memolet.title) == "string" and memolet.title or ""
  title = title:gsub("[%[%]]", ""):gsub("%s+", " ")
  title = vim.trim(title)
  if title == "" then
    title = memolet.id
  end
  return string.format("@[%s](memolet:%s)", title, memolet.id)
end

-- Completion items for `@prefix`: cb(items) with the server's {id, label, detail,
-- insertText}; an empty list when the server cannot answer (completion must stay quiet).
function M.complete(prefix, cb)
  if not client.supports(m.memolet_complete) then
    return cb({})
  end
  local params = { prefix = prefix or "", limit = 20 }
  params.projectId = state.project_id()
  client.request(m.memolet_complete, params, function(err, res)
    cb((not err and res and res.items) or {})
  end)
end

-- Ranked memolets for a query: cb(results) with {memolet, score, sentences}.
function M.search(query, cb)
  offered(m.memolet_search, function()
    client.call(m.memolet_search, { query = query, limit = 20 }, function(res)
      cb(res.results or {})
    end)
  end)
end

-- cb({memolet, text}).
function M.get(id, cb)
  offered(m.memolet_get, function()
    client.call(m.memolet_get, { memoletId = id }, cb)
  end)
end

-- Creates a memolet from `target`: {unitIds = {...}} or {unitId, span = {start, end}}
-- (UTF-8 byte offsets into the unit's content); title may be nil (the core names it).
function M.create(target, title, cb)
  local pid = need_project()
  if not pid then
    return
  end
  offered(m.memolet_create, function()
    local params = vim.tbl_extend("force", { projectId = pid }, target)
    if title and title ~= "" then
      params.title = title
    end
    client.call(m.memolet_create, params, cb)
  end)
end

-- The open project's sandbox: cb({memolets, groups}).
function M.sandbox(cb)
  local pid = need_project()
  if not pid then
    return
  end
  offered(m.sandbox_list, function()
    client.call(m.sandbox_list, { projectId = pid }, cb)
  end)
end

-- Adds or removes a memolet; cb(sandbox) with the sandbox after the change.
local function sandbox_change(method, id, cb)
  local pid = need_project()
  if not pid then
    return
  end
  offered(method, function()
    client.call(method, { projectId = pid, memoletId = id }, cb)
  end)
end

function M.sandbox_add(id, cb)
  sandbox_change(m.sandbox_add, id, cb)
end

function M.sandbox_remove(id, cb)
  sandbox_change(m.sandbox_remove, id, cb)
end

-- Groups sandbox memolets (at least two; title nil: the core names it); cb(sandbox).
function M.sandbox_group(ids, title, cb)
  local pid = need_project()
  if not pid then
    return
  end
  offered(m.sandbox_group, function()
    local params = { projectId = pid, memoletIds = ids }
    if title and title ~= "" then
      params.title = title
    end
    client.call(m.sandbox_group, params, cb)
  end)
end

-- Dissolves a sandbox group (its members stay in the sandbox); cb(sandbox).
function M.sandbox_ungroup(group_id, cb)
  local pid = need_project()
  if not pid then
    return
  end
  offered(m.sandbox_ungroup, function()
    client.call(m.sandbox_ungroup, { projectId = pid, groupId = group_id }, cb)
  end)
end

-- Views that show memolets of a project subscribe here; grove/memolet/didChange
-- (another window, another editor, or the segmenter) tells them to refetch.
local listeners = {}

function M.on_change(fn)
  table.insert(listeners, fn)
end

client.on(m.memolet_did_change, function(p)
  if p.projectId ~= nil and p.projectId ~= state.project_id() then
    return
  end
  for _, fn in ipairs(listeners) do
    pcall(fn, p)
  end
end)

return M
