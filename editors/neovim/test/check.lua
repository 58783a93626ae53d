-- Headless check of baton-lsp through Neovim's own LSP client and editors/neovim/baton.lua.
-- Opens BATON_FILE, waits for its diagnostics, asks baton-lsp for completion at
-- BATON_COMPLETE and hover at BATON_HOVER ("line:character", 0-based; each only when set),
-- prints one JSON object and quits. With BATON_SOURCEKIT (a sourcekit-lsp executable),
-- baton.lua starts sourcekit-lsp beside baton-lsp (`sourcekit = { cmd = ... }`) and the check
-- waits for both servers' diagnostics; `servers` reports each one's and when they came.
--   BATON_LSP=... BATON_FILE=... BATON_COMPLETE=3:8 BATON_HOVER=3:7 \
--     nvim --headless -u NONE -i NONE -n -c 'luafile editors/neovim/test/check.lua'
local report = {}

local function finish(code)
  io.stdout:write(vim.fn.json_encode(report) .. '\n')
  io.stdout:flush()
  vim.cmd(code == 0 and 'qall!' or 'cquit! ' .. code)
end

local function position(text)
  local line, character = text:match('^(%d+):(%d+)$')
  return { line = tonumber(line), character = tonumber(character) }
end

local function simplified(diagnostics)
  local list = {}
  for _, d in ipairs(diagnostics or {}) do
    table.insert(list, { line = d.range.start.line, character = d.range.start.character,
                         message = d.message, severity = d.severity })
  end
  return list
end

local ok, problem = pcall(function()
  local here = debug.getinfo(1, 'S').source:sub(2)
  package.path = vim.fn.fnamemodify(here, ':p:h:h') .. '/?.lua;' .. package.path
  local file = assert(os.getenv('BATON_FILE'), 'BATON_FILE is required')
  local timeout = tonumber(os.getenv('BATON_TIMEOUT') or '30000')
  local sourcekit = os.getenv('BATON_SOURCEKIT')
  local started = vim.loop.hrtime()
  local function ms() return math.floor((vim.loop.hrtime() - started) / 1e6) end

  -- The latest non-empty diagnostics of the file per server (client name), and when the first came.
  local published, first_at = {}, {}
  local default = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    local client = vim.lsp.get_client_by_id(ctx.client_id)
    local name = client and client.name or '?'
    if result and result.uri == vim.uri_from_fname(file) and #result.diagnostics > 0 then
      published[name] = result.diagnostics
      first_at[name] = first_at[name] or ms()
    end
    return default(err, result, ctx, config)
  end
  -- sourcekit-lsp's log messages are noise here.
  vim.lsp.handlers['window/logMessage'] = function() end

  vim.cmd('filetype on')
  require('baton').setup({
    cmd = { assert(os.getenv('BATON_LSP'), 'BATON_LSP is required') },
    sourcekit = sourcekit and { cmd = { sourcekit } } or nil,
  })
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo[buf].filetype

  local wanted = { 'baton' }
  if sourcekit then table.insert(wanted, 'sourcekit-lsp') end
  vim.wait(timeout, function()
    for _, name in ipairs(wanted) do
      if published[name] == nil then return false end
    end
    return true
  end, 20)
  report.diagnostics = simplified(published.baton)
  report.servers = {}
  for _, name in ipairs(wanted) do
    report.servers[name] = { diagnostics = simplified(published[name]), first_ms = first_at[name] or vim.NIL }
  end
  report.attached = {}
  for _, client in pairs(vim.lsp.buf_get_clients(buf)) do table.insert(report.attached, client.name) end
  table.sort(report.attached)

  -- baton-lsp's answer (sourcekit-lsp answers Swift requests too).
  local function ask(method, at)
    local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = position(at) }
    local answers = vim.lsp.buf_request_sync(buf, method, params, timeout) or {}
    for id, answer in pairs(answers) do
      local client = vim.lsp.get_client_by_id(id)
      if client and client.name == 'baton' then return answer.result end
    end
    return nil
  end
  if os.getenv('BATON_COMPLETE') then
    local items = ask('textDocument/completion', os.getenv('BATON_COMPLETE')) or {}
    report.completion = {}
    for _, item in ipairs(items.items or items) do table.insert(report.completion, item.label) end
  end
  if os.getenv('BATON_HOVER') then
    local hover = ask('textDocument/hover', os.getenv('BATON_HOVER'))
    report.hover = hover and hover.contents and hover.contents.value or vim.NIL
  end
  -- Stop the servers politely (sourcekit-lsp would otherwise outlive a killed editor for a while).
  vim.lsp.stop_client(vim.lsp.get_active_clients())
  vim.wait(5000, function() return #vim.lsp.get_active_clients() == 0 end, 50)
end)
if not ok then report.error = tostring(problem) end
finish(ok and 0 or 1)
