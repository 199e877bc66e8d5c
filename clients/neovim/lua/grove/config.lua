-- Options for grove.nvim: one defaults table, merged with what setup(opts) receives.
-- Every option is documented here and in doc/grove.txt (section grove-config).

---@class grove.Config
local M = {}

-- Directory of this plugin (clients/neovim), found from this file's own path so
-- that the server built in the same checkout (what the plugin managers' build
-- step `scripts/build grove-server` makes) can be the default command.
local function plugin_root()
  local src = debug.getinfo(1, "S").source:sub(2)
  return vim.fn.fnamemodify(src, ":p:h:h:h")
end

---@type grove.Config
M.defaults = {
  -- Server command: a string or a list (program + arguments). nil means: $GROVE_SERVER,
  -- then the server built in this plugin's checkout (<repo>/build/lsp-server/grove-server,
  -- the same version as the plugin), then `grove-server` on PATH (the Debian package).
  cmd = nil,
  -- SQLite store path passed as `--db`; nil lets the server pick its default store.
  db = nil,
  -- Server log file passed as `--log-file`; nil means stdpath("cache")/grove/server.log
  -- (so the server's log does not end up in Neovim's LSP log).
  log_file = nil,
  -- Extra environment for the server process (e.g. provider settings); values are never logged.
  env = nil,
  -- Milliseconds the health check waits for the server to answer `initialize`.
  health_timeout_ms = 5000,
  -- Chat buffer: where it opens ("vsplit", "split", "tab" or "current").
  chat_layout = "vsplit",
  -- Context map buffer: where it opens.
  map_layout = "vsplit",
  -- Maximum characters of a unit shown on its line in the context map.
  map_line_width = 60,
  -- Open the memolet menu by itself while an `@reference` is typed in the chat's
  -- prompt area (false: only <C-x><C-o> / <C-x><C-u> complete it).
  memolet_autocomplete = true,
  -- Memolet search results and sandbox views: where they open.
  memolets_layout = "split",
  -- The workspace folder of the board and the knowledge map: a path, a function of
  -- the buffer returning one, or nil (the working directory when the file is under
  -- it, else the LSP root, the git root or the file's folder; see lua/grove/workspace.lua).
  workspace = nil,
  -- On saving a file, tell a running core (grove/workspace/refresh) so captured
  -- ranges follow the code and ingested documents are re-read.
  refresh_on_save = true,
  -- Buffer-local keys. Set a key to false to leave it unmapped.
  keymaps = {
    chat = {
      send = "<C-s>", -- send the prompt area (normal and insert mode)
      send_normal = "<CR>", -- send, in normal mode on the prompt area
      branch = "gb", -- next message starts a branch from the unit under the cursor
      toggle_scope = "gs", -- Revert: flip the unit's scope for the current path
      edit = "ge", -- edit the unit in a scratch buffer (:w saves it)
      locate = "gm", -- show the unit in the context map
      stop = "<C-c>", -- cancel the running answer
      preview = "gp", -- what the model will receive
      accept = "ga", -- suggestion card on this unit: accept
      reject = "gr", -- suggestion card: reject
      defer = "gd", -- suggestion card: defer
      memolet = "gM", -- make a memolet of the unit (normal) or the selection (visual)
      memolet_show = "K", -- full text of the memolet referenced or cited under the cursor
      regenerate = "gR", -- a new answer to the message (on an answer or a user message)
      refine = "gF", -- refine the answer under the cursor by its memories
      revisions = "gh", -- the unit's earlier texts, to restore one
      extract = "gX", -- extract a capsule from the unit (normal) or the selected units (visual)
      return_branch = "gB", -- return from the unit's branch: completed, with its summary
    },
    capsules = { -- :Grove capsules
      review = "r", -- mark the capsule reviewed (needed before it can be enabled)
      toggle = "t", -- enable it in the open project, or disable it there
      edit = "<CR>", -- name, instruction and example in a buffer; :w saves
      delete = "dd", -- delete it (after asking)
      refresh = "R",
    },
    refine = { -- the refine view (gF on an answer)
      remove = "x", -- the refined answer must not use this memory
      highlight = "h", -- use it more prominently
      obscure = "o", -- use it less prominently
      group = "g", -- press on two memories to combine them, with a weight
      add = "a", -- search for a memory to add
      show = "K", -- its full text
      regenerate = "<C-s>", -- write the refined answer
    },
    settings = { -- :Grove settings
      change = "<CR>", -- change the setting under the cursor
      reset_model = "X", -- forget what Grove learnt about you (asks first)
      refresh = "R",
    },
    lists = { -- :Grove trash and the revisions view
      choose = "<CR>", -- restore the project / the text under the cursor
    },
    memolets = { -- the search results and the sandbox views
      add = "a", -- add the memolet under the cursor to the project's sandbox
      remove = "x", -- remove it from the sandbox
      insert = "@", -- put its `@[Title](memolet:ID)` reference in the chat's prompt area
      show = "<CR>", -- its full text in a float
      sandbox = "s", -- open the sandbox
      open = "o", -- search: its conversation in the map, at the exchanges the hit points at
      group = "g", -- sandbox: group the memolet with another one
      ungroup = "u", -- sandbox: on a group's line, dissolve the group
      recluster = "k", -- memory map: cluster again with a given number of clusters
      refresh = "R",
      close = "q",
    },
    board = { -- :GroveBoard and :GroveBoardTimeline
      move = "m", -- move the memory or group under the cursor to a group (picked)
      group = "g", -- a new group of the memory under the cursor (visual: of the selected rows)
      link = "l", -- mark a memory, then l on another links them (asks for a label)
      unlink = "x", -- on a link's line: remove the link
      archive = "a", -- archive the memory (or restore an archived one)
      archived = "A", -- show or hide archived memories
      reorganize = "O", -- reorganise the board (or the selected rows) by an instruction, as a card
      edit = "e", -- edit a field of the memory or group (picked)
      accept = "y", -- on a card's line (or a memory with a proposed badge): accept the card
      reject = "r", -- on a card's line (or a memory with a proposed badge): reject the card
      card = "c", -- on a memory with a proposed badge: go to its card's line
      open = "<CR>", -- a card's reason and operations, a snippet's source range, a chat memory's conversation, a note's text
      undo = "u",
      redo = "<C-r>",
      refresh = "R",
      help = "?", -- the keys, in a float
    },
    knowledge = { -- :GroveKnowledge
      add = "a", -- add a child under the node (at the top level on no node)
      rename = "r",
      delete = "d", -- delete the node (after asking); its children move to its parents
      star = "s", -- star or unstar
      suggest = "S", -- suggested children, to accept one
      ask = "?", -- ask a question scoped to the node
      to_chat = "c", -- send the node (with its sources) into the open conversation as a unit
      open = "<CR>", -- the node's details and sources in a float
      undo = "u",
      redo = "<C-r>",
      refresh = "R",
      help = "g?", -- the keys, in a float
    },
    map = {
      chat = "<CR>", -- jump to the unit in the chat
      cursor = "c", -- continue from this unit (make it the cursor)
      branch = "b", -- branch from this unit (opens the chat composer)
      include = "i", -- include (normal and visual)
      exclude = "x", -- exclude (normal and visual)
      toggle = "t", -- Revert (normal and visual: one batch)
      auto = "a", -- back to automatic scope (normal and visual)
      delete = "dd", -- delete with placeholders, after a preview and a confirmation
      delete_visual = "d", -- delete the visual range
      delete_subtree = "D", -- delete the unit and everything below it
      mainline_start = "S", -- the model sees the mainline from here
      mainline_end = "E", -- the mainline ends here
      rename = "r", -- rename the branch under the cursor
      return_branch = "gB", -- return from the branch under the cursor: completed, with its summary
      search = "/", -- search every project
      undo = "u",
      redo = "<C-r>",
      preview = "p",
      refresh = "R",
      close = "q",
      accept = "ga", -- suggestion card on this unit: accept
      reject = "gr", -- suggestion card: reject
      defer = "gd", -- suggestion card: defer
    },
  },
}

M.options = vim.deepcopy(M.defaults)

---@param opts table|nil
function M.set(opts)
  M.options = vim.tbl_deep_extend("force", vim.deepcopy(M.defaults), opts or {})
  return M.options
end

-- The server built in this plugin's checkout, where `scripts/build grove-server` puts it.
function M.checkout_server()
  return vim.fn.fnamemodify(plugin_root() .. "/../../build/lsp-server/grove-server", ":p")
end

-- The server command as a list, resolved as documented on `cmd`.
---@return string[]|nil cmd, string|nil why_not
function M.server_cmd()
  local cmd = M.options.cmd
  if type(cmd) == "string" then
    cmd = { cmd }
  end
  if not cmd then
    local env = vim.env.GROVE_SERVER
    local built = M.checkout_server()
    if env and env ~= "" then
      cmd = { env }
    elseif vim.fn.executable(built) == 1 then
      cmd = { built }
    elseif vim.fn.executable("grove-server") == 1 then
      cmd = { "grove-server" }
    else
      return nil,
        "grove-server not found (run scripts/build grove-server in the plugin's checkout, "
          .. "install the grove-server package, or set GROVE_SERVER or cmd)"
    end
  end
  cmd = vim.deepcopy(cmd)
  if M.options.db then
    vim.list_extend(cmd, { "--db", M.options.db })
  end
  local log_file = M.options.log_file
  if not log_file then
    local dir = vim.fn.stdpath("cache") .. "/grove"
    vim.fn.mkdir(dir, "p")
    log_file = dir .. "/server.log"
  end
  vim.list_extend(cmd, { "--log-file", log_file })
  return cmd
end

return M
