-- Suggestion cards: each pending structure suggestion is drawn as virtual lines under
-- the unit it is about, with the keys that accept, reject or defer it. The cards are
-- only a view of grove/suggestion/list; resolving goes to the server, which decides
-- what accepting means.

local config = require("grove.config")
local state = require("grove.state")

local M = {}

local ns = vim.api.nvim_create_namespace("grove_cards")

-- buf -> unit id -> the suggestion whose card hangs under that unit
local placed = {}
-- buf -> {row, sug} for every card drawn, in drawing order
local drawn_at = {}

local function anchors(sug)
  return sug.anchorIds or sug.targetIds or {}
end

-- The suggestion whose card hangs under unit id in buf (the current buffer by default).
function M.for_unit(id, buf)
  local in_buf = placed[buf or vim.api.nvim_get_current_buf()] or {}
  return in_buf[id]
end

local function card_lines(sug)
  local k = config.options.keymaps.chat
  local conf = type(sug.confidence) == "number" and string.format(" (%.0f%%)", sug.confidence * 100) or ""
  -- A branch carries its intent title, an extraction its capsule name.
  local named = type(sug.title) == "string" and sug.title ~= "" and (' "' .. sug.title .. '"') or ""
  local asked = sug.delegated == true and " · you asked" or ""
  local title = string.format(
    "╭─ suggestion: %s%s%s%s%s",
    sug.kind or "?",
    named,
    conf,
    asked,
    sug.state == "deferred" and " · deferred" or ""
  )
  local lines = { { { title, "GroveCard" } } }
  for _, l in ipairs(vim.split(sug.reason or "", "\n", { plain = true })) do
    table.insert(lines, { { "│ " .. l, "GroveCard" } })
  end
  table.insert(lines, {
    { string.format("╰─ %s accept · %s reject · %s defer", k.accept or "-", k.reject or "-", k.defer or "-"), "GroveCardKeys" },
  })
  return lines
end

-- Draws every card in buf. place(unitId) gives {unit, row} to hang a card under, or
-- nil when that unit is not shown; a card goes under the last of its anchors that is
-- shown, else under `fallback` ({unit, row}, e.g. the chat's latest turn) if given.
function M.render(buf, place, fallback)
  vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1)
  placed[buf] = {}
  drawn_at[buf] = {}
  for _, sug in ipairs(state.suggestions()) do
    local at
    for _, id in ipairs(anchors(sug)) do
      local p = place(id)
      if p and (not at or p.row > at.row) then
        at = p
      end
    end
    at = at or fallback
    if at then
      placed[buf][at.unit] = placed[buf][at.unit] or sug
      table.insert(drawn_at[buf], { row = at.row, sug = sug })
      vim.api.nvim_buf_set_extmark(buf, ns, at.row, 0, { virt_lines = card_lines(sug) })
    end
  end
end

-- The card texts drawn in buf, one entry per virtual line: {row, text}.
function M.drawn(buf)
  local out = {}
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, { details = true })) do
    for _, vl in ipairs(mark[4].virt_lines or {}) do
      local text = ""
      for _, chunk in ipairs(vl) do
        text = text .. chunk[1]
      end
      table.insert(out, { row = mark[2], text = text })
    end
  end
  return out
end

-- The card the keys act on in buf with the cursor on row (0-based): the one hanging
-- under the unit at the cursor, else the card drawn nearest the cursor (a card's
-- lines belong to the row it hangs under, so the nearest row wins), else the latest
-- pending suggestion when none is drawn here. nil when there is no card at all.
function M.nearest(buf, row, unit_id)
  local sug = unit_id and M.for_unit(unit_id, buf)
  if sug then
    return sug
  end
  local best, dist
  for _, d in ipairs(drawn_at[buf] or {}) do
    local dd = math.abs(d.row - row)
    -- A card hangs below its row: on equal distance prefer the card above the cursor.
    if not dist or dd < dist or (dd == dist and d.row <= row) then
      best, dist = d.sug, dd
    end
  end
  if best then
    return best
  end
  local list = state.suggestions()
  return list[#list]
end

-- Resolves the card nearest the cursor in the current buffer ("accept", "reject",
-- "defer"), saying which one; says so when there is none.
function M.resolve(unit_id, action)
  local buf = vim.api.nvim_get_current_buf()
  local sug = M.nearest(buf, vim.api.nvim_win_get_cursor(0)[1] - 1, unit_id)
  if not sug then
    vim.notify("Grove: no suggestion card to " .. action, vim.log.levels.WARN)
    return
  end
  vim.notify(string.format("Grove: %s the %s suggestion%s", action, sug.kind or "?", type(sug.title) == "string" and sug.title ~= "" and (' "' .. sug.title .. '"') or ""), vim.log.levels.INFO)
  require("grove.actions").resolve_suggestion(sug, action)
end

M.ns = ns

return M
