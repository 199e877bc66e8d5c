-- :Grove capture: a visual range of a source file becomes a `code` unit, with its
-- provenance (file URI, LSP range, language) and a memo typed through vim.ui.input,
-- appended after the cursor so the next message sees it.
-- :GroveCapture: the same range becomes a snippet on the workspace's board
-- (grove/board/capture) with its enclosing symbol; with a bang it is also appended
-- to the open conversation (the core makes both from one call).

local client = require("grove.client")
local position = require("grove.position")
local protocol = require("grove.protocol")
local state = require("grove.state")
local symbol = require("grove.symbol")
local workspace = require("grove.workspace")

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

-- The text and Source of lines line1..line2 (1-based) of buf: file URI, LSP range, language.
local function captured(buf, line1, line2)
  local content, range = selection_from_range(buf, line1, line2)
  return content, {
    uri = vim.uri_from_bufnr(buf),
    range = range,
    languageId = vim.bo[buf].filetype ~= "" and vim.bo[buf].filetype or "plaintext",
  }
end

-- Asks for the memo (why this matters) into source.memo; go() unless cancelled.
local function ask_memo(source, go)
  vim.ui.input({ prompt = "Memo (why this matters): " }, function(memo)
    if memo == nil then
      return -- cancelled
    end
    if memo ~= "" then
      source.memo = memo
    end
    go()
  end)
end

-- Captures lines line1..line2 (1-based) of the current buffer; done(unit) after.
function M.capture(line1, line2, done)
  local pid = state.project_id()
  if not pid then
    vim.notify("Grove: no project open (:Grove new or :Grove open)", vim.log.levels.WARN)
    return
  end
  local buf = vim.api.nvim_get_current_buf()
  local content, source = captured(buf, line1, line2)
  local range = source.range
  ask_memo(source, function()
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

-- Where a board capture went, in words (the board view names the group).
local function placed_where(res)
  local p = res.placement
  if type(p) ~= "table" then
    return "on the board"
  end
  if p.created then
    return "on the board, in a new group"
  end
  return string.format("on the board, in a group with related memories (score %.2f)", tonumber(p.score) or 0)
end

-- Captures lines line1..line2 (1-based) of the current buffer to the workspace's
-- board; opts.chat also appends the code unit to the open conversation. done(result).
function M.capture_to_board(line1, line2, opts, done)
  opts = opts or {}
  require("grove.actions").offered(protocol.m.board_capture, "the board", function()
    local pid = state.project_id()
    if opts.chat and not pid then
      vim.notify("Grove: no project open (:Grove new or :Grove open), or capture without !", vim.log.levels.WARN)
      return
    end
    local buf = vim.api.nvim_get_current_buf()
    local content, source = captured(buf, line1, line2)
    local ws = workspace.uri(buf)
    symbol.find(buf, source.range.start.line, source.range.start.character, function(name)
      source.symbol = name
      ask_memo(source, function()
        local params = { workspaceUri = ws, content = content, source = source }
        if opts.chat then
          params.projectId = pid
          params.parentId = state.cursor() or protocol.null
        end
        client.call(protocol.m.board_capture, params, function(res)
          local item = res.item or {}
          vim.notify(string.format('Grove: captured "%s" %s%s', tostring(item.title or "snippet"), placed_where(res),
            opts.chat and " and in the conversation" or ""))
          local function finish()
            if done then
              done(res)
            end
          end
          if opts.chat and type(res.unit) == "table" then
            return state.reload(finish)
          end
          finish()
        end)
      end)
    end)
  end)
end

return M
