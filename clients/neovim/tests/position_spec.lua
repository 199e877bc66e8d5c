-- Selections to LSP ranges: lines 0-based, characters in UTF-16 code units.
local position = require("grove.position")

local function buffer_with(lines)
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  return buf
end

describe("position", function()
  it("counts UTF-16 code units: two for a character outside the BMP, one for é", function()
    assert.equals(0, position.utf16("a😀é", 0))
    assert.equals(1, position.utf16("a😀é", 1))
    assert.equals(3, position.utf16("a😀é", 5)) -- after the 4-byte emoji
    assert.equals(4, position.utf16("a😀é", 7)) -- end of line
    assert.equals(4, position.utf16("a😀é", 99)) -- clamped
  end)

  it("ends a charwise selection after its whole last character", function()
    local buf = buffer_with({ "x = 'ü😀'" })
    -- Select ü😀: byte 5 (ü, 2 bytes) to byte 7 (😀, 4 bytes, inclusive start).
    local text, range = position.selection(buf, 0, 5, 0, 7)
    assert.equals("ü😀", text)
    assert.same({ line = 0, character = 5 }, range.start)
    assert.same({ line = 0, character = 8 }, range["end"])
  end)

  it("spans lines, and takes whole lines when no columns are given", function()
    local buf = buffer_with({ "first line", "sëcond", "third" })
    local text, range = position.selection(buf, 0, 6, 1, 2)
    assert.equals("line\nsë", text)
    assert.same({ line = 0, character = 6 }, range.start)
    assert.same({ line = 1, character = 2 }, range["end"])
    text, range = position.selection(buf, 1, 0, 2, nil)
    assert.equals("sëcond\nthird", text)
    assert.same({ line = 1, character = 0 }, range.start)
    assert.same({ line = 2, character = 5 }, range["end"])
  end)

  it("handles an empty line", function()
    local buf = buffer_with({ "" })
    local text, range = position.selection(buf, 0, 0, 0, nil)
    assert.equals("", text)
    assert.same({ line = 0, character = 0 }, range["end"])
  end)
end)
