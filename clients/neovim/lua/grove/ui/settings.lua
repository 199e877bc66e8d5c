-- `:Grove settings`: how much Grove may propose in the open project (initiative
-- level, cooldown, hourly cap; grove/initiative/*) and what it has learnt about how
-- you structure conversations (the user model, with its evidence; reset forgets it).
-- <CR> on a setting changes it; the reset key resets the user model after asking.

local actions = require("grove.actions")
local client = require("grove.client")
local listview = require("grove.ui.listview")
local protocol = require("grove.protocol")
local state = require("grove.state")

local m = protocol.m
local M = {}

M.LEVELS = { "off", "on_demand", "suggest" }
local LEVEL_TEXT = {
  off = "off: no suggestions at all",
  on_demand = "on demand: only when you check a message or ask in words",
  suggest = "suggest: cards on every send",
}

local s = { initiative = nil, model = nil }
local view -- the view's getter (listview.lazy, below the keys' functions)

local function build(v)
  local project = state.project()
  local lines = v:head("Grove settings" .. (project and (" · " .. (project.title or project.id)) or ""))
  local rows, hl = {}, {}
  local i = s.initiative
  hl[#lines] = "GroveMemoletTitle"
  table.insert(lines, "Initiative in this project")
  if i then
    rows[#lines] = { field = "level" }
    table.insert(lines, "  level: " .. (LEVEL_TEXT[i.level] or tostring(i.level)))
    rows[#lines] = { field = "cooldownTurns" }
    table.insert(lines, string.format("  cooldown: %d message%s without a new card after one is shown", i.cooldownTurns, i.cooldownTurns == 1 and "" or "s"))
    rows[#lines] = { field = "maxPerHour" }
    table.insert(lines, string.format("  hourly cap: at most %d card%s an hour", i.maxPerHour, i.maxPerHour == 1 and "" or "s"))
  else
    table.insert(lines, "  (open a project to set its initiative)")
  end
  table.insert(lines, "")
  local um = s.model
  hl[#lines] = "GroveMemoletTitle"
  if um then
    table.insert(lines, string.format("What Grove has learnt · %s · %d event%s", um.stage, um.events, um.events == 1 and "" or "s"))
    local prefs = um.preferences or {}
    for _, name in ipairs({ "branching", "returning", "extracting", "granularity" }) do
      local p = prefs[name]
      if p then
        local lean = p.value > 0.1 and "wants more" or p.value < -0.1 and "wants fewer" or "neutral"
        table.insert(lines, string.format("  %s: %s (value %.2f, evidence %.2f)", name, lean, p.value, p.evidence))
        for _, ex in ipairs(p.examples or {}) do
          table.insert(lines, "    › " .. require("grove.ui.buffer").oneline(ex, 100))
        end
      end
    end
  else
    table.insert(lines, "What Grove has learnt: (not loaded)")
  end
  return lines, rows, hl
end

local function load(done)
  local pid = state.project_id()
  local left = 2
  local function one()
    left = left - 1
    if left == 0 then
      view():render()
      if done then
        done(s)
      end
    end
  end
  if pid and client.supports(m.initiative_get) then
    client.call(m.initiative_get, { projectId = pid }, function(res)
      s.initiative = res
      one()
    end)
  else
    s.initiative = nil
    one()
  end
  client.call(m.user_model_get, protocol.empty(), function(res)
    s.model = res
    one()
  end)
end

local function set(params, done)
  local pid = state.need_project()
  if not pid then
    return
  end
  client.call(m.initiative_set, vim.tbl_extend("force", { projectId = pid }, params), function(res)
    s.initiative = res
    view():render()
    if done then
      done(res)
    end
  end)
end
M.set = set

-- <CR> on a setting: pick the level, or type a number.
local function change(row, done)
  if row.field == "level" then
    vim.ui.select(M.LEVELS, {
      prompt = "How much may Grove propose here?",
      format_item = function(l)
        return LEVEL_TEXT[l]
      end,
    }, function(level)
      if level then
        set({ level = level }, done)
      end
    end)
    return
  end
  local label = row.field == "cooldownTurns" and "Messages without a new card after one (0-1000): " or "Cards per hour at most (0-10000): "
  vim.ui.input({ prompt = label, default = tostring(s.initiative and s.initiative[row.field] or "") }, function(answer)
    local n = tonumber(answer or "")
    if not n or n ~= math.floor(n) or n < 0 then
      if answer and answer ~= "" then
        vim.notify("Grove: a whole number, please", vim.log.levels.WARN)
      end
      return
    end
    set({ [row.field] = n }, done)
  end)
end
M.change = change

function M.reset_model(done)
  vim.ui.select({ "Reset", "Cancel" }, { prompt = "Forget what Grove has learnt about how you structure conversations?" }, function(choice)
    if choice ~= "Reset" then
      return
    end
    client.call(m.user_model_reset, protocol.empty(), function(res)
      s.model = res
      view():render()
      vim.notify("Grove: the user model starts again from nothing", vim.log.levels.INFO)
      if done then
        done(res)
      end
    end)
  end)
end

view = listview.lazy(M, {
  "settings",
  field = "field",
  build = build,
  keys = function(k)
    return {
      { k.change, change, "change" },
      { k.reset_model, function()
        M.reset_model()
      end, "reset what Grove learnt", any = true },
      { k.refresh, function()
        load()
      end, "refresh", any = true },
    }
  end,
})

function M.open(done)
  actions.offered(m.user_model_get, "settings", function()
    load(function()
      view():open(done, s)
    end)
  end)
end

return M
