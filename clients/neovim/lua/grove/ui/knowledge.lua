-- The workspace's knowledge map (`:GroveKnowledge`, MindTrellis) as an outline: the
-- nodes as a tree by their hierarchy edges (a node with several parents appears under
-- each), each node's semantic edges listed under it as `~label~> Title`. Keys add a
-- child, rename, delete, star, ask for suggested children (accepted through the
-- suggestion cards' accept), and ask a question scoped to the node. The core owns the
-- graph; this view renders grove/knowledge/get and sends grove/knowledge/edit ops,
-- and renders again on grove/knowledge/didChange.

local buffer = require("grove.ui.buffer")
local client = require("grove.client")
local listview = require("grove.ui.listview")
local protocol = require("grove.protocol")
local workspace = require("grove.workspace")

local m = protocol.m
local M = {}

local s = { ws = nil, data = nil, nodes = {} }

local function str(v)
  return type(v) == "string" and v or ""
end

local function title_of(id)
  local n = s.nodes[id]
  return n and str(n.title) ~= "" and n.title or tostring(id)
end

-- Siblings in the outline's order: by creation, then id.
local function by_creation(a, b)
  local ka, kb = str(a.createdAt), str(b.createdAt)
  if ka ~= kb then
    return ka < kb
  end
  return str(a.id) < str(b.id)
end

local function build(v)
  local data = s.data or {}
  local info = type(data.knowledge) == "table" and data.knowledge or {}
  local lines = v:head(string.format("Knowledge map · %s · revision %s · %d nodes · %s documents, %s chunks%s",
    vim.fn.fnamemodify(vim.uri_to_fname(s.ws or "file:///"), ":t"), tostring(info.revision or "?"), #(data.nodes or {}),
    tostring(info.documents or 0), tostring(info.chunks or 0), info.ingesting == true and " · ingesting…" or ""))
  local rows, hl = {}, {}
  local nodes = vim.list_extend({}, data.nodes or {})
  table.sort(nodes, by_creation)
  local children, roots, semantic = {}, {}, {}
  for _, n in ipairs(nodes) do
    local parents = type(n.parentIds) == "table" and n.parentIds or {}
    local has_parent = false
    for _, p in ipairs(parents) do
      if s.nodes[p] then
        has_parent = true
        children[p] = children[p] or {}
        table.insert(children[p], n)
      end
    end
    if not has_parent then
      table.insert(roots, n)
    end
  end
  for _, e in ipairs(data.edges or {}) do
    if e.hierarchy ~= true then
      semantic[e.from] = semantic[e.from] or {}
      table.insert(semantic[e.from], e)
    end
  end
  if #nodes == 0 then
    table.insert(lines, "(the map is empty: a to add a node, :GroveIngest to read the workspace's documents, :GroveAsk to ask)")
    if type(info.starters) == "table" and #info.starters > 0 then
      table.insert(lines, "")
      table.insert(lines, "Questions to start with:")
      for _, q in ipairs(info.starters) do
        table.insert(lines, "  " .. q)
      end
    end
    return lines, rows, hl
  end
  local function add(n, depth, path)
    if path[n.id] then
      return
    end
    path[n.id] = true
    local indent = string.rep("  ", depth)
    rows[#lines] = n
    if n.starred == true then
      hl[#lines] = "GroveMemoletTitle"
    end
    local details = str(n.details) ~= "" and (" — " .. buffer.oneline(n.details, 60)) or ""
    local sources = type(n.sources) == "table" and #n.sources > 0 and string.format(" [%d sources]", #n.sources) or ""
    table.insert(lines, string.format("%s%s %s%s%s%s", indent, children[n.id] and "▾" or "•", n.starred == true and "★ " or "",
      buffer.oneline(title_of(n.id), 60), details, sources))
    for _, e in ipairs(semantic[n.id] or {}) do
      rows[#lines] = n
      hl[#lines] = "Comment"
      table.insert(lines, string.format("%s    ~%s~> %s", indent, str(e.label), title_of(e.to)))
    end
    for _, c in ipairs(children[n.id] or {}) do
      add(c, depth + 1, path)
    end
    path[n.id] = nil
  end
  for _, r in ipairs(roots) do
    add(r, 0, {})
  end
  return lines, rows, hl
end

local view

function M.reload(done)
  client.call(m.knowledge_get, { workspaceUri = s.ws, include = { "graph" } }, function(data)
    s.data, s.nodes = data, {}
    for _, n in ipairs(data.nodes or {}) do
      s.nodes[n.id] = n
    end
    view():render()
    if done then
      done(data)
    end
  end)
end

local wsview = require("grove.ui.workspace_view")
-- M.edit(ops, done) (one undo entry), M.undo, M.redo, and following didChange.
local listen = wsview.store(M, {
  edit = m.knowledge_edit,
  undo = m.knowledge_undo,
  redo = m.knowledge_redo,
  did_change = m.knowledge_did_change,
  info = "knowledge",
  state = s,
  is_open = function()
    return view():is_open()
  end,
})

function M.add_child(node, done)
  vim.ui.input({ prompt = node and string.format('New node under "%s": ', title_of(node.id)) or "New top-level node: " }, function(title)
    if not title or vim.trim(title) == "" then
      return
    end
    M.edit({ { op = "AddNode", title = vim.trim(title), parentId = node and node.id or protocol.null, origin = "user" } }, done)
  end)
end

function M.rename(node, done)
  vim.ui.input({ prompt = "Rename to: ", default = str(node.title) }, function(title)
    if not title or vim.trim(title) == "" or title == node.title then
      return
    end
    M.edit({ { op = "UpdateNode", id = node.id, title = vim.trim(title) } }, done)
  end)
end

function M.delete(node, done)
  vim.ui.select({ "delete", "cancel" }, { prompt = string.format('Delete "%s"? (its children move to its parents)', title_of(node.id)) }, function(choice)
    if choice == "delete" then
      M.edit({ { op = "DeleteNode", id = node.id } }, done)
    end
  end)
end

function M.star(node, done)
  M.edit({ { op = "UpdateNode", id = node.id, starred = not (node.starred == true) } }, done)
end

-- Suggested children of the node (grove/knowledge/suggest), one picked and accepted
-- through the suggestion cards' accept; done(result of the accept, or nil).
function M.suggest(node, done)
  client.call(m.knowledge_suggest, { workspaceUri = s.ws, nodeId = node.id }, function(res)
    local list = type(res.suggestions) == "table" and res.suggestions or {}
    if #list == 0 then
      vim.notify(string.format('Grove: no new children to suggest for "%s"', title_of(node.id)))
      return done and done(nil)
    end
    vim.ui.select(list, {
      prompt = string.format('Add under "%s"', title_of(node.id)),
      format_item = function(sug)
        local relation = str(sug.relation) ~= "" and (" (" .. sug.relation .. ")") or ""
        return str(sug.title) .. relation .. (str(sug.reason) ~= "" and (" · " .. buffer.oneline(sug.reason, 60)) or "")
      end,
    }, function(sug)
      if not sug then
        return
      end
      require("grove.actions").resolve_suggestion(sug, "accept", function(r)
        M.reload(function()
          if done then
            done(r)
          end
        end)
      end)
    end)
  end)
end

-- c: the node, with its details and sources, becomes a note unit at the open
-- conversation's cursor (grove/knowledge/toUnit); done(unit).
function M.to_chat(node, done)
  local state = require("grove.state")
  local pid = state.project_id()
  if not pid then
    return vim.notify("Grove: no conversation open (:Grove new or :Grove open)", vim.log.levels.WARN)
  end
  local params = { workspaceUri = s.ws, nodeIds = { node.id }, projectId = pid, parentId = state.cursor() or protocol.null }
  client.call(m.knowledge_to_unit, params, function(unit)
    vim.notify(string.format('Grove: "%s" sent into the conversation', title_of(node.id)))
    state.reload(function()
      if done then
        done(unit)
      end
    end)
  end)
end

-- <CR>: the node's details and sources in the answer float (sources open with <CR>).
function M.show(node)
  require("grove.ui.ask").show_node(node)
end

view = listview.lazy(M, {
  "knowledge",
  filetype = "grove-knowledge",
  build = build,
  keys = function(km)
    return {
      { km.add, M.add_child, "add child", any = true },
      { km.rename, M.rename, "rename" },
      { km.delete, M.delete, "delete" },
      { km.star, M.star, "star" },
      { km.suggest, M.suggest, "suggest children" },
      { km.ask, function(node)
        require("grove.ui.ask").prompt(node and node.id or nil)
      end, "ask about the node", any = true },
      { km.open, M.show, "details and sources" },
      { km.to_chat, M.to_chat, "send into the conversation" },
      unpack(wsview.common_keys(km, M, function()
        return view()
      end, "Knowledge map keys")),
    }
  end,
})

-- :GroveKnowledge: the map of the current workspace (or ws); done(data) once shown.
function M.open(ws, done)
  require("grove.actions").offered(m.knowledge_get, "the knowledge map", function()
    listen()
    s.ws = ws or workspace.uri()
    M.reload(function(data)
      view():open()
      if done then
        done(data)
      end
    end)
  end)
end

function M.workspace()
  return s.ws
end

function M.data()
  return s.data
end

function M.node_at_cursor()
  return view():item_at_cursor()
end

return M
