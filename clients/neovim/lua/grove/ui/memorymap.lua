-- `:Grove memorymap [k]`: the memory map (grove/memolet/map) as a listing grouped by
-- cluster: each cluster's keywords and size, then its memolets with their place on
-- the map. The core places and clusters them (k given, else its own choice); keys
-- act on the memolet under the cursor as in the other memolet views.

local buffer = require("grove.ui.buffer")
local client = require("grove.client")
local config = require("grove.config")
local listview = require("grove.ui.listview")
local protocol = require("grove.protocol")

local m = protocol.m
local M = {}

local s = { map = nil, by_id = {}, k = nil }
local view

local function build(v)
  local map = s.map or { points = {}, clusters = {} }
  local lines = v:head(string.format("Memory map · %d memolets in %d clusters%s", #map.points, #map.clusters, s.k and (" (k = " .. s.k .. ")") or ""))
  local rows, hl = {}, {}
  local members = {}
  for _, p in ipairs(map.points) do
    members[p.cluster] = members[p.cluster] or {}
    table.insert(members[p.cluster], p)
  end
  for _, c in ipairs(map.clusters) do
    hl[#lines] = "GroveMemoletTitle"
    table.insert(lines, string.format("▸ cluster %d · %d · %s", c.id, c.size, table.concat(c.keywords or {}, ", ")))
    for _, p in ipairs(members[c.id] or {}) do
      local mm = s.by_id[p.id] or { id = p.id, title = p.id }
      rows[#lines] = mm
      table.insert(lines, string.format("  ● %s · (%.2f, %.2f)", buffer.oneline(mm.title or mm.id, 70), p.x, p.y))
    end
    table.insert(lines, "")
  end
  if #map.points == 0 then
    table.insert(lines, "(no memolets yet: they grow from every conversation)")
  end
  return lines, rows, hl
end

-- Lays out every memolet (k clusters when given); done(map) once shown.
function M.open(k, done)
  require("grove.actions").offered(m.memolet_map, "the memory map", function()
    local params = protocol.empty()
    if k then
      params = { k = k }
    end
    client.call(m.memolet_map, params, function(map)
      client.call(m.memolet_list, protocol.empty(), function(res)
        s.map, s.k, s.by_id = map, k, {}
        for _, mm in ipairs(res.memolets or {}) do
          s.by_id[mm.id] = mm
        end
        local km = config.options.keymaps.memolets
        local views = require("grove.ui.memolets")
        view = view or listview.new({
          name = "grove://memorymap",
          filetype = "grove-memolets",
          build = build,
          keys = {
            { km.show, views.show, "full text" },
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
          },
        })
        view:open()
        if done then
          done(map)
        end
      end)
    end)
  end)
end

listview.expose(M, function()
  return view
end, "id")

return M
