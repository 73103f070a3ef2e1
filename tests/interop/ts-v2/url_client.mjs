#!/usr/bin/env node
// Calls a tool that sends the user to a URL (URL-mode elicitation, SEP-1036)
// with the official TypeScript SDK's v2 client (`@modelcontextprotocol/client`,
// pinned in package.json), over stdio, and prints ONE JSON report on stdout.
// It asserts nothing: the Rust test (examples/tests/url_interop.rs) reads the
// report and decides.
//
// Usage:
//   node url_client.mjs --mode MODE --action ACTION --call TOOL -- SERVER [ARGS...]
//
// MODE is the client's `versionNegotiation.mode`: `legacy` (the initialize
// handshake, protocol 2025-11-25) or `auto` (`server/discover`, protocol
// 2026-07-28). ACTION is what the client answers every elicitation with
// (accept, decline, cancel). The client declares
// `elicitation: {form: {}, url: {}}`; under 2026-07-28 the SDK answers an
// `input_required` result by calling the `elicitation/create` handler and
// retrying the call itself.
//
// The report holds every elicitation request the handler saw (as the SDK
// parsed it), every `notifications/elicitation/complete`, and the call's
// result or the error the SDK raised.

import { readFileSync } from 'node:fs';
import process from 'node:process';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

function usage(message) {
  process.stderr.write(
    `url_client.mjs: ${message}\n` + 'usage: node url_client.mjs --mode MODE --action ACTION --call TOOL -- SERVER [ARGS...]\n',
  );
  process.exit(2);
}

function parseArgv(argv) {
  const options = { mode: null, action: null, tool: null, server: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--mode') {
      options.mode = argv[++i] ?? usage('--mode needs legacy or auto');
    } else if (arg === '--action') {
      options.action = argv[++i] ?? usage('--action needs accept, decline or cancel');
    } else if (arg === '--call') {
      options.tool = argv[++i] ?? usage('--call needs a tool name');
    } else if (arg === '--') {
      options.server = argv.slice(i + 1);
      break;
    } else {
      usage(`unknown argument ${JSON.stringify(arg)}`);
    }
  }
  if (options.mode === null || options.action === null || options.tool === null || !options.server || options.server.length === 0) {
    usage('give --mode, --action, --call and the server after --');
  }
  return options;
}

function sdkVersion() {
  const url = new URL('./node_modules/@modelcontextprotocol/client/package.json', import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')).version;
}

async function main() {
  const { mode, action, tool, server } = parseArgv(process.argv.slice(2));
  const report = {
    sdk: sdkVersion(),
    mode,
    protocolVersion: null,
    elicitations: [],
    completed: [],
    result: null,
    error: null,
  };

  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (typeof v === 'string') env[k] = v;
  const transport = new StdioClientTransport({ command: server[0], args: server.slice(1), env, stderr: 'inherit' });
  const client = new Client(
    { name: 'toolform-url-interop', version: '0.0.0' },
    { capabilities: { elicitation: { form: {}, url: {} } }, versionNegotiation: { mode } },
  );
  // The SDK parses the request (a wire request, or one embedded in an
  // input_required result) with its own schemas before this runs.
  client.setRequestHandler('elicitation/create', async (request) => {
    report.elicitations.push(request.params);
    return { action };
  });
  client.setNotificationHandler('notifications/elicitation/complete', async (notification) => {
    report.completed.push(notification.params);
  });

  await client.connect(transport);
  report.protocolVersion = client.getNegotiatedProtocolVersion() ?? null;
  try {
    const result = await client.callTool({ name: tool, arguments: {} });
    report.result = {
      isError: result.isError ?? false,
      text: (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text),
    };
  } catch (error) {
    report.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  // Let a completion notification sent right after the result arrive.
  for (let i = 0; i < 50 && action === 'accept' && report.completed.length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await client.close();
  await new Promise((resolve) => process.stdout.write(JSON.stringify(report) + '\n', resolve));
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`url_client.mjs: setup failed: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
