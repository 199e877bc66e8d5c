-- :Grove capture: a visual range of a source file becomes a `code` unit, with its
-- provenance (file URI, LSP range, language) and a memo typed through vim.ui.input,
-- appended after the cursor so the next message sees it.

local client = require("grove.client")
local position = require("grove.position")
local protocol = require("grove.protocol")
local state = require("grove.state")

local M = {}

-- The selection behind a command range: character-wise when the last visual
-- selection was charwise and spans the same lines, whole lines otherwise.
local function selection_from_range(buf, line1, line2)
  local s = vim.fn.getpos("'<")
  local e = vim.fn.getpos("'>")
  if vim.fn.visualmode() == "v" and s[2] == line1 and e[2] == line2 then
    return position.selection(buf, line1 - 1, s[3] - 1, line2 - 1, e[3] - 1)
  end
  return position.selection(buf, line1 - 1, 0, line2 - 1, nil)
end

-- Captures lines line1..line2 (1-based) of the current buffer; done(unit) after.
function M.capture(line1, line2, done)
  local pid = state.project_id()
  if not pid then
    vim.notify("Grove: no project open (:Grove new or :Grove open)", vim.log.levels.WARN)
    return
  end
  local buf = vim.api.nvim_get_current_buf()
  local content, range = selection_from_range(buf, line1, line2)
  local source = {
    uri = vim.uri_from_bufnr(buf),
    range = range,
    languageId = vim.bo[buf].filetype ~= "" and vim.bo[buf].filetype or "plaintext",
  }
  vim.ui.input({ prompt = "Memo (why this matters): " }, function(memo)
    if memo == nil then
      return -- cancelled
    end
    if memo ~= "" then
      source.memo = memo
    end
    local params = {
      projectId = pid,
      parentId = state.cursor() or protocol.null,
      role = "user",
      kind = "code",
      content = content,
      source = source,
    }
    client.call(protocol.m.unit_append, params, function(unit)
      local function shown()
        -- Say where it went: the branch the next message continues.
        local b = state.branch_of(unit.id)
        local where = (not b or b.isMainline) and "on the main line"
          or string.format('on the branch "%s"', (b.title and b.title ~= vim.NIL and b.title ~= "") and b.title or "untitled")
        vim.notify(string.format("Grove: captured %d line(s) as a code unit %s", range["end"].line - range.start.line + 1, where))
        if done then
          done(unit)
        end
      end
      if client.supports(protocol.m.project_set_cursor) then
        -- The server moved its cursor to the appended unit and says so (cursorId), with
        -- the revision it made: one reload shows both, and the didChange that follows
        -- announces what is already shown.
        state.put_units({ unit }, unit.cursorId or unit.id)
        return state.catch_up(unit.revision, shown)
      end
      state.set_cursor(unit.id, function()
        state.reload(shown)
      end)
    end)
  end)
end

return M
