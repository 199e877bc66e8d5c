-- What the commands and keys do: each action is one or two requests to the server,
-- after which the project is reloaded (didChange also arrives, and is coalesced).
-- Every decision about the tree and scope is the server's; this file only gathers
-- the user's intent (ids under the cursor, text typed, confirmations).

local client = require("grove.client")
local protocol = require("grove.protocol")
local state = require("grove.state")

local m = protocol.m
local M = {}

local function warn(msg)
  vim.notify("Grove: " .. msg, vim.log.levels.WARN)
end

local need_project = state.need_project

-- Runs go() when the server offers `method`; otherwise says which feature (`what`)
-- this server lacks, once. Before the first connection the method list is unknown,
-- so the server is started and asked first.
function M.offered(method, what, go)
  local function check()
    if client.supports(method) then
      return go()
    end
    warn("this server does not offer " .. what .. " (" .. method .. "); update grove-server")
  end
  if client.info().status == "ready" then
    return check()
  end
  client.request(m.server_methods, protocol.empty(), function()
    if client.info().status == "ready" then -- else the client already said why not
      check()
    end
  end)
end

-- The project revision a result reports: a Project's own, or `revision` / `project`
-- next to what changed (mutation results may carry it).
local function revision_of(res)
  if type(res) ~= "table" then
    return nil
  end
  if type(res.revision) == "number" then
    return res.revision
  end
  if type(res.project) == "table" then
    return res.project.revision
  end
  if type(res.changed) == "table" and type(res.changed.project) == "table" then
    return res.changed.project.revision
  end
end

-- done(...) once the views show the change the request made (see state.catch_up).
local function after(done)
  return function(...)
    local args = { ... }
    state.catch_up(revision_of(args[1]), function()
      if done then
        done(unpack(args))
      end
    end)
  end
end

-- Calls a method whose result is a Project, then opens that project; done(project).
local function open_result(method, params, done)
  client.call(method, params, function(project)
    state.load(project.id, function()
      if done then
        done(project)
      end
    end)
  end)
end

function M.new_project(title, done)
  if not title or title == "" then
    title = "Untitled " .. os.date("!%Y-%m-%d %H:%M")
  end
  -- The workspace folder ties the project to the board and the knowledge map (§11).
  open_result(m.project_create, { title = title, workspaceUri = require("grove.workspace").uri() }, done)
end

-- Picks a project with vim.ui.select and opens it.
function M.open_project(done)
  client.call(m.project_list, protocol.empty(), function(res)
    local projects = res.projects or {}
    if #projects == 0 then
      warn("no projects yet; :Grove new [title] creates one")
      return
    end
    vim.ui.select(projects, {
      prompt = "Grove project",
      format_item = function(p)
        return string.format("%s  (%s)", p.title or p.id, p.updatedAt or p.createdAt or "")
      end,
    }, function(choice)
      if choice then
        state.load(choice.id, function()
          if done then
            done(choice)
          end
        end)
      end
    end)
  end)
end

-- Opens the most recently updated project, or creates a first one; done(project).
function M.start(done)
  client.call(m.project_list, protocol.empty(), function(res)
    local latest
    for _, p in ipairs(res.projects or {}) do
      if not latest or (p.updatedAt or "") > (latest.updatedAt or "") then
        latest = p
      end
    end
    if not latest then
      return M.new_project("My first project", done)
    end
    state.load(latest.id, function()
      if done then
        done(latest)
      end
    end)
  end)
end

-- Sends a message from the cursor, or from `opts.branch_from` as the first unit of a
-- new branch. Streams through grove/chat/send when the server has it; otherwise the
-- message is appended as a user unit (foundation servers have no model).
function M.send(content, opts, done)
  opts = opts or {}
  local pid = need_project()
  if not pid then
    return
  end
  if not content or vim.trim(content) == "" then
    warn("nothing to send")
    return
  end
  if state.sending() then
    warn("an answer is still running (stop it first)")
    return
  end
  local parent = opts.branch_from or state.cursor()
  local params = { projectId = pid, parentId = parent or protocol.null, content = content }
  if opts.branch_from then
    params.branch = opts.branch_title and { title = opts.branch_title } or protocol.empty()
  end
  if client.supports(m.chat_send) then
    params.memory = state.memory_choice()
    state.clear_memory_choice(pid)
    local sending = { content = content, parentId = parent }
    sending.ticket = client.request(m.chat_send, params, function(err, res)
      local mine = state.project_id() == pid -- else another project was opened meanwhile
      if res and mine then
        -- Show the finished turn at once; the server moved its cursor to the answer.
        state.put_turn(res)
      end
      state.set_sending(nil)
      if err and err.code ~= protocol.errors.REQUEST_CANCELLED then
        warn("send failed: " .. tostring(err.message))
      end
      if not mine then
        return
      end
      -- The result names the revision the turn ended at: no reload when the
      -- didChange notifications of the turn already brought the views there.
      state.catch_up(res and res.revision, function()
        if done then
          done(err, res)
        end
      end)
    end)
    state.set_sending(sending)
    return
  end
  params.role = "user"
  params.kind = "message"
  client.call(m.unit_append, params, function(unit)
    state.set_cursor(unit.id, after(function()
      if done then
        done(nil, { userUnit = unit })
      end
    end))
  end)
end

-- Stops the answer being generated.
function M.stop()
  local sending = state.sending()
  if not sending then
    warn("no answer is running")
    return
  end
  client.cancel(sending.ticket)
end

function M.set_scope(ids, scope, done)
  if #ids == 0 then
    return
  end
  local params = { unitIds = ids, scope = scope }
  if scope == "toggle" then
    params.cursorId = state.cursor() or protocol.null
  end
  client.call(m.unit_set_scope, params, after(done))
end

-- Deletes after showing what would go (a preview from the server) and asking.
function M.delete(ids, subtree, done)
  if #ids == 0 then
    return
  end
  local params = { unitIds = ids, subtree = subtree or false }
  client.call(m.unit_delete, vim.tbl_extend("force", params, { preview = true }), function(preview)
    local removed = #(preview.removed or {})
    local placeholders = #(preview.placeholders or {})
    local prompt = string.format(
      "Delete %d unit%s (%d removed, %d left as placeholder%s)?",
      #ids,
      #ids == 1 and "" or "s",
      removed,
      placeholders,
      placeholders == 1 and "" or "s"
    )
    vim.ui.select({ "Delete", "Cancel" }, { prompt = prompt }, function(choice)
      if choice ~= "Delete" then
        return
      end
      client.call(m.unit_delete, params, after(done))
    end)
  end)
end

function M.set_mainline(which, id, done)
  local pid = need_project()
  if not pid then
    return
  end
  local params = { projectId = pid }
  params[which == "start" and "startId" or "endId"] = id or protocol.null
  client.call(m.mainline_set, params, after(done))
end

-- The open project and the branch holding unit id; nil (after saying so) when either is missing.
local function branch_here(id)
  local pid = need_project()
  local branch = id and state.branch_of(id)
  if not pid or not branch then
    warn("no branch here")
    return nil
  end
  return pid, branch
end

-- Renames the branch that holds unit `id` (asks for the title).
function M.rename_branch(id, done)
  local pid, branch = branch_here(id)
  if not pid then
    return
  end
  vim.ui.input({ prompt = "Branch title: ", default = branch.title or "" }, function(title)
    if not title or title == "" then
      return
    end
    client.call(m.branch_update, { projectId = pid, headId = branch.headId, title = title }, after(done))
  end)
end

function M.edit(id, content, done)
  client.call(m.unit_edit, { unitId = id, content = content }, after(done))
end

function M.history(which, done)
  local pid = need_project()
  if not pid then
    return
  end
  client.call(which == "redo" and m.history_redo or m.history_undo, { projectId = pid }, after(done))
end

-- go(given) when `given` is a non-empty string; else asks for it with `prompt` and
-- calls go(answer) unless the answer is empty or cancelled.
function M.ask_text(prompt, given, go)
  if given and given ~= "" then
    return go(given)
  end
  vim.ui.input({ prompt = prompt }, function(answer)
    if answer and answer ~= "" then
      go(answer)
    end
  end)
end

-- Opens project_id (loading it when another one is open) and shows unit_id in
-- the map; done() once there.
function M.show_in_map(project_id, unit_id, done)
  local function show()
    local map = require("grove.ui.map")
    map.open()
    map.focus_unit(unit_id)
    if done then
      done()
    end
  end
  if project_id ~= state.project_id() then
    state.load(project_id, show)
  else
    show()
  end
end

-- Asks the server for `query` and lets the user pick a hit.
local function search(query, done)
  client.call(m.search, { query = query, limit = 50 }, function(res)
    local hits = res.hits or {}
    if #hits == 0 then
      vim.notify("Grove: no match for " .. query, vim.log.levels.INFO)
      return
    end
    vim.ui.select(hits, {
      prompt = "Grove search: " .. query,
      format_item = function(h)
        return (h.snippet or ""):gsub("\n", " ")
      end,
    }, function(hit)
      if hit then
        M.show_in_map(hit.projectId, hit.unitId, function()
          if done then
            done(hit)
          end
        end)
      end
    end)
  end)
end

-- Searches every project; picking a hit opens its project and shows it in the map.
function M.search(query, done)
  M.ask_text("Search Grove: ", query, function(q)
    search(q, done)
  end)
end

-- Resolves a suggestion: action is "accept", "reject" or "defer".
-- A board card (projectId null: evolve, reorganize) changes its workspace's board,
-- not the open conversation, so its result is not caught up with the project; the
-- board view reloads itself. failed(err), when given, runs after an error is said
-- (a card naming a memory that is gone is 1002 cannotApply, with the op's index).
function M.resolve_suggestion(sug, action, done, failed)
  if not client.supports(m.suggestion_resolve) then
    warn("this server has no structure suggestions yet")
    return
  end
  local card = type(sug.projectId) ~= "string"
  local finish = function(res)
    -- An accepted extraction made a capsule, which waits for review before use.
    local capsule = type(res) == "table" and type(res.changed) == "table" and res.changed.capsule
    if type(capsule) == "table" then
      vim.notify(string.format('Grove: capsule "%s" extracted', tostring(capsule.name or capsule.id)), vim.log.levels.INFO)
    end
    if done then
      done(res)
    end
  end
  client.request(m.suggestion_resolve, { suggestionId = sug.id, decision = action }, function(err, res)
    if err then
      if err.code ~= protocol.errors.REQUEST_CANCELLED then
        local data = type(err.data) == "table" and err.data or {}
        local at = type(data.opIndex) == "number" and string.format(" (its operation %d)", data.opIndex + 1) or ""
        warn(string.format("could not %s the %s suggestion%s: %s%s", action, tostring(sug.kind or "?"),
          type(sug.title) == "string" and sug.title ~= "" and (' "' .. sug.title .. '"') or "", tostring(err.message), at))
      end
      if failed then
        failed(err)
      end
      return
    end
    if card then
      finish(res)
    else
      after(finish)(res)
    end
  end)
end

-- A turn that answers again (regenerate, refine): shown at once like a sent one,
-- with the memories it used; done(res).
local function answer_again(method, params, done)
  if state.sending() then
    warn("an answer is still running (stop it first)")
    return
  end
  M.offered(method, "this kind of answer", function()
    local pid = state.project_id()
    local sending = { content = "", parentId = nil }
    sending.ticket = client.request(method, params, function(err, res)
      state.set_sending(nil)
      if err then
        if err.code ~= protocol.errors.REQUEST_CANCELLED then
          warn(method .. " failed: " .. tostring(err.message))
        end
        return
      end
      local mine = state.project_id() == pid
      if mine then
        state.put_turn(res)
      end
      state.catch_up(mine and res.revision or nil, function()
        if done then
          done(res)
        end
      end)
    end)
    state.set_sending(sending)
  end)
end

-- A new answer to the message above assistant unit id (or one more to a user unit).
function M.regenerate(id, done)
  answer_again(m.chat_regenerate, { unitId = id }, done)
end

-- Regenerates assistant unit id with its memories changed: refinement holds any of
-- add, remove, highlight, obscure (memolet ids) and group ({a, b, weight}).
function M.refine(id, refinement, done)
  answer_again(m.chat_refine, vim.tbl_extend("force", { unitId = id }, refinement), done)
end

-- "Check before sending": what the core would propose for `prompt` sent from the
-- cursor; done(suggestions). Nothing is stored.
function M.analyze(prompt, done)
  local pid = need_project()
  if not pid then
    return
  end
  M.offered(m.suggestion_analyze, "structure suggestions", function()
    client.call(m.suggestion_analyze, { projectId = pid, cursorId = state.cursor() or protocol.null, prompt = prompt }, function(res)
      done(res.suggestions or {})
    end)
  end)
end

function M.rename_project(title, done)
  local pid = need_project()
  if not pid then
    return
  end
  client.call(m.project_rename, { projectId = pid, title = title }, after(done))
end

-- Moves the open project to the trash after a confirmation; the views close it.
function M.trash_project(done)
  local pid = need_project()
  if not pid then
    return
  end
  local title = state.project().title or pid
  vim.ui.select({ "Move to trash", "Cancel" }, { prompt = string.format('Move "%s" to the trash (:Grove trash restores it)?', title) }, function(choice)
    if choice ~= "Move to trash" then
      return
    end
    client.call(m.project_delete, { projectId = pid }, function()
      state.close()
      vim.notify(string.format('Grove: "%s" is in the trash; :Grove trash restores it', title), vim.log.levels.INFO)
      if done then
        done()
      end
    end)
  end)
end

-- Projects in the trash: done(projects).
function M.trashed(done)
  client.call(m.project_list, { includeDeleted = true }, function(res)
    local out = {}
    for _, p in ipairs(res.projects or {}) do
      if p.deletedAt and p.deletedAt ~= vim.NIL then
        table.insert(out, p)
      end
    end
    done(out)
  end)
end

-- Restores a project from the trash and opens it.
function M.restore_project(id, done)
  open_result(m.project_restore, { projectId = id }, done)
end

-- Every unit of the project back to automatic scope (one undoable step).
function M.reset_scope(done)
  local pid = need_project()
  if not pid then
    return
  end
  client.call(m.scope_reset, { projectId = pid }, after(done))
end

-- The earlier texts of a unit, oldest first: done(revisions).
function M.revisions(id, done)
  client.call(m.unit_revisions, { unitId = id }, function(res)
    done(res.revisions or {})
  end)
end

-- go(pid, branch) for the branch holding unit id, once the server is known to offer
-- `method` (`what` names the feature when it does not).
local function with_branch(id, method, what, go)
  local pid, branch = branch_here(id)
  if pid then
    M.offered(method, what, function()
      go(pid, branch)
    end)
  end
end

-- Sets the status of the branch holding unit id ("open", "completed", "abandoned").
function M.set_branch_status(id, status, done)
  with_branch(id, m.branch_update, "branch status", function(pid, branch)
    client.call(m.branch_update, { projectId = pid, headId = branch.headId, status = status }, after(done))
  end)
end

-- Returns from the branch holding unit id, as an accepted return card does: the core
-- marks it completed with its summary (typed here, or left empty for the one Grove
-- writes) and moves the cursor back to the path it left. done(result).
function M.return_branch(id, done)
  with_branch(id, m.branch_return, "returning from a branch", function(pid, branch)
    if branch.isMainline then
      return warn("the main line has no path to return to; return works on a branch")
    end
    vim.ui.input({ prompt = "What the branch found (empty: Grove summarizes it): " }, function(text)
      if text == nil then
        return -- cancelled
      end
      local params = { projectId = pid, headId = branch.headId }
      if vim.trim(text) ~= "" then
        params.summary = text
      end
      client.call(m.branch_return, params, after(function(res)
        local title = type(branch.title) == "string" and branch.title ~= "" and branch.title or "untitled"
        vim.notify(string.format('Grove: returned from "%s" (completed); the next message continues where it branched off', title), vim.log.levels.INFO)
        if done then
          done(res)
        end
      end))
    end)
  end)
end

-- Asks the memory agent for the summary of the branch holding unit id.
function M.summarize_branch(id, done)
  with_branch(id, m.branch_summarize, "branch summaries", function(pid, branch)
    client.call(m.branch_summarize, { projectId = pid, headId = branch.headId }, after(function(b)
      vim.notify("Grove: summary: " .. tostring(b.summary ~= vim.NIL and b.summary or "(none)"), vim.log.levels.INFO)
      if done then
        done(b)
      end
    end))
  end)
end

return M
