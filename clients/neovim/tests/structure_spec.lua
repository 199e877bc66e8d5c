-- Loading through grove/project/structure: the map draws every unit from its head,
-- and the chat's path (only it) is fetched whole with grove/unit/getMany, also after
-- the cursor moves to another branch; older cores are read with grove/project/get.
local h = require("tests.helpers")
local client = require("grove.client")
local state = require("grove.state")
local map = require("grove.ui.map")
local chat = require("grove.ui.chat")

-- root -> a1 -> a2 on the mainline (multi-line texts), a branch b1 -> b2 at a1.
local function fixture(title)
  local pid = h.new_project(title)
  local t = { pid = pid }
  t.root = h.append(pid, nil, "user", "Set up the build\nwith presets and Ninja")
  t.a1 = h.append(pid, t.root.id, "assistant", "\n  Use CMake presets\nsecond line of a1")
  t.a2 = h.append(pid, t.a1.id, "assistant", "GoogleTest it is\nsecond line of a2")
  t.b1 = h.append(pid, t.a1.id, "user", "Side question about Ninja\nsecond line of b1", { branch = { title = "ninja" } })
  t.b2 = h.append(pid, t.b1.id, "assistant", "Ninja is fast\nsecond line of b2")
  h.set_cursor(t.a2.id)
  vim.cmd("Grove map")
  return t
end

local function line_of(id)
  return h.lines(map.buf())[map.row_of(id) + 1]
end

describe("loading through the structure read", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("draws the map from heads and fetches the text of the chat's path only", function()
    if not h.supports("grove/project/structure") then
      return h.skip_note("grove/project/structure")
    end
    local t = fixture("Structure")
    -- Off the chat's path: only the head is here, and the map shows it.
    assert.is_false(state.unit(t.b1.id).loaded)
    assert.is_false(state.unit(t.b2.id).loaded)
    assert.truthy(line_of(t.b1.id):find("user: Side question about Ninja  [out]", 1, true), line_of(t.b1.id))
    -- On it: whole units, and the chat shows every line; the map still shows the head.
    for _, u in ipairs({ t.root, t.a1, t.a2 }) do
      assert.equals(u.content, state.unit(u.id).content)
    end
    assert.truthy(line_of(t.a1.id):find("assistant: Use CMake presets  [in]", 1, true), line_of(t.a1.id))
    chat.open()
    h.wait(function()
      return h.find_line(chat.buf(), "second line of a1") and h.find_line(chat.buf(), "second line of a2")
    end, "the chat shows the whole texts of its path")
    assert.is_nil((h.find_line(chat.buf(), "second line of b1")))

    -- Another branch: its path's text comes before the chat shows it.
    vim.cmd("Grove map")
    map.jump_to_chat(t.b2.id)
    h.wait(function()
      return h.find_line(chat.buf(), "second line of b1") and h.find_line(chat.buf(), "second line of b2")
    end, "the chat shows the branch's whole texts")
    assert.equals(t.b2.content, state.unit(t.b2.id).content)
    assert.is_nil(state.unit(t.b1.id).loaded)
  end)

  it("fetches a path deeper than one request's limit of 1000 units in parts", function()
    if not h.supports("grove/project/structure") then
      return h.skip_note("grove/project/structure")
    end
    local pid = h.new_project("Deep path")
    -- 1,200 appends, each sent from the last one's reply: no wait loop per append.
    local ids, failed = {}, nil
    local function next_append(parent)
      if #ids == 1200 or failed then
        return
      end
      local content = "turn " .. (#ids + 1) .. "\nsecond line of turn " .. (#ids + 1)
      client.request("grove/unit/append", { projectId = pid, parentId = parent or vim.NIL, role = "user", content = content }, function(err, res)
        if err then
          failed = err
          return
        end
        table.insert(ids, res.id)
        next_append(res.id)
      end)
    end
    next_append(nil)
    h.wait(function()
      return failed or #ids == 1200
    end, "1,200 appends", 60000)
    assert.is_nil(failed)
    h.set_cursor(ids[1200])
    for _, k in ipairs({ 1, 1000, 1001, 1200 }) do
      local u = state.unit(ids[k])
      assert.equals("turn " .. k .. "\nsecond line of turn " .. k, u.content)
      assert.is_nil(u.loaded)
    end
  end)

  it("reads everything through grove/project/get when the core has no structure read", function()
    local t = fixture("Older core")
    local supports = client.supports
    client.supports = function(method)
      return method ~= "grove/project/structure" and supports(method)
    end
    local ok, err = pcall(function()
      h.reload()
      for _, u in ipairs({ t.root, t.a1, t.a2, t.b1, t.b2 }) do
        assert.equals(u.content, state.unit(u.id).content)
        assert.is_nil(state.unit(u.id).loaded)
      end
      -- The map labels a whole unit by its first non-blank line too.
      assert.truthy(line_of(t.a1.id):find("assistant: Use CMake presets  [in]", 1, true), line_of(t.a1.id))
    end)
    client.supports = supports
    assert(ok, err)
  end)
end)
