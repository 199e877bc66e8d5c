-- A read-only list buffer shared by the capsule, refine, settings, trash, revisions
-- and memory-map views: a title line, a line naming the keys, then entries whose
-- rows map to the item they show. Keys act on the item under the cursor; the views
-- only render what the server answered and ask again after each change.

local buffer = require("grove.ui.buffer")

local api = vim.api
local M = {}

local View = {}
View.__index = View

-- opts: name (buffer name), filetype, layout ("split" by default), build(view) ->
-- lines, rows (0-based row -> item), optional highlights {row = group, or a list of
-- {group, first byte, end byte}} and optional cells {row = list of {first byte, end
-- byte, item}} for rows that show several items side by side (a drawn map); keys: a
-- list of {lhs, fn, what, any = true when fn takes a nil item too}.
function M.new(opts)
  return setmetatable({ opts = opts, rows = {}, cells = {}, buf = nil }, View)
end

-- A view module's view, made on first use from spec: spec[1] names it (buffer
-- grove://<name>, filetype grove-<name> unless spec.filetype), spec.build builds it,
-- spec.keys(k) lists its keys given the keymaps section spec.keymaps (default: the
-- name); the keys are read on first use, so a module may list functions it defines
-- later. Returns the getter. Given a module, also gives it buf() and row_of(value)
-- (the first row whose item's spec.field equals value), for jumps and tests.
function M.lazy(mod, spec)
  local view
  local function get()
    if not view then
      local keymaps = require("grove.config").options.keymaps
      view = M.new({
        name = "grove://" .. spec[1],
        filetype = spec.filetype or ("grove-" .. spec[1]),
        build = spec.build,
        keys = spec.keys(keymaps[spec.keymaps or spec[1]] or {}),
      })
    end
    return view
  end
  if mod then
    M.expose(mod, function()
      return view
    end, spec.field or "id")
  end
  return get
end

function View:keys_line()
  local parts = {}
  for _, key in ipairs(self.opts.keys) do
    if key[1] then
      table.insert(parts, key[1] .. " " .. key[3])
    end
  end
  table.insert(parts, "q close")
  return table.concat(parts, " · ")
end

local keys_float = {}

-- The view's keys, one a line, in a float (the views' help key).
function View:show_keys(title)
  local lines = { title, "" }
  for _, key in ipairs(self.opts.keys) do
    if key[1] then
      table.insert(lines, string.format("  %-8s %s", key[1], key[3]))
    end
  end
  table.insert(lines, "  q        close")
  buffer.float(keys_float, lines, "keys")
  return keys_float.buf
end

-- The item of the cell at byte col of row, or of the nearest cell within two bytes.
local function cell_at(cells, col)
  local best, dist
  for _, c in ipairs(cells) do
    local d = col < c[1] and c[1] - col or (col >= c[2] and col - c[2] + 1 or 0)
    if d <= 2 and (not dist or d < dist) then
      best, dist = c[3], d
    end
  end
  return best
end

function View:item_at_cursor()
  if not self.buf or api.nvim_get_current_buf() ~= self.buf then
    return nil
  end
  local pos = api.nvim_win_get_cursor(0)
  local cells = self.cells[pos[1] - 1]
  if cells then
    return cell_at(cells, pos[2])
  end
  return self.rows[pos[1] - 1]
end

function View:setup(buf)
  vim.bo[buf].filetype = self.opts.filetype or "grove-list"
  vim.bo[buf].modifiable = false
  for _, key in ipairs(self.opts.keys) do
    buffer.map(buf, "n", key[1], function()
      local item = self:item_at_cursor()
      if not item and not key.any then
        vim.notify("Grove: nothing under the cursor to " .. key[3], vim.log.levels.WARN)
        return
      end
      key[2](item)
    end, "Grove: " .. key[3])
  end
  buffer.map(buf, "n", "q", function()
    if #api.nvim_list_wins() > 1 then
      api.nvim_win_close(0, false)
    end
  end, "Grove: close")
end

function View:is_open()
  return self.buf ~= nil and api.nvim_buf_is_loaded(self.buf)
end

function View:render()
  if not self:is_open() then
    return
  end
  local lines, rows, hl, cells = self.opts.build(self)
  self.rows, self.cells = rows, cells or {}
  buffer.set_lines(self.buf, 0, -1, lines)
  api.nvim_buf_clear_namespace(self.buf, buffer.ns, 0, -1)
  api.nvim_buf_add_highlight(self.buf, buffer.ns, "GroveBranch", 0, 0, -1)
  api.nvim_buf_add_highlight(self.buf, buffer.ns, "GroveCardKeys", 1, 0, -1)
  for row, group in pairs(hl or {}) do
    if type(group) == "table" then
      for _, span in ipairs(group) do
        api.nvim_buf_add_highlight(self.buf, buffer.ns, span[1], row, span[2], span[3])
      end
    else
      api.nvim_buf_add_highlight(self.buf, buffer.ns, group, row, 0, -1)
    end
  end
end

-- Shows the buffer (creating it the first time) and renders it; then done(...) when given.
function View:open(done, ...)
  local buf = buffer.get(self.opts.name, function(b)
    self:setup(b)
  end)
  self.buf = buf
  buffer.show(buf, self.opts.layout or "split")
  self:render()
  if done then
    done(...)
  end
  return buf
end

-- The first lines of every view: its title and the keys.
function View:head(title)
  return { title, self:keys_line(), "" }
end

-- The 0-based row of the first line showing item (compared with eq, default ==).
function View:row_of(pred)
  local best
  for row, item in pairs(self.rows) do
    if pred(item) and (not best or row < best) then
      best = row
    end
  end
  return best
end

-- Gives a view module buf() and row_of(value) (the first row, 0-based, whose item's
-- `field` equals value), for jumps and tests; get() returns the module's view or nil.
function M.expose(mod, get, field)
  function mod.buf()
    local v = get()
    return v and v.buf
  end
  function mod.row_of(value)
    local v = get()
    return v and v:row_of(function(item)
      return item[field] == value
    end)
  end
end

return M
