-- The tree-sitter grammar (grammar/tree-sitter-carc) in a real Neovim, without
-- nvim-treesitter: load the parser built by `tree-sitter build`, parse a file, check the
-- highlight query's captures, start the highlighter, and see an edit make a syntax error.
-- Run by grammar/tree-sitter-carc/test/run.sh:
--   CARC_NVIM=editors/nvim CARC_PARSER=carc.so CARC_FILE=examples/coat-of-arms.carc \
--     nvim --headless -n -i NONE -u NONE -c 'luafile editors/nvim/test/treesitter.lua'
-- Prints PASS/FAIL lines; exits 1 on the first failure. Works on Neovim 0.7 and later.

local function out(line)
  io.stdout:write(line .. '\n')
end
local function fail(message)
  out('FAIL nvim tree-sitter: ' .. message)
  vim.cmd('cquit 1')
end
local function pass(message)
  out('PASS nvim tree-sitter: ' .. message)
end

vim.opt.runtimepath:append(os.getenv('CARC_NVIM'))
local path = os.getenv('CARC_PARSER')
local loaded, err
if vim.treesitter.language.add then -- 0.9+
  loaded, err = pcall(vim.treesitter.language.add, 'carc', { path = path })
else -- 0.7, 0.8
  loaded, err = pcall(vim.treesitter.require_language, 'carc', path)
end
if not loaded then
  fail('the parser did not load: ' .. tostring(err))
end
pass('the parser loads (' .. path .. ')')

vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('CARC_FILE')))
local parser = vim.treesitter.get_parser(0, 'carc')
local root = parser:parse()[1]:root()
if root:has_error() then
  fail('the file has an ERROR node')
end
pass('the file parses without errors (' .. root:named_child_count() .. ' top-level nodes)')

-- The query of the plugin folder (editors/nvim/queries/carc/highlights.scm).
local get_query = vim.treesitter.query.get or vim.treesitter.get_query
local query = get_query('carc', 'highlights')
if not query then
  fail('no highlights query for carc on the runtime path')
end
-- The capture of the first character of each word on the line that starts with `turn`;
-- expected by hand from queries/highlights.scm.
local row
for i, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
  if line:match('^turn ') then
    row = i - 1
    break
  end
end
if not row then
  fail('the file has no line starting with `turn`')
end
local line = vim.api.nvim_buf_get_lines(0, row, row + 1, false)[1]
local captures = {}
for id, node in query:iter_captures(root, 0, row, row + 1) do
  local start_row, start_col = node:range()
  if start_row == row then
    captures[start_col] = query.captures[id]
  end
end
local words = {}
for start, word in line:gmatch('()(%S+)') do
  if word:sub(1, 1) == '#' then
    break
  end
  words[#words + 1] = { word = word, col = start - 1 }
end
-- `turn COLOUR TILE x,y …`: keyword, constant, type, number.
local expected = { 'keyword', 'constant', 'type', 'number' }
for i, capture in ipairs(expected) do
  local word = words[i]
  if not word or captures[word.col] ~= capture then
    fail(('line %d word %d (%s): capture %s, expected %s'):format(
      row + 1, i, word and word.word or '?', tostring(word and captures[word.col]), capture))
  end
end
pass(('highlight captures on line %d: %s'):format(row + 1, table.concat(expected, ', ')))

local started, start_err = pcall(vim.treesitter.highlighter.new, parser)
if not started then
  fail('the highlighter did not start: ' .. tostring(start_err))
end
pass('the highlighter starts')

-- An edit that pest rejects (a coordinate run into a rotation) is an error in the new tree.
vim.api.nvim_buf_set_lines(0, row, row + 1, false, { 'turn red D 0,0r90' })
root = parser:parse()[1]:root()
if not root:has_error() then
  fail('`turn red D 0,0r90` parsed without an error')
end
vim.api.nvim_buf_set_lines(0, row, row + 1, false, { 'turn red Eg 0,0 r90 knight N' })
root = parser:parse()[1]:root()
if root:has_error() then
  fail('`turn red Eg 0,0 r90 knight N` has an error')
end
pass('edits reparse: a syntax error appears and goes')
vim.cmd('qall!')
