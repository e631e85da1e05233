-- carc in Neovim 0.7 (Debian bookworm's): put this in init.lua. `carc` must be on PATH (or
-- write its full path in `cmd`).
vim.cmd([[autocmd BufRead,BufNewFile *.carc setfiletype carc]])
local carc_client
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'carc',
  callback = function(args)
    if not (carc_client and vim.lsp.get_client_by_id(carc_client)) then
      carc_client = vim.lsp.start_client({
        name = 'carc',
        cmd = { 'carc', 'lsp' },
        root_dir = vim.fn.getcwd(),
      })
    end
    vim.lsp.buf_attach_client(args.buf, carc_client)
  end,
})
