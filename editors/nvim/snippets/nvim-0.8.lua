-- carc in Neovim 0.8 and later: put this in init.lua. `carc` must be on PATH (or write its
-- full path in `cmd`). vim.lsp.start reuses the client for files of the same folder.
vim.filetype.add({ extension = { carc = 'carc' } })
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'carc',
  callback = function(args)
    vim.lsp.start({
      name = 'carc',
      cmd = { 'carc', 'lsp' },
      root_dir = vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)),
    })
    if vim.lsp.inlay_hint then -- 0.10+
      vim.lsp.inlay_hint.enable(true, { bufnr = args.buf })
    end
  end,
})
