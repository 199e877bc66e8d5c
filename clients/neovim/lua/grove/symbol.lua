-- The name of the function or class that encloses a captured range, for the
-- capture's provenance (`source.symbol`): from treesitter when the buffer has a
-- parser, else from an attached LSP client's document symbols, else nil. Asking the
-- LSP is asynchronous and bounded; a slow or failing server just gives no symbol.

local M = {}

-- Words in the treesitter node types of a symbol worth recording, across common
-- grammars (function_definition, class_declaration, impl_item...); such a node
-- counts only when it has a `name` field.
local TS_KINDS = {
  "function", "method", "class", "struct", "impl", "interface", "trait", "module", "enum",
  "constructor", "namespace",
}

-- LSP SymbolKind values for the same (Module 2, Namespace 3, Class 5, Method 6,
-- Constructor 9, Enum 10, Interface 11, Function 12, Struct 23).
local LSP_KINDS = { [2] = true, [3] = true, [5] = true, [6] = true, [9] = true, [10] = true, [11] = true, [12] = true, [23] = true }

M.TIMEOUT_MS = 1500

local function is_symbol_type(t)
  for _, k in ipairs(TS_KINDS) do
    if t:find(k, 1, true) then
      return true
    end
  end
  return false
end

local function node_name(node, buf)
  local names = node.field and node:field("name") or {}
  local name = names[1]
  if not name then
    return nil
  end
  local sr, sc, er, ec = name:range()
  local ok, text = pcall(vim.api.nvim_buf_get_text, buf, sr, sc, er, ec, {})
  return ok and table.concat(text, "\n") or nil
end

-- From treesitter: the innermost named symbol node around (row, col), 0-based.
function M.from_treesitter(buf, row, col)
  local ok, parser = pcall(vim.treesitter.get_parser, buf)
  if not ok or not parser then
    return nil
  end
  local tree = parser:parse()[1]
  if not tree then
    return nil
  end
  local node = tree:root():named_descendant_for_range(row, col, row, col)
  while node do
    if is_symbol_type(node:type()) then
      local name = node_name(node, buf)
      if name and name ~= "" then
        return name
      end
    end
    node = node:parent()
  end
  return nil
end

local function contains(range, row, col)
  local s, e = range.start, range["end"]
  local after_start = row > s.line or (row == s.line and col >= s.character)
  local before_end = row < e.line or (row == e.line and col <= e.character)
  return after_start and before_end
end

-- From a documentSymbol answer (DocumentSymbol[] with children, or flat
-- SymbolInformation[]): the innermost function/class-like symbol around (row, col).
-- Columns are compared as given (close enough for a line-level choice).
function M.innermost(symbols, row, col)
  local best, best_size
  local function visit(list)
    for _, sym in ipairs(list or {}) do
      local range = sym.range or (sym.location and sym.location.range)
      if range and contains(range, row, col) then
        local size = (range["end"].line - range.start.line) * 100000 + (range["end"].character - range.start.character)
        if LSP_KINDS[sym.kind] and (not best_size or size <= best_size) then
          best, best_size = sym.name, size
        end
        visit(sym.children)
      end
    end
  end
  visit(symbols)
  return best
end

local function from_lsp(buf, row, col, done)
  local ok, clients = pcall(vim.lsp.buf_get_clients, buf)
  local any = false
  for _, c in pairs(ok and clients or {}) do
    local caps = c.server_capabilities or c.resolved_capabilities or {}
    if caps.documentSymbolProvider or caps.document_symbol then
      any = true
    end
  end
  if not any then
    return done(nil)
  end
  local finished = false
  local function finish(name)
    if not finished then
      finished = true
      done(name)
    end
  end
  vim.defer_fn(function()
    finish(nil)
  end, M.TIMEOUT_MS)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) } }
  local sent = pcall(vim.lsp.buf_request_all, buf, "textDocument/documentSymbol", params, function(results)
    for _, r in pairs(results or {}) do
      local name = r.result and M.innermost(r.result, row, col)
      if name then
        return finish(name)
      end
    end
    finish(nil)
  end)
  if not sent then
    finish(nil)
  end
end

-- done(name or nil) with the symbol enclosing (row, col) of buf (0-based).
function M.find(buf, row, col, done)
  local name = M.from_treesitter(buf, row, col)
  if name then
    return done(name)
  end
  from_lsp(buf, row, col, done)
end

return M
