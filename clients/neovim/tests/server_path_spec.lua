-- Which grove-server the plugin starts when `cmd` is not set: $GROVE_SERVER, then the
-- server built in the plugin's checkout (what the lazy.nvim / packer build step
-- `scripts/build grove-server` makes), then grove-server on PATH. And the lazy.nvim
-- spec of the README, run in a clean Neovim, finds the checkout's server by itself.
local config = require("grove.config")

local repo = vim.fn.fnamemodify(debug.getinfo(1, "S").source:sub(2), ":p:h:h:h:h")

local function fake_executable(path)
  vim.fn.mkdir(vim.fn.fnamemodify(path, ":h"), "p")
  vim.fn.writefile({ "#!/bin/sh", "exit 0" }, path)
  vim.fn.setfperm(path, "rwxr-xr-x")
  return path
end

describe("the server command", function()
  local dir, saved_options, saved_checkout, saved_env, saved_path

  before_each(function()
    dir = vim.fn.tempname()
    saved_options = vim.deepcopy(config.options)
    saved_checkout = config.checkout_server
    saved_env, saved_path = vim.env.GROVE_SERVER, vim.env.PATH
    config.set({ log_file = dir .. "/server.log" })
    vim.env.GROVE_SERVER = nil
    -- Only the test's own directory on PATH: an installed grove-server must not interfere.
    vim.env.PATH = dir .. "/bin"
  end)

  after_each(function()
    config.options = saved_options
    config.checkout_server = saved_checkout
    vim.env.GROVE_SERVER, vim.env.PATH = saved_env, saved_path
    vim.fn.delete(dir, "rf")
  end)

  it("is cmd when set, before everything else", function()
    vim.env.GROVE_SERVER = fake_executable(dir .. "/env/grove-server")
    config.set({ cmd = "/opt/grove/grove-server", log_file = dir .. "/server.log" })
    assert.are.equal("/opt/grove/grove-server", config.server_cmd()[1])
  end)

  it("is $GROVE_SERVER, then the checkout's build, then PATH", function()
    local env = fake_executable(dir .. "/env/grove-server")
    local built = fake_executable(dir .. "/checkout/build/lsp-server/grove-server")
    fake_executable(dir .. "/bin/grove-server")
    config.checkout_server = function()
      return built
    end
    vim.env.GROVE_SERVER = env
    assert.are.equal(env, config.server_cmd()[1])
    vim.env.GROVE_SERVER = nil
    -- The checkout's build is the plugin's own version: it wins over an installed one.
    assert.are.equal(built, config.server_cmd()[1])
    config.checkout_server = function()
      return dir .. "/checkout/not-built/grove-server"
    end
    assert.are.equal("grove-server", config.server_cmd()[1])
  end)

  it("says how to get a server when there is none", function()
    config.checkout_server = function()
      return dir .. "/checkout/not-built/grove-server"
    end
    local cmd, why = config.server_cmd()
    assert.is_nil(cmd)
    assert.truthy(why:find("scripts/build grove-server", 1, true), why)
    assert.truthy(why:find("grove-server package", 1, true), why)
  end)

  it("is the checkout's build with the README's lazy.nvim spec, in a clean Neovim", function()
    local built = repo .. "/build/lsp-server/grove-server"
    if vim.fn.executable(built) ~= 1 then
      pending("the repository's grove-server is not built")
      return
    end
    -- What lazy.nvim runs after cloning the repository into plugin.dir (clients/neovim/README.md).
    local spec_config = [[
      local p = { dir = vim.env.GROVE_TEST_CHECKOUT }
      vim.opt.rtp:append(p.dir .. "/clients/neovim"); vim.cmd("runtime plugin/grove.lua")
      require("grove").setup({})
    ]]
    local report = [[
      local cmd, why = require("grove.config").server_cmd()
      io.stdout:write(vim.fn.exists(":Grove") .. " " .. tostring(cmd and cmd[1] or why) .. "\n")
    ]]
    vim.env.GROVE_TEST_CHECKOUT = repo
    local out = vim.fn.system({
      vim.v.progpath, "--headless", "--clean",
      "-c", "lua " .. spec_config:gsub("\n", " "),
      "-c", "lua " .. report:gsub("\n", " "),
      "-c", "qa!",
    })
    vim.env.GROVE_TEST_CHECKOUT = nil
    assert.are.equal("2 " .. built, vim.trim(out))
  end)
end)
