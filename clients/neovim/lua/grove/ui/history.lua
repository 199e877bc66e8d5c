-- Two small list views over what the core keeps: `:Grove trash` (projects in the
-- trash; <CR> restores and opens one) and `:Grove revisions` / `gh` in the chat (a
-- unit's earlier texts, oldest first; <CR> restores one as the unit's text, which
-- itself becomes a revision and can be undone).

local actions = require("grove.actions")
local buffer = require("grove.ui.buffer")
local listview = require("grove.ui.listview")
local state = require("grove.state")

local M = {}

local trash = { projects = {} }
local revs = { unit = nil, list = {} }

local function build_trash(v)
  local lines = v:head(string.format("Trash · %d project%s", #trash.projects, #trash.projects == 1 and "" or "s"))
  local rows = {}
  if #trash.projects == 0 then
    table.insert(lines, "(the trash is empty)")
  end
  for _, p in ipairs(trash.projects) do
    rows[#lines] = p
    table.insert(lines, string.format("● %s · deleted %s", buffer.oneline(p.title or p.id, 60), tostring(p.deletedAt)))
  end
  return lines, rows
end

local function build_revs(v)
  local u = revs.unit and state.unit(revs.unit)
  local lines = v:head(string.format('Earlier texts of "%s" · %d', buffer.oneline(u and u.content or revs.unit or "?", 40), #revs.list))
  local rows = {}
  if #revs.list == 0 then
    table.insert(lines, "(this unit has not been edited)")
  end
  for i, r in ipairs(revs.list) do
    rows[#lines] = r
    table.insert(lines, string.format("%d. written %s", i, tostring(r.editedAt)))
    for _, l in ipairs(buffer.split(r.content)) do
      rows[#lines] = r
      table.insert(lines, "   " .. l)
    end
    table.insert(lines, "")
  end
  return lines, rows
end

local trash_view = listview.lazy(nil, {
  "trash",
  keymaps = "lists",
  build = build_trash,
  keys = function(k)
    return {
      { k.choose, function(p)
        actions.restore_project(p.id, function(project)
          vim.notify(string.format('Grove: "%s" restored', project.title or project.id), vim.log.levels.INFO)
          M.open_trash()
          require("grove.ui.chat").open()
        end)
      end, "restore and open" },
    }
  end,
})

local revs_view = listview.lazy(nil, {
  "revisions",
  keymaps = "lists",
  build = build_revs,
  keys = function(k)
    return {
      { k.choose, function(r)
        actions.edit(revs.unit, r.content, function()
          vim.notify("Grove: earlier text restored (undo takes it back)", vim.log.levels.INFO)
          M.open_revisions(revs.unit)
        end)
      end, "restore this text" },
    }
  end,
})

function M.open_trash(done)
  actions.trashed(function(list)
    trash.projects = list
    trash_view():open(done, list)
  end)
end

function M.open_revisions(id, done)
  if not id or not state.unit(id) then
    vim.notify("Grove: no unit under the cursor", vim.log.levels.WARN)
    return
  end
  actions.revisions(id, function(list)
    revs.unit, revs.list = id, list
    revs_view():open(done, list)
  end)
end

function M.buf(which)
  return (which == "trash" and trash_view or revs_view)().buf
end

return M
