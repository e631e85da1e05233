-- End-to-end test of carc in Neovim's built-in LSP client (runs on Debian's 0.7 and later).
-- Started by test/run.sh:  nvim --headless -n -i NONE -u NONE -c 'luafile test/e2e.lua'
-- Environment: CARC_NVIM (this plugin's folder), CARC_BIN (the binary), CARC_FILE (a copy of
-- tests/data/edge-mismatch.carc: `edge-mismatch` on line 4, fixed by ` r180` after `0,1`),
-- CARC_SETUP (`module`: require('carc').setup(); or a snippet file from snippets/).

local TIMEOUT = 15000 -- ms, for each wait

local failures = 0
local function out(line)
  io.stdout:write(line .. '\n')
  io.stdout:flush()
end
local function check(name, ok, detail)
  if ok then
    out('PASS nvim: ' .. name)
  else
    failures = failures + 1
    out('FAIL nvim: ' .. name .. (detail and (' -- ' .. detail) or ''))
  end
  return ok
end
local function finish()
  for _, client in pairs(vim.lsp.get_active_clients()) do
    client.stop()
  end
  vim.wait(2000, function()
    return #vim.lsp.get_active_clients() == 0
  end, 50)
  if failures == 0 then
    out('PASS nvim: all checks (Neovim ' .. tostring(vim.version().major) .. '.' .. tostring(vim.version().minor) .. ')')
    vim.cmd('qall!')
  else
    out(('FAIL nvim: %d check(s) failed'):format(failures))
    vim.cmd('cquit 1')
  end
end

local function run()
  local plugin = assert(os.getenv('CARC_NVIM'), 'CARC_NVIM is not set')
  local binary = assert(os.getenv('CARC_BIN'), 'CARC_BIN is not set')
  local file = assert(os.getenv('CARC_FILE'), 'CARC_FILE is not set')

  local setup = os.getenv('CARC_SETUP') or 'module'
  local module = setup == 'module'
  if module then
    -- The plugin folder: ftdetect, ftplugin, syntax, lua/carc. The snippets stand alone.
    vim.opt.runtimepath:prepend(plugin)
  end
  vim.cmd('filetype plugin on')
  vim.cmd('syntax on')
  if module then
    -- A missing binary: one clear error, no client.
    local notified = {}
    local notify = vim.notify
    vim.notify = function(message, level)
      table.insert(notified, { message = message, level = level })
    end
    require('carc').setup({ cmd = { '/nonexistent/carc', 'lsp' } })
    local id = require('carc').start(0)
    vim.notify = notify
    check('missing binary: a clear error and no client',
      id == nil and #notified == 1 and notified[1].level == vim.log.levels.ERROR
        and notified[1].message:find('/nonexistent/carc', 1, true) ~= nil
        and notified[1].message:find('not found', 1, true) ~= nil,
      vim.inspect(notified))

    require('carc').setup({ cmd = { binary, 'lsp' } })
  else
    -- A snippet of the README, as a user would paste it (`carc` is found on PATH).
    dofile(setup)
  end
  out('     setup: ' .. setup)

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  check('filetype detection', vim.bo[bufnr].filetype == 'carc', 'filetype=' .. vim.bo[bufnr].filetype)
  if module then
    check('comment string', vim.bo[bufnr].commentstring == '# %s', vim.bo[bufnr].commentstring)

    -- Highlighting (the syntax file): `turn` is a statement, `E` a tile letter.
    local function group(lnum, col)
      return vim.fn.synIDattr(vim.fn.synID(lnum, col, 1), 'name')
    end
    check('syntax: statement keyword', group(4, 1) == 'carcStatement', group(4, 1))
    check('syntax: tile letter', group(4, 10) == 'carcTile', group(4, 10))
    check('syntax: coordinate', group(4, 12) == 'carcCoord', group(4, 12))
    check('syntax: comment', group(1, 1) == 'carcComment', group(1, 1))

    -- Tile tokens of more than one letter, in a scratch buffer.
    local file_buf = bufnr
    vim.cmd('enew')
    vim.api.nvim_buf_set_lines(0, 0, -1, false,
      { 'tile Eg 0,0', 'turn red ic.A 1,0 r90', 'discard tb.X', 'discard ic.',
        'refused illegal-discard: discard Eg' })
    vim.bo.filetype = 'carc'
    local tokens = { { 1, 6, 'carcTile' }, { 1, 7, 'carcTile' }, { 2, 10, 'carcTile' },
      { 2, 13, 'carcTile' }, { 3, 9, 'carcTile' }, { 3, 12, 'carcTile' }, { 4, 9, '' },
      { 5, 9, 'carcCode' }, { 5, 26, 'carcStatement' }, { 5, 34, 'carcTile' }, { 5, 35, 'carcTile' } }
    for _, t in ipairs(tokens) do
      local lnum, col, want = t[1], t[2], t[3]
      check(('syntax: tile token at %d:%d'):format(lnum, col), group(lnum, col) == want, group(lnum, col))
    end
    -- A dotted tile token is one word (`iskeyword`): `*`, `ciw` and completion take it whole.
    for _, col in ipairs({ 10, 12, 13 }) do
      vim.api.nvim_win_set_cursor(0, { 2, col - 1 })
      local word = vim.fn.expand('<cword>')
      check(('word: ic.A is one word from column %d'):format(col), word == 'ic.A', word)
    end
    vim.cmd('bwipeout!')

    -- Traders & Builders: the builder and the pig with their places, `bonus`, the goods.
    vim.cmd('enew')
    vim.api.nvim_buf_set_lines(0, 0, -1, false,
      { 'tile U 1,0 r90 red builder E', 'bonus red A 3,0 r90 pig NW => red +5',
        'goods red wine 2, cloth 1', 'expect goods blue grain 1' })
    vim.bo.filetype = 'carc'
    local tb = { { 1, 20, 'carcRole' }, { 1, 28, 'carcPlace' }, { 2, 1, 'carcStatement' },
      { 2, 11, 'carcTile' }, { 2, 21, 'carcRole' }, { 2, 25, 'carcPlace' },
      { 3, 1, 'carcStatement' }, { 3, 11, 'carcConstant' }, { 3, 16, 'carcNumber' },
      { 4, 8, 'carcStatement' }, { 4, 19, 'carcConstant' } }
    for _, t in ipairs(tb) do
      local lnum, col, want = t[1], t[2], t[3]
      check(('syntax: Traders & Builders word at %d:%d'):format(lnum, col), group(lnum, col) == want,
        group(lnum, col))
    end
    vim.cmd('bwipeout!')
    vim.api.nvim_set_current_buf(file_buf)
  end

  local attached = vim.wait(TIMEOUT, function()
    return #vim.lsp.buf_get_clients(bufnr) > 0
  end, 50)
  if not check('client attached', attached) then
    return
  end
  local client = vim.lsp.buf_get_clients(bufnr)[next(vim.lsp.buf_get_clients(bufnr))]
  local caps = client.server_capabilities or {}
  check('server offers hover and inlay hints', caps.hoverProvider and caps.inlayHintProvider,
    vim.inspect({ hover = caps.hoverProvider, inlay = caps.inlayHintProvider }))

  -- 1. The server's diagnostics for the file as it is: edge-mismatch on line 4.
  local function codes()
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(list, ('%s@%d'):format(tostring(code), d.lnum + 1))
    end
    table.sort(list)
    return table.concat(list, ' ')
  end
  vim.wait(TIMEOUT, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 50)
  local before = codes()
  check('diagnostics on open: edge-mismatch on line 4', before == 'edge-mismatch@4', 'got: [' .. before .. ']')
  local first = vim.diagnostic.get(bufnr)[1]
  check('diagnostic is an error', first ~= nil and first.severity == vim.diagnostic.severity.ERROR)

  -- 2. Hover on the tile letter of line 4, through the client.
  local uri = vim.uri_from_bufnr(bufnr)
  local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = uri },
    position = { line = 3, character = 9 },
  }, TIMEOUT)
  local hover_result = hover and hover[client.id] and hover[client.id].result
  local value = hover_result and hover_result.contents and hover_result.contents.value or ''
  check('hover on the tile: markdown', hover_result ~= nil and hover_result.contents.kind == 'markdown',
    vim.inspect(hover))
  check('hover text names tile E and its cell', value:find('**E**', 1, true) ~= nil and value:find('0,1', 1, true) ~= nil,
    vim.inspect(value))

  -- 3. Inlay hints, requested through the client (0.7 has no inlay-hint API of its own).
  local hints = vim.lsp.buf_request_sync(bufnr, 'textDocument/inlayHint', {
    textDocument = { uri = uri },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = 4, character = 0 } },
  }, TIMEOUT)
  local hint_result = hints and hints[client.id] and hints[client.id].result or {}
  local labels = {}
  for _, hint in ipairs(hint_result) do
    local label = hint.label
    if type(label) == 'table' then
      local parts = {}
      for _, part in ipairs(label) do
        table.insert(parts, part.value)
      end
      label = table.concat(parts)
    end
    table.insert(labels, ('%d:%s'):format(hint.position.line + 1, label))
  end
  check('inlay hints returned', #labels > 0, vim.inspect(hints))
  check('an inlay hint on the turn (line 4)', table.concat(labels, '|'):find('4:', 1, true) ~= nil,
    table.concat(labels, ' | '))
  check('every inlay hint has a label', #labels > 0 and not table.concat(labels, '|'):find(':|', 1, true)
    and not table.concat(labels, '|'):match(':$'), table.concat(labels, ' | '))
  out('     inlay hints: ' .. table.concat(labels, ' | '))
  out('     hover: ' .. value:gsub('\n', ' '):sub(1, 200))

  -- 3b. Folding ranges, through the client: the setup (players, tile D: lines 2-3) is the
  -- one fold; the lone comment line 1 folds nothing.
  local folds = vim.lsp.buf_request_sync(bufnr, 'textDocument/foldingRange', {
    textDocument = { uri = uri },
  }, TIMEOUT)
  local fold_result = folds and folds[client.id] and folds[client.id].result or {}
  local spans = {}
  for _, fold in ipairs(fold_result) do
    table.insert(spans, ('%d-%d:%s'):format(fold.startLine + 1, fold.endLine + 1, tostring(fold.kind)))
  end
  check('folding ranges: the setup, lines 2-3', table.concat(spans, ' ') == '2-3:region',
    vim.inspect(folds))

  -- 4. Edit the buffer: turn the city cap the right way up, the error goes away.
  vim.api.nvim_buf_set_text(bufnr, 3, 14, 3, 14, { ' r180' })
  local fixed = vim.wait(TIMEOUT, function()
    return #vim.diagnostic.get(bufnr) == 0
  end, 50)
  check('after the fix (" r180"): no diagnostics', fixed, 'got: [' .. codes() .. ']')

  -- 5. Break a line: a syntax error appears on it.
  vim.api.nvim_buf_set_lines(bufnr, 2, 3, false, { 'tile D 0,0 r45' })
  vim.wait(TIMEOUT, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 50)
  local after = codes()
  check('after the break ("r45"): syntax on line 3', after == 'syntax@3', 'got: [' .. after .. ']')
end

local ok, err = pcall(run)
if not ok then
  check('test script ran', false, tostring(err))
end
finish()
