-- Editing a unit: its content in a scratch buffer named grove://edit/<id>; :w sends
-- grove/unit/edit (the server keeps the previous text as a revision).

local actions = require("grove.actions")
local state = require("grove.state")

local M = {}

function M.open(id)
  local u = state.unit(id)
  if not u then
    vim.notify("Grove: unknown unit " .. tostring(id), vim.log.levels.WARN)
    return
  end
  if u.kind == "placeholder" then
    vim.notify("Grove: a deleted unit cannot be edited", vim.log.levels.WARN)
    return
  end
  if u.loaded == false then
    -- Only its head is here (the tree came from grove/project/structure): fetch the text.
    return state.ensure_text({ id }, function()
      local got = state.unit(id)
      if got and got.loaded ~= false then
        M.open(id)
      end
    end)
  end
  local name = "grove://edit/" .. id
  local buf = vim.fn.bufnr(name)
  if buf == -1 then
    buf = require("grove.ui.buffer").scratch_for_write(name, function()
      local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
      actions.edit(id, text, function()
        if vim.api.nvim_buf_is_valid(buf) then
          vim.bo[buf].modified = false
        end
        vim.notify("Grove: unit saved", vim.log.levels.INFO)
      end)
    end)
  end
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, vim.split(u.content or "", "\n", { plain = true }))
  vim.bo[buf].modified = false
  if u.kind == "code" and type(u.source) == "table" and u.source.languageId then
    vim.bo[buf].filetype = u.source.languageId
  else
    vim.bo[buf].filetype = "markdown"
  end
  vim.cmd("split")
  vim.api.nvim_win_set_buf(0, buf)
  return buf
end

return M
