-- baton-lsp for Neovim's built-in client (Neovim 0.7 or later), for Swift and GraphQL buffers.
--
-- Put this file on 'runtimepath' (for example as ~/.config/nvim/lua/baton.lua) and call
--
--   require('baton').setup({
--     cmd = { '/path/to/.build/debug/baton-lsp', '--stdio' },   -- default: baton-lsp on PATH
--     on_attach = function(client, buf) ... end,                  -- optional, your key maps
--     sourcekit = true,   -- optional: also start sourcekit-lsp for Swift buffers (or { cmd = {...} })
--   })
--
-- Swift buffers get two servers side by side: baton-lsp for the GraphQL inside marker
-- literals, sourcekit-lsp for the Swift. Each publishes its own diagnostics (Neovim keeps
-- them apart, one namespace per client), and completion and hover ask both. With
-- `sourcekit = true` this file starts sourcekit-lsp itself (root: the nearest Package.swift,
-- else compile_commands.json, else .git); if nvim-lspconfig already starts it
-- (`require('lspconfig').sourcekit.setup({})`), leave `sourcekit` off: both attach anyway.
--
-- One server runs per project root: the nearest directory above the file that holds
-- baton.json (else Package.swift, else .git, else the file's own directory). That root is
-- the workspace folder; the server finds every baton.json under it. Completion is omnifunc
-- (<C-x><C-o>), hover is vim.lsp.buf.hover(), definition vim.lsp.buf.definition(), references
-- vim.lsp.buf.references(), the outline vim.lsp.buf.document_symbol().
-- Inlay hints (each field's Swift lens type) stay off until you ask: on Neovim 0.10 or later,
-- vim.lsp.inlay_hint.enable(true). Semantic tokens colour the GraphQL when Neovim supports them.
local M = {}

M.root_markers = { 'baton.json', 'Package.swift', '.git' }

-- Running clients by root directory.
local clients = {}

local function nearest(path, markers)
  local start = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs(markers) do
    local dir = start
    while dir ~= nil and dir ~= '' do
      if vim.loop.fs_stat(dir .. '/' .. marker) then return dir end
      local parent = vim.fn.fnamemodify(dir, ':h')
      if parent == dir then break end
      dir = parent
    end
  end
  return start
end

local function root_of(path) return nearest(path, M.root_markers) end

--- Starts (or reuses) the server for a buffer's project and attaches the buffer.
function M.attach(buf, opts)
  opts = opts or M.options or {}
  local name = vim.api.nvim_buf_get_name(buf)
  if name == '' then return nil end
  local root = root_of(name)
  local id = clients[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client({
      name = 'baton',
      cmd = opts.cmd or { 'baton-lsp', '--stdio' },
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
      capabilities = opts.capabilities,
      on_attach = function(client, attached)
        vim.bo[attached].omnifunc = 'v:lua.vim.lsp.omnifunc'
        if opts.on_attach then opts.on_attach(client, attached) end
      end,
    })
    clients[root] = id
  end
  if id ~= nil then vim.lsp.buf_attach_client(buf, id) end
  return id
end

M.sourcekit_root_markers = { 'Package.swift', 'compile_commands.json', '.git' }

-- Running sourcekit-lsp clients by root directory.
local sourcekit_clients = {}

--- Starts (or reuses) sourcekit-lsp for a Swift buffer's package and attaches the buffer,
--- next to baton-lsp.
function M.attach_sourcekit(buf, opts)
  opts = opts or {}
  local name = vim.api.nvim_buf_get_name(buf)
  if name == '' then return nil end
  local root = nearest(name, M.sourcekit_root_markers)
  local id = sourcekit_clients[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client({
      name = 'sourcekit-lsp',
      cmd = opts.cmd or { 'sourcekit-lsp' },
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ':t') } },
      capabilities = opts.capabilities,
      on_attach = opts.on_attach,
    })
    sourcekit_clients[root] = id
  end
  if id ~= nil then vim.lsp.buf_attach_client(buf, id) end
  return id
end

function M.setup(opts)
  M.options = opts or {}
  -- Neovim does not know GraphQL files by itself before 0.9.
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { graphql = 'graphql', graphqls = 'graphql', gql = 'graphql' } })
  end
  local group = vim.api.nvim_create_augroup('baton-lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = { 'swift', 'graphql' },
    callback = function(args) M.attach(args.buf) end,
  })
  local sourcekit = M.options.sourcekit
  if sourcekit then
    local sourcekit_opts = type(sourcekit) == 'table' and sourcekit or {}
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = { 'swift' },
      callback = function(args) M.attach_sourcekit(args.buf, sourcekit_opts) end,
    })
  end
end

return M
