#!/usr/bin/env node
// Calls a tool that sends the user to a URL (URL-mode elicitation, SEP-1036)
// with the official TypeScript SDK's v2 client (`@modelcontextprotocol/client`,
// pinned in package.json), over stdio, and prints ONE JSON report on stdout
// (see ../url_report.mjs). It asserts nothing: the Rust test
// (examples/tests/url_interop.rs) reads the report and decides.
//
// Usage:
//   node url_client.mjs --mode MODE --action ACTION --call TOOL -- SERVER [ARGS...]
//
// MODE is the client's `versionNegotiation.mode`: `legacy` (the initialize
// handshake, protocol 2025-11-25) or `auto` (`server/discover`, protocol
// 2026-07-28). The client declares `elicitation: {form: {}, url: {}}`; under
// 2026-07-28 the SDK answers an `input_required` result by calling the
// `elicitation/create` handler (the request parsed by its own schemas) and
// retrying the call itself.

import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { runUrlClient } from '../url_report.mjs';

runUrlClient({
  withMode: true,
  packageJson: new URL('./node_modules/@modelcontextprotocol/client/package.json', import.meta.url),
  connect: async ({ options, report, env, onElicit, onComplete }) => {
    const [command, ...args] = options.server;
    const transport = new StdioClientTransport({ command, args, env, stderr: 'inherit' });
    const client = new Client(
      { name: 'toolform-url-interop', version: '0.0.0' },
      { capabilities: { elicitation: { form: {}, url: {} } }, versionNegotiation: { mode: options.mode } },
    );
    client.setRequestHandler('elicitation/create', async (request) => onElicit(request.params));
    client.setNotificationHandler('notifications/elicitation/complete', async (n) => onComplete(n.params));
    await client.connect(transport);
    report.protocolVersion = client.getNegotiatedProtocolVersion() ?? null;
    return client;
  },
});
