-- The drawn memory map (:Grove memorymap) against the real server: each memolet is
-- its cluster's mark at the core's 2-D position, coloured by cluster, under a legend
-- of cluster keywords; the keys act on the mark under the cursor (open, add to the
-- sandbox), k clusters again, and the listing by cluster stays below the drawing.
local h = require("tests.helpers")
local mapview = require("grove.ui.memorymap")

-- The highlight group on byte col of row (0-based) in buf, from the view's namespace.
local function group_at(buf, row, col)
  local ns = require("grove.ui.buffer").ns
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(buf, ns, { row, 0 }, { row, -1 }, { details = true })) do
    local start_col, details = mark[3], mark[4]
    local end_col = details.end_col or start_col + 1
    if start_col <= col and col < end_col and details.hl_group then
      return details.hl_group
    end
  end
end

local function floats()
  local out = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= "" then
      table.insert(out, win)
    end
  end
  return out
end

-- The text of the floating window showing a memolet, or nil.
local function float_text()
  local win = floats()[1]
  return win and h.text(vim.api.nvim_win_get_buf(win))
end

describe("memory map", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("draws every memolet as its cluster's mark, coloured, with a legend; keys act on the mark", function()
    if not h.supports("grove/memolet/map") then
      h.skip_note("grove/memolet/map")
      return pending("no memory map on this server")
    end
    local pid, units = h.conversation("Drawn", {
      { "How do I mount a docker volume?", "Use a named docker volume so files persist across container restarts." },
      { "What about sourdough starter feeding?", "Feed the sourdough starter rye flour and water daily." },
      { "And docker compose volumes?", "Declare the named volume under volumes in the docker compose file." },
    })
    local made = {}
    for i, title in ipairs({ "Docker volumes", "Sourdough starter", "Compose volumes" }) do
      made[i] = h.rpc("grove/memolet/create", { projectId = pid, unitIds = { units[2 * i - 1].id, units[2 * i].id }, title = title })
    end
    local shown
    mapview.open(2, function(map)
      shown = map
    end)
    h.wait(function()
      return shown
    end, "memory map shown")
    local buf = mapview.buf()
    local by_id = {}
    for _, p in ipairs(shown.points) do
      by_id[p.id] = p
    end
    -- Each memolet is drawn once, as its cluster's mark, in its cluster's colour, at
    -- the place the core gave it (x left to right, y bottom to top).
    for _, mm in ipairs(made) do
      local p = by_id[mm.id]
      assert.truthy(p, mm.id)
      local row, col = mapview.cell_of(mm.id)
      assert.truthy(row, "no mark for " .. mm.title .. "\n" .. h.text(buf))
      local mark, group = mapview.mark(p.cluster)
      assert.equals(mark, h.lines(buf)[row + 1]:sub(col + 1, col + 1))
      assert.equals(group, group_at(buf, row, col))
      local top = h.find_line(buf, "  +--") -- the drawing's top edge, 1-based
      local expected_row = top + math.floor((1 - p.y) * (mapview.HEIGHT - 1) + 0.5)
      assert.equals(expected_row, row)
      assert.is_true(math.abs((col - 3) - math.floor(p.x * (mapview.WIDTH - 1) + 0.5)) <= 2)
    end
    -- The legend names each cluster's keywords next to its mark, in its colour.
    for _, c in ipairs(shown.clusters) do
      local mark, group = mapview.mark(c.id)
      local line = h.find_line(buf, string.format("  %s  cluster %d · %d · %s", mark, c.id, c.size, table.concat(c.keywords, ", ")))
      assert.truthy(line, h.text(buf))
      assert.equals(group, group_at(buf, line - 1, 2))
    end
    -- The listing by cluster is still there.
    assert.truthy(mapview.row_of(made[1].id), h.text(buf))
    -- <CR> on a mark opens that memolet.
    local row, col = mapview.cell_of(made[2].id)
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { row + 1, col })
    h.feed("<CR>")
    h.wait(function()
      local t = float_text()
      return t and t:find("memolet:" .. made[2].id, 1, true)
    end, "the memolet under the cursor opened")
    for _, win in ipairs(floats()) do
      vim.api.nvim_win_close(win, true)
    end
    -- a on a mark adds it to the sandbox.
    row, col = mapview.cell_of(made[3].id)
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { row + 1, col })
    h.feed("a")
    local sb = h.rpc_until("grove/memolet/sandbox/list", { projectId = pid }, function(res)
      return #res.memolets == 1
    end, "added from the drawing")
    assert.equals(made[3].id, sb.memolets[1].id)
    -- k clusters again with the number typed.
    local restore = h.stub_ui({ input = "1" })
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    h.feed("k")
    h.wait(function()
      return h.lines(buf)[1]:find("in 1 clusters (k = 1)", 1, true)
    end, "clustered again")
    restore()
    local mark0 = mapview.mark(0)
    for _, mm in ipairs(made) do
      local r, c = mapview.cell_of(mm.id)
      assert.equals(mark0, h.lines(buf)[r + 1]:sub(c + 1, c + 1))
    end
  end)
end)
