-- The symbol recorded with a capture: the innermost function- or class-like symbol
-- of an LSP documentSymbol answer around the capture's start (nested DocumentSymbol
-- and flat SymbolInformation), and nothing without treesitter parser or LSP client.
local symbol = require("grove.symbol")

local function range(a, b)
  return { start = { line = a, character = 0 }, ["end"] = { line = b, character = 0 } }
end

describe("capture symbol", function()
  it("picks the innermost function or class around the position from nested symbols", function()
    local symbols = {
      { name = "Parser", kind = 5, range = range(0, 40), children = {
        { name = "parse", kind = 6, range = range(2, 20), children = {
          { name = "count", kind = 13, range = range(3, 3) }, -- a variable: not a symbol to record
        } },
        { name = "reset", kind = 6, range = range(22, 30) },
      } },
      { name = "helper", kind = 12, range = range(42, 50) },
    }
    assert.equals("parse", symbol.innermost(symbols, 3, 4))
    assert.equals("reset", symbol.innermost(symbols, 25, 0))
    assert.equals("Parser", symbol.innermost(symbols, 21, 0))
    assert.equals("helper", symbol.innermost(symbols, 45, 0))
    assert.is_nil(symbol.innermost(symbols, 41, 0))
  end)

  it("reads flat SymbolInformation answers", function()
    local symbols = {
      { name = "Outer", kind = 5, location = { uri = "file:///x.py", range = range(0, 30) } },
      { name = "inner", kind = 12, location = { uri = "file:///x.py", range = range(5, 9) } },
    }
    assert.equals("inner", symbol.innermost(symbols, 6, 0))
    assert.equals("Outer", symbol.innermost(symbols, 12, 0))
  end)

  it("gives nil (without waiting) for a buffer with no parser and no LSP client", function()
    local buf = vim.api.nvim_create_buf(true, false)
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, { "def f():", "    return 1" })
    vim.bo[buf].filetype = "python"
    local got, called = "unset", false
    symbol.find(buf, 1, 4, function(name)
      got, called = name, true
    end)
    assert.is_true(called)
    assert.is_nil(got)
  end)
end)
