-- Capsules (`:Grove capsules`): every capsule with its type, name, review state and
-- whether it is enabled in the open project; keys review it, edit it (name,
-- instruction and example in a buffer that :w saves), enable or disable it here and
-- delete it. `:[range]Grove extract [type]` in the chat extracts one from units.
-- The core decides what a capsule says and when it may be enabled (a capsule that
-- needs review is refused until it is reviewed); this view shows its answers.

local actions = require("grove.actions")
local buffer = require("grove.ui.buffer")
local client = require("grove.client")
local config = require("grove.config")
local listview = require("grove.ui.listview")
local protocol = require("grove.protocol")
local state = require("grove.state")

local m = protocol.m
local M = {}

M.TYPES = { "task_sop", "reasoning", "context_case" }

local list = {}

local function text(v)
  return type(v) == "string" and v or ""
end

local function enabled_here(c)
  local pid = state.project_id()
  for _, id in ipairs(c.enabledIn or {}) do
    if id == pid then
      return true
    end
  end
  return false
end
M.enabled_here = enabled_here

local function review_state(c)
  if c.reviewed then
    return "reviewed"
  end
  return c.requiresReview and "review pending" or "not reviewed"
end

local function build(v)
  local project = state.project()
  local lines = v:head(string.format("Capsules · %d%s", #list, project and (" · enabled here means in " .. (project.title or project.id)) or ""))
  local rows, hl = {}, {}
  if #list == 0 then
    table.insert(lines, "(no capsules yet: accept an extract card, or :'<,'>Grove extract in the chat)")
  end
  for _, c in ipairs(list) do
    hl[#lines] = "GroveMemoletTitle"
    rows[#lines] = c
    table.insert(lines, string.format(
      "● [%s] %s · %s · %s",
      text(c.type),
      buffer.oneline(text(c.name), 60),
      review_state(c),
      project and (enabled_here(c) and "enabled here" or "off here") or "no project open"
    ))
    for _, field in ipairs({ "instruction", "example" }) do
      rows[#lines] = c
      table.insert(lines, "  " .. field .. ": " .. buffer.oneline(text(c[field]), 100))
    end
    table.insert(lines, "")
  end
  return lines, rows, hl
end

local view = listview.lazy(M, {
  "capsules",
  build = build,
  keys = function(k)
    return {
      { k.review, M.review, "mark reviewed" },
      { k.toggle, M.toggle, "enable/disable here" },
      { k.edit, M.edit, "edit" },
      { k.delete, M.delete, "delete" },
      { k.refresh, function()
        M.refresh()
      end, "refresh", any = true },
    }
  end,
})

local function refresh(done)
  actions.offered(m.capsule_list, "capsules", function()
    client.call(m.capsule_list, protocol.empty(), function(res)
      list = res.capsules or {}
      view():render()
      if done then
        done(list)
      end
    end)
  end)
end
M.refresh = refresh

-- Each action answers with the capsule (or {}); the list is asked for again.
local function then_refresh(done, say)
  return function(res)
    if say then
      vim.notify("Grove: " .. say(res), vim.log.levels.INFO)
    end
    refresh(function()
      if done then
        done(res)
      end
    end)
  end
end

function M.review(c, done)
  client.call(m.capsule_update, { capsuleId = c.id, reviewed = true }, then_refresh(done, function(got)
    return string.format('capsule "%s" reviewed; it can be enabled now', text(got.name))
  end))
end

-- Enables the capsule in the open project, or disables it when it is enabled.
function M.toggle(c, done)
  local pid = state.need_project()
  if not pid then
    return
  end
  local on = not enabled_here(c)
  client.request(m.capsule_set_enabled, { capsuleId = c.id, projectId = pid, enabled = on }, function(err, res)
    if err then
      local kind = type(err.data) == "table" and err.data.kind
      if kind == "reviewPending" then
        vim.notify(string.format('Grove: review "%s" first (%s), then enable it', text(c.name), config.options.keymaps.capsules.review or "review"), vim.log.levels.WARN)
      else
        vim.notify("Grove: " .. tostring(err.message), vim.log.levels.WARN)
      end
      return
    end
    then_refresh(done, function(got)
      return string.format('capsule "%s" %s in this project', text(got.name), on and "enabled" or "disabled")
    end)(res)
  end)
end

function M.delete(c, done)
  vim.ui.select({ "Delete", "Cancel" }, { prompt = string.format('Delete capsule "%s" (it leaves every project)?', text(c.name)) }, function(choice)
    if choice == "Delete" then
      client.call(m.capsule_delete, { capsuleId = c.id }, then_refresh(done))
    end
  end)
end

-- The edit buffer's layout: `Name: …`, then `Instruction:` and `Example:` each
-- followed by their lines.
function M.edit_lines(c)
  local lines = { "Name: " .. text(c.name), "Instruction:" }
  vim.list_extend(lines, buffer.split(text(c.instruction)))
  table.insert(lines, "Example:")
  vim.list_extend(lines, buffer.split(text(c.example)))
  return lines
end

function M.parse_edit(lines)
  local out = { instruction = {}, example = {} }
  local section
  for _, l in ipairs(lines) do
    local name = l:match("^Name:%s*(.-)%s*$")
    if name and not section then
      out.name = name
    elseif l == "Instruction:" then
      section = "instruction"
    elseif l == "Example:" then
      section = "example"
    elseif section then
      table.insert(out[section], l)
    end
  end
  return { name = out.name, instruction = vim.trim(table.concat(out.instruction, "\n")), example = vim.trim(table.concat(out.example, "\n")) }
end

-- Opens grove://capsule/<id>; :w sends grove/capsule/update with the three fields.
function M.edit(c, done)
  local name = "grove://capsule/" .. c.id
  local buf = vim.fn.bufnr(name)
  if buf == -1 then
    buf = buffer.scratch_for_write(name, function(b)
      local fields = M.parse_edit(vim.api.nvim_buf_get_lines(b, 0, -1, false))
      if not fields.name or fields.name == "" then
        vim.notify("Grove: the first line must be `Name: <a name>`", vim.log.levels.WARN)
        return
      end
      client.call(m.capsule_update, vim.tbl_extend("force", { capsuleId = c.id }, fields), then_refresh(function(res)
        if vim.api.nvim_buf_is_valid(b) then
          vim.bo[b].modified = false
        end
        if done then
          done(res)
        end
      end, function()
        return "capsule saved"
      end))
    end)
  end
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, M.edit_lines(c))
  vim.bo[buf].modified = false
  vim.cmd("split")
  vim.api.nvim_win_set_buf(0, buf)
  return buf
end


-- Extracts a capsule of `type` (asked when nil) from unit ids, then shows the list.
function M.extract(ids, ctype, done)
  local pid = state.need_project()
  if not pid then
    return
  end
  if #ids == 0 then
    vim.notify("Grove: no units to extract a capsule from", vim.log.levels.WARN)
    return
  end
  local function go(t)
    actions.offered(m.capsule_extract, "capsules", function()
      client.call(m.capsule_extract, { projectId = pid, unitIds = ids, type = t }, function(c)
        vim.notify(string.format('Grove: capsule "%s" extracted; review it in :Grove capsules before enabling it', text(c.name)), vim.log.levels.INFO)
        M.open(function()
          if done then
            done(c)
          end
        end)
      end)
    end)
  end
  if ctype and ctype ~= "" then
    if not vim.tbl_contains(M.TYPES, ctype) then
      vim.notify("Grove: capsule type is one of " .. table.concat(M.TYPES, ", "), vim.log.levels.WARN)
      return
    end
    return go(ctype)
  end
  vim.ui.select(M.TYPES, { prompt = "Capsule type" }, function(t)
    if t then
      go(t)
    end
  end)
end

-- Lists every capsule; done(list) once shown.
function M.open(done)
  refresh(function(got)
    view():open(done, got)
  end)
end

-- Another project opened: "enabled here" follows it.
state.subscribe(function()
  view():render()
end)

return M
