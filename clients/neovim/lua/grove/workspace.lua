-- The workspace the board and the knowledge map belong to (DESIGN §11: one board and
-- one map per workspace folder), and the refresh the core needs when a file of it is
-- saved, so captured ranges are re-anchored and ingested documents re-indexed.
--
-- Which folder: Neovim has one working directory and no workspace folders of its own,
-- so the workspace is `workspace` from setup when given, else the working directory
-- when the file lies under it, else the root of the first LSP client attached to the
-- buffer that holds the file, else the nearest folder above the file with a .git, else
-- the file's own folder. Without a file it is the working directory. The core
-- normalises the URI; the client only drops a trailing slash.

local client = require("grove.client")
local config = require("grove.config")
local protocol = require("grove.protocol")

local M = {}

local function uri_of_dir(dir)
  dir = vim.fn.fnamemodify(dir, ":p"):gsub("/+$", "")
  if dir == "" then
    dir = "/"
  end
  return (vim.uri_from_fname(dir):gsub("/+$", ""))
end

local function under(path, dir)
  dir = vim.fn.fnamemodify(dir, ":p"):gsub("/+$", "") .. "/"
  return path:sub(1, #dir) == dir
end

local function lsp_root(buf, path)
  local ok, clients = pcall(vim.lsp.buf_get_clients, buf)
  for _, c in pairs(ok and clients or {}) do
    local root = c.config and c.config.root_dir
    if type(root) == "string" and under(path, root) then
      return root
    end
  end
end

-- The workspace folder (a path) for buffer buf (nil: the current working directory).
function M.folder(buf)
  local fixed = config.options.workspace
  if type(fixed) == "function" then
    fixed = fixed(buf)
  end
  if type(fixed) == "string" and fixed ~= "" then
    return vim.fn.fnamemodify(fixed, ":p")
  end
  local cwd = vim.fn.getcwd()
  local name = buf and vim.api.nvim_buf_get_name(buf) or ""
  if name == "" or name:match("^%a[%w+.-]*://") then
    return cwd
  end
  local path = vim.fn.fnamemodify(name, ":p")
  if under(path, cwd) then
    return cwd
  end
  local root = lsp_root(buf, path)
  if root then
    return root
  end
  local git = vim.fn.finddir(".git", vim.fn.fnamemodify(path, ":h") .. ";")
  if git ~= "" then
    return vim.fn.fnamemodify(git, ":p:h:h")
  end
  return vim.fn.fnamemodify(path, ":h")
end

-- The workspace URI sent as `workspaceUri` for buffer buf (nil: the working directory).
function M.uri(buf)
  return uri_of_dir(M.folder(buf))
end

-- BufWritePost: tells a running core that supports it that this file changed. The
-- server is never started for this (a save without Grove open costs nothing), and
-- the core answers quickly for a file that holds no capture and no document.
function M.on_save(buf)
  if config.options.refresh_on_save == false then
    return
  end
  if client.info().status ~= "ready" or not client.supports(protocol.m.workspace_refresh) then
    return
  end
  local name = vim.api.nvim_buf_get_name(buf)
  if name == "" or vim.bo[buf].buftype ~= "" then
    return
  end
  local params = {
    workspaceUri = M.uri(buf),
    changes = { { uri = vim.uri_from_fname(vim.fn.fnamemodify(name, ":p")), type = "changed" } },
  }
  -- Quiet: a failed re-anchor is not worth interrupting a save; the board shows the
  -- anchors' state the next time it loads.
  client.request(protocol.m.workspace_refresh, params, function() end)
end

-- LSP work-done progress: callbacks by token, fed by the `$/progress` notifications
-- the server sends for a request that carried that workDoneToken.
local progress = {}
local counter = 0
local listening = false

-- A fresh token whose reports go to fn(value) until the request is done (M.done_token).
function M.progress_token(fn)
  if not listening then
    listening = true
    client.on(protocol.m.progress, function(p)
      local cb = p and progress[p.token]
      if cb then
        cb(p.value or {})
      end
    end)
  end
  counter = counter + 1
  local token = string.format("grove.nvim-%d-%d", vim.fn.getpid(), counter)
  progress[token] = fn
  return token
end

function M.done_token(token)
  progress[token] = nil
end

return M
