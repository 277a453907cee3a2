-- Driven by test/lsp/neovim.test.ts inside `nvim --headless -u <the config of docs/editors.md>`:
-- opens a card file, makes a mistake in the buffer (never written), and records what the
-- language server sends back (diagnostics, hover, completion) as JSON for the test to assert.
-- Every failure is recorded too, so the test reports the step that failed instead of a timeout.
local p = vim.fn.json_decode(table.concat(vim.fn.readfile(vim.env.CARDWRIGHT_NVIM_PARAMS), "\n"))
local out = {}

local ok, err = pcall(function()
  vim.cmd("edit " .. vim.fn.fnameescape(p.file))
  local buf = vim.api.nvim_get_current_buf()
  out.filetype = vim.bo[buf].filetype
  local client
  local attached = vim.wait(p.timeout, function()
    local id = next(vim.lsp.buf_get_clients(buf))
    client = id and vim.lsp.get_client_by_id(id)
    return client ~= nil and client.initialized == true
  end, 20)
  if not attached then error("no language server attached to " .. p.file .. " (see lsp.log)") end
  out.name = client.name
  out.root = client.config.root_dir
  out.pid = client.rpc.pid

  vim.api.nvim_buf_set_lines(buf, p.edit.line, p.edit.line + 1, true, { p.edit.text })
  if not vim.wait(p.timeout, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
    error("no diagnostics after the edit")
  end
  out.diagnostics = vim.tbl_map(function(d)
    return { message = d.message, lnum = d.lnum, col = d.col, end_col = d.end_col, severity = d.severity, source = d.source }
  end, vim.diagnostic.get(buf))

  local function request(method, position)
    local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = position }
    local answers = vim.lsp.buf_request_sync(buf, method, params, p.timeout)
    local answer = answers and answers[client.id]
    if not answer then error(method .. ": no answer") end
    if answer.err then error(method .. ": " .. vim.inspect(answer.err)) end
    return answer.result
  end
  out.hover = request("textDocument/hover", p.hover)
  out.completion = request("textDocument/completion", p.completion)

  vim.lsp.stop_client(client.id)
  out.stopped = vim.wait(p.timeout, function() return client.is_stopped() end, 20)
end)
if not ok then out.error = tostring(err) end
vim.fn.writefile({ vim.fn.json_encode(out) }, p.out)
vim.cmd("qa!")
