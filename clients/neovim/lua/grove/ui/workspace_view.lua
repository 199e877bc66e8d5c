-- What the board and the knowledge-map views share (both per workspace, DESIGN §11):
-- a change request that is followed by a reload of the view, errors said with the
-- operation they stopped at, and re-rendering on the store's didChange.

local client = require("grove.client")

local M = {}

-- Says why a call failed; `data.opIndex` names the operation the core stopped at.
function M.report(what, err)
  local data = type(err.data) == "table" and err.data or {}
  local at = data.opIndex and (" (operation " .. tostring(data.opIndex + 1) .. ")") or ""
  vim.notify(string.format("Grove: %s: %s%s", what, tostring(err.message), at), vim.log.levels.WARN)
end

-- Sends a mutating request, then reload(cb) shows the result; done(result) after.
-- On an error (a revision conflict among them) the view is reloaded as well when
-- reload_on_error, so it shows what the store holds.
function M.change(method, params, what, reload, done, reload_on_error)
  client.request(method, params, function(err, result)
    if err then
      M.report(what, err)
      if reload_on_error then
        reload()
      end
      return
    end
    reload(function()
      if done then
        done(result)
      end
    end)
  end)
end

-- Gives mod (which has reload(done)) the calls of a per-workspace store with an
-- operation log: edit(ops, done) (one undo entry; a refused edit, a revision
-- conflict among them, reloads), undo(done) and redo(done). Returns listen(), which
-- (once) makes the view follow the store's didChange: reload on a change of the
-- shown workspace with a revision the view does not show yet (its own change,
-- reloaded on the reply, is skipped). spec: edit, undo, redo, did_change (method
-- names); info (the field of the get result with revision and workspaceUri); state
-- ({ws, data}); is_open().
function M.store(mod, spec)
  local st = spec.state
  local function info()
    return st.data and st.data[spec.info] or {}
  end
  function mod.edit(ops, done)
    M.change(spec.edit, { workspaceUri = st.ws, ops = ops, expectedRevision = info().revision }, "edit", mod.reload, done, true)
  end
  function mod.undo(done)
    M.change(spec.undo, { workspaceUri = st.ws }, "undo", mod.reload, done)
  end
  function mod.redo(done)
    M.change(spec.redo, { workspaceUri = st.ws }, "redo", mod.reload, done)
  end
  local listening = false
  return function()
    if listening then
      return
    end
    listening = true
    client.on(spec.did_change, function(change)
      if type(change) ~= "table" or not st.data or not spec.is_open() then
        return
      end
      if change.workspaceUri ~= st.ws and change.workspaceUri ~= info().workspaceUri then
        return
      end
      if change.revision and change.revision == info().revision then
        return
      end
      mod.reload()
    end)
  end
end

-- The keys both views end with: undo, redo, reload and the keys' help. mod has
-- undo, redo and reload; get() returns the view.
function M.common_keys(km, mod, get, title)
  return {
    { km.undo, function()
      mod.undo()
    end, "undo", any = true },
    { km.redo, function()
      mod.redo()
    end, "redo", any = true },
    { km.refresh, function()
      mod.reload()
    end, "refresh", any = true },
    { km.help, function()
      get():show_keys(title)
    end, "keys", any = true },
  }
end

return M
