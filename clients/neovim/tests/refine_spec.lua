-- Refining an answer by its memories, against the real server (offline provider, whose
-- answer reports the prompt it was given): an answer that used a sandbox memolet says
-- so in its header; gF lists the memolet; x marks it removed and <C-s> asks
-- grove/chat/refine, whose prompt no longer holds it. gR regenerates an answer.
local h = require("tests.helpers")
local chat = require("grove.ui.chat")
local refine = require("grove.ui.refine")
local state = require("grove.state")

local NEEDED = { "grove/chat/send", "grove/chat/refine", "grove/chat/regenerate", "grove/memolet/create", "grove/memolet/sandbox/add", "grove/memolet/get" }

local function offered()
  for _, method in ipairs(NEEDED) do
    if not h.supports(method) then
      h.skip_note(method)
      pending("refinement not offered by this server")
      return false
    end
  end
  return true
end

local function answer_ids(pid)
  local out = {}
  for _, u in ipairs(h.rpc("grove/project/get", { projectId = pid }).units) do
    if u.role == "assistant" then
      out[u.id] = u
    end
  end
  return out
end

local function send(text)
  vim.cmd("Grove send " .. text)
  h.wait(function()
    return state.sending() == nil and state.unit(state.cursor()) and state.unit(state.cursor()).role == "assistant"
  end, "the answer arrived", 20000)
  return state.cursor()
end

describe("refine", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("shows the memories an answer used and refines it without a removed one", function()
    if not offered() then
      return
    end
    local src, units = h.conversation("Loader notes", {
      { "How does the loader read the TOML parser configuration?", "The loader calls parseConfig on every TOML file and caches it per directory." },
    })
    local mm = h.rpc("grove/memolet/create", { projectId = src, unitIds = { units[1].id, units[2].id }, title = "Loader TOML caching" })
    local pid = h.new_project("Asking")
    h.rpc("grove/memolet/sandbox/add", { projectId = pid, memoletId = mm.id })
    local answer = send("How does the loader cache the TOML parser configuration?")
    local turn = state.turn(answer)
    assert.truthy(turn and vim.tbl_contains(turn.retrieved, mm.id), vim.inspect(turn))
    local buf = chat.buf()
    assert.truthy(h.lines(buf)[chat.row_of(answer) + 1]:find("used %d+ memor"), h.lines(buf)[chat.row_of(answer) + 1])
    -- The offline answer reports its prompt: the memolet is in it. (Read from the core: the
    -- state may be between a structure read, which carries heads only, and the text after it.)
    local text = h.rpc("grove/unit/get", { unitId = answer }).content
    assert.truthy(text:find(mm.id, 1, true), text)

    h.feed_at(buf, chat.row_of(answer), "gF")
    h.wait(function()
      return refine.buf() and refine.row_of(mm.id)
    end, "refine view lists the memolet")
    local rbuf = refine.buf()
    local row = refine.row_of(mm.id)
    assert.truthy(h.lines(rbuf)[row + 1]:find("Loader TOML caching", 1, true), h.lines(rbuf)[row + 1])
    h.feed_at(rbuf, row, "x")
    assert.truthy(h.lines(rbuf)[row + 1]:find("→ remove", 1, true))
    assert.same({ remove = { mm.id } }, refine.refinement())
    local before = answer_ids(pid)
    h.feed_at(rbuf, row, "<C-s>")
    local refined
    h.wait(function()
      for id in pairs(answer_ids(pid)) do
        if not before[id] then
          refined = id
        end
      end
      return refined and state.sending() == nil and state.cursor() == refined
    end, "the refined answer", 20000)
    local text = h.rpc("grove/unit/get", { unitId = refined }).content
    assert.falsy(text:find(mm.id, 1, true), text)
    assert.truthy(text:find("[REFINEMENT]", 1, true), text)
  end)

  it("gR writes another answer to the same message", function()
    if not offered() then
      return
    end
    local pid = h.new_project("Again")
    local answer = send("What is a good name for a parser test fixture?")
    local question = state.unit(answer).parentId
    local before = answer_ids(pid)
    h.feed_at(chat.buf(), chat.row_of(answer), "gR")
    local again
    h.wait(function()
      for id, u in pairs(answer_ids(pid)) do
        if not before[id] and u.parentId == question then
          again = id
        end
      end
      return again and state.sending() == nil
    end, "a second answer to the same message", 20000)
    assert.equals(again, state.cursor())
  end)
end)
