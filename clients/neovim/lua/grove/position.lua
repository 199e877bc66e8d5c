-- Positions as the protocol wants them: lines 0-based, characters in UTF-16 code
-- units (as in LSP), converted from Neovim's byte columns with vim.str_utfindex.

local M = {}

-- UTF-16 offset of byte offset `byte` (0-based, clamped to the line) in `line`.
function M.utf16(line, byte)
  byte = math.max(0, math.min(byte, #line))
  local _, utf16 = vim.str_utfindex(line, byte)
  return utf16
end

-- Byte length of the UTF-8 character that starts at byte offset `byte` (0-based).
function M.char_len(line, byte)
  local c = line:byte(byte + 1)
  if not c then
    return 0
  elseif c >= 0xF0 then
    return 4
  elseif c >= 0xE0 then
    return 3
  elseif c >= 0xC0 then
    return 2
  end
  return 1
end

-- The text and LSP range of a selection in buf. Rows are 0-based; start_col is a
-- 0-based byte offset, end_col the 0-based byte offset of the last selected character
-- (inclusive, as Vim's marks are), or nil for whole lines.
function M.selection(buf, start_row, start_col, end_row, end_col)
  local lines = vim.api.nvim_buf_get_lines(buf, start_row, end_row + 1, false)
  local first, last = lines[1] or "", lines[#lines] or ""
  local s_byte, e_byte
  if end_col == nil then
    s_byte, e_byte = 0, #last
  else
    s_byte = math.min(start_col, #first)
    e_byte = math.min(end_col, math.max(#last - 1, 0))
    e_byte = e_byte + M.char_len(last, e_byte) -- exclusive end, after the whole character
  end
  local text
  if #lines == 1 then
    text = first:sub(s_byte + 1, e_byte)
  else
    lines[1] = first:sub(s_byte + 1)
    lines[#lines] = last:sub(1, e_byte)
    text = table.concat(lines, "\n")
  end
  local range = {
    start = { line = start_row, character = M.utf16(first, s_byte) },
    ["end"] = { line = end_row, character = M.utf16(last, e_byte) },
  }
  return text, range
end

return M
