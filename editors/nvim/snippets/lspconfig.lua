-- carc through nvim-lspconfig (its `require('lspconfig')` interface): put this in init.lua.
vim.filetype.add({ extension = { carc = 'carc' } })
local lspconfig = require('lspconfig')
local configs = require('lspconfig.configs')
if not configs.carc then
  configs.carc = {
    default_config = {
      cmd = { 'carc', 'lsp' },
      filetypes = { 'carc' },
      root_dir = lspconfig.util.root_pattern('.git'),
      single_file_support = true,
    },
  }
end
lspconfig.carc.setup({})
