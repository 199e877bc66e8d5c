-- Helpers shared by the chat and map views: a named scratch buffer shown in a
-- window (reused when already visible), replacing its lines while keeping it
-- read-only for the user, and buffer-local keys from the keymaps config.

local M = {}

M.ns = vim.api.nvim_create_namespace("grove")

-- Returns the buffer named `name`, creating it with `init(buf)` the first time.
function M.get(name, init)
  local buf = vim.fn.bufnr(name)
  if buf ~= -1 and vim.api.nvim_buf_is_valid(buf) then
    return buf, false
  end
  buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_name(buf, name)
  vim.bo[buf].swapfile = false
  vim.bo[buf].buftype = "nofile"
  vim.bo[buf].bufhidden = "hide"
  init(buf)
  return buf, true
end

-- A scratch buffer named `name` that :w hands to save(buf) instead of writing a file
-- (wiped when hidden); the caller fills it and clears 'modified' once saved.
function M.scratch_for_write(name, save)
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_name(buf, name)
  vim.bo[buf].buftype = "acwrite"
  vim.bo[buf].bufhidden = "wipe"
  vim.bo[buf].swapfile = false
  vim.api.nvim_create_autocmd("BufWriteCmd", {
    buffer = buf,
    callback = function()
      save(buf)
    end,
  })
  return buf
end

-- Shows buf: focuses a window that already has it, else opens one by layout.
function M.show(buf, layout)
  for _, win in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_buf(win) == buf then
      vim.api.nvim_set_current_win(win)
      return win
    end
  end
  if layout == "split" then
    vim.cmd("split")
  elseif layout == "tab" then
    vim.cmd("tabnew")
  elseif layout ~= "current" then
    vim.cmd("vsplit")
  end
  local win = vim.api.nvim_get_current_win()
  vim.api.nvim_win_set_buf(win, buf)
  return win
end

function M.windows(buf)
  local out = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_buf(win) == buf then
      table.insert(out, win)
    end
  end
  return out
end

-- Replaces lines first..last (0-based, end-exclusive; -1 = end) of a buffer the
-- user cannot edit directly.
function M.set_lines(buf, first, last, lines)
  local modifiable = vim.bo[buf].modifiable
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, first, last, false, lines)
  vim.bo[buf].modifiable = modifiable
end

-- Maps each configured key (false = unmapped) for the given modes.
function M.map(buf, modes, lhs, fn, desc)
  if not lhs then
    return
  end
  vim.keymap.set(modes, lhs, fn, { buffer = buf, nowait = true, silent = true, desc = desc })
end

-- Splits text into buffer lines (nvim_buf_set_lines refuses embedded newlines).
function M.split(text)
  return vim.split(text or "", "\n", { plain = true })
end

-- One line of text, cut to width characters.
function M.oneline(text, width)
  local line = (text or ""):gsub("%s+", " ")
  line = vim.trim(line)
  if width and vim.fn.strchars(line) > width then
    line = vim.fn.strcharpart(line, 0, width - 1) .. "…"
  end
  return line
end

-- Shows lines in a centred floating window, read-only, closed with q or <Esc>.
-- `float` keeps the scratch buffer and window between calls ({buf, win}); the title
-- is drawn on the border where Neovim can (0.9+). Returns the window.
function M.float(float, lines, title)
  local api = vim.api
  if not float.buf or not api.nvim_buf_is_valid(float.buf) then
    float.buf = api.nvim_create_buf(false, true)
    vim.bo[float.buf].bufhidden = "hide"
    local function close()
      M.close_float(float)
    end
    for _, key in ipairs({ "q", "<Esc>" }) do
      vim.keymap.set("n", key, close, { buffer = float.buf, nowait = true, silent = true })
    end
  end
  M.set_lines(float.buf, 0, -1, lines)
  vim.bo[float.buf].modifiable = false
  local width = math.max(40, math.floor(vim.o.columns * 0.8))
  local height = math.max(5, math.min(#lines, math.floor(vim.o.lines * 0.8)))
  local opts = {
    relative = "editor",
    width = width,
    height = height,
    row = math.floor((vim.o.lines - height) / 2),
    col = math.floor((vim.o.columns - width) / 2),
    style = "minimal",
    border = "rounded",
  }
  if title and vim.fn.has("nvim-0.9") == 1 then
    opts.title = " " .. title .. " "
  end
  if float.win and api.nvim_win_is_valid(float.win) then
    api.nvim_win_set_config(float.win, opts)
    api.nvim_set_current_win(float.win)
  else
    float.win = api.nvim_open_win(float.buf, true, opts)
  end
  vim.wo[float.win].wrap = true
  return float.win
end

function M.close_float(float)
  if float.win and vim.api.nvim_win_is_valid(float.win) then
    vim.api.nvim_win_close(float.win, true)
  end
  float.win = nil
end

-- Rows (0-based) of the visual selection, or of the cursor in normal mode.
function M.selected_rows()
  local mode = vim.fn.mode()
  if mode == "v" or mode == "V" or mode == "\22" then
    local a, b = vim.fn.line("v"), vim.fn.line(".")
    if a > b then
      a, b = b, a
    end
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("<Esc>", true, false, true), "nx", false)
    return a - 1, b - 1
  end
  local row = vim.api.nvim_win_get_cursor(0)[1] - 1
  return row, row
end

-- The distinct ids that rows a..b (0-based) show, in row order; `rows` maps a row to
-- the id it belongs to (rows without one are skipped).
function M.ids_in_rows(rows, a, b)
  local ids, seen = {}, {}
  for row = a, b do
    local id = rows[row]
    if id and not seen[id] then
      seen[id] = true
      table.insert(ids, id)
    end
  end
  return ids
end

return M
