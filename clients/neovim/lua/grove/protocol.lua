-- mirrors lsp-server/PROTOCOL.md (protocol version 1)
--
-- Every method and notification of the Grove protocol, in the order PROTOCOL.md lists
-- them. tests/protocol_spec.lua compares these lists with lsp-server/protocol.json (the
-- manifest generated from PROTOCOL.md) in both directions, so a method added to the
-- server is added here in the same change. `used = false` marks the methods no
-- command or view calls; the spec lists each with the reason.

local M = {}

M.VERSION = 1

-- JSON-RPC and application error codes the client reacts to.
M.errors = {
  METHOD_NOT_FOUND = -32601,
  INVALID_PARAMS = -32602,
  REQUEST_CANCELLED = -32800,
  NOT_FOUND = 1001,
  INVALID_OPERATION = 1002,
  PROVIDER_FAILURE = 1003,
}

-- Method names used by the code, so a typo is a nil index rather than a silent miss.
M.m = {
  initialize = "initialize",
  initialized = "initialized",
  shutdown = "shutdown",
  exit = "exit",
  cancel = "$/cancelRequest",
  server_methods = "grove/server/methods",
  project_create = "grove/project/create",
  project_list = "grove/project/list",
  project_get = "grove/project/get",
  project_structure = "grove/project/structure",
  project_rename = "grove/project/rename",
  project_delete = "grove/project/delete",
  project_restore = "grove/project/restore",
  project_set_cursor = "grove/project/setCursor",
  project_did_change = "grove/project/didChange",
  unit_append = "grove/unit/append",
  unit_get = "grove/unit/get",
  unit_get_many = "grove/unit/getMany",
  unit_revisions = "grove/unit/revisions",
  unit_edit = "grove/unit/edit",
  unit_set_scope = "grove/unit/setScope",
  unit_delete = "grove/unit/delete",
  mainline_set = "grove/mainline/set",
  branch_update = "grove/branch/update",
  scope_preview = "grove/scope/preview",
  scope_reset = "grove/scope/reset",
  history_undo = "grove/history/undo",
  history_redo = "grove/history/redo",
  search = "grove/search",
  chat_send = "grove/chat/send",
  chat_did_stream = "grove/chat/didStream",
  provider_list = "grove/provider/list",
  suggestion_list = "grove/suggestion/list",
  suggestion_resolve = "grove/suggestion/resolve",
  suggestion_did_create = "grove/suggestion/didCreate",
  suggestion_did_change = "grove/suggestion/didChange",
  memolet_create = "grove/memolet/create",
  memolet_get = "grove/memolet/get",
  memolet_search = "grove/memolet/search",
  memolet_complete = "grove/memolet/complete",
  sandbox_list = "grove/memolet/sandbox/list",
  sandbox_add = "grove/memolet/sandbox/add",
  sandbox_remove = "grove/memolet/sandbox/remove",
  memolet_did_change = "grove/memolet/didChange",
  memolet_list = "grove/memolet/list",
  memolet_map = "grove/memolet/map",
  sandbox_group = "grove/memolet/sandbox/group",
  sandbox_ungroup = "grove/memolet/sandbox/ungroup",
  chat_regenerate = "grove/chat/regenerate",
  chat_refine = "grove/chat/refine",
  branch_summarize = "grove/branch/summarize",
  branch_return = "grove/branch/return",
  suggestion_analyze = "grove/suggestion/analyze",
  initiative_get = "grove/initiative/get",
  initiative_set = "grove/initiative/set",
  capsule_extract = "grove/capsule/extract",
  capsule_list = "grove/capsule/list",
  capsule_update = "grove/capsule/update",
  capsule_set_enabled = "grove/capsule/setEnabled",
  capsule_delete = "grove/capsule/delete",
  user_model_get = "grove/userModel/get",
  user_model_reset = "grove/userModel/reset",
  server_clients = "grove/server/clients",
  -- Board and knowledge map (DESIGN §11), per workspace.
  workspace_refresh = "grove/workspace/refresh",
  board_capture = "grove/board/capture",
  board_get = "grove/board/get",
  board_edit = "grove/board/edit",
  board_undo = "grove/board/undo",
  board_redo = "grove/board/redo",
  board_did_change = "grove/board/didChange",
  board_reorganize = "grove/board/reorganize",
  knowledge_to_unit = "grove/knowledge/toUnit",
  knowledge_from_unit = "grove/knowledge/fromUnit",
  knowledge_ingest = "grove/knowledge/ingest",
  knowledge_get = "grove/knowledge/get",
  knowledge_ask = "grove/knowledge/ask",
  knowledge_edit = "grove/knowledge/edit",
  knowledge_suggest = "grove/knowledge/suggest",
  knowledge_undo = "grove/knowledge/undo",
  knowledge_redo = "grove/knowledge/redo",
  knowledge_did_change = "grove/knowledge/didChange",
  progress = "$/progress",
}

-- The mirror proper: every `**Method:**` of PROTOCOL.md, in its order, with whether
-- this client uses it.
M.methods = {
  { "grove/project/create", used = true },
  { "grove/project/list", used = true },
  { "grove/project/get", used = true },
  { "grove/project/structure", used = true },
  { "grove/project/branches", used = false },
  { "grove/project/rename", used = true },
  { "grove/project/delete", used = true },
  { "grove/project/restore", used = true },
  { "grove/project/setCursor", used = true },
  { "grove/unit/append", used = true },
  { "grove/unit/get", used = false },
  { "grove/unit/getMany", used = true },
  { "grove/unit/revisions", used = true },
  { "grove/unit/edit", used = true },
  { "grove/unit/setScope", used = true },
  { "grove/unit/delete", used = true },
  { "grove/mainline/set", used = true },
  { "grove/branch/update", used = true },
  { "grove/scope/preview", used = true },
  { "grove/scope/reset", used = true },
  { "grove/history/undo", used = true },
  { "grove/history/redo", used = true },
  { "grove/search", used = true },
  { "grove/chat/send", used = true },
  { "grove/chat/regenerate", used = true },
  { "grove/branch/summarize", used = true },
  { "grove/branch/return", used = true },
  { "grove/provider/list", used = true },
  { "grove/suggestion/analyze", used = true },
  { "grove/suggestion/list", used = true },
  { "grove/suggestion/resolve", used = true },
  { "grove/initiative/get", used = true },
  { "grove/initiative/set", used = true },
  { "grove/capsule/extract", used = true },
  { "grove/capsule/list", used = true },
  { "grove/capsule/update", used = true },
  { "grove/capsule/setEnabled", used = true },
  { "grove/capsule/delete", used = true },
  { "grove/userModel/get", used = true },
  { "grove/userModel/reset", used = true },
  { "grove/memolet/create", used = true },
  { "grove/memolet/get", used = true },
  { "grove/memolet/list", used = true },
  { "grove/memolet/search", used = true },
  { "grove/memolet/map", used = true },
  { "grove/memolet/complete", used = true },
  { "grove/memolet/sandbox/list", used = true },
  { "grove/memolet/sandbox/add", used = true },
  { "grove/memolet/sandbox/remove", used = true },
  { "grove/memolet/sandbox/group", used = true },
  { "grove/memolet/sandbox/ungroup", used = true },
  { "grove/chat/refine", used = true },
  { "grove/board/capture", used = true },
  { "grove/board/get", used = true },
  { "grove/board/edit", used = true },
  { "grove/board/undo", used = true },
  { "grove/board/redo", used = true },
  { "grove/board/reorganize", used = true },
  { "grove/workspace/configure", used = false },
  { "grove/knowledge/get", used = true },
  { "grove/knowledge/edit", used = true },
  { "grove/knowledge/undo", used = true },
  { "grove/knowledge/redo", used = true },
  { "grove/knowledge/classify", used = false },
  { "grove/knowledge/ask", used = true },
  { "grove/knowledge/toUnit", used = true },
  { "grove/knowledge/suggest", used = true },
  { "grove/knowledge/fromUnit", used = true },
  { "grove/knowledge/ingest", used = true },
  { "grove/workspace/refresh", used = true },
  { "grove/import/run", used = false },
  { "grove/export/run", used = false },
  { "grove/server/methods", used = true },
  { "grove/server/clients", used = false },
}

-- Every `**Notification:**` of PROTOCOL.md (server to client).
M.notifications = {
  { "grove/project/didChange", used = true },
  { "grove/chat/didStream", used = true },
  { "grove/suggestion/didCreate", used = true },
  { "grove/suggestion/didChange", used = true },
  { "grove/memolet/didChange", used = true },
  { "grove/board/didChange", used = true },
  { "grove/knowledge/didChange", used = true },
}

-- The lifecycle messages of PROTOCOL.md's Lifecycle section.
M.lifecycle = { "initialize", "initialized", "shutdown", "exit", "$/cancelRequest" }

-- LSP work-done progress (`$/progress`), which long calls (knowledge ingest and ask)
-- report against the workDoneToken the client gives them.
M.lsp = { "$/progress" }

-- Announced by work in progress but not yet in PROTOCOL.md. The client calls them only when the server lists them in
-- grove/server/methods; each moves to the tables above when the document has it
-- (tests/protocol_spec.lua fails until it does).
M.upcoming = {}

-- Methods every server of protocol version 1 has (DESIGN §6 foundation), assumed
-- when the server does not answer grove/server/methods.
M.foundation = {
  "grove/project/create", "grove/project/list", "grove/project/get", "grove/project/rename",
  "grove/project/delete", "grove/project/restore", "grove/unit/append", "grove/unit/get",
  "grove/unit/getMany", "grove/unit/revisions", "grove/unit/edit", "grove/unit/setScope",
  "grove/unit/delete", "grove/mainline/set", "grove/branch/update", "grove/scope/preview",
  "grove/scope/reset", "grove/history/undo", "grove/history/redo", "grove/search",
}

-- An empty JSON object: Neovim 0.7 encodes a plain {} as [].
function M.empty()
  return vim.empty_dict()
end

-- JSON null for "clear this field" (an absent field means "unchanged").
M.null = vim.NIL

return M
