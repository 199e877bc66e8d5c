-- A server that dies or cannot start is reported through vim.notify, the editor
-- stays responsive, requests in flight fail instead of hanging, and the next
-- command starts a new server on the same store.
local h = require("tests.helpers")
local client = require("grove.client")
local config = require("grove.config")

describe("server failures", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("reports a killed server without freezing the editor, then restarts on the next command", function()
    local pid = h.new_project("Before the crash")
    local seen, restore = h.record_notify()
    local server_pid = client.info().pid
    assert.truthy(server_pid)
    -- A request in flight when the server dies gets an error, not silence.
    local failed
    client.request("grove/project/list", vim.empty_dict(), function(err)
      failed = err
    end)
    vim.loop.kill(server_pid, "sigkill")
    local t0 = vim.loop.hrtime()
    h.wait(function()
      for _, n in ipairs(seen) do
        if n.msg:find("exited unexpectedly", 1, true) and n.level == vim.log.levels.ERROR then
          return true
        end
      end
    end, "crash reported")
    -- Either the list reply beat the kill or the request failed; it never hangs.
    h.wait(function()
      return failed ~= nil or client.info().status == "stopped"
    end, "in-flight request settled")
    restore()
    -- The editor answers at once: edit a buffer and evaluate an expression.
    vim.cmd("enew")
    h.feed("ihello after crash<Esc>")
    assert.same({ "hello after crash" }, vim.api.nvim_buf_get_lines(0, 0, -1, false))
    assert.equals(2, vim.api.nvim_eval("1+1"))
    assert.is_true((vim.loop.hrtime() - t0) / 1e6 < 5000)
    assert.equals("stopped", client.info().status)
    -- The next command starts a new server that has the same store.
    local listed
    local undo = h.stub_ui({
      select = function(items)
        listed = items
        for _, p in ipairs(items) do
          if p.id == pid then
            return p
          end
        end
      end,
    })
    vim.cmd("Grove open")
    h.wait(function()
      return listed ~= nil
    end, "projects listed by the new server")
    undo()
    assert.equals("ready", client.info().status)
    assert.are_not.equal(server_pid, client.info().pid)
    assert.equals("Before the crash", h.rpc("grove/project/get", { projectId = pid }).project.title)
  end)

  it("reports a server command that cannot start", function()
    h.stop_server()
    local saved = config.options.cmd
    config.options.cmd = { h.dir .. "/no-such-grove-server" }
    local seen, restore = h.record_notify()
    local answered
    client.request("grove/project/list", vim.empty_dict(), function(err)
      answered = err
    end)
    h.wait(function()
      return answered ~= nil
    end, "request failed")
    restore()
    config.options.cmd = saved
    local reported = false
    for _, n in ipairs(seen) do
      reported = reported or (n.msg:find("cannot start the server", 1, true) and n.level == vim.log.levels.ERROR)
    end
    assert.is_true(reported, vim.inspect(seen))
    assert.equals("stopped", client.info().status)
  end)

  it("asks the server to shut down when Neovim exits", function()
    h.start_server()
    local seen, restore = h.record_notify()
    vim.api.nvim_exec_autocmds("VimLeavePre", {})
    h.wait(function()
      return client.info().status == "stopped"
    end, "server gone after VimLeavePre")
    restore()
    local exit = client.info().last_exit
    assert.is_true(exit.expected)
    assert.equals(0, exit.code)
    assert.same({}, seen)
  end)

  it("refuses a server that speaks another protocol version, and says why", function()
    h.stop_server()
    local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
    local fake = here .. "/fixtures/old-protocol-server"
    local saved = config.options.cmd
    config.options.cmd = { fake }
    local seen, restore = h.record_notify()
    local answered
    client.request("grove/project/list", vim.empty_dict(), function(err)
      answered = err
    end)
    h.wait(function()
      return answered ~= nil and client.info().status == "stopped"
    end, "request refused and server stopped")
    restore()
    config.options.cmd = saved
    assert.truthy(answered.message:find("protocol version mismatch", 1, true), vim.inspect(answered))
    local said = false
    for _, n in ipairs(seen) do
      said = said or (n.msg:find("grove-server speaks 99, this client speaks 1", 1, true) ~= nil)
    end
    assert.is_true(said, vim.inspect(seen))
  end)
end)
