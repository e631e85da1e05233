-- carc for Neovim: starts `carc lsp` for every buffer of filetype `carc`.
--
--   require('carc').setup({ cmd = { '/path/to/carc', 'lsp' } })
--
-- Works on Neovim 0.7 (vim.lsp.start_client + buf_attach_client, one client shared by all
-- buffers) and 0.8+ (vim.lsp.start, which reuses the client by itself). On 0.10+ inlay hints
-- are switched on for carc buffers (set `inlay_hints = false` to keep them off).

local M = {}

M.config = {
  cmd = { 'carc', 'lsp' },
  inlay_hints = true,
}

local client_id -- the shared client on 0.7
local warned = false

local function root_dir(bufnr)
  local file = vim.api.nvim_buf_get_name(bufnr)
  local dir = file ~= '' and vim.fn.fnamemodify(file, ':p:h') or vim.fn.getcwd()
  local git = vim.fn.finddir('.git', dir .. ';')
  if git ~= '' then
    return vim.fn.fnamemodify(git, ':p:h:h')
  end
  return dir
end

--- Whether the binary can run; says so once, clearly, when it cannot.
local function executable()
  local binary = M.config.cmd[1]
  if vim.fn.executable(binary) == 1 then
    return true
  end
  if not warned then
    warned = true
    vim.notify(
      ('carc: the language server binary %q was not found. Install it (cargo install --path crates/carc) '
        .. "or pass its path: require('carc').setup({ cmd = { '/path/to/carc', 'lsp' } })"):format(binary),
      vim.log.levels.ERROR
    )
  end
  return false
end

local function enable_inlay_hints(bufnr)
  local ih = vim.lsp.inlay_hint
  if not M.config.inlay_hints or type(ih) ~= 'table' or type(ih.enable) ~= 'function' then
    return
  end
  -- 0.10+: enable(true, { bufnr = n }); some 0.10 pre-releases: enable(bufnr, true).
  if not pcall(ih.enable, true, { bufnr = bufnr }) then
    pcall(ih.enable, bufnr, true)
  end
end

local function on_attach(client, bufnr)
  enable_inlay_hints(bufnr)
  if M.config.on_attach then
    M.config.on_attach(client, bufnr)
  end
end

--- Starts (or reuses) the carc client for a buffer; returns the client id or nil.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not executable() then
    return nil
  end
  local config = {
    name = 'carc',
    cmd = M.config.cmd,
    root_dir = root_dir(bufnr),
    on_attach = on_attach,
  }
  if vim.lsp.start then -- Neovim 0.8+
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  -- Neovim 0.7
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client(config)
  end
  if client_id ~= nil then
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  return client_id
end

--- Sets the options and starts the client for every `carc` buffer, now and later.
function M.setup(opts)
  M.config = vim.tbl_extend('force', M.config, opts or {})
  warned = false
  local group = vim.api.nvim_create_augroup('carc_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'carc',
    callback = function(args)
      M.start(args.buf)
    end,
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.bo[bufnr].filetype == 'carc' then
      M.start(bufnr)
    end
  end
end

return M
