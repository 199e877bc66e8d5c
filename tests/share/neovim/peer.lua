-- A second editor for the end-to-end test, as plain as editors get: it starts
-- its own grove-server on the same store (which then relays to the core the
-- Neovim client's server owns) and speaks JSON-RPC with LSP framing over its
-- stdio. Bytes arrive on the luv loop; frames are decoded on the main loop,
-- inside bounded vim.wait calls.

local uv = vim.loop

local Peer = {}
Peer.__index = Peer

local TIMEOUT = 10000

-- env: variables to set (a value) or remove (false) on top of this Neovim's.
local function environment(env)
  local merged = vim.tbl_extend("force", vim.fn.environ(), {})
  for k, v in pairs(env) do
    merged[k] = v or nil
  end
  local list = {}
  for k, v in pairs(merged) do
    table.insert(list, k .. "=" .. v)
  end
  return list
end

function Peer.start(server, db, env)
  local self = setmetatable({ buf = "", replies = {}, notifications = {}, next_id = 1, stderr = "" }, Peer)
  self.stdin, self.stdout, self.stderr_pipe = uv.new_pipe(false), uv.new_pipe(false), uv.new_pipe(false)
  self.handle, self.pid = uv.spawn(server, {
    args = { "--db", db },
    stdio = { self.stdin, self.stdout, self.stderr_pipe },
    env = environment(env),
  }, function(code)
    self.exit_code = code
  end)
  assert(self.handle, "could not start " .. server .. ": " .. tostring(self.pid))
  self.stdout:read_start(function(_, data)
    if data then
      self.buf = self.buf .. data
    else
      self.eof = true
    end
  end)
  self.stderr_pipe:read_start(function(_, data)
    if data then
      self.stderr = self.stderr .. data
    end
  end)
  return self
end

-- Files every complete frame received so far.
function Peer:pump()
  while true do
    local header_end = self.buf:find("\r\n\r\n", 1, true)
    if not header_end then
      return
    end
    local length = tonumber(self.buf:sub(1, header_end - 1):match("Content%-Length: (%d+)"))
    assert(length, "bad frame header: " .. self.buf:sub(1, header_end - 1))
    local body_start = header_end + 4
    if #self.buf - body_start + 1 < length then
      return
    end
    local msg = vim.json.decode(self.buf:sub(body_start, body_start + length - 1))
    self.buf = self.buf:sub(body_start + length)
    if msg.method then
      table.insert(self.notifications, msg)
    else
      self.replies[msg.id] = msg
    end
  end
end

function Peer:write(msg)
  local body = vim.json.encode(msg)
  self.stdin:write("Content-Length: " .. #body .. "\r\n\r\n" .. body)
end

-- Sends a request and waits (bounded) for its reply message: {result} or {error}.
function Peer:call(method, params)
  local id = self.next_id
  self.next_id = id + 1
  self:write({ jsonrpc = "2.0", id = id, method = method, params = params or vim.empty_dict() })
  local ok = vim.wait(TIMEOUT, function()
    self:pump()
    return self.replies[id] ~= nil or self.eof
  end, 5)
  local reply = self.replies[id]
  self.replies[id] = nil
  assert(ok and reply, method .. ": no reply (server stderr: " .. self.stderr .. ")")
  return reply
end

-- The result of a request; fails the test on an error reply.
function Peer:result(method, params)
  local reply = self:call(method, params)
  assert(reply.result ~= nil, method .. " failed: " .. vim.inspect(reply.error))
  return reply.result
end

function Peer:notify(method, params)
  self:write({ jsonrpc = "2.0", method = method, params = params or vim.empty_dict() })
end

-- Waits (bounded) for a notification satisfying pred; returns it, or nil.
function Peer:wait_notification(pred, timeout)
  local found
  vim.wait(timeout or TIMEOUT, function()
    self:pump()
    for i, n in ipairs(self.notifications) do
      if pred(n) then
        found = n
        self.notifications = vim.list_slice(self.notifications, i + 1)
        return true
      end
    end
    return false
  end, 5)
  return found
end

-- Closes its stdin (the editor quits) and waits for its grove-server to exit.
function Peer:close()
  if not self.stdin:is_closing() then
    self.stdin:close()
  end
  vim.wait(TIMEOUT, function()
    return self.exit_code ~= nil
  end, 10)
  if self.exit_code == nil then
    self.handle:kill(9)
  end
  for _, p in ipairs({ self.stdout, self.stderr_pipe }) do
    if not p:is_closing() then
      p:close()
    end
  end
end

return Peer
