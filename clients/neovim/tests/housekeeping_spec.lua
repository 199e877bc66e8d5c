-- Settings and housekeeping from Neovim against the real server: initiative level,
-- cooldown and hourly cap, the user model and its reset (:Grove settings); project
-- rename, trash and restore; scope reset; a unit's earlier texts restored; branch
-- status; "check before sending"; the memory map by cluster; sandbox groups.
local h = require("tests.helpers")
local chat = require("grove.ui.chat")
local state = require("grove.state")

local function needs(methods)
  for _, method in ipairs(methods) do
    if not h.supports(method) then
      h.skip_note(method)
      pending(method .. " not offered by this server")
      return false
    end
  end
  return true
end

local function notified(seen, needle)
  for _, n in ipairs(seen) do
    if n.msg:find(needle, 1, true) then
      return n.msg
    end
  end
end

-- The branch headed by head in project pid, as the server has it now.
local function branch_on_server(pid, head)
  for _, br in ipairs(h.rpc("grove/project/get", { projectId = pid }).branches) do
    if br.headId == head then
      return br
    end
  end
end

-- Opens the context map and waits until one of its lines holds needle.
local function map_shows(needle, what)
  vim.cmd("Grove map")
  local map = require("grove.ui.map")
  h.wait(function()
    return h.find_line(map.buf(), needle)
  end, what)
  return map
end

-- A project with one main exchange and a branch `title` off its answer holding
-- question and answer; returns the project id, the main units, the branch's head and
-- its answer (where the cursor is).
local function with_side_branch(project, title, question, answer)
  local pid, units = h.conversation(project, { { "main question", "main answer" } })
  local head = h.append(pid, units[2].id, "user", question, { branch = { title = title } })
  local ans = h.append(pid, head.id, "assistant", answer)
  h.set_cursor(ans.id)
  return pid, units, head, ans
end

describe("housekeeping", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it(":Grove settings changes the initiative and resets the user model", function()
    if not needs({ "grove/initiative/get", "grove/initiative/set", "grove/userModel/get", "grove/userModel/reset" }) then
      return
    end
    local pid = h.new_project("Settings")
    local settings = require("grove.ui.settings")
    local done
    settings.open(function()
      done = true
    end)
    h.wait(function()
      return done
    end, "settings shown")
    local buf = settings.buf()
    assert.truthy(h.find_line(buf, "level: suggest"), h.text(buf))
    assert.truthy(h.find_line(buf, "What Grove has learnt · cold_start"), h.text(buf))
    local restore = h.stub_ui({ select = "on_demand" })
    h.feed_at(buf, settings.row_of("level"), "<CR>")
    h.wait(function()
      return h.rpc("grove/initiative/get", { projectId = pid }).level == "on_demand" and h.find_line(buf, "level: on demand")
    end, "level set")
    restore()
    restore = h.stub_ui({ input = "5" })
    h.feed_at(buf, settings.row_of("cooldownTurns"), "<CR>")
    h.wait(function()
      return h.rpc("grove/initiative/get", { projectId = pid }).cooldownTurns == 5
    end, "cooldown set")
    restore()
    restore = h.stub_ui({ input = "3" })
    h.feed_at(buf, settings.row_of("maxPerHour"), "<CR>")
    h.wait(function()
      return h.rpc("grove/initiative/get", { projectId = pid }).maxPerHour == 3 and h.find_line(buf, "at most 3 cards an hour")
    end, "hourly cap set")
    restore()
    -- A manual structural operation teaches the model something; reset forgets it.
    local u = h.append(pid, nil, "user", "first")
    h.rpc("grove/unit/setScope", { unitIds = { u.id }, scope = "excluded" })
    h.rpc_until("grove/userModel/get", vim.empty_dict(), function(m)
      return m.events > 0
    end, "the exclusion was learnt")
    restore = h.stub_ui({ select = "Reset" })
    h.feed_at(buf, 0, "X")
    h.wait(function()
      return h.rpc("grove/userModel/get", vim.empty_dict()).events == 0 and h.find_line(buf, "cold_start · 0 events")
    end, "user model reset")
    restore()
  end)

  it("renames a project, moves it to the trash and restores it from :Grove trash", function()
    local pid = h.new_project("Old name")
    vim.cmd("Grove rename New name")
    h.wait(function()
      return h.lines(chat.buf())[1] == "Grove · New name"
    end, "renamed in the chat")
    local restore = h.stub_ui({ select = "Move to trash" })
    vim.cmd("Grove delete")
    h.wait(function()
      return state.project_id() == nil
    end, "closed")
    restore()
    assert.falsy(vim.tbl_contains(vim.tbl_map(function(p)
      return p.id
    end, h.rpc("grove/project/list", vim.empty_dict()).projects), pid))
    vim.cmd("Grove trash")
    local history = require("grove.ui.history")
    h.wait(function()
      return history.buf("trash") and h.find_line(history.buf("trash"), "● New name")
    end, "listed in the trash")
    h.feed_at(history.buf("trash"), h.find_line(history.buf("trash"), "● New name") - 1, "<CR>")
    h.wait(function()
      return state.project_id() == pid and h.lines(chat.buf())[1] == "Grove · New name"
    end, "restored and opened")
    local deleted = h.rpc("grove/project/get", { projectId = pid }).project.deletedAt
    assert.is_true(deleted == nil or deleted == vim.NIL, tostring(deleted))
  end)

  it(":Grove resetscope puts every unit back to auto; gh restores an earlier text", function()
    local pid, units = h.conversation("Scope", { { "first draft of the question", "an answer" } })
    h.rpc("grove/unit/setScope", { unitIds = { units[2].id }, scope = "excluded" })
    vim.cmd("Grove resetscope")
    h.wait(function()
      return h.rpc("grove/unit/get", { unitId = units[2].id }).scope == "auto"
    end, "scope reset")
    h.rpc("grove/unit/edit", { unitId = units[1].id, content = "second draft of the question" })
    h.reload()
    local buf = chat.buf()
    h.feed_at(buf, chat.row_of(units[1].id), "gh")
    local history = require("grove.ui.history")
    h.wait(function()
      return history.buf("revisions") and h.find_line(history.buf("revisions"), "first draft of the question")
    end, "earlier text listed")
    local rbuf = history.buf("revisions")
    h.feed_at(rbuf, h.find_line(rbuf, "first draft of the question") - 1, "<CR>")
    h.wait(function()
      return h.rpc("grove/unit/get", { unitId = units[1].id }).content == "first draft of the question"
    end, "restored")
    assert.equals(pid, state.project_id())
  end)

  it(":Grove branch complete marks the branch under the cursor, shown in the map", function()
    local pid, units = h.conversation("Branches", { { "main question", "main answer" } })
    local b = h.append(pid, units[2].id, "user", "side question", { branch = { title = "Side trip" } })
    h.set_cursor(b.id)
    local buf = chat.buf()
    h.feed_at(buf, chat.row_of(b.id))
    vim.cmd("Grove branch complete")
    h.wait(function()
      return branch_on_server(pid, b.id).status == "completed"
    end, "branch completed")
    map_shows('"Side trip" · completed', "the map shows the status")
  end)

  it("gB in the chat returns from the branch: completed with the typed summary, cursor back on the main line", function()
    if not needs({ "grove/branch/return" }) then
      return
    end
    local pid, units, b, ans = with_side_branch("Return", "Side trip", "side question", "The side answer: use a rye starter.")
    local restore = h.stub_ui({ input = "Rye starters need a longer proof." })
    local seen, unrecord = h.record_notify()
    h.feed_at(chat.buf(), chat.row_of(ans.id), "gB")
    h.wait(function()
      return notified(seen, "returned from")
    end, "returned")
    unrecord()
    restore()
    local side = branch_on_server(pid, b.id)
    assert.equals("completed", side.status)
    assert.equals("Rye starters need a longer proof.", side.summary)
    assert.equals(units[2].id, h.rpc("grove/project/get", { projectId = pid }).project.cursorId)
    -- The views followed: the chat continues on the main line, the map shows the status.
    assert.equals(units[2].id, state.cursor())
    map_shows('"Side trip" · completed', "the map shows the status")
    -- The main line's turns now carry it among the completed explorations.
    local preview = h.rpc("grove/scope/preview", { projectId = pid })
    assert.truthy(preview.system:find("Rye starters need a longer proof.", 1, true), preview.system)
  end)

  it("gB in the map with no summary typed keeps the one Grove writes; the main line refuses", function()
    if not needs({ "grove/branch/return" }) then
      return
    end
    local pid, units, b = with_side_branch("Return map", "Rye", "How long should a rye starter proof?", "Proof the rye starter for twelve hours.")
    local map = map_shows('"Rye"', "map shown")
    local restore = h.stub_ui({ input = "" })
    h.feed_at(map.buf(), map.row_of(b.id), "gB")
    h.wait(function()
      return branch_on_server(pid, b.id).status == "completed"
    end, "branch completed")
    restore()
    local summary = branch_on_server(pid, b.id).summary
    assert.truthy(type(summary) == "string" and summary:find("twelve hours", 1, true), vim.inspect(summary))
    -- On the main line there is nowhere to return to: it says so and asks nothing.
    local seen, unrecord = h.record_notify()
    restore = h.stub_ui({ input = "never asked" })
    h.feed_at(map.buf(), map.row_of(units[1].id), "gB")
    h.wait(function()
      return notified(seen, "no path to return to")
    end, "refused on the main line")
    unrecord()
    restore()
    assert.same({}, h.prompts)
  end)

  it(":Grove check says what Grove would suggest before sending", function()
    if not needs({ "grove/suggestion/analyze" }) then
      return
    end
    h.conversation("Check", {
      { "How should the SQLite store handle schema migrations and versioning?", "Number the SQLite migrations and apply each in a transaction." },
      { "Should SQLite migrations be reversible?", "Keep SQLite migrations forward-only; test each schema upgrade." },
    })
    chat.set_prompt("Unrelated: what is a good recipe for sourdough bread with rye flour?")
    local seen, unrecord = h.record_notify()
    vim.cmd("Grove check")
    h.wait(function()
      return notified(seen, "before sending")
    end, "the check answered")
    unrecord()
    assert.truthy(notified(seen, "branch"), vim.inspect(seen))
    assert.equals("Unrelated: what is a good recipe for sourdough bread with rye flour?", chat.prompt_text())
  end)

  it(":Grove memorymap lists memolets by cluster; the sandbox groups and ungroups", function()
    if not needs({ "grove/memolet/map", "grove/memolet/list", "grove/memolet/sandbox/group", "grove/memolet/sandbox/ungroup" }) then
      return
    end
    local pid, units = h.conversation("Memory", {
      { "How do I mount a docker volume?", "Use a named volume so files persist across container restarts." },
      { "What about sourdough starter feeding?", "Feed the sourdough starter flour and water daily." },
    })
    local a = h.rpc("grove/memolet/create", { projectId = pid, unitIds = { units[1].id, units[2].id }, title = "Docker volumes" })
    local b = h.rpc("grove/memolet/create", { projectId = pid, unitIds = { units[3].id, units[4].id }, title = "Sourdough starter" })
    vim.cmd("Grove memorymap 2")
    local mapview = require("grove.ui.memorymap")
    h.wait(function()
      return mapview.buf() and mapview.row_of(a.id) and mapview.row_of(b.id)
    end, "memory map listed")
    local mbuf = mapview.buf()
    assert.truthy(h.lines(mbuf)[1]:find("in 2 clusters (k = 2)", 1, true), h.lines(mbuf)[1])
    assert.truthy(h.find_line(mbuf, "▸ cluster 0"), h.text(mbuf))
    -- a adds to the sandbox from the map.
    h.feed_at(mbuf, mapview.row_of(a.id), "a")
    h.rpc_until("grove/memolet/sandbox/list", { projectId = pid }, function(sb)
      return #sb.memolets == 1
    end, "added from the map")
    h.rpc("grove/memolet/sandbox/add", { projectId = pid, memoletId = b.id })
    local views = require("grove.ui.memolets")
    vim.cmd("Grove sandbox")
    h.wait(function()
      return views.buf("sandbox") and h.find_line(views.buf("sandbox"), "● Sourdough starter")
    end, "sandbox shown")
    local sbuf = views.buf("sandbox")
    local restore = h.stub_ui({ select = function(items)
      return items[1]
    end })
    h.feed_at(sbuf, h.find_line(sbuf, "● Docker volumes") - 1, "g")
    h.wait(function()
      return h.find_line(sbuf, "▸ group:")
    end, "grouped")
    restore()
    assert.equals(1, #h.rpc("grove/memolet/sandbox/list", { projectId = pid }).groups)
    h.feed_at(sbuf, h.find_line(sbuf, "▸ group:") - 1, "u")
    h.wait(function()
      return not h.find_line(sbuf, "▸ group:")
    end, "ungrouped")
    assert.equals(0, #h.rpc("grove/memolet/sandbox/list", { projectId = pid }).groups)
  end)
end)
