-- The workspace's memory board (`:GroveBoard`, Contexty's board): what the AI
-- understands at the top, then the tree of groups (nested) with their memories,
-- each a kind letter (C chat, S snippet, N note), its title and badges, then the
-- memories in no group, then the links. Keys move, group, link, archive and edit
-- through grove/board/edit (one undo entry each), undo and redo through the board's
-- own log, and open what a memory came from. `:GroveBoardTimeline` lists the same
-- memories by creation time. The core places, groups and evolves; this view only
-- renders grove/board/get and sends the user's operations, and renders again on
-- grove/board/didChange. The workspace's pending cards (evolve and reorganize
-- suggestions, DESIGN §11.4) are listed at the top, to accept or reject; they are
-- reloaded on grove/suggestion/didCreate and didChange of this workspace.

local buffer = require("grove.ui.buffer")
local cards = require("grove.ui.board_cards")
local client = require("grove.client")
local listview = require("grove.ui.listview")
local protocol = require("grove.protocol")
local workspace = require("grove.workspace")

local m = protocol.m
local M = {}

M.KIND_LETTER = { chat = "C", snippet = "S", note = "N" }

local s = {
  ws = nil, -- workspaceUri of the board shown
  data = nil, -- the last grove/board/get result
  items = {}, -- id -> BoardItem
  groups = {}, -- id -> BoardGroup
  archived = false, -- archived memories shown too
  mark = nil, -- the item marked by the first `l`
  cards = {}, -- the workspace's pending board cards (Suggestion[], oldest first)
}

local function str(v)
  return type(v) == "string" and v or ""
end

-- The badges of an item, as `[kind]` words: the core's badges (updated, proposed,
-- stale, missing), then archived and hidden.
function M.badges(item)
  local out, seen = {}, {}
  local function add(word)
    if not seen[word] then
      seen[word] = true
      table.insert(out, "[" .. word .. "]")
    end
  end
  for _, b in ipairs(type(item.badges) == "table" and item.badges or {}) do
    if type(b) == "table" and type(b.kind) == "string" then
      add(b.kind)
    end
  end
  local anchor = type(item.source) == "table" and item.source.anchor
  if type(anchor) == "table" and (anchor.state == "stale" or anchor.state == "missing") then
    add(anchor.state)
  end
  if item.archived == true then
    add("archived")
  end
  if item.hidden == true then
    add("hidden")
  end
  return out
end

-- One memory's line (without indentation).
function M.item_line(item)
  local parts = { (M.KIND_LETTER[item.kind] or "?") .. " " .. buffer.oneline(str(item.title) ~= "" and item.title or item.id, 70) }
  local badges = M.badges(item)
  if #badges > 0 then
    table.insert(parts, table.concat(badges, " "))
  end
  if type(item.source) == "table" and type(item.source.uri) == "string" then
    table.insert(parts, "· " .. require("grove.ui.location").label(item.source.uri, item.source.range))
  end
  if s.mark == item.id then
    table.insert(parts, "(marked to link)")
  end
  return table.concat(parts, " ")
end

local function entry(kind, obj)
  return { kind = kind, id = obj.id, obj = obj }
end

local function title_of(id)
  local it = s.items[id] or s.groups[id]
  return it and str(it.title) ~= "" and it.title or tostring(id)
end

local function build_tree(lines, rows, hl)
  local data = s.data
  local drawn = {}
  local function add_item(id, depth)
    local item = s.items[id]
    if not item or drawn[id] then
      return
    end
    drawn[id] = true
    rows[#lines] = entry("item", item)
    if item.archived == true then
      hl[#lines] = "Comment"
    end
    table.insert(lines, string.rep("  ", depth) .. M.item_line(item))
  end
  local function add_group(g, depth, path)
    if path[g.id] then
      return -- a cycle from a corrupt answer: draw it once
    end
    path[g.id] = true
    rows[#lines] = entry("group", g)
    hl[#lines] = "GroveMemoletTitle"
    local count = #(g.itemIds or {})
    table.insert(lines, string.format("%s▾ %s (%d)%s", string.rep("  ", depth), buffer.oneline(str(g.title) ~= "" and g.title or g.id, 60), count,
      str(g.summary) ~= "" and (" · " .. buffer.oneline(g.summary, 60)) or ""))
    for _, cid in ipairs(g.groupIds or {}) do
      if s.groups[cid] then
        add_group(s.groups[cid], depth + 1, path)
      end
    end
    for _, iid in ipairs(g.itemIds or {}) do
      add_item(iid, depth + 1)
    end
    path[g.id] = nil
  end
  for _, g in ipairs(data.groups or {}) do
    local parent = g.parentId
    if type(parent) ~= "string" or not s.groups[parent] then
      add_group(g, 0, {})
    end
  end
  local loose = {}
  for _, item in ipairs(data.items or {}) do
    if not drawn[item.id] then
      table.insert(loose, item)
    end
  end
  if #loose > 0 then
    table.insert(lines, "")
    hl[#lines] = "GroveMemoletTitle"
    table.insert(lines, "In no group")
    for _, item in ipairs(loose) do
      add_item(item.id, 1)
    end
  end
  if #(data.links or {}) > 0 then
    table.insert(lines, "")
    hl[#lines] = "GroveMemoletTitle"
    table.insert(lines, "Links")
    for _, link in ipairs(data.links) do
      rows[#lines] = entry("link", link)
      local label = type(link.label) == "string" and link.label ~= "" and (" · " .. link.label) or ""
      table.insert(lines, string.format("  %s ↔ %s%s", buffer.oneline(title_of(link.from), 40), buffer.oneline(title_of(link.to), 40), label))
    end
  end
end

local function build(v)
  local data = s.data or {}
  local board = type(data.board) == "table" and data.board or {}
  local lines = v:head(string.format("Board · %s · revision %s · %d memories, %d groups, %d links%s",
    vim.fn.fnamemodify(vim.uri_to_fname(s.ws or "file:///"), ":t"), tostring(board.revision or "?"),
    #(data.items or {}), #(data.groups or {}), #(data.links or {}), s.archived and " · archived shown" or ""))
  local rows, hl = {}, {}
  if #s.cards > 0 then
    local km = require("grove.config").options.keymaps.board
    hl[#lines] = "GroveMemoletTitle"
    table.insert(lines, string.format("Cards (%d pending · %s accept · %s reject · %s details)", #s.cards, km.accept, km.reject, km.open))
    for _, sug in ipairs(s.cards) do
      rows[#lines] = entry("card", sug)
      table.insert(lines, cards.line(sug, title_of))
    end
    table.insert(lines, "")
  end
  local understanding = type(board.understanding) == "table" and str(board.understanding.text) or ""
  hl[#lines] = "GroveMemoletTitle"
  table.insert(lines, "What the AI understands")
  if understanding == "" then
    table.insert(lines, "  (nothing yet: capture code with :GroveCapture, or talk in a conversation of this workspace)")
  else
    for _, l in ipairs(buffer.split(understanding)) do
      table.insert(lines, "  " .. l)
    end
  end
  table.insert(lines, "")
  if #(data.items or {}) == 0 and #(data.groups or {}) == 0 then
    table.insert(lines, "(the board is empty)")
    return lines, rows, hl
  end
  build_tree(lines, rows, hl)
  return lines, rows, hl
end

local function index(data)
  s.data, s.items, s.groups = data, {}, {}
  for _, item in ipairs(data.items or {}) do
    s.items[item.id] = item
  end
  for _, g in ipairs(data.groups or {}) do
    s.groups[g.id] = g
  end
  if s.mark and not s.items[s.mark] then
    s.mark = nil
  end
end

local views = {}
local wsview = require("grove.ui.workspace_view")

local function render_all()
  for _, get in pairs(views) do
    get():render()
  end
end

-- Loads the workspace's pending cards (none when the server cannot list them or
-- refuses: the board still shows), then done().
local function load_cards(done)
  local ws = s.ws
  if not client.supports(m.suggestion_list) then
    s.cards = {}
    return done()
  end
  client.request(m.suggestion_list, { workspaceUri = ws, state = "pending" }, function(err, res)
    if ws == s.ws then
      s.cards = {}
      for _, sug in ipairs(not err and type(res) == "table" and res.suggestions or {}) do
        -- The workspace's list holds its knowledge map's cards too.
        if cards.is_card(sug) and (sug.kind == "evolve" or sug.kind == "reorganize") then
          table.insert(s.cards, sug)
        end
      end
    end
    done()
  end)
end

-- Loads the board of the workspace shown (or ws) and its cards (both asked at
-- once) and renders them together, so the rows and what they show stay in step;
-- done(data).
function M.reload(done)
  local params = { workspaceUri = s.ws }
  if s.archived then
    params.archived = true
  end
  local data, cards_in = nil, false
  local function both()
    if data and cards_in then
      index(data)
      render_all()
      if done then
        done(data)
      end
    end
  end
  client.call(m.board_get, params, function(d)
    data = d
    both()
  end)
  load_cards(function()
    cards_in = true
    both()
  end)
end

-- Loads the cards again and renders them (a card was made or resolved); done().
function M.reload_cards(done)
  load_cards(function()
    render_all()
    if done then
      done()
    end
  end)
end

function M.cards()
  return s.cards
end

local function any_open()
  for _, get in pairs(views) do
    if get():is_open() then
      return true
    end
  end
  return false
end

-- M.edit(ops, done), M.undo, M.redo; every client re-renders from the change any
-- client made (checklist 33).
local listen_board = wsview.store(M, {
  edit = m.board_edit,
  undo = m.board_undo,
  redo = m.board_redo,
  did_change = m.board_did_change,
  info = "board",
  state = s,
  is_open = any_open,
})

-- The cards follow grove/suggestion/didCreate and didChange of this workspace (a
-- project's suggestion, with a projectId, is the conversation view's).
local listening_cards = false
local function listen()
  listen_board()
  if listening_cards then
    return
  end
  listening_cards = true
  local function on_card(p)
    if type(p) ~= "table" or type(p.projectId) == "string" or not s.data or not any_open() then
      return
    end
    local uri = p.workspaceUri or (type(p.suggestion) == "table" and p.suggestion.workspaceUri)
    if uri == s.ws or uri == (s.data.board or {}).workspaceUri then
      M.reload_cards()
    end
  end
  client.on(m.suggestion_did_create, on_card)
  client.on(m.suggestion_did_change, on_card)
end

-- The groups to pick from for `m`, with "(top level)" first; `except` is a group
-- being moved (it cannot go into itself; the core refuses cycles deeper down).
local function pick_group(prompt, except, go)
  local choices = { { id = protocol.null, title = "(top level, no group)" } }
  for _, g in ipairs(s.data.groups or {}) do
    if g.id ~= except then
      table.insert(choices, g)
    end
  end
  vim.ui.select(choices, {
    prompt = prompt,
    format_item = function(g)
      return g.id == protocol.null and g.title or string.format("%s (%d)", str(g.title) ~= "" and g.title or g.id, #(g.itemIds or {}))
    end,
  }, function(choice)
    if choice then
      go(choice.id)
    end
  end)
end

function M.move(e, done)
  if e.kind == "link" then
    return vim.notify("Grove: move a memory or a group", vim.log.levels.WARN)
  end
  pick_group(string.format('Move "%s" to', title_of(e.id)), e.kind == "group" and e.id or nil, function(to)
    local op = { op = "Move", to = to }
    if e.kind == "group" then
      op.groupIds = { e.id }
    else
      op.itemIds = { e.id }
    end
    M.edit({ op }, done)
  end)
end

-- A new group of the given entries (memories and groups); asks for its title (empty:
-- the core generates one).
function M.group(entries, done)
  local op = { op = "Group", itemIds = {}, groupIds = {} }
  for _, e in ipairs(entries) do
    if e.kind == "item" then
      table.insert(op.itemIds, e.id)
    elseif e.kind == "group" then
      table.insert(op.groupIds, e.id)
    end
  end
  if #op.itemIds + #op.groupIds == 0 then
    return vim.notify("Grove: nothing to group here", vim.log.levels.WARN)
  end
  vim.ui.input({ prompt = "Group title (empty: generated): " }, function(title)
    if title == nil then
      return
    end
    if title ~= "" then
      op.title = title
    end
    M.edit({ op }, done)
  end)
end

-- First `l` marks a memory; `l` on another links the two (with an optional label);
-- `l` on the marked one again drops the mark.
function M.link(e, done)
  if e.kind ~= "item" then
    return vim.notify("Grove: links join memories; put the cursor on one", vim.log.levels.WARN)
  end
  if not s.mark then
    s.mark = e.id
    render_all()
    vim.notify(string.format('Grove: "%s" marked; l on another memory links them', title_of(e.id)))
    return done and done()
  end
  if s.mark == e.id then
    s.mark = nil
    render_all()
    return done and done()
  end
  local from = s.mark
  vim.ui.input({ prompt = "Link label (optional): " }, function(label)
    if label == nil then
      return
    end
    s.mark = nil
    M.edit({ { op = "Link", from = from, to = e.id, label = label ~= "" and label or protocol.null } }, done)
  end)
end

function M.unlink(e, done)
  if e.kind ~= "link" then
    return vim.notify("Grove: x removes a link; put the cursor on one under Links", vim.log.levels.WARN)
  end
  M.edit({ { op = "Unlink", id = e.id } }, done)
end

function M.archive(e, done)
  if e.kind ~= "item" then
    return vim.notify("Grove: archive works on a memory", vim.log.levels.WARN)
  end
  M.edit({ { op = "UpdateItem", id = e.id, archived = not (e.obj.archived == true) } }, done)
end

M.ITEM_FIELDS = { "title", "summary", "tags", "context", "memo", "content" }

-- Edits one field of a memory (UpdateItem; the core then never overwrites it) or of
-- a group (UpdateGroup). Tags are typed comma-separated.
function M.edit_field(e, done)
  if e.kind == "link" then
    return vim.notify("Grove: edit a memory or a group", vim.log.levels.WARN)
  end
  local obj = e.obj
  local fields = e.kind == "group" and { "title", "summary" } or {}
  if e.kind == "item" then
    for _, f in ipairs(M.ITEM_FIELDS) do
      local owns = obj.kind ~= "chat" or f ~= "content"
      if owns and (f ~= "memo" or obj.kind ~= "chat") then
        table.insert(fields, f)
      end
    end
  end
  vim.ui.select(fields, { prompt = string.format('Edit which field of "%s"', title_of(e.id)) }, function(field)
    if not field then
      return
    end
    local current = obj[field]
    if field == "memo" and type(current) ~= "string" and type(obj.source) == "table" then
      current = obj.source.memo -- DESIGN §11: a snippet's memo is its source's
    end
    if field == "tags" then
      current = table.concat(type(current) == "table" and current or {}, ", ")
    end
    vim.ui.input({ prompt = field .. ": ", default = type(current) == "string" and current or "" }, function(value)
      if value == nil then
        return
      end
      local op = { op = e.kind == "group" and "UpdateGroup" or "UpdateItem", id = e.id }
      if field == "tags" then
        local tags = {}
        for tag in value:gmatch("[^,]+") do
          if vim.trim(tag) ~= "" then
            table.insert(tags, vim.trim(tag))
          end
        end
        op.tags = tags
      else
        op[field] = value
      end
      M.edit({ op }, done)
    end)
  end)
end

-- Accepts (the card's ops apply as one undo entry of the board) or rejects a card;
-- the board and its cards are reloaded either way (a refused card, 1002
-- cannotApply, names something gone and stays pending); done(result) or
-- done(nil, err).
local function resolve_card(sug, decision, done)
  local function reloaded(...)
    local args = { ... }
    M.reload(function()
      if done then
        done(unpack(args, 1, 2))
      end
    end)
  end
  require("grove.actions").resolve_suggestion(sug, decision, reloaded, function(err)
    reloaded(nil, err)
  end)
end

-- "Reorganise these with an instruction": the core answers a pending card of ops,
-- shown with its reason to accept (one undo entry) or reject. Entries limit it to
-- those memories and groups; none means the whole board.
function M.reorganize(entries, done)
  vim.ui.input({ prompt = "Reorganise by (file, folder, language, kind, tag, topic, or in words): " }, function(instruction)
    if not instruction or vim.trim(instruction) == "" then
      return
    end
    local params = { workspaceUri = s.ws, instruction = vim.trim(instruction) }
    for _, e in ipairs(entries or {}) do
      local key = e.kind == "group" and "groupIds" or (e.kind == "item" and "itemIds" or nil)
      if key then
        params[key] = params[key] or {}
        table.insert(params[key], e.id)
      end
    end
    -- A free instruction waits for the model (up to a minute): say it is running.
    vim.notify("Grove: reorganising…", vim.log.levels.INFO)
    client.call(m.board_reorganize, params, function(res)
      local sug = type(res) == "table" and res.suggestion
      if type(sug) ~= "table" then
        return vim.notify("Grove: nothing to reorganise", vim.log.levels.INFO)
      end
      local ops = type(sug.ops) == "table" and #sug.ops or 0
      vim.ui.select({ "accept", "reject" }, {
        prompt = string.format("Reorganise: %s (%d operations)", buffer.oneline(str(sug.reason), 80), ops),
      }, function(choice)
        if not choice then
          return
        end
        resolve_card(sug, choice, done)
      end)
    end)
  end)
end

-- The card an entry stands for: a card's line, or the pending card proposing a
-- change to the memory (its `proposed` badge).
local function card_of(e)
  if e.kind == "card" then
    return e.obj
  end
  if e.kind == "item" then
    return (cards.of_item(e.obj, s.cards))
  end
end

-- y / r: the card under the cursor, or the one proposing a change to the memory
-- under it.
local function resolver(decision)
  return function(e, done)
    local sug = card_of(e)
    if not sug then
      return vim.notify("Grove: no card here to " .. decision .. " (cards are listed under Cards at the top)", vim.log.levels.WARN)
    end
    resolve_card(sug, decision, done)
  end
end
M.accept = resolver("accept")
M.reject = resolver("reject")

-- Puts the cursor on the line of the card proposing a change to the memory under it.
function M.goto_card(e)
  local sug = e and card_of(e)
  local row = sug and M.row_of(sug.id)
  if not row then
    return vim.notify("Grove: no pending card proposes a change to this", vim.log.levels.WARN)
  end
  vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
end

local float = {}

local function card_keys()
  local km = require("grove.config").options.keymaps.board
  return string.format("On its line in the board: %s accept · %s reject", km.accept, km.reject)
end

-- What the memory's `proposed` badge stands for, to say when it is opened.
local function proposal_lines(e)
  if e.kind ~= "item" then
    return {}
  end
  local sug, badge = cards.of_item(e.obj, s.cards)
  if not badge then
    return {}
  end
  local fields = type(badge.fields) == "table" and table.concat(badge.fields, ", ") or ""
  if not sug then
    return { string.format("Proposed change (%s): its card is no longer pending", fields) }
  end
  local km = require("grove.config").options.keymaps.board
  return { string.format("Proposed change (%s) by the card \"%s\": %s", fields, cards.title(sug, title_of), buffer.oneline(str(sug.reason), 80)),
    string.format("%s jumps to the card; %s accepts, %s rejects it", km.card, km.accept, km.reject) }
end

-- <CR>: a card shows its reason and operations in a float; a snippet opens its
-- source range; a chat memory its conversation at its first unit; a note (or
-- anything else) shows its text in a float. A memory with a pending card says so.
function M.open_entry(e, done)
  local obj = e.obj
  if e.kind == "card" then
    buffer.float(float, cards.details(obj, title_of, card_keys()), "card")
    return done and done()
  end
  local proposal = proposal_lines(e)
  if #proposal > 0 and e.kind == "item" and (obj.kind == "snippet" or obj.kind == "chat") then
    vim.notify("Grove: " .. table.concat(proposal, ". "), vim.log.levels.INFO)
  end
  if e.kind == "item" and obj.kind == "snippet" and type(obj.source) == "table" and type(obj.source.uri) == "string" then
    require("grove.ui.location").open(obj.source.uri, obj.source.range)
    return done and done()
  end
  if e.kind == "item" and obj.kind == "chat" and type(obj.projectId) == "string" then
    local first = type(obj.sourceUnitIds) == "table" and obj.sourceUnitIds[1]
    return require("grove.state").load(obj.projectId, function()
      local chat = require("grove.ui.chat")
      chat.open()
      local row = first and chat.row_of(first)
      if row then
        vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
      end
      if done then
        done()
      end
    end)
  end
  local lines = { "# " .. title_of(e.id), "" }
  if #proposal > 0 then
    vim.list_extend(lines, proposal)
    table.insert(lines, "")
  end
  for _, f in ipairs({ "summary", "context" }) do
    if str(obj[f]) ~= "" then
      vim.list_extend(lines, buffer.split(f:sub(1, 1):upper() .. f:sub(2) .. ": " .. obj[f]))
    end
  end
  if type(obj.tags) == "table" and #obj.tags > 0 then
    table.insert(lines, "Tags: " .. table.concat(obj.tags, ", "))
  end
  if str(obj.content) ~= "" then
    table.insert(lines, "")
    vim.list_extend(lines, buffer.split(obj.content))
  end
  buffer.float(float, lines, e.kind == "group" and "group" or (obj.kind or "memory"))
  if done then
    done()
  end
end

function M.float_buf()
  return float.buf
end

local view
view = listview.lazy(M, {
  "board",
  filetype = "grove-board",
  build = build,
  keys = function(km)
    return {
      { km.move, M.move, "move to a group" },
      { km.group, function(e)
        M.group({ e })
      end, "group (visual: the selection)" },
      { km.link, M.link, "link (mark, then another)" },
      { km.unlink, M.unlink, "unlink" },
      { km.archive, M.archive, "archive/restore" },
      { km.archived, function()
        s.archived = not s.archived
        M.reload()
      end, "show/hide archived", any = true },
      { km.reorganize, function()
        M.reorganize(nil)
      end, "reorganise (visual: the selection)", any = true },
      { km.edit, M.edit_field, "edit a field" },
      { km.accept, M.accept, "accept the card (or the memory's proposed card)" },
      { km.reject, M.reject, "reject the card (or the memory's proposed card)" },
      { km.card, M.goto_card, "go to the memory's proposed card" },
      { km.open, M.open_entry, "open (a card: its operations)" },
      unpack(wsview.common_keys(km, M, function()
        return view()
      end, "Board keys")),
    }
  end,
})
views.board = view

-- Entries of the visual selection's rows (the rows of groups and memories).
local function selected_entries()
  local v = view()
  local a, b = buffer.selected_rows()
  local out = {}
  for row = a, b do
    if v.rows[row] and v.rows[row].kind ~= "link" then
      table.insert(out, v.rows[row])
    end
  end
  return out
end

local timeline_view = listview.lazy(nil, {
  "board-timeline",
  filetype = "grove-board",
  keymaps = "board",
  build = function(v)
    local items = vim.list_extend({}, (s.data or {}).items or {}) -- a copy to sort (JSON nulls cannot be deep-copied in 0.7)
    table.sort(items, function(a, b)
      local ka, kb = str(a.createdAt), str(b.createdAt)
      if ka ~= kb then
        return ka < kb
      end
      return str(a.id) < str(b.id)
    end)
    local lines = v:head(string.format("Board timeline · %s · %d memories, oldest first",
      vim.fn.fnamemodify(vim.uri_to_fname(s.ws or "file:///"), ":t"), #items))
    local rows, hl, day = {}, {}, nil
    for _, item in ipairs(items) do
      local created = str(item.createdAt)
      local d = created:sub(1, 10)
      if d ~= day then
        day = d
        hl[#lines] = "GroveMemoletTitle"
        table.insert(lines, d ~= "" and d or "(no date)")
      end
      rows[#lines] = entry("item", item)
      local group = type(item.groupId) == "string" and (" · in " .. buffer.oneline(title_of(item.groupId), 40)) or ""
      table.insert(lines, string.format("  %s  %s%s", created:sub(12, 16), M.item_line(item), group))
    end
    if #items == 0 then
      table.insert(lines, "(the board is empty)")
    end
    return lines, rows, hl
  end,
  keys = function(km)
    return {
      { km.open, M.open_entry, "open" },
      { km.archive, M.archive, "archive/restore" },
      { km.refresh, function()
        M.reload()
      end, "refresh", any = true },
    }
  end,
})
views.timeline = timeline_view

function M.timeline_buf()
  return timeline_view().buf
end

-- The 0-based row of the first timeline line showing item id.
function M.timeline_row_of(id)
  return timeline_view():row_of(function(e)
    return e.id == id
  end)
end

local function open_view(get, ws, done)
  require("grove.actions").offered(m.board_get, "the board", function()
    listen()
    if s.ws ~= ws then
      s.mark = nil
    end
    s.ws = ws
    M.reload(function(data)
      local fresh = not get().buf
      get():open()
      if fresh and get == view then
        local km = require("grove.config").options.keymaps.board
        buffer.map(get().buf, "x", km.group, function()
          M.group(selected_entries())
        end, "Grove: group the selected rows")
        buffer.map(get().buf, "x", km.reorganize, function()
          M.reorganize(selected_entries())
        end, "Grove: reorganise the selected rows")
      end
      if done then
        done(data)
      end
    end)
  end)
end

-- :GroveBoard: the board of the current workspace (or ws); done(data) once shown.
function M.open(ws, done)
  open_view(view, ws or workspace.uri(), done)
end

-- :GroveBoardTimeline.
function M.open_timeline(ws, done)
  open_view(timeline_view, ws or workspace.uri(), done)
end

-- The entry (kind, id, obj) under the cursor, for tests and other views.
function M.entry_at_cursor()
  return view():item_at_cursor()
end

function M.data()
  return s.data
end

function M.marked()
  return s.mark
end

return M
