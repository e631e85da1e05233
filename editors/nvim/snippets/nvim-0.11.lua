-- carc in Neovim 0.11 and later, with vim.lsp.config (also what nvim-lspconfig builds on now).
vim.filetype.add({ extension = { carc = 'carc' } })
vim.lsp.config('carc', {
  cmd = { 'carc', 'lsp' },
  filetypes = { 'carc' },
  root_markers = { '.git' },
})
vim.lsp.enable('carc')
