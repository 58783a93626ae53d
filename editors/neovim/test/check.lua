-- Headless check of baton-lsp through Neovim's own LSP client and editors/neovim/baton.lua.
-- Opens BATON_FILE, waits for its diagnostics, asks for completion at BATON_COMPLETE and
-- hover at BATON_HOVER ("line:character", 0-based), prints one JSON object and quits.
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

local ok, problem = pcall(function()
  local here = debug.getinfo(1, 'S').source:sub(2)
  package.path = vim.fn.fnamemodify(here, ':p:h:h') .. '/?.lua;' .. package.path
  local file = assert(os.getenv('BATON_FILE'), 'BATON_FILE is required')
  local timeout = tonumber(os.getenv('BATON_TIMEOUT') or '30000')

  local published = nil
  local default = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    if result and result.uri == vim.uri_from_fname(file) and #result.diagnostics > 0 then
      published = result.diagnostics
    end
    return default(err, result, ctx, config)
  end

  vim.cmd('filetype on')
  require('baton').setup({ cmd = { assert(os.getenv('BATON_LSP'), 'BATON_LSP is required') } })
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  report.filetype = vim.bo[buf].filetype

  vim.wait(timeout, function() return published ~= nil end, 20)
  report.diagnostics = {}
  for _, d in ipairs(published or {}) do
    table.insert(report.diagnostics, { line = d.range.start.line, character = d.range.start.character,
                                       message = d.message, severity = d.severity })
  end

  local function ask(method, at)
    local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = position(at) }
    local answers = vim.lsp.buf_request_sync(buf, method, params, timeout) or {}
    for _, answer in pairs(answers) do
      if answer.result ~= nil then return answer.result end
    end
    return nil
  end
  local items = ask('textDocument/completion', os.getenv('BATON_COMPLETE') or '0:0') or {}
  report.completion = {}
  for _, item in ipairs(items.items or items) do table.insert(report.completion, item.label) end
  local hover = ask('textDocument/hover', os.getenv('BATON_HOVER') or '0:0')
  report.hover = hover and hover.contents and hover.contents.value or vim.NIL
end)
if not ok then report.error = tostring(problem) end
finish(ok and 0 or 1)
