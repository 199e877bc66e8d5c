-- Memolets from Neovim against the real server: `@` completion of a memolet the
-- server made, in the chat's prompt area (by <C-x><C-o> and by itself), sent as
-- typed; :Grove memolets with its keys (add to the sandbox, reference, full text);
-- :Grove sandbox following changes made elsewhere, and removal; memolets made of a chat unit and of a selection of its
-- text (byte offsets past multibyte text); a clear message from a server without them.
local h = require("tests.helpers")
local chat = require("grove.ui.chat")
local client = require("grove.client")
local complete = require("grove.complete")
local config = require("grove.config")
local views = require("grove.ui.memolets")

local NEEDED = {
  "grove/memolet/create",
  "grove/memolet/get",
  "grove/memolet/list",
  "grove/memolet/search",
  "grove/memolet/complete",
  "grove/memolet/sandbox/list",
  "grove/memolet/sandbox/add",
  "grove/memolet/sandbox/remove",
}

local function offered()
  for _, method in ipairs(NEEDED) do
    if not h.supports(method) then
      h.skip_note(method)
      pending("memolets not offered by this server")
      return false
    end
  end
  return true
end

-- A conversation about loading parser configuration, and a memolet of it made
-- through the server, titled after the project (search spans every project).
local function project_with_memolet(name)
  local pid = h.new_project(name)
  local u1 = h.append(pid, nil, "user", "How does the loader read the TOML parser configuration?")
  local u2 = h.append(pid, u1.id, "assistant", "The café loader calls parseConfig on every TOML file and caches the parsed configuration per directory.")
  h.set_cursor(u2.id)
  local mm = h.rpc("grove/memolet/create", { projectId = pid, unitIds = { u1.id, u2.id }, title = "Parser configuration " .. name })
  return pid, mm, u1, u2
end

local function reference(mm)
  return "@[" .. mm.title .. "](memolet:" .. mm.id .. ")"
end

-- Keys that pick the menu item whose text is `word` (the menu may hold other memolets).
local function pick(word)
  return function(info)
    for i, item in ipairs(info.items) do
      if item.word == word then
        return string.rep("<C-n>", i - 1 - info.selected) .. "<C-y>"
      end
    end
    return "<C-e>"
  end
end

local function to_prompt()
  local buf = chat.buf()
  chat.set_prompt("")
  vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
  vim.api.nvim_win_set_cursor(0, { vim.api.nvim_buf_line_count(buf), 0 })
end

local function in_list(list, id)
  for _, mm in ipairs(list or {}) do
    if mm.id == id then
      return mm
    end
  end
end

describe("memolets", function()
  setup(h.start_server)
  teardown(h.stop_server)

  it("completes @prefix with <C-x><C-o> from a real memolet and sends the reference as typed", function()
    if not offered() then
      return
    end
    local pid, mm = project_with_memolet("Complete")
    to_prompt()
    config.options.memolet_autocomplete = false
    local cot = vim.o.completeopt
    vim.o.completeopt = "menu,menuone" -- a menu even for one match, so the test sees it
    local info = h.complete_with("AExplain @Parser<C-x><C-o>", pick(reference(mm)))
    vim.o.completeopt = cot
    config.options.memolet_autocomplete = true
    assert.truthy(info, "no completion menu opened")
    assert.equals("Explain " .. reference(mm), chat.prompt_text())
    -- :Grove preview (with the prompt area as the message) shows the core resolved it.
    local preview
    require("grove.ui.preview").open(function(res)
      preview = res
    end)
    h.wait(function()
      return preview
    end, "preview")
    require("grove.ui.preview").close()
    local header = "[MEMOLET: " .. mm.title .. " | memolet:" .. mm.id .. " | chat | MENTION]"
    assert.truthy(preview.system:find(header, 1, true), preview.system)
    -- The float lists each memory block and why it is there, above the prompt.
    local shown = require("grove.ui.preview").format(preview)
    assert.truthy(shown[1]:find("── memory: ", 1, true), shown[1])
    assert.truthy(shown[2]:find("^mention%s+chat%s+"), shown[2])
    assert.truthy(shown[2]:find("(" .. mm.id .. ")", 1, true), shown[2])
    -- x on that line leaves the memory out: the preview is asked again with the choice.
    local pv = require("grove.ui.preview")
    local again
    pv.open(function(res)
      again = res
    end)
    h.wait(function()
      return again and pv.win()
    end, "preview float")
    vim.api.nvim_set_current_win(pv.win())
    vim.api.nvim_win_set_cursor(0, { 2, 0 })
    local before = again
    h.feed("x")
    local dropped
    h.wait(function()
      local buf_lines = vim.api.nvim_buf_get_lines(pv.buf(), 0, -1, false)
      dropped = not table.concat(buf_lines, "\n"):find(header, 1, true)
      return dropped
    end, "the preview without the removed memory")
    assert.truthy(before.system:find(header, 1, true))
    assert.same({ remove = { mm.id } }, require("grove.state").memory_choice())
    pv.close()
    -- The reference goes to the server as typed.
    to_prompt()
    chat.set_prompt("Explain " .. reference(mm))
    h.feed("<C-s>")
    h.wait(function()
      return require("grove.state").sending() == nil
    end, "the turn finished")
    -- The choice went with that message and is spent.
    assert.is_nil(require("grove.state").memory_choice())
    local sent
    for _, u in ipairs(h.rpc("grove/project/get", { projectId = pid }).units) do
      if u.role == "user" and u.content:find("Explain", 1, true) then
        sent = u
      end
    end
    assert.truthy(sent, "the message was stored")
    assert.equals("Explain " .. reference(mm), sent.content)
  end)

  it("opens the menu by itself while @prefix is typed, without replacing the typed text", function()
    if not offered() then
      return
    end
    local _, mm = project_with_memolet("Autocomplete")
    to_prompt()
    local cot = vim.o.completeopt
    local typed_line
    local info = h.complete_with("AAsk about @Pars", function(i)
      typed_line = vim.api.nvim_get_current_line()
      return pick(reference(mm))(i)
    end)
    assert.truthy(info, "no completion menu opened")
    assert.equals("Ask about @Pars", typed_line) -- nothing inserted before a choice
    local labels = {}
    for _, item in ipairs(info.items) do
      labels[item.abbr] = true
    end
    assert.is_true(labels["@" .. mm.title], vim.inspect(info.items))
    assert.equals("Ask about " .. reference(mm), chat.prompt_text())
    assert.equals(cot, vim.o.completeopt) -- given back on leaving insert mode
  end)

  it("only completes an @ at the start of a word", function()
    assert.same({ 5, "Pa" }, { complete.context("see @Pa", 7) })
    assert.same({ 1, "" }, { complete.context("@", 1) })
    assert.is_nil(complete.context("mail@Pa", 7))
    assert.is_nil(complete.context("see @[Parser](memolet:abc)", 26))
  end)

  it(":Grove memolets lists results; a adds to the sandbox, @ references, <CR> shows the text", function()
    if not offered() then
      return
    end
    local pid, mm = project_with_memolet("Search")
    vim.cmd("Grove memolets parser configuration")
    h.wait(function()
      return views.buf("search") and h.find_line(views.buf("search"), "● " .. mm.title)
    end, "search results shown")
    local buf = views.buf("search")
    local row = h.find_line(buf, "● " .. mm.title)
    local head = h.lines(buf)[row]
    assert.truthy(head:find("score %d"), head)
    assert.truthy(head:find("made by you", 1, true), head) -- grove/memolet/create made it
    assert.falsy(head:find("in sandbox", 1, true))
    assert.falsy(head:find("another conversation", 1, true)) -- it is this project's
    -- The entry shows the sentences that matched (or the summary).
    assert.truthy(h.lines(buf)[row + 1]:find("keywords:", 1, true) or h.lines(buf)[row + 1]:find("›", 1, true))
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { row + 1, 0 })
    h.feed("a")
    h.wait(function()
      return h.lines(buf)[row]:find("in sandbox", 1, true)
    end, "entry marked as in the sandbox")
    local sb = h.rpc("grove/memolet/sandbox/list", { projectId = pid })
    assert.truthy(in_list(sb.memolets, mm.id), vim.inspect(sb))
    -- @ puts the reference at the end of the chat's prompt area.
    chat.set_prompt("")
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { row, 0 })
    h.feed("@")
    assert.equals(reference(mm), chat.prompt_text())
    chat.set_prompt("")
    -- <CR> shows the memolet's full text from grove/memolet/get.
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { row, 0 })
    h.feed("<CR>")
    h.wait(function()
      return views.float_buf() and h.find_line(views.float_buf(), "parseConfig")
    end, "full text shown")
    assert.equals("# " .. mm.title, h.lines(views.float_buf())[1])
    h.feed("q")
  end)

  it("o on a search result opens its conversation in the map at the exchange it points at", function()
    if not offered() then
      return
    end
    local pid, mm, u1 = project_with_memolet("Opened")
    h.new_project("Elsewhere")
    assert.are_not.equal(pid, require("grove.state").project_id())
    vim.cmd("Grove memolets parser configuration")
    h.wait(function()
      return views.buf("search") and h.find_line(views.buf("search"), "● " .. mm.title)
    end, "search results shown")
    -- Where the server says the hit is: its focus, else the memolet's first unit.
    local res = h.rpc("grove/memolet/search", { query = "parser configuration", limit = 20 })
    local expected
    for _, r in ipairs(res.results) do
      if r.memolet.id == mm.id then
        expected = (r.focusUnitIds or {})[1] or u1.id
      end
    end
    assert.truthy(expected, vim.inspect(res))
    local buf = views.buf("search")
    assert.truthy(h.lines(buf)[2]:find("o open where it matched", 1, true), h.lines(buf)[2])
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { h.find_line(buf, "● " .. mm.title), 0 })
    h.feed("o")
    local map = require("grove.ui.map")
    h.wait(function()
      return require("grove.state").project_id() == pid and map.unit_at_cursor() == expected
    end, "the map of the memolet's conversation, at the unit the hit points at")
  end)

  it(":Grove sandbox lists the sandbox and x removes a memolet from it", function()
    if not offered() then
      return
    end
    local pid, mm = project_with_memolet("Sandbox")
    vim.cmd("Grove sandbox")
    h.wait(function()
      return views.buf("sandbox") and h.find_line(views.buf("sandbox"), "Sandbox of Sandbox · 0 memolets")
    end, "empty sandbox shown")
    local buf = views.buf("sandbox")
    -- Added elsewhere (another editor on the same core): grove/memolet/didChange
    -- brings it into the open view.
    h.rpc("grove/memolet/sandbox/add", { projectId = pid, memoletId = mm.id })
    h.wait(function()
      return h.find_line(buf, "● " .. mm.title)
    end, "sandbox view follows the change")
    assert.truthy(h.lines(buf)[1]:find("Sandbox of Sandbox · 1 memolet", 1, true), h.lines(buf)[1])
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { h.find_line(buf, "● " .. mm.title), 0 })
    h.feed("x")
    h.wait(function()
      return not h.find_line(buf, "● " .. mm.title)
    end, "entry gone")
    local sb = h.rpc("grove/memolet/sandbox/list", { projectId = pid })
    assert.is_nil(in_list(sb.memolets, mm.id))
  end)

  it(":Grove sandbox shows groups with their members under them", function()
    if not offered() then
      return
    end
    local pid, mm, u1 = project_with_memolet("Groups")
    local other = h.rpc("grove/memolet/create", { projectId = pid, unitIds = { u1.id }, title = "TOML question" })
    vim.cmd("Grove sandbox")
    h.wait(function()
      return views.buf("sandbox") and h.find_line(views.buf("sandbox"), "Sandbox of Groups")
    end, "sandbox shown")
    local buf = views.buf("sandbox")
    h.rpc("grove/memolet/sandbox/group", { projectId = pid, memoletIds = { mm.id, other.id }, title = "Loader notes" })
    h.wait(function()
      return h.find_line(buf, "▸ group: Loader notes")
    end, "group shown")
    local g = h.find_line(buf, "▸ group: Loader notes")
    local members = {}
    for i = g + 1, #h.lines(buf) do
      local title = h.lines(buf)[i]:match("^  ● (.*)$")
      if title then
        members[title] = true
      end
    end
    assert.same({ [mm.title] = true, ["TOML question"] = true }, members)
    -- Keys work on a member too: x takes it out of the sandbox (and so its group).
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { h.find_line(buf, "  ● TOML question"), 0 })
    h.feed("x")
    h.wait(function()
      return not h.find_line(buf, "TOML question")
    end, "member removed")
  end)

  it("makes a memolet of the unit under the cursor with gM", function()
    if not offered() then
      return
    end
    local pid, _, _, u2 = project_with_memolet("Make")
    local buf = chat.buf()
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { chat.row_of(u2.id) + 2, 0 })
    local restore = h.stub_ui({ input = "Loader caching" })
    h.feed("gM")
    local made
    h.rpc_until("grove/memolet/list", { projectId = pid }, function(res)
      for _, mm in ipairs(res.memolets) do
        if mm.title == "Loader caching" then
          made = mm
        end
      end
      return made
    end, "memolet made")
    restore()
    assert.same({ u2.id }, made.sourceUnitIds)
    assert.is_true(made.manual)
  end)

  it("makes a memolet of a charwise selection inside one unit, as a byte span", function()
    if not offered() then
      return
    end
    local pid, _, _, u2 = project_with_memolet("Span")
    local buf = chat.buf()
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    local wanted = "parseConfig on every TOML file"
    local start = u2.content:find(wanted, 1, true) - 1 -- bytes, after the two-byte "é"
    local row = chat.row_of(u2.id) + 2 -- first content line, below the header
    local line = h.lines(buf)[row]
    local col = line:find(wanted, 1, true) - 1
    vim.api.nvim_win_set_cursor(0, { row, col })
    local restore = h.stub_ui({ input = "" })
    h.feed("v" .. (#wanted - 1) .. "lgM")
    local made
    h.rpc_until("grove/memolet/list", { projectId = pid }, function(res)
      for _, mm in ipairs(res.memolets) do
        if type(mm.span) == "table" and mm.span.unitId == u2.id then
          made = mm
        end
      end
      return made
    end, "span memolet made")
    restore()
    assert.equals(start, made.span.start)
    assert.equals(start + #wanted, made.span["end"])
    local got = h.rpc("grove/memolet/get", { memoletId = made.id })
    assert.truthy(got.text:find(wanted, 1, true), got.text)
  end)

  it("shows the memolet an answer cites with K, and finds ids in every citation form", function()
    local l = "See @[Parser](memolet:m_1), [citation:m_2], [[citation: m_3]] and [citation:m_4, m_5]."
    local function id_at(sub)
      return chat.memolet_id_at(l, l:find(sub, 1, true) - 1)
    end
    assert.equals("m_1", id_at("@[Parser"))
    assert.equals("m_2", id_at("[citation:m_2"))
    assert.equals("m_3", id_at("m_3"))
    assert.equals("m_5", id_at("m_5"))
    assert.is_nil(id_at("See"))
    if not offered() then
      return
    end
    local pid, mm, _, u2 = project_with_memolet("Cite")
    local answer = h.append(pid, u2.id, "assistant", "Cache per directory, as before [citation:" .. mm.id .. "].")
    h.set_cursor(answer.id)
    local buf = chat.buf()
    local row = h.find_line(buf, "[citation:" .. mm.id .. "]")
    vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
    vim.api.nvim_win_set_cursor(0, { row, (h.lines(buf)[row]:find("citation", 1, true)) })
    h.feed("K")
    h.wait(function()
      return views.float_buf() and h.lines(views.float_buf())[1] == "# " .. mm.title
    end, "cited memolet shown")
    assert.truthy(h.find_line(views.float_buf(), "parseConfig"))
    h.feed("q")
  end)

  it("says clearly when the server offers no memolets", function()
    h.stop_server()
    local here = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h")
    local saved = config.options.cmd
    config.options.cmd = { here .. "/fixtures/foundation-server" }
    local seen, restore = h.record_notify()
    vim.cmd("Grove memolets parser")
    h.wait(function()
      return #seen > 0
    end, "a message")
    restore()
    h.stop_server()
    config.options.cmd = saved
    assert.truthy(seen[1].msg:find("does not offer memolets", 1, true), vim.inspect(seen))
    -- Completion stays quiet: no items, no error.
    local items
    require("grove.memolets").complete("Pa", function(list)
      items = list
    end)
    assert.same({}, items)
    assert.is_false(client.supports("grove/memolet/complete"))
  end)
end)
