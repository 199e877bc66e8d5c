-- :checkhealth grove: the server binary is found and answers, its protocol version
-- matches this client, the store is writable, and which model provider it will use.
-- Provider keys are only reported as present or absent, never printed.

local client = require("grove.client")
local config = require("grove.config")
local protocol = require("grove.protocol")

local M = {}

-- vim.health (0.8+) or the older health module of 0.7.
local h = vim.health or require("health")
local start = h.start or h.report_start
local ok = h.ok or h.report_ok
local warn = h.warn or h.report_warn
local err = h.error or h.report_error
local info = h.info or h.report_info

local function check_server()
  local cmd, why = config.server_cmd()
  if not cmd then
    err(why)
    return false
  end
  if vim.fn.executable(cmd[1]) ~= 1 then
    err("server command is not executable: " .. cmd[1])
    return false
  end
  ok("server: " .. vim.fn.exepath(cmd[1]))
  -- The one synchronous wait in the plugin: a health report is itself synchronous,
  -- and the wait is bounded.
  client.start()
  local answered = vim.wait(config.options.health_timeout_ms, function()
    local st = client.info().status
    return st == "ready" or st == "stopped"
  end, 20)
  local i = client.info()
  if not answered or i.status ~= "ready" then
    if i.protocol_version and i.protocol_version ~= protocol.VERSION then
      err(string.format("protocol version mismatch: server %s, client %d", tostring(i.protocol_version), protocol.VERSION))
    else
      err("grove-server did not answer initialize within " .. config.options.health_timeout_ms .. " ms")
    end
    return false
  end
  local si = i.server_info or {}
  ok(string.format("server answering: %s %s (pid %s)", si.name or "grove-server", si.version or "", tostring(i.pid)))
  ok("protocol version " .. tostring(i.protocol_version) .. " matches the client")
  local missing = {}
  for _, entry in ipairs(protocol.methods) do
    local name = entry[1]
    if entry.used and name:match("^grove/") and not name:match("/did") and not client.supports(name) then
      table.insert(missing, name)
    end
  end
  if #missing > 0 then
    info("methods this server does not offer yet (their features stay off): " .. table.concat(missing, ", "))
  end
  -- The workspace features of DESIGN §11, which the mirror may still list as upcoming.
  local features = {
    { "board (:GroveBoard, :GroveBoardTimeline, :GroveCapture)", { protocol.m.board_get, protocol.m.board_edit, protocol.m.board_capture } },
    { "knowledge map (:GroveKnowledge, :GroveAsk, :GroveIngest)", { protocol.m.knowledge_get, protocol.m.knowledge_edit, protocol.m.knowledge_ask, protocol.m.knowledge_ingest } },
    { "re-anchoring captures on save (grove/workspace/refresh)", { protocol.m.workspace_refresh } },
  }
  for _, f in ipairs(features) do
    local absent = vim.tbl_filter(function(name)
      return not client.supports(name)
    end, f[2])
    if #absent == 0 then
      ok(f[1] .. ": supported by this server; workspace " .. require("grove.workspace").uri())
    else
      info(f[1] .. ": not offered by this server (" .. table.concat(absent, ", ") .. ")")
    end
  end
  return true
end

local function check_store()
  local db = config.options.db
  if not db then
    info("store: the server's default SQLite store (set `db` in setup to choose a file)")
    return
  end
  local dir = vim.fn.fnamemodify(db, ":p:h")
  if vim.fn.filereadable(db) == 1 and vim.fn.filewritable(db) ~= 1 then
    err("store is not writable: " .. db)
  elseif vim.fn.isdirectory(dir) ~= 1 then
    err("store directory does not exist: " .. dir)
  elseif vim.fn.filewritable(dir) ~= 2 then
    err("store directory is not writable: " .. dir)
  else
    ok("store writable: " .. db)
  end
end

-- The server's own view when it has one (grove/provider/list: no keys, only hasKey),
-- else what the environment says.
local function check_provider()
  if client.info().status == "ready" and client.supports(protocol.m.provider_list) then
    local done, res = false, nil
    client.request(protocol.m.provider_list, protocol.empty(), function(err, r)
      done, res = true, not err and r or nil
    end)
    vim.wait(config.options.health_timeout_ms, function()
      return done
    end, 20)
    for _, p in ipairs(res and res.providers or {}) do
      if p.active then
        local what = string.format("provider: %s (%s), model %s", p.name, p.kind, tostring(p.model))
        if p.kind == "offline" then
          info(what .. ": deterministic, no network; set GROVE_PROVIDER to use a model")
        elseif p.state and p.state ~= "ready" then
          warn(what .. ", state " .. tostring(p.state))
        elseif p.kind ~= "openai" or p.hasKey or (p.baseUrl and not p.baseUrl:match("api%.openai%.com")) then
          ok(what .. (p.hasKey and " (key set)" or ""))
        else
          warn(what .. ": no API key set")
        end
        return
      end
    end
  end
  local env = vim.tbl_extend("force", {}, vim.fn.environ(), config.options.env or {})
  local provider = env.GROVE_PROVIDER
  local keys = {}
  for _, name in ipairs({ "OPENAI_API_KEY", "ANTHROPIC_API_KEY" }) do
    if env[name] and env[name] ~= "" then
      table.insert(keys, name)
    end
  end
  if provider and provider ~= "" and provider ~= "offline" then
    ok("provider: " .. provider .. (#keys > 0 and (" (key set: " .. table.concat(keys, ", ") .. ")") or ""))
  elseif #keys > 0 then
    ok("provider key present in the environment (" .. table.concat(keys, ", ") .. ")")
  else
    info("provider: offline (deterministic, no network); set GROVE_PROVIDER and a key to use a model")
  end
end

function M.check()
  start("grove.nvim")
  ok("Neovim " .. tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch)
  start("grove-server")
  check_server()
  start("store")
  check_store()
  start("model provider")
  check_provider()
end

return M
