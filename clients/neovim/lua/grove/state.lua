-- The client's mirror of the open project: the units and branches the server sent,
-- which units the model would see from the cursor (taken from grove/scope/preview, so
-- scope rules stay in the core), answers being streamed, and pending suggestions.
-- It holds nothing the server does not: views re-render from it whenever it changes,
-- and it re-fetches whenever the server says the project changed.

local client = require("grove.client")
local protocol = require("grove.protocol")

local m = protocol.m
local M = {}

local s = {
  project = nil,
  units = {}, -- id -> Unit
  children = {}, -- parentId ("" for roots) -> {id...} by seq
  branches = {}, -- Branch[] as sent
  branch_of = {}, -- unit id -> Branch holding it
  in_scope = {}, -- unit id -> true when the model sees it from the cursor
  local_cursor = nil, -- used while the server cannot store a cursor (no setCursor)
  streams = {}, -- unit id -> text streamed so far
  sending = nil, -- {content, parentId, ticket} while a message is on its way
  suggestions = {}, -- pending Suggestion[]
  turns = {}, -- assistant unit id -> {retrieved, citations} from the turn that wrote it
  listeners = {},
  refresh_queued = nil, -- {units = {id=true}, full = bool} coalesced didChange work
  loading = false,
  text_asked = {}, -- unit id -> true once its text was asked for since the last load
}

local function emit()
  for _, fn in ipairs(s.listeners) do
    local ok, e = pcall(fn)
    if not ok then
      vim.notify("Grove: render failed: " .. tostring(e), vim.log.levels.WARN)
    end
  end
end

function M.subscribe(fn)
  table.insert(s.listeners, fn)
end

local function index()
  s.children, s.branch_of = {}, {}
  local ids = vim.tbl_keys(s.units)
  table.sort(ids, function(a, b)
    return (s.units[a].seq or 0) < (s.units[b].seq or 0)
  end)
  for _, id in ipairs(ids) do
    local key = s.units[id].parentId or ""
    s.children[key] = s.children[key] or {}
    table.insert(s.children[key], id)
  end
  for _, b in ipairs(s.branches) do
    for _, id in ipairs(b.unitIds or {}) do
      s.branch_of[id] = b
    end
  end
end

function M.project()
  return s.project
end

function M.project_id()
  return s.project and s.project.id
end

-- The open project's id for an action that needs one; nil (after telling the user
-- how to open one) when none is open.
function M.need_project()
  local pid = M.project_id()
  if not pid then
    vim.notify("Grove: no project open (:Grove new or :Grove open)", vim.log.levels.WARN)
  end
  return pid
end

function M.unit(id)
  return id and s.units[id]
end

-- A unit's label: its first non-blank line, what grove/project/structure sends as
-- head, so the map reads the same whether a unit's text is loaded or not.
function M.head(u)
  if u.loaded == false then
    return u.content or ""
  end
  return (u.content or ""):match("[^\n]*%S[^\n]*") or ""
end

function M.children(id)
  return s.children[id or ""] or {}
end

function M.branches()
  return s.branches
end

function M.branch_of(id)
  return s.branch_of[id]
end

function M.streams()
  return s.streams
end

function M.sending()
  return s.sending
end

function M.set_sending(v)
  s.sending = v
  if not v then
    s.streams = {}
  end
  emit()
end

function M.suggestions()
  return s.suggestions
end

-- Where the next message continues from: the server's shared cursor when it stores
-- one, else the one this editor chose, else the mainline's end.
function M.cursor()
  if not s.project then
    return nil
  end
  local candidates
  if client.supports(m.project_set_cursor) then
    candidates = { s.project.cursorId, s.project.mainlineEndId }
  else
    candidates = { s.local_cursor, s.project.cursorId, s.project.mainlineEndId }
  end
  for i = 1, 3 do -- not ipairs: the candidates may be nil
    local id = candidates[i]
    if id and id ~= vim.NIL and s.units[id] then
      return id
    end
  end
  return nil
end

-- Units from the root to id, root first.
function M.path(id)
  local out, seen = {}, {}
  while id and s.units[id] and not seen[id] do
    seen[id] = true
    table.insert(out, 1, id)
    id = s.units[id].parentId
  end
  return out
end

-- "in", "excluded", "included" (pinned in from anywhere), "out" or "deleted".
function M.scope_state(id)
  local u = s.units[id]
  if not u then
    return "out"
  end
  if u.kind == "placeholder" then
    return "deleted"
  end
  if u.scope == "excluded" then
    return "excluded"
  end
  if s.in_scope[id] then
    return u.scope == "included" and "included" or "in"
  end
  return "out"
end

local function refresh_scope(done)
  local pid = M.project_id()
  if not pid then
    return done and done()
  end
  local cursor = M.cursor()
  -- The ids only (withText = false): the marks need no text, and at the tip of a long path the
  -- text is the whole prompt. A core without the parameter sends the text, which is ignored.
  client.request(m.scope_preview, { projectId = pid, cursorId = cursor or protocol.null, withText = false }, function(err, res)
    if not err and res and pid == M.project_id() then
      s.in_scope = {}
      for _, msg in ipairs(res.messages or {}) do
        for _, id in ipairs(msg.unitIds or {}) do
          s.in_scope[id] = true
        end
      end
    end
    if done then
      done()
    end
  end)
end

local function refresh_suggestions(done)
  local pid = M.project_id()
  if not pid or not client.supports(m.suggestion_list) then
    s.suggestions = {}
    return done and done()
  end
  client.request(m.suggestion_list, { projectId = pid }, function(err, res)
    if not err and res and pid == M.project_id() then
      s.suggestions = {}
      for _, sug in ipairs(res.suggestions or {}) do
        local mine = type(sug.projectId) == "string" or sug.workspaceUri == nil
        if mine and (sug.state == nil or sug.state == "pending" or sug.state == "deferred") then
          table.insert(s.suggestions, sug)
        end
      end
    end
    if done then
      done()
    end
  end)
end

local function apply_project(res)
  s.project = res.project
  s.units = {}
  s.text_asked = {}
  for _, u in ipairs(res.units or {}) do
    s.units[u.id] = u
  end
  s.branches = res.branches or {}
  index()
end

-- grove/project/structure sends the tree without text, as parallel columns. Each unit
-- gets its head (first non-blank line) as content and loaded = false until
-- M.ensure_text fetches its text; the map needs no more than the head.
local function apply_structure(res)
  local c = res.units
  local units = {}
  for i, id in ipairs(c.id) do
    local p = c.parent[i]
    units[i] = {
      id = id,
      projectId = res.project.id,
      parentId = p >= 0 and c.id[p + 1] or nil,
      role = c.role[i],
      kind = c.kind[i],
      status = c.status[i],
      scope = c.scope[i],
      seq = c.seq[i],
      content = c.head[i],
      source = c.source[i],
      loaded = false,
    }
  end
  apply_project({ project = res.project, units = units, branches = res.branches })
end

-- PROTOCOL.md's limit on a list parameter: a longer list is asked for in parts.
local UNITS_PER_CALL = 1000

-- Fetches the text of those of ids that only have their head (grove/unit/getMany, one
-- request per 1000: a path deeper than that would otherwise be refused whole), then
-- calls done() once every part has answered.
function M.ensure_text(ids, done)
  local missing = {}
  for _, id in ipairs(ids) do
    if s.units[id] and s.units[id].loaded == false then
      table.insert(missing, id)
      s.text_asked[id] = true
    end
  end
  if #missing == 0 then
    return done and done()
  end
  local pid = M.project_id()
  local parts = math.ceil(#missing / UNITS_PER_CALL)
  for first = 1, #missing, UNITS_PER_CALL do
    local part = vim.list_slice(missing, first, first + UNITS_PER_CALL - 1)
    client.request(m.unit_get_many, { unitIds = part }, function(err, res)
      if err then
        -- The chat shows these units' first lines; say why rather than nothing.
        vim.notify("Grove: could not load " .. #part .. " messages' text: " .. tostring(err.message), vim.log.levels.WARN)
      elseif res and pid == M.project_id() then
        for _, u in ipairs(res.units or {}) do
          if s.units[u.id] then
            s.units[u.id] = u
          end
        end
      end
      parts = parts - 1
      if parts == 0 and done then
        done()
      end
    end)
  end
end

-- A view met units without their text (loads normally fetch what the chat shows
-- first): fetch them once per load and render again.
function M.want_text(ids)
  local fresh = {}
  for _, id in ipairs(ids) do
    if not s.text_asked[id] then
      table.insert(fresh, id)
    end
  end
  if #fresh > 0 then
    M.ensure_text(fresh, emit)
  end
end

-- The tree: through the structure read (no text; the map needs only heads) when the
-- core has it, else everything through grove/project/get (older cores).
local function read_tree(project_id, cb)
  local structured = client.supports(m.project_structure)
  client.request(structured and m.project_structure or m.project_get, { projectId = project_id }, function(err, res)
    cb(err, res, structured)
  end)
end

-- Loads (or reloads) a project's tree, the text of the chat's path and its scope, then
-- renders. Suggestions are fetched when a project is opened; afterwards they change only
-- through their own notifications (PROTOCOL.md, "When a client must refetch"), so a
-- reload keeps them.
function M.load(project_id, done)
  local reopened = s.project ~= nil and s.project.id == project_id
  read_tree(project_id, function(err, res, structured)
    if err then
      vim.notify("Grove: cannot open project: " .. tostring(err.message), vim.log.levels.ERROR)
      return done and done(err)
    end
    if s.project and s.project.id ~= project_id then
      s.local_cursor, s.streams, s.sending, s.in_scope = nil, {}, nil, {}
    end
    if structured then
      apply_structure(res)
    else
      apply_project(res)
    end
    local function shown()
      emit()
      if done then
        done(nil, res)
      end
    end
    M.ensure_text(M.path(M.cursor()), function()
      refresh_scope(function()
        if reopened then
          return shown()
        end
        refresh_suggestions(shown)
      end)
    end)
  end)
end

function M.reload(done)
  if s.project then
    M.load(s.project.id, done)
  elseif done then
    done()
  end
end

-- Changes the cursor (shared through the server when it can store it).
function M.set_cursor(id, done)
  s.local_cursor = id
  local pid = M.project_id()
  if pid and client.supports(m.project_set_cursor) then
    client.call(m.project_set_cursor, { projectId = pid, cursorId = id or protocol.null }, function(project)
      if project and project.id then
        s.project = project
      end
      -- The chat follows the cursor: the new path's text before it renders.
      M.ensure_text(M.path(M.cursor()), function()
        refresh_scope(function()
          emit()
          if done then
            done()
          end
        end)
      end)
    end)
    return
  end
  M.ensure_text(M.path(M.cursor()), function()
    refresh_scope(function()
      emit()
      if done then
        done()
      end
    end)
  end)
end

-- Ops that only change units' content or scope; anything else reloads the tree.
local unit_only_ops = { setScope = true, edit = true, stream = true, anchor = true }

-- Callbacks waiting for the didChange work in progress to finish (see M.catch_up).
local waiters = {}
local function flushed()
  if s.refresh_queued or s.flushing then
    return
  end
  local list = waiters
  waiters = {}
  for _, fn in ipairs(list) do
    fn()
  end
end

local function flush_changes()
  local q = s.refresh_queued
  s.refresh_queued = nil
  if not q or not s.project then
    return flushed()
  end
  s.flushing = true
  local function done()
    s.flushing = false
    flushed()
  end
  local ids = vim.tbl_keys(q.units)
  if q.full or #ids == 0 then
    return M.reload(done)
  end
  client.request(m.unit_get_many, { unitIds = ids }, function(err, res)
    if err then
      return M.reload(done)
    end
    for _, u in ipairs(res.units or {}) do
      if s.units[u.id] then
        s.units[u.id] = u
      end
    end
    refresh_scope(function()
      emit()
      done()
    end)
  end)
end

-- After a change this client made: when its result names the project revision it
-- produced and grove/project/didChange already announced that revision, the views
-- are (or are being) refreshed from the notification, so done() runs once that work
-- finishes, without another reload. When the notification has not come yet, the
-- reload made here covers it (it reads revision >= the result's), so the
-- notification is skipped when it comes. Without a revision in the result the
-- project is reloaded as before.
function M.catch_up(revision, done)
  local known = s.project and type(s.project.revision) == "number" and s.project.revision
  if type(revision) == "number" and known then
    if known >= revision then
      table.insert(waiters, done)
      return flushed()
    end
    s.project.revision = revision
  end
  M.reload(done)
end

-- grove/project/didChange: coalesce what changed in this tick, then fetch only the
-- changed units when the tree's shape is untouched, the whole project otherwise.
client.on(m.project_did_change, function(p)
  if not s.project or p.projectId ~= s.project.id then
    return
  end
  if p.revision and s.project.revision and p.revision <= s.project.revision then
    return
  end
  if p.revision then
    s.project.revision = p.revision
  end
  local first = s.refresh_queued == nil
  s.refresh_queued = s.refresh_queued or { units = {}, full = false }
  local q = s.refresh_queued
  local known = true
  for _, id in ipairs(p.unitIds or {}) do
    q.units[id] = true
    known = known and s.units[id] ~= nil
  end
  if not unit_only_ops[p.op or ""] or not known then
    q.full = true
  end
  if first then
    vim.schedule(flush_changes)
  end
end)

client.on(m.chat_did_stream, function(p)
  if not s.project or p.projectId ~= s.project.id or not p.unitId then
    return
  end
  s.streams[p.unitId] = (s.streams[p.unitId] or "") .. (p.text or "")
  emit()
end)

-- A board card (projectId null with a workspaceUri) is the board view's, never a
-- conversation's card.
local function on_suggestions(p)
  if type(p) ~= "table" or p.workspaceUri ~= nil or p.projectId == vim.NIL then
    return
  end
  if s.project and (p.projectId == nil or p.projectId == s.project.id) then
    refresh_suggestions(emit)
  end
end
client.on(m.suggestion_did_create, on_suggestions)
client.on(m.suggestion_did_change, on_suggestions)

-- A dead server ends any answer in flight; the views drop their "streaming" marks.
client.on_exit(function()
  if s.sending then
    s.sending = nil
    s.streams = {}
    emit()
  end
end)

-- Takes units the server just returned (a finished chat turn) and where its cursor
-- went, so views show them at once, before the reload that follows.
function M.put_units(units, cursor_id)
  local pid = M.project_id()
  for _, u in pairs(units) do
    if type(u) == "table" and u.id and u.projectId == pid then
      s.units[u.id] = u
    end
  end
  index()
  if cursor_id and s.units[cursor_id] then
    s.local_cursor = cursor_id
    s.project.cursorId = cursor_id
  end
end

-- Takes a finished turn's result (send, regenerate, refine): its units, the cursor
-- the server moved to the answer, and the memories the answer used.
function M.put_turn(res)
  if type(res) ~= "table" then
    return
  end
  local answer = type(res.assistantUnit) == "table" and res.assistantUnit or nil
  if answer and (res.retrieved or res.citations) then
    s.turns[answer.id] = { retrieved = res.retrieved or {}, citations = res.citations or {} }
  end
  local moved = answer and answer.id or (res.userUnit and res.userUnit.id)
  M.put_units({ res.userUnit, answer }, moved)
end

-- {retrieved = ids, citations = {memoletId, title}} of an answer written in this
-- session, or nil (the core does not store them with the unit).
function M.turn(id)
  return s.turns[id]
end

-- The memory choice for the next message of the open project (grove/chat/send's
-- `memory`): memories the user removed in the preview. Nil when there is none.
function M.memory_choice()
  local pid = M.project_id()
  local removed = pid and s.memory_removed and s.memory_removed[pid]
  if not removed or #removed == 0 then
    return nil
  end
  return { remove = vim.deepcopy(removed) }
end

-- Leaves memolet `id` out of the open project's next message.
function M.remove_memory(id)
  local pid = M.project_id()
  if not pid then
    return
  end
  s.memory_removed = s.memory_removed or {}
  s.memory_removed[pid] = s.memory_removed[pid] or {}
  if not vim.tbl_contains(s.memory_removed[pid], id) then
    table.insert(s.memory_removed[pid], id)
  end
end

-- The choice served one message: the next one starts from the core's own.
function M.clear_memory_choice(pid)
  if s.memory_removed then
    s.memory_removed[pid] = nil
  end
end

-- Forgets the open project (it went to the trash) and re-renders the views.
function M.close()
  s.project, s.units, s.branches, s.suggestions, s.in_scope = nil, {}, {}, {}, {}
  s.local_cursor, s.streams, s.sending = nil, {}, nil
  index()
  emit()
end

function M.emit()
  emit()
end

return M
