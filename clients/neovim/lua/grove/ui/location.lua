-- Opens a protocol location (a file URI and an LSP range, characters in UTF-16)
-- in an ordinary window: the previous one when it shows no Grove view, else a new
-- split. Used by board snippets and knowledge-map citations.

local M = {}

local function ordinary(win)
  if not vim.api.nvim_win_is_valid(win) or vim.api.nvim_win_get_config(win).relative ~= "" then
    return false
  end
  local name = vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(win))
  return not name:match("^grove://")
end

-- Opens uri at range.start (range may be nil); returns the window, or nil when the
-- file does not exist (after saying so).
function M.open(uri, range)
  local path = vim.uri_to_fname(uri)
  if vim.fn.filereadable(path) ~= 1 then
    vim.notify("Grove: " .. path .. " does not exist (any more)", vim.log.levels.WARN)
    return nil
  end
  local win
  local prev = vim.fn.win_getid(vim.fn.winnr("#"))
  if prev ~= 0 and ordinary(prev) then
    win = prev
  else
    for _, w in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
      if ordinary(w) then
        win = w
        break
      end
    end
  end
  if win then
    vim.api.nvim_set_current_win(win)
  elseif vim.api.nvim_win_get_config(0).relative ~= "" then
    vim.api.nvim_win_close(0, true)
    vim.cmd("split")
  else
    vim.cmd("split")
  end
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  if range and range.start then
    local row = math.min(range.start.line + 1, vim.api.nvim_buf_line_count(0))
    local line = vim.api.nvim_buf_get_lines(0, row - 1, row, false)[1] or ""
    local ok, col = pcall(vim.str_byteindex, line, range.start.character or 0, true)
    vim.api.nvim_win_set_cursor(0, { row, ok and col or 0 })
  end
  return vim.api.nvim_get_current_win()
end

-- "path:a-b" (1-based lines) for a uri and range, the path relative to the cwd.
function M.label(uri, range)
  local path = vim.fn.fnamemodify(vim.uri_to_fname(uri), ":~:.")
  if not range or not range.start then
    return path
  end
  local a, b = range.start.line + 1, range["end"] and range["end"].line + 1 or range.start.line + 1
  return a == b and string.format("%s:%d", path, a) or string.format("%s:%d-%d", path, a, b)
end

return M
