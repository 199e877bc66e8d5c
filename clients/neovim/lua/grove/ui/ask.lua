-- Questions to the knowledge map (`:GroveAsk {question}`, `?` on a node) and reading
-- the workspace's documents (`:GroveIngest`). An answer shows in a float: the
-- question, the core's message, the answer, then its citations (file and lines),
-- each opened with <CR>. "I don't know" and failures (needsModel, ambiguous with its
-- candidates, unclear, opFailed) are shown as the core words them. Progress of the
-- long calls goes to the status line (require'grove'.progress()) and vim.notify.

local buffer = require("grove.ui.buffer")
local client = require("grove.client")
local location = require("grove.ui.location")
local protocol = require("grove.protocol")
local workspace = require("grove.workspace")

local m = protocol.m
local M = {}

local float = {}
local citation_rows = {} -- 0-based row of the float -> Citation
local progress_text = nil

local function str(v)
  return type(v) == "string" and v or ""
end

-- The running progress of an ingest or an ask, for a status line ("" when none).
function M.progress()
  return progress_text or ""
end

local function with_progress(title, fn)
  local token = workspace.progress_token(function(value)
    if value.kind == "begin" then
      progress_text = "Grove: " .. str(value.title)
      vim.notify("Grove: " .. str(value.title ~= nil and value.title or title), vim.log.levels.INFO)
    elseif value.kind == "report" then
      progress_text = string.format("Grove: %s%s", value.percentage and (tostring(value.percentage) .. "% ") or "", str(value.message))
      vim.cmd("redrawstatus")
    elseif value.kind == "end" then
      progress_text = nil
      if str(value.message) ~= "" then
        vim.notify("Grove: " .. value.message, vim.log.levels.INFO)
      end
    end
  end)
  fn(token, function()
    workspace.done_token(token)
    progress_text = nil
  end)
end

local function add_citations(lines, citations)
  if type(citations) ~= "table" or #citations == 0 then
    return
  end
  table.insert(lines, "")
  table.insert(lines, "Citations (<CR> opens):")
  for i, c in ipairs(citations) do
    citation_rows[#lines] = c
    local stale = c.stale == true and " (stale)" or ""
    local quote = str(c.quote) ~= "" and (" — " .. buffer.oneline(c.quote, 60)) or ""
    table.insert(lines, string.format("  [%d] %s%s%s", i, location.label(c.uri, c.range), stale, quote))
  end
end

local function failure_lines(lines, f)
  table.insert(lines, string.format("Could not do it (%s): %s", str(f.kind), str(f.message)))
  if f.kind == "needsModel" then
    table.insert(lines, "Offline, Grove understands the structured forms (add X under Y, rename X to Z, link X to Y as L, delete X); set a model provider for anything else.")
  end
  if type(f.candidates) == "table" and #f.candidates > 0 then
    table.insert(lines, "Which one did you mean?")
    for _, n in ipairs(f.candidates) do
      table.insert(lines, "  • " .. str(n.title) .. (str(n.details) ~= "" and (" — " .. buffer.oneline(n.details, 60)) or ""))
    end
  end
end

-- The float's lines for a KnowledgeTurn.
function M.turn_lines(turn)
  citation_rows = {}
  local lines = { "Q: " .. buffer.oneline(str(turn.input)) }
  if type(turn.intent) == "table" then
    table.insert(lines, string.format("(%s, confidence %.2f)", str(turn.intent.label), tonumber(turn.intent.confidence) or 0))
  end
  table.insert(lines, "")
  local answer = type(turn.answer) == "table" and turn.answer or nil
  if type(turn.failure) == "table" then
    failure_lines(lines, turn.failure)
  elseif answer and answer.known == false then
    table.insert(lines, "I don't know: nothing in the workspace's documents or the map answers this.")
  elseif answer then
    vim.list_extend(lines, buffer.split(str(answer.text)))
  end
  -- The message repeats the answer and may add a line (what the answer added
  -- to the map): show only what it adds.
  local extra = str(turn.message)
  if answer and extra:sub(1, #str(answer.text)) == str(answer.text) then
    extra = vim.trim(extra:sub(#str(answer.text) + 1))
  end
  if extra ~= "" then
    table.insert(lines, "")
    vim.list_extend(lines, buffer.split(extra))
  end
  if answer then
    add_citations(lines, answer.citations)
  end
  return lines
end

local function show_lines(lines, title)
  local win = buffer.float(float, lines, title)
  vim.keymap.set("n", "<CR>", function()
    local row = vim.api.nvim_win_get_cursor(0)[1] - 1
    local c = citation_rows[row]
    if c then
      M.open_citation(c)
    end
  end, { buffer = float.buf, nowait = true, silent = true, desc = "Grove: open the citation" })
  return win
end

function M.open_citation(c)
  buffer.close_float(float)
  return location.open(c.uri, c.range)
end

-- Shows a KnowledgeTurn in the answer float.
function M.show(turn)
  return show_lines(M.turn_lines(turn), "answer")
end

-- A node's details and sources in the same float.
function M.show_node(node)
  citation_rows = {}
  local lines = { "# " .. str(node.title), "" }
  if str(node.details) ~= "" then
    vim.list_extend(lines, buffer.split(node.details))
  end
  table.insert(lines, string.format("(origin %s%s)", str(node.origin), node.starred == true and ", starred" or ""))
  add_citations(lines, node.sources)
  return show_lines(lines, "node")
end

function M.float_buf()
  return float.buf
end

-- The 0-based row of the float's line for citation i (1-based), or nil.
function M.citation_row(i)
  local rows = {}
  for row in pairs(citation_rows) do
    table.insert(rows, row)
  end
  table.sort(rows)
  return rows[i]
end

-- Asks the map (grove/knowledge/ask), scoped to nodeId when given; shows the turn and
-- then done(turn).
function M.ask(question, node_id, done, ws)
  require("grove.actions").offered(m.knowledge_ask, "the knowledge map", function()
    with_progress("asking", function(token, finish)
      local params = { workspaceUri = ws or require("grove.ui.knowledge").workspace() or workspace.uri(), input = question, workDoneToken = token }
      if node_id then
        params.nodeId = node_id
      end
      client.request(m.knowledge_ask, params, function(err, turn)
        finish()
        if err then
          if err.code ~= protocol.errors.REQUEST_CANCELLED then
            show_lines({ "Q: " .. question, "", "Failed: " .. tostring(err.message) }, "answer")
          end
          return
        end
        M.show(turn)
        if done then
          done(turn)
        end
      end)
    end)
  end)
end

-- `?` on a node: asks for the question, then asks.
function M.prompt(node_id, done)
  vim.ui.input({ prompt = node_id and "Ask about this node: " or "Ask the knowledge map: " }, function(q)
    if q and vim.trim(q) ~= "" then
      M.ask(vim.trim(q), node_id, done)
    end
  end)
end

-- :Grove tomap: a conversation's answer (and the question above it) integrated into
-- the workspace's map (grove/knowledge/fromUnit); shows the turn, then done(turn).
function M.from_unit(unit_id, done)
  require("grove.actions").offered(m.knowledge_from_unit, "the knowledge map", function()
    if not unit_id then
      return vim.notify("Grove: no unit here to add to the map", vim.log.levels.WARN)
    end
    client.call(m.knowledge_from_unit, { workspaceUri = workspace.uri(), unitId = unit_id }, function(turn)
      M.show(turn)
      if done then
        done(turn)
      end
    end)
  end)
end

-- :GroveIngest [paths]: reads the workspace's documents into the map's index, with
-- progress; done(IngestResult).
function M.ingest(paths, done, ws)
  require("grove.actions").offered(m.knowledge_ingest, "ingestion", function()
    with_progress("ingesting", function(token, finish)
      local params = { workspaceUri = ws or workspace.uri(), workDoneToken = token }
      if paths and #paths > 0 then
        params.paths = paths
      end
      client.request(m.knowledge_ingest, params, function(err, res)
        finish()
        if err then
          vim.notify("Grove: ingest failed: " .. tostring(err.message), vim.log.levels.WARN)
          return
        end
        vim.notify(string.format("Grove: %s%d documents (%d added, %d updated, %d removed), %d chunks, levels %s%s",
          res.cancelled == true and "ingest cancelled, kept " or "ingested ", tonumber(res.documents) or 0,
          #(res.added or {}), #(res.updated or {}), #(res.removed or {}), tonumber(res.chunks) or 0,
          table.concat(vim.tbl_map(tostring, res.levels or {}), "/"),
          #(res.skipped or {}) > 0 and string.format(", %d skipped", #res.skipped) or ""), vim.log.levels.INFO)
        if done then
          done(res)
        end
      end)
    end)
  end)
end

return M
