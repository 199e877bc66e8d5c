-- The board's cards (DESIGN §11.4): pending `evolve` and `reorganize` suggestions of
-- a workspace (projectId null), drawn in a "Cards" section at the top of :GroveBoard.
-- This file only words them: a card's line, and its reason with its operations (the
-- grove/board/edit ops accepting applies) for the float; ids are shown as the titles
-- the board knows.

local buffer = require("grove.ui.buffer")

local M = {}

local function str(v)
  return type(v) == "string" and v or ""
end

-- A Suggestion that belongs to a workspace's board rather than to a project.
function M.is_card(sug)
  return type(sug) == "table" and type(sug.projectId) ~= "string" and type(sug.workspaceUri) == "string"
end

-- The card's title: its own, else its kind and the first memory it is about.
function M.title(sug, title_of)
  if str(sug.title) ~= "" then
    return sug.title
  end
  local first = type(sug.anchorIds) == "table" and sug.anchorIds[1]
  return str(sug.kind) .. (first and (" " .. title_of(first)) or "")
end

-- One card's line: its kind word, title and shortened reason.
function M.line(sug, title_of)
  local reason = str(sug.reason) ~= "" and (" · " .. buffer.oneline(sug.reason, 70)) or ""
  return string.format("  %s: %s%s", str(sug.kind), buffer.oneline(M.title(sug, title_of), 60), reason)
end

local function names(ids, title_of)
  local out = {}
  for _, id in ipairs(type(ids) == "table" and ids or {}) do
    table.insert(out, '"' .. buffer.oneline(title_of(id), 40) .. '"')
  end
  return table.concat(out, ", ")
end

local FIELDS = { "title", "summary", "tags", "context", "memo", "content", "hidden", "archived" }

-- One BoardOp in words. A `$ref` (a group an earlier op of the card makes) is shown
-- as the title that op gives it.
function M.op_line(op, title_of, refs)
  local function name(id)
    if type(id) == "string" and id:sub(1, 1) == "$" and refs[id:sub(2)] then
      return refs[id:sub(2)]
    end
    if id == nil or id == vim.NIL then
      return "(top level)"
    end
    return buffer.oneline(title_of(id), 40)
  end
  local kind = str(op.op)
  if kind == "UpdateItem" or kind == "UpdateGroup" then
    local parts = {}
    for _, f in ipairs(FIELDS) do
      local v = op[f]
      if v ~= nil and v ~= vim.NIL then
        local text = type(v) == "table" and table.concat(v, ", ") or tostring(v)
        table.insert(parts, f .. " = " .. buffer.oneline(text, 60))
      end
    end
    return string.format('%s "%s": %s', kind, name(op.id), table.concat(parts, "; "))
  elseif kind == "Group" then
    local members = names(op.itemIds, title_of)
    local groups = names(op.groupIds, title_of)
    return string.format('Group "%s": %s%s', str(op.title) ~= "" and op.title or "(generated title)",
      members, groups ~= "" and ((members ~= "" and "; groups " or "groups ") .. groups) or "")
  elseif kind == "Move" then
    return string.format("Move %s to %s", names(vim.list_extend(vim.list_extend({}, op.itemIds or {}), op.groupIds or {}), title_of), name(op.to))
  elseif kind == "Ungroup" then
    return string.format('Ungroup "%s"', name(op.id))
  elseif kind == "Link" then
    return string.format('Link "%s" ↔ "%s"%s', name(op.from), name(op.to), str(op.label) ~= "" and (" · " .. op.label) or "")
  elseif kind == "Unlink" then
    return "Unlink " .. tostring(op.id)
  end
  return kind
end

-- The float's lines: title, kind and confidence, the reason, then the operations.
function M.details(sug, title_of, keys)
  local lines = { "# " .. M.title(sug, title_of), "" }
  table.insert(lines, string.format("Kind: %s · confidence %s · %s", str(sug.kind), tostring(sug.confidence or "?"), str(sug.source)))
  if type(sug.anchorIds) == "table" and #sug.anchorIds > 0 then
    table.insert(lines, "About: " .. names(sug.anchorIds, title_of))
  end
  if str(sug.reason) ~= "" then
    vim.list_extend(lines, buffer.split("Reason: " .. sug.reason))
  end
  table.insert(lines, "")
  local ops = type(sug.ops) == "table" and sug.ops or {}
  table.insert(lines, string.format("Accepting applies %d operation%s (one undo entry):", #ops, #ops == 1 and "" or "s"))
  local refs = {}
  for i, op in ipairs(ops) do
    if type(op) == "table" then
      table.insert(lines, string.format("  %d. %s", i, M.op_line(op, title_of, refs)))
      if type(op.ref) == "string" and str(op.title) ~= "" then
        refs[op.ref] = op.title
      end
    end
  end
  table.insert(lines, "")
  table.insert(lines, keys)
  return lines
end

-- The pending card that proposes a change to item (its `proposed` badge), or nil.
function M.of_item(item, cards)
  for _, b in ipairs(type(item.badges) == "table" and item.badges or {}) do
    if type(b) == "table" and b.kind == "proposed" then
      for _, sug in ipairs(cards) do
        if sug.id == b.suggestionId then
          return sug, b
        end
      end
      return nil, b
    end
  end
end

return M
