-- Shared test helpers: a fresh server per spec file (temp --db), bounded waits for
-- conditions, direct requests to check the server's state, stubs for vim.ui and a
-- recorder for vim.notify.

local M = {}

local client = require("grove.client")
local state = require("grove.state")

M.TIMEOUT = 10000

-- Functions to run after each test (restoring stubs); M.cleanup() runs them.
local cleanups = {}
function M.on_cleanup(fn)
  table.insert(cleanups, fn)
  return fn
end

function M.cleanup()
  for i = #cleanups, 1, -1 do
    pcall(cleanups[i])
  end
  cleanups = {}
  vim.cmd("silent! only")
end


-- Waits (bounded) until cond() is truthy; fails the test with msg otherwise.
function M.wait(cond, msg, timeout)
  local ok = vim.wait(timeout or M.TIMEOUT, function()
    local good, v = pcall(cond)
    return good and v
  end, 10)
  if not ok then
    error("timed out waiting for: " .. (msg or "condition"), 2)
  end
end

-- A request straight to the server, waited for: returns result or raises the error.
function M.rpc(method, params)
  local done, err, result = false, nil, nil
  client.request(method, params, function(e, r)
    done, err, result = true, e, r
  end)
  M.wait(function()
    return done
  end, "reply to " .. method)
  if err then
    error(method .. ": " .. vim.inspect(err), 2)
  end
  return result
end

-- Asks the server again and again (bounded) until pred(result) is truthy; returns
-- that result. For state the server reaches asynchronously after an action.
function M.rpc_until(method, params, pred, msg, timeout)
  local deadline = vim.loop.now() + (timeout or M.TIMEOUT)
  while true do
    local res = M.rpc(method, params)
    if pred(res) then
      return res
    end
    if vim.loop.now() > deadline then
      error("timed out waiting for: " .. (msg or method), 2)
    end
    vim.wait(20)
  end
end

-- Starts this spec file's server on a temporary store (kept across restarts within
-- the file). env: extra server environment, e.g. a provider.
function M.start_server(env)
  if not M.dir then
    M.dir = vim.fn.tempname()
    vim.fn.mkdir(M.dir, "p")
  end
  local dir = M.dir
  -- A config directory of its own, so no user provider configuration leaks in.
  local server_env = vim.tbl_extend("force", { XDG_CONFIG_HOME = dir .. "/config", GROVE_PROVIDER = "offline" }, env or {})
  require("grove").setup({
    db = dir .. "/grove.db",
    log_file = dir .. "/server.log",
    chat_layout = "vsplit",
    env = server_env,
  })
  M.wait(function()
    client.start()
    return client.info().status == "ready"
  end, "server ready")
end

function M.stop_server()
  local gone = false
  require("grove").stop(function()
    gone = true
  end)
  M.wait(function()
    return gone
  end, "server stopped")
end

-- Starts grove-fake-provider ($GROVE_FAKE_PROVIDER) with a script (a list of
-- responses); returns the environment that points grove-server at it, or nil when
-- the fake provider is not available.
function M.start_fake_provider(script)
  local bin = vim.env.GROVE_FAKE_PROVIDER
  if not bin or bin == "" or vim.fn.executable(bin) ~= 1 then
    return nil
  end
  local file = vim.fn.tempname() .. ".json"
  vim.fn.writefile({ vim.json.encode(script) }, file)
  local port
  M.fake_job = vim.fn.jobstart({ bin, "--port", "0", "--script", file }, {
    on_stdout = function(_, data)
      for _, line in ipairs(data) do
        port = port or line:match("^listening (%d+)")
      end
    end,
  })
  M.wait(function()
    return port
  end, "fake provider listening")
  return { GROVE_PROVIDER = "openai", GROVE_BASE_URL = "http://127.0.0.1:" .. port, GROVE_MODEL = "fake-model" }
end

function M.stop_fake_provider()
  if M.fake_job then
    vim.fn.jobstop(M.fake_job)
    M.fake_job = nil
  end
end

-- Runs keys as if typed (mappings apply), to completion.
function M.feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "x", false)
end

-- A fresh project opened in the chat, and only the chat window.
function M.new_project(title)
  vim.cmd("silent! only")
  local before = state.project_id()
  title = title or "test"
  vim.cmd("Grove new " .. title)
  local chat = require("grove.ui.chat")
  M.wait(function()
    return state.project_id() ~= before
      and chat.buf()
      and vim.api.nvim_get_current_buf() == chat.buf()
      and M.lines(chat.buf())[1] == "Grove · " .. title
  end, "project created and shown in the chat")
  return state.project_id()
end

-- Types `keys` ending in insert mode, where a completion menu is expected to open
-- (asynchronously); once it is visible types `accept` (e.g. "<C-y>"), then <Esc>.
-- Bounded: with no menu within the timeout it just leaves insert mode. Returns the
-- menu's complete_info() (items, selected), or nil when no menu appeared. `accept`
-- may be a function of that info returning the keys.
function M.complete_with(keys, accept, timeout)
  local function typed(k)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(k, true, false, true), "t", false)
  end
  local info
  local deadline = vim.loop.now() + (timeout or M.TIMEOUT)
  local timer = vim.loop.new_timer()
  timer:start(10, 10, vim.schedule_wrap(function()
    if timer:is_closing() then
      return
    end
    if vim.fn.pumvisible() == 1 then
      info = vim.fn.complete_info({ "items", "selected" })
      timer:close()
      local keys_then = type(accept) == "function" and accept(info) or accept
      typed((keys_then or "") .. "<Esc>")
    elseif vim.loop.now() > deadline then
      timer:close()
      typed("<Esc>")
    end
  end))
  -- "x!": run the keys and stay in insert mode until the timer's <Esc> ends it.
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "x!", false)
  return info
end

-- Puts the cursor on row (0-based) of buf's window, then types keys there.
function M.feed_at(buf, row, keys)
  vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
  vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
  if keys then
    M.feed(keys)
  end
end

-- A project with `turns` ({question, answer} pairs) appended in a row; returns the
-- project id and the units in order, with the cursor on the last.
function M.conversation(title, turns)
  local pid = M.new_project(title)
  local units, parent = {}, nil
  for _, t in ipairs(turns) do
    for i, role in ipairs({ "user", "assistant" }) do
      local u = M.append(pid, parent, role, t[i])
      table.insert(units, u)
      parent = u.id
    end
  end
  M.set_cursor(parent)
  return pid, units
end

function M.lines(buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

function M.text(buf)
  return table.concat(M.lines(buf), "\n")
end

-- 1-based line number of the first line containing `needle` (plain), or nil.
function M.find_line(buf, needle)
  for i, l in ipairs(M.lines(buf)) do
    if l:find(needle, 1, true) then
      return i
    end
  end
end

-- Replaces vim.ui.input / vim.ui.select with scripted answers; returns a restore function.
function M.stub_ui(answers)
  local input, select = vim.ui.input, vim.ui.select
  M.prompts = {}
  vim.ui.input = function(opts, on_confirm)
    table.insert(M.prompts, opts.prompt)
    on_confirm(answers.input)
  end
  vim.ui.select = function(items, opts, on_choice)
    table.insert(M.prompts, opts.prompt)
    local pick = answers.select
    if type(pick) == "function" then
      pick = pick(items, opts)
    end
    on_choice(pick)
  end
  return M.on_cleanup(function()
    vim.ui.input, vim.ui.select = input, select
  end)
end

-- Records vim.notify calls; returns the list and a restore function.
function M.record_notify()
  local seen = {}
  local orig = vim.notify
  vim.notify = function(msg, level)
    table.insert(seen, { msg = msg, level = level })
  end
  return seen, function()
    vim.notify = orig
  end
end

-- Whether the server offers a method (else the caller skips with a printed note).
function M.supports(method)
  return client.supports(method)
end

function M.skip_note(what)
  io.write("# note: skipped, the server does not offer " .. what .. " yet\n")
end

-- A deep copy that keeps JSON nulls (vim.deepcopy refuses vim.NIL in Neovim 0.7).
function M.copy(v)
  if v == nil then
    return nil
  end
  return vim.json.decode(vim.json.encode(v))
end

-- A contract-shaped fixture of tests/fixtures/contract (JSON, nulls as vim.NIL).
function M.fixture(name)
  local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
  return vim.json.decode(table.concat(vim.fn.readfile(here .. "/fixtures/contract/" .. name .. ".json"), "\n"))
end

-- Answers the given methods from handlers instead of the server: handlers[method]
-- (params) returns the result, or nil and an error table. Every faked call is
-- recorded as {method, params}; other methods still go to the server. Returns the
-- record and a restore function. For views checked against the contract's shapes
-- before (or without) a server that offers those methods.
function M.fake_methods(handlers)
  local calls = {}
  local request, supports = client.request, client.supports
  client.request = function(method, params, cb)
    local handler = handlers[method]
    if not handler then
      return request(method, params, cb)
    end
    table.insert(calls, { method, M.copy(params) })
    local ticket = { method = method }
    vim.schedule(function()
      local result, err = handler(params)
      if cb then
        cb(err, err == nil and result or nil)
      end
    end)
    return ticket
  end
  client.supports = function(method)
    return handlers[method] ~= nil or supports(method)
  end
  return calls, M.on_cleanup(function()
    client.request, client.supports = request, supports
  end)
end

-- The params of the recorded calls of one method, in order.
function M.calls_of(calls, method)
  local out = {}
  for _, c in ipairs(calls) do
    if c[1] == method then
      table.insert(out, c[2])
    end
  end
  return out
end

-- The params of the last recorded call of method, or nil.
function M.last_call(calls, method)
  local list = M.calls_of(calls, method)
  return list[#list]
end

-- Waits until method was called n times (recorded by fake_methods).
function M.wait_calls(calls, method, n)
  M.wait(function()
    return #M.calls_of(calls, method) >= n
  end, n .. " x " .. method, nil)
end

-- Calls open(args..., done) and waits until the view calls done; returns what it gave.
function M.shown(open, ...)
  local n = select("#", ...)
  local args, got = { ... }, nil
  args[n + 1] = function(d)
    got = d == nil and true or d
  end
  open(unpack(args, 1, n + 1))
  M.wait(function()
    return got
  end, "view shown")
  return got
end

-- 0-based row of the first line of buf containing needle (asserted to exist).
function M.row_with(buf, needle)
  local line = M.find_line(buf, needle)
  assert(line, needle .. " not in\n" .. M.text(buf))
  return line - 1
end

-- A workspace folder of this spec's temporary directory (with the given
-- subfolders), made the plugin's workspace; returns its path and URI.
function M.temp_workspace(...)
  local dir = M.dir .. "/ws"
  vim.fn.mkdir(dir, "p")
  for _, sub in ipairs({ ... }) do
    vim.fn.mkdir(dir .. "/" .. sub, "p")
  end
  require("grove.config").options.workspace = dir
  return dir, require("grove.workspace").uri()
end

-- The 0-based row where view module mod draws id (asserted to be drawn).
function M.drawn_row(mod, id)
  local row = mod.row_of(id)
  assert(row, id .. " not drawn:\n" .. M.text(mod.buf()))
  return row
end

-- Appends units through the protocol (a fixture), returning the Unit.
function M.append(pid, parent, role, content, extra)
  local params = vim.tbl_extend("force", { projectId = pid, parentId = parent or vim.NIL, role = role, content = content }, extra or {})
  return M.rpc("grove/unit/append", params)
end

-- Starts `start(done)` (a state call taking a callback) and waits until it calls done.
local function finish(start, what)
  local done = false
  start(function()
    done = true
  end)
  M.wait(function()
    return done
  end, what)
end

-- Moves the cursor (where the next message continues from), through the server when
-- it stores cursors, and waits for the views to follow.
function M.set_cursor(id)
  finish(function(done)
    state.set_cursor(id, done)
  end, "cursor set")
  M.reload()
end

-- Loads the project into the views and waits until the state has caught up.
function M.reload()
  finish(state.reload, "reload")
end

-- Waits until the views have caught up with `revision` (a result's), including the
-- refresh a grove/project/didChange for it queued: a request counted after this sees
-- no left-over work of that change (a reload alone can finish before that
-- notification arrives, and the refresh it queues then runs later).
function M.settle(revision)
  finish(function(done)
    state.catch_up(revision, done)
  end, "caught up with revision " .. tostring(revision))
end

return M
