-- baton-lsp for Neovim's built-in client (Neovim 0.7 or later), for Swift and GraphQL buffers.
--
-- Put this file on 'runtimepath' (for example as ~/.config/nvim/lua/baton.lua) and call
--
--   require('baton').setup({
--     cmd = { '/path/to/.build/debug/baton-lsp', '--stdio' },   -- default: baton-lsp on PATH
--     on_attach = function(client, buf) ... end,                  -- optional, your key maps
--   })
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

local function root_of(path)
  local start = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs(M.root_markers) do
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
end

return M
