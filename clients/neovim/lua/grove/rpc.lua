-- A small shim over vim.lsp.rpc.start, which already speaks LSP base framing
-- (Content-Length) over the child's stdio. Its signature changed in Neovim 0.10:
--   0.7-0.9:  start(cmd, cmd_args, dispatchers, extra_spawn_params)
--   0.10+:    start(cmd_list, dispatchers, extra_spawn_params)
-- Dispatchers get the same arguments in both. on_exit arrives on the luv loop in
-- 0.7 (not scheduled), so it is rescheduled here before it touches the editor.
-- The returned client also differs: 0.7 gives {pid, handle, request, notify}, 0.10
-- {request, notify, is_closing, terminate}; both are given the same four functions.

local M = {}

local function new_signature()
  return vim.fn.has("nvim-0.10") == 1
end

---@param cmd string[] program followed by its arguments
---@param dispatchers table {notification, server_request, on_exit, on_error}
---@param env table|nil extra environment variables
---@return table|nil rpc {request, notify, is_closing, terminate, pid}, string|nil err
function M.start(cmd, dispatchers, env)
  local wrapped = vim.tbl_extend("force", {}, dispatchers)
  if dispatchers.on_exit then
    wrapped.on_exit = function(code, signal)
      vim.schedule(function()
        dispatchers.on_exit(code, signal)
      end)
    end
  end
  local extra = env and { env = env } or nil
  local ok, client
  if new_signature() then
    ok, client = pcall(vim.lsp.rpc.start, cmd, wrapped, extra)
  else
    local args = vim.list_slice(cmd, 2)
    ok, client = pcall(vim.lsp.rpc.start, cmd[1], args, wrapped, extra)
  end
  if not ok then
    return nil, tostring(client)
  end
  if not client then
    return nil, "could not spawn " .. cmd[1]
  end
  if not client.is_closing then
    local handle = client.handle
    client.is_closing = function()
      return handle == nil or handle:is_closing()
    end
    client.terminate = function()
      if handle and not handle:is_closing() then
        handle:kill(15)
      end
    end
  end
  return client
end

return M
