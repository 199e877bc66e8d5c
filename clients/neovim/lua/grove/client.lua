-- The one connection to grove-server per Neovim: starts the process on first use,
-- runs the initialize handshake, queues requests until it is done, dispatches server
-- notifications, and reports a server that cannot start or dies. Everything is
-- callback-based; nothing here waits synchronously.

local config = require("grove.config")
local protocol = require("grove.protocol")
local rpc = require("grove.rpc")

local M = {}

local ERR_EXITED = -32097 -- local code: the server went away before answering

local s = {
  rpc = nil,
  status = "stopped", -- stopped | starting | ready
  generation = 0, -- bumps on every start so a stale on_exit is ignored
  stopping = false,
  queue = {}, -- requests issued before the handshake finished
  pending = {}, -- id -> callback, failed when the process exits
  handlers = {}, -- notification method -> {fn...}
  exit_listeners = {},
  stop_waiters = {}, -- one-shot callbacks of M.stop
  methods = nil, -- set of method names the server advertises
  server_info = nil,
  protocol_version = nil,
  last_exit = nil,
}

local function notify(msg, level)
  vim.notify("Grove: " .. msg, level or vim.log.levels.ERROR)
end

local function fail_all(list, err)
  for _, cb in pairs(list) do
    if cb then
      pcall(cb, err, nil)
    end
  end
end

-- Sends now; the caller knows the connection is up (or is the handshake itself).
-- A callback runs once: a reply after a local cancel or an exit is dropped.
local function send(method, params, cb, ticket)
  local id
  local ok, sent_id = s.rpc.request(method, params, function(err, result)
    local pending = id and s.pending[id]
    if pending then
      s.pending[id] = nil
      pending(err, result)
    end
  end)
  if not ok then
    cb({ code = ERR_EXITED, message = "the server is not running" }, nil)
    return
  end
  id = sent_id
  s.pending[id] = cb
  if ticket then
    ticket.id = id
  end
end

local function flush_queue()
  local queue = s.queue
  s.queue = {}
  for _, q in ipairs(queue) do
    if q.ticket.cancelled then
      q.cb({ code = protocol.errors.REQUEST_CANCELLED, message = "cancelled" }, nil)
    else
      send(q.method, q.params, q.cb, q.ticket)
    end
  end
end

local function fail_queue(err)
  local queue = s.queue
  s.queue = {}
  for _, q in ipairs(queue) do
    pcall(q.cb, err, nil)
  end
end

local function on_notification(method, params)
  for _, fn in ipairs(s.handlers[method] or {}) do
    local ok, e = pcall(fn, params)
    if not ok then
      notify("handler for " .. method .. " failed: " .. tostring(e), vim.log.levels.WARN)
    end
  end
end

local function on_exit(generation, code, signal)
  if generation ~= s.generation then
    return
  end
  local expected = s.stopping
  s.rpc, s.status, s.stopping = nil, "stopped", false
  s.last_exit = { code = code, signal = signal, expected = expected }
  local pending = s.pending
  s.pending = {}
  local err = { code = ERR_EXITED, message = "the server exited" }
  fail_all(pending, err)
  fail_queue(err)
  if not expected then
    notify(
      string.format(
        "grove-server exited unexpectedly (code %s, signal %s). The next Grove command restarts it.",
        tostring(code),
        tostring(signal)
      )
    )
  end
  for _, fn in ipairs(s.exit_listeners) do
    pcall(fn, expected)
  end
  local waiters = s.stop_waiters
  s.stop_waiters = {}
  for _, fn in ipairs(waiters) do
    pcall(fn)
  end
end

local function handshake(generation)
  local params = {
    processId = vim.fn.getpid(),
    clientInfo = { name = "grove.nvim", version = tostring(protocol.VERSION) },
    capabilities = { grove = { protocolVersion = protocol.VERSION } },
  }
  send(protocol.m.initialize, params, function(err, result)
    if generation ~= s.generation then
      return
    end
    if err then
      notify("initialize failed: " .. tostring(err.message))
      fail_queue(err)
      M.stop()
      return
    end
    local caps = result and result.capabilities or {}
    local version = caps.grove and caps.grove.protocolVersion
    s.server_info = result and result.serverInfo
    s.protocol_version = version
    s.core = caps.grove and caps.grove.core
    if version ~= protocol.VERSION then
      local msg = string.format(
        "protocol version mismatch: grove-server speaks %s, this client speaks %d",
        tostring(version),
        protocol.VERSION
      )
      notify(msg)
      fail_queue({ code = protocol.errors.INVALID_OPERATION, message = msg })
      M.stop()
      return
    end
    s.rpc.notify(protocol.m.initialized, protocol.empty())
    local function ready(list)
      local set = {}
      for _, name in ipairs(list) do
        set[name] = true
      end
      s.methods = set
      s.status = "ready"
      flush_queue()
    end
    -- The method list tells which optional features (chat, suggestions) exist.
    if caps.grove.methods then
      return ready(caps.grove.methods)
    end
    send(protocol.m.server_methods, protocol.empty(), function(merr, mres)
      ready((not merr and mres and mres.methods) or protocol.foundation)
    end)
  end)
end

-- Starts the server unless it is running. Returns false (after reporting why) when it cannot.
function M.start()
  if s.status ~= "stopped" then
    return true
  end
  local cmd, why = config.server_cmd()
  if not cmd then
    notify(why)
    fail_queue({ code = ERR_EXITED, message = why })
    return false
  end
  if vim.fn.executable(cmd[1]) ~= 1 then
    notify("cannot start the server: " .. cmd[1] .. " is not an executable file (see :checkhealth grove)")
    fail_queue({ code = ERR_EXITED, message = "grove-server not executable" })
    return false
  end
  s.generation = s.generation + 1
  local generation = s.generation
  local client, err = rpc.start(cmd, {
    notification = on_notification,
    server_request = function()
      return nil, vim.lsp.rpc.rpc_response_error(protocol.errors.METHOD_NOT_FOUND)
    end,
    on_exit = function(code, signal)
      on_exit(generation, code, signal)
    end,
  }, config.options.env)
  if not client then
    notify("could not start grove-server (" .. table.concat(cmd, " ") .. "): " .. tostring(err))
    fail_queue({ code = ERR_EXITED, message = "could not start grove-server" })
    return false
  end
  s.rpc, s.status, s.stopping, s.methods = client, "starting", false, nil
  handshake(generation)
  return true
end

-- Sends a request, starting the server first if needed. cb(err, result) runs on the
-- main loop. Returns a ticket for M.cancel.
function M.request(method, params, cb)
  cb = cb or function() end
  local ticket = { method = method }
  if s.status == "ready" then
    send(method, params, cb, ticket)
    return ticket
  end
  table.insert(s.queue, { method = method, params = params, cb = cb, ticket = ticket })
  M.start()
  return ticket
end

-- Like request, but reports errors itself; on_ok(result) runs only on success.
function M.call(method, params, on_ok)
  return M.request(method, params, function(err, result)
    if err then
      if err.code ~= protocol.errors.REQUEST_CANCELLED and err.code ~= ERR_EXITED then
        notify(method .. " failed: " .. tostring(err.message), vim.log.levels.WARN)
      end
      return
    end
    if on_ok then
      on_ok(result)
    end
  end)
end

-- Cancels a request with $/cancelRequest. The server answers it normally (a chat
-- turn returns what it kept, finishReason "cancelled") or with RequestCancelled, which
-- Neovim's rpc swallows; so if no reply comes within a few seconds the callback runs
-- with RequestCancelled here.
function M.cancel(ticket, grace_ms)
  if not ticket or ticket.cancelled then
    return
  end
  ticket.cancelled = true
  if not (ticket.id and s.rpc) then
    return -- still queued: flush_queue answers it with RequestCancelled
  end
  local id = ticket.id
  s.rpc.notify(protocol.m.cancel, { id = id })
  vim.defer_fn(function()
    local cb = s.pending[id]
    if cb then
      s.pending[id] = nil
      cb({ code = protocol.errors.REQUEST_CANCELLED, message = "cancelled" }, nil)
    end
  end, grace_ms or 3000)
end

function M.on(method, fn)
  s.handlers[method] = s.handlers[method] or {}
  table.insert(s.handlers[method], fn)
end

-- Runs the handlers of a notification as if the server had sent it; the specs that
-- check views against contract-shaped fixtures announce changes through it.
function M.dispatch(method, params)
  on_notification(method, params)
end

function M.on_exit(fn)
  table.insert(s.exit_listeners, fn)
end

-- True when the server advertises the method (foundation methods are assumed when
-- it cannot list them).
function M.supports(method)
  return s.methods ~= nil and s.methods[method] == true
end

-- One line saying whether this Neovim runs the core or joined one another
-- editor runs (the server tells in initialize: capabilities.grove.core).
function M.core_status()
  local core = s.core
  if s.status ~= "ready" or type(core) ~= "table" then
    return "Grove: not connected"
  end
  if core.role == "owner" then
    return "Grove: this Neovim runs the core"
  elseif core.role == "joined" then
    return string.format("Grove: joined a shared core (%d clients)", core.clients or 0)
  elseif core.role == "remote" then
    return "Grove: connected to a team core"
  end
  return "Grove: connected"
end

function M.info()
  return {
    core = s.core,
    status = s.status,
    pid = s.rpc and s.rpc.pid,
    server_info = s.server_info,
    protocol_version = s.protocol_version,
    methods = s.methods,
    last_exit = s.last_exit,
  }
end

-- Asks the server to shut down; terminates it if it has not exited after timeout_ms.
-- on_done runs once the process is gone.
function M.stop(on_done, timeout_ms)
  if not s.rpc then
    if on_done then
      vim.schedule(on_done)
    end
    return
  end
  s.stopping = true
  local client = s.rpc
  local done = false
  local function finish()
    if done then
      return
    end
    done = true
    if on_done then
      on_done()
    end
  end
  table.insert(s.stop_waiters, finish)
  pcall(client.request, protocol.m.shutdown, nil, function()
    pcall(client.notify, protocol.m.exit, nil)
  end)
  local timer = vim.loop.new_timer()
  timer:start(timeout_ms or 2000, 0, vim.schedule_wrap(function()
    timer:close()
    if not client.is_closing() then
      client.terminate()
    end
  end))
end

-- At editor exit: ask politely and do not wait; closing stdin ends the server too.
function M.shutdown_on_exit()
  if s.rpc and not s.rpc.is_closing() then
    s.stopping = true
    pcall(s.rpc.request, protocol.m.shutdown, nil, function() end)
    pcall(s.rpc.notify, protocol.m.exit, nil)
  end
end

return M
