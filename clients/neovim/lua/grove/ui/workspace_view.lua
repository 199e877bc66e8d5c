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

-- Calls reload() on each didChange (method) of the shown workspace that carries a
-- revision the view does not show yet (its own change, already reloaded, is skipped).
-- shown() returns the workspace URIs the view answers to (as sent and as the core
-- normalised it) and the revision it shows, or nil when the view is not open.
function M.follow(method, shown, reload)
  client.on(method, function(change)
    if type(change) ~= "table" then
      return
    end
    local uris, revision = shown()
    if not uris or not vim.tbl_contains(uris, change.workspaceUri) then
      return
    end
    if change.revision and change.revision == revision then
      return
    end
    reload()
  end)
end

return M
