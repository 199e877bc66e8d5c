-- lua/grove/protocol.lua mirrors lsp-server/PROTOCOL.md: the same method and
-- notification names in both directions, the lifecycle messages, and every name the
-- code uses is in the mirror. lsp-server/protocol.json (the manifest) is what
-- PROTOCOL.md gives, and every manifest method is reachable from a command or view
-- of this client, except the internal ones listed with the reason.
local h = require("tests.helpers")
local protocol = require("grove.protocol")

local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
local doc = vim.fn.fnamemodify(here .. "/../../../lsp-server/PROTOCOL.md", ":p")
local manifest_file = vim.fn.fnamemodify(here .. "/../../../lsp-server/protocol.json", ":p")
local repo = vim.fn.fnamemodify(here .. "/../../..", ":p")

-- Methods of the manifest that no command or view of this client calls, and why.
local INTERNAL = {
  ["grove/unit/get"] = "views read units from grove/project/get and grove/unit/getMany (one request for many)",
  ["grove/project/branches"] = "the plugin lists branches from the structure it loads for the map anyway (grove/project/structure)",
  ["grove/server/clients"] = "diagnostics: the status line already shows the count from initialize's core.clients",
  ["grove/import/run"] = "history import runs from the command line (grove-server --import); no editor command yet",
  ["grove/export/run"] = "export runs from the command line (grove-server --export); no editor command yet",
  ["grove/knowledge/classify"] = "grove/knowledge/ask classifies the input itself; the answer float shows the intent it found",
  ["grove/workspace/configure"] = "board and knowledge-map settings keep the core's defaults; no Neovim settings view for them yet",
}

local function manifest()
  return vim.json.decode(table.concat(vim.fn.readfile(manifest_file), "\n"))
end

local function names(list, filter)
  local set = {}
  for _, entry in ipairs(list) do
    if not filter or filter(entry) then
      set[entry[1]] = true
    end
  end
  return set
end

-- Names on `**<label>:** `name`` lines of PROTOCOL.md.
local function documented(label)
  local set = {}
  for _, line in ipairs(vim.fn.readfile(doc)) do
    for name in line:gmatch("%*%*" .. label .. ":%*%*%s*`([^`]+)`") do
      set[name] = true
    end
  end
  return set
end

local function difference(a, b)
  local out = {}
  for name in pairs(a) do
    if not b[name] then
      table.insert(out, name)
    end
  end
  table.sort(out)
  return out
end

local function need_doc()
  if vim.fn.filereadable(doc) ~= 1 then
    io.write("# note: skipped, lsp-server/PROTOCOL.md does not exist yet\n")
    pending("lsp-server/PROTOCOL.md does not exist yet")
    return false
  end
  return true
end

describe("protocol mirror", function()
  it("lists every name the client code uses, once", function()
    local all, seen = {}, {}
    for _, list in ipairs({ protocol.methods, protocol.notifications, protocol.upcoming }) do
      for _, entry in ipairs(list) do
        assert.is_nil(seen[entry[1]], "duplicate " .. entry[1])
        seen[entry[1]] = true
        all[entry[1]] = true
        assert.is_boolean(entry.used, entry[1])
      end
    end
    for _, name in ipairs(protocol.lifecycle) do
      all[name] = true
    end
    for _, name in ipairs(protocol.lsp) do
      all[name] = true
    end
    for key, name in pairs(protocol.m) do
      assert.is_true(all[name] == true, key .. " = " .. name .. " is missing from the mirror")
    end
    for _, name in ipairs(protocol.foundation) do
      assert.is_true(names(protocol.methods)[name] == true, name)
    end
  end)

  it("has exactly the **Method:** lines of lsp-server/PROTOCOL.md", function()
    if not need_doc() then
      return
    end
    local doc_methods = documented("Method")
    assert.is_true(next(doc_methods) ~= nil, "no **Method:** lines found in PROTOCOL.md")
    local mirror = names(protocol.methods)
    assert.same({}, difference(doc_methods, mirror), "documented but not in protocol.methods")
    assert.same({}, difference(mirror, doc_methods), "in protocol.methods but not documented")
  end)

  it("has exactly the **Notification:** lines, and the lifecycle messages", function()
    if not need_doc() then
      return
    end
    local doc_notes = documented("Notification")
    local mirror = names(protocol.notifications)
    assert.same({}, difference(doc_notes, mirror), "documented but not in protocol.notifications")
    assert.same({}, difference(mirror, doc_notes), "in protocol.notifications but not documented")
    local text = table.concat(vim.fn.readfile(doc), "\n")
    for _, name in ipairs(protocol.lifecycle) do
      assert.truthy(text:find("`" .. name .. "`", 1, true), name .. " not in PROTOCOL.md")
    end
  end)

  it("keeps no documented name among the upcoming ones", function()
    if not need_doc() then
      return
    end
    local doc_all = vim.tbl_extend("force", documented("Method"), documented("Notification"))
    local stale = {}
    for name in pairs(names(protocol.upcoming)) do
      if doc_all[name] then
        table.insert(stale, name)
      end
    end
    table.sort(stale)
    assert.same({}, stale, "documented now: move them from protocol.upcoming to methods/notifications")
  end)

  it("knows every method the running server advertises", function()
    h.start_server()
    local res = h.rpc("grove/server/methods", vim.empty_dict())
    h.stop_server()
    local mirror = vim.tbl_extend("force", names(protocol.methods), names(protocol.upcoming))
    local unknown = {}
    for _, name in ipairs(res.methods or {}) do
      if not mirror[name] then
        table.insert(unknown, name)
      end
    end
    assert.same({}, unknown)
  end)

  it("has lsp-server/protocol.json equal to what PROTOCOL.md gives (scripts/protocol-manifest --check)", function()
    local out = vim.fn.system({ "python3", repo .. "scripts/protocol-manifest", "--check" })
    assert.equals(0, vim.v.shell_error, out)
    local man = manifest()
    local mirror, listed = names(protocol.methods), {}
    for _, meth in ipairs(man.methods) do
      listed[meth.name] = true
    end
    assert.same({}, difference(listed, mirror), "in protocol.json but not in protocol.methods")
    assert.same({}, difference(mirror, listed), "in protocol.methods but not in protocol.json")
    assert.same(man.lifecycle, protocol.lifecycle)
  end)

  it("reaches every manifest method from a command or view (internal ones listed with why)", function()
    -- Where each method name is used in the plugin, outside the mirror itself.
    local key_of = {}
    for key, name in pairs(protocol.m) do
      key_of[name] = key
    end
    local sources = {}
    for _, file in ipairs(vim.fn.globpath(here .. "/../lua/grove", "**/*.lua", false, true)) do
      if not file:match("protocol%.lua$") then
        table.insert(sources, table.concat(vim.fn.readfile(file), "\n"))
      end
    end
    local unreached, needless = {}, {}
    for _, meth in ipairs(manifest().methods) do
      local key = key_of[meth.name]
      local used = false
      for _, src in ipairs(sources) do
        if (key and src:find("m%." .. key .. "%f[^%w_]")) or src:find('"' .. meth.name .. '"', 1, true) then
          used = true
        end
      end
      if INTERNAL[meth.name] then
        if used then
          table.insert(needless, meth.name)
        end
      elseif not used then
        table.insert(unreached, meth.name)
      end
      local entry
      for _, e in ipairs(protocol.methods) do
        if e[1] == meth.name then
          entry = e
        end
      end
      assert.equals(not INTERNAL[meth.name], entry and entry.used, meth.name .. ": used flag")
    end
    assert.same({}, unreached, "manifest methods no command or view calls")
    assert.same({}, needless, "listed as internal but called")
  end)
end)
