-- `:Grove memorymap [k]`: the memory map (grove/memolet/map) drawn and listed. The
-- drawing is a character grid of the core's 2-D placement: each memolet is its
-- cluster's mark, in that cluster's colour (GroveCluster0..7), under a legend with
-- each cluster's keywords; below it, the listing by cluster. The core places and
-- clusters them (k given, else its own choice); keys act on the memolet under the
-- cursor, on its mark in the drawing or on its line in the listing.

local buffer = require("grove.ui.buffer")
local client = require("grove.client")
local listview = require("grove.ui.listview")
local protocol = require("grove.protocol")

local m = protocol.m
local M = {}

-- The drawing's size in characters; the core's positions are in [0,1]^2.
M.WIDTH, M.HEIGHT = 56, 14
local MARKS = "0123456789abcdefghijklmnopqrstuvwxyz"
local INDENT = "  |"

local s = { map = nil, by_id = {}, k = nil }

-- The mark and highlight group of cluster id.
function M.mark(id)
  return MARKS:sub(id % #MARKS + 1, id % #MARKS + 1), "GroveCluster" .. (id % 8)
end

local function memolet(p)
  return s.by_id[p.id] or { id = p.id, title = p.id }
end

-- The grid's lines, highlights and cells from the map's points, starting at row
-- `first`. Two memolets on one character: the later one takes the nearest free
-- character of that line, else it is only in the listing.
local function draw(points, first)
  local grid, at = {}, {}
  for r = 1, M.HEIGHT do
    grid[r], at[r] = {}, {}
    for c = 1, M.WIDTH do
      grid[r][c] = " "
    end
  end
  for _, p in ipairs(points) do
    local r = math.floor((1 - p.y) * (M.HEIGHT - 1) + 0.5) + 1
    local c = math.floor(p.x * (M.WIDTH - 1) + 0.5) + 1
    for _, dc in ipairs({ 0, 1, -1, 2, -2 }) do
      local cc = c + dc
      if cc >= 1 and cc <= M.WIDTH and not at[r][cc] then
        at[r][cc] = p
        grid[r][cc] = M.mark(p.cluster)
        break
      end
    end
  end
  local lines, hl, cells = {}, {}, {}
  local edge = "  +" .. string.rep("-", M.WIDTH) .. "+"
  table.insert(lines, edge)
  for r = 1, M.HEIGHT do
    local row = first + #lines
    table.insert(lines, INDENT .. table.concat(grid[r]) .. "|")
    for c = 1, M.WIDTH do
      local p = at[r][c]
      if p then
        local col = #INDENT + c - 1
        hl[row] = hl[row] or {}
        table.insert(hl[row], { select(2, M.mark(p.cluster)), col, col + 1 })
        cells[row] = cells[row] or {}
        table.insert(cells[row], { col, col + 1, memolet(p) })
      end
    end
  end
  table.insert(lines, edge)
  return lines, hl, cells
end

local function build(v)
  local map = s.map or { points = {}, clusters = {} }
  local lines = v:head(string.format("Memory map · %d memolets in %d clusters%s", #map.points, #map.clusters, s.k and (" (k = " .. s.k .. ")") or ""))
  local rows, hl, cells = {}, {}, {}
  if #map.points == 0 then
    table.insert(lines, "(no memolets yet: they grow from every conversation)")
    return lines, rows, hl, cells
  end
  local drawn, dhl, dcells = draw(map.points, #lines)
  vim.list_extend(lines, drawn)
  hl, cells = dhl, dcells
  -- The legend: each cluster's mark, in its colour, and its keywords.
  for _, c in ipairs(map.clusters) do
    local mark, group = M.mark(c.id)
    hl[#lines] = { { group, 2, 3 } }
    table.insert(lines, string.format("  %s  cluster %d · %d · %s", mark, c.id, c.size, table.concat(c.keywords or {}, ", ")))
  end
  table.insert(lines, "")
  -- The listing, by cluster.
  local members = {}
  for _, p in ipairs(map.points) do
    members[p.cluster] = members[p.cluster] or {}
    table.insert(members[p.cluster], p)
  end
  for _, c in ipairs(map.clusters) do
    hl[#lines] = "GroveMemoletTitle"
    table.insert(lines, string.format("▸ cluster %d · %d · %s", c.id, c.size, table.concat(c.keywords or {}, ", ")))
    for _, p in ipairs(members[c.id] or {}) do
      local mm = memolet(p)
      rows[#lines] = mm
      table.insert(lines, string.format("  %s %s · (%.2f, %.2f)", (M.mark(c.id)), buffer.oneline(mm.title or mm.id, 70), p.x, p.y))
    end
    table.insert(lines, "")
  end
  return lines, rows, hl, cells
end

local view = listview.lazy(M, {
  "memorymap",
  filetype = "grove-memolets",
  keymaps = "memolets",
  build = build,
  keys = function(km)
    local views = require("grove.ui.memolets")
    return {
      { km.show, views.show, "open" },
      { km.add, views.add, "add to sandbox" },
      { km.insert, views.insert, "reference in the message" },
      { km.recluster, function()
        vim.ui.input({ prompt = "Clusters (k): " }, function(answer)
          local n = tonumber(answer or "")
          if n and n >= 1 then
            M.open(math.floor(n))
          end
        end)
      end, "re-cluster with k", any = true },
    }
  end,
})

-- Lays out every memolet (k clusters when given); done(map) once shown.
function M.open(k, done)
  require("grove.actions").offered(m.memolet_map, "the memory map", function()
    client.call(m.memolet_map, k and { k = k } or protocol.empty(), function(map)
      client.call(m.memolet_list, protocol.empty(), function(res)
        s.map, s.k, s.by_id = map, k, {}
        for _, mm in ipairs(res.memolets or {}) do
          s.by_id[mm.id] = mm
        end
        view():open(done, map)
      end)
    end)
  end)
end

-- The 0-based row and byte column of memolet id's mark in the drawing, or nil.
function M.cell_of(id)
  local v = view()
  for row, list in pairs(v.cells) do
    for _, c in ipairs(list) do
      if c[3].id == id then
        return row, c[1]
      end
    end
  end
end

return M
