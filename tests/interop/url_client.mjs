#!/usr/bin/env node
// Calls a tool that sends the user to a URL (URL-mode elicitation, SEP-1036)
// with the official TypeScript SDK's v1 client (`@modelcontextprotocol/sdk`,
// pinned in package.json), over stdio, and prints ONE JSON report on stdout
// (see url_report.mjs). It asserts nothing: the Rust test
// (examples/tests/url_interop.rs) reads the report and decides.
//
// Usage:
//   node url_client.mjs --action ACTION --call TOOL -- SERVER [ARGS...]
//
// The client declares `elicitation: {form: {}, url: {}}`; the v1 SDK
// negotiates protocol 2025-11-25 (its LATEST_PROTOCOL_VERSION) in
// initialize. It parses the request with its ElicitRequestSchema and the
// completion with its ElicitationCompleteNotificationSchema.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { runUrlClient } from './url_report.mjs';

runUrlClient({
  withMode: false,
  packageJson: new URL('./node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url),
  connect: async ({ options, report, env, onElicit, onComplete }) => {
    const [command, ...args] = options.server;
    const transport = new StdioClientTransport({ command, args, env, stderr: 'inherit' });
    // The client hands the version initialize negotiated to the transport
    // (`setProtocolVersion`, which the stdio transport does not define).
    const setProtocolVersion = transport.setProtocolVersion?.bind(transport);
    transport.setProtocolVersion = (version) => {
      report.protocolVersion = version;
      setProtocolVersion?.(version);
    };
    const client = new Client(
      { name: 'toolform-url-interop', version: '0.0.0' },
      { capabilities: { elicitation: { form: {}, url: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async (request) => onElicit(request.params));
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, async (n) => onComplete(n.params));
    await client.connect(transport);
    return client;
  },
});
