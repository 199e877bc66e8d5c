-- :checkhealth grove reports the server, the protocol version, the store and the provider.
local h = require("tests.helpers")

local function health_text()
  vim.cmd("checkhealth grove")
  local text = h.text(vim.api.nvim_get_current_buf())
  vim.cmd("bwipeout!")
  return text
end

describe(":checkhealth grove", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("reports a working setup as OK, with the server's provider and no secrets", function()
    h.stop_server()
    h.start_server({
      GROVE_PROVIDER = "openai",
      GROVE_BASE_URL = "http://127.0.0.1:9", -- never contacted by the health check
      OPENAI_API_KEY = "sk-test-secret-value",
    })
    local text = health_text()
    assert.truthy(text:find("OK: server answering: grove-server", 1, true), text)
    assert.truthy(text:find("protocol version 1 matches the client", 1, true), text)
    assert.truthy(text:find("store writable: " .. h.dir .. "/grove.db", 1, true), text)
    if h.supports("grove/provider/list") then
      assert.truthy(text:find("OK: provider: openai (openai)", 1, true), text)
    else
      assert.truthy(text:find("provider: openai", 1, true), text)
    end
    assert.falsy(text:find("sk-test-secret-value", 1, true))
    assert.falsy(text:find("ERROR", 1, true), text)
  end)

  it("reports the offline provider as such", function()
    h.stop_server()
    h.start_server()
    local text = health_text()
    assert.truthy(text:find("provider: offline", 1, true), text)
  end)

  it("says whether the server supports the board and the knowledge map, and the workspace", function()
    h.stop_server()
    h.start_server()
    local text = health_text()
    local ws = require("grove.workspace").uri()
    if not h.supports("grove/board/get") then
      assert.truthy(text:find("board (:GroveBoard, :GroveBoardTimeline, :GroveCapture): not offered by this server", 1, true), text)
    end
    local ok = function()
      return {}
    end
    local _, restore = h.fake_methods({
      ["grove/board/get"] = ok, ["grove/board/edit"] = ok, ["grove/board/capture"] = ok,
      ["grove/knowledge/get"] = ok, ["grove/knowledge/edit"] = ok, ["grove/knowledge/ask"] = ok, ["grove/knowledge/ingest"] = ok,
    })
    text = health_text()
    restore()
    assert.truthy(text:find("OK: board (:GroveBoard, :GroveBoardTimeline, :GroveCapture): supported by this server; workspace " .. ws, 1, true), text)
    assert.truthy(text:find("OK: knowledge map (:GroveKnowledge, :GroveAsk, :GroveIngest): supported by this server", 1, true), text)
  end)

  it("reports a missing server and an unwritable store as errors", function()
    local config = require("grove.config")
    local saved = vim.deepcopy(config.options)
    h.stop_server()
    config.options.cmd = { h.dir .. "/missing-server" }
    config.options.db = h.dir .. "/no/such/dir/grove.db"
    local text = health_text()
    config.options = saved
    assert.truthy(text:find("not executable", 1, true), text)
    assert.truthy(text:find("store directory does not exist", 1, true), text)
  end)
end)
