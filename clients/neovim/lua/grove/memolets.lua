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

-- Calls `method` for the open project, once the server offers it: params plus
-- projectId; cb(result).
local function project_call(method, params, cb)
  local pid = need_project()
  if not pid then
    return
  end
  offered(method, function()
    client.call(method, vim.tbl_extend("force", { projectId = pid }, params), cb)
  end)
end

-- params with `title` when one is given (else the core names the thing).
local function titled(params, title)
  if title and title ~= "" then
    params.title = title
  end
  return params
end

-- Creates a memolet from `target`: {unitIds = {...}} or {unitId, span = {start, end}}
-- (UTF-8 byte offsets into the unit's content); title may be nil (the core names it).
function M.create(target, title, cb)
  project_call(m.memolet_create, titled(vim.deepcopy(target), title), cb)
end

-- The open project's sandbox: cb({memolets, groups}).
function M.sandbox(cb)
  project_call(m.sandbox_list, {}, cb)
end

-- Adds, removes, groups, ungroups: each cb(sandbox) with the sandbox after the change.
function M.sandbox_add(id, cb)
  project_call(m.sandbox_add, { memoletId = id }, cb)
end

function M.sandbox_remove(id, cb)
  project_call(m.sandbox_remove, { memoletId = id }, cb)
end

-- At least two memolets; title nil: the core names the group.
function M.sandbox_group(ids, title, cb)
  project_call(m.sandbox_group, titled({ memoletIds = ids }, title), cb)
end

-- The members stay in the sandbox.
function M.sandbox_ungroup(group_id, cb)
  project_call(m.sandbox_ungroup, { groupId = group_id }, cb)
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
