#!/usr/bin/env node
// Drives an MCP server over stdio with the official TypeScript SDK's v2
// client (`@modelcontextprotocol/client`) and prints ONE JSON report on
// stdout. It asserts nothing: the Rust test
// (examples/tests/nonobject_interop.rs) reads the report and decides.
//
// Usage:
//   node client.mjs --mode MODE --call TOOL JSON_ARGS [--call ...] -- SERVER [ARGS...]
//   node client.mjs --mode MODE --call TOOL JSON_ARGS [--call ...] --url URL [--tamper]
//
// Over `--url` (Streamable HTTP) each call's record also has the
// `Mcp-Param-*` headers the SDK sent with it (SEP-2243: the client mirrors
// every `x-mcp-header` argument), and the report lists each tool's
// `inputSchema` under `inputSchemas`. `--tamper` appends `-tampered` to every
// `Mcp-Param-*` header of a `tools/call` after the SDK built it (what a
// broken or hostile intermediary does), so the server must refuse the call.
//
// MODE is the client's `versionNegotiation.mode`: `legacy` (the initialize
// handshake, protocol 2025-11-25) or `auto` (probes `server/discover`,
// protocol 2026-07-28 where the server offers it).
//
// For each call the report has what the SDK returned (the SDK itself checks
// `structuredContent` against the listed `outputSchema` with ajv and throws
// when it does not match) and, independently, the SDK's ajv validator's
// verdict on the `structuredContent` against the listed `outputSchema`.
// Setup errors (cannot spawn, cannot connect, cannot list tools) exit non-zero.

import { readFileSync } from 'node:fs';
import process from 'node:process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';

function parseArgv(argv) {
  let mode = null;
  const calls = [];
  let server = null;
  let url = null;
  let tamper = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--mode') {
      mode = argv[++i];
    } else if (arg === '--url') {
      url = argv[++i];
    } else if (arg === '--tamper') {
      tamper = true;
    } else if (arg === '--call') {
      calls.push([argv[i + 1], JSON.parse(argv[i + 2])]);
      i += 2;
    } else if (arg === '--') {
      server = argv.slice(i + 1);
      break;
    } else {
      process.stderr.write(`client.mjs: unknown argument ${JSON.stringify(arg)}\n`);
      process.exit(2);
    }
  }
  if (mode === null || (url === null) === (!server || server.length === 0)) {
    process.stderr.write(
      'usage: client.mjs --mode MODE --call TOOL JSON_ARGS ... (-- SERVER [ARGS...] | --url URL)\n',
    );
    process.exit(2);
  }
  return { mode, calls, server, url, tamper };
}

const { mode, calls, server, url, tamper } = parseArgv(process.argv.slice(2));

// The `Mcp-Param-*` headers of every request the HTTP transport sends, by
// JSON-RPC method and tool name.
const sent = [];
function recordingFetch(input, init) {
  const headers = new Headers(init?.headers ?? {});
  let body = null;
  try {
    body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
  } catch {
    body = null;
  }
  const params = {};
  for (const [name, value] of headers) {
    if (name.toLowerCase().startsWith('mcp-param-')) params[name.toLowerCase()] = value;
  }
  if (body && body.method === 'tools/call') {
    sent.push({ tool: body.params?.name, headers: params });
    if (tamper) {
      for (const [name, value] of Object.entries(params)) headers.set(name, `${value}-tampered`);
      return fetch(input, { ...init, headers });
    }
  }
  return fetch(input, init);
}
const sdk = JSON.parse(
  readFileSync(new URL('./node_modules/@modelcontextprotocol/client/package.json', import.meta.url)),
).version;
const validator = new AjvJsonSchemaValidator();
const client = new Client(
  { name: 'toolform-interop-ts-v2', version: '0.0.0' },
  { versionNegotiation: { mode } },
);
const transport =
  url !== null
    ? new StreamableHTTPClientTransport(new URL(url), { fetch: recordingFetch })
    : new StdioClientTransport({ command: server[0], args: server.slice(1) });
await client.connect(transport);

const report = {
  sdk,
  mode,
  protocolVersion: client.getNegotiatedProtocolVersion() ?? null,
  tools: {},
  inputSchemas: {},
  calls: [],
};
const listed = await client.listTools();
for (const tool of listed.tools) {
  report.tools[tool.name] = tool.outputSchema ?? null;
  report.inputSchemas[tool.name] = tool.inputSchema ?? null;
}

for (const [name, args] of calls) {
  const record = {
    tool: name,
    args,
    ok: false,
    error: null,
    errorCode: null,
    isError: null,
    structuredContent: null,
    text: [],
    outputValidation: null,
  };
  report.calls.push(record);
  let result;
  const before = sent.length;
  try {
    result = await client.callTool({ name, arguments: args });
  } catch (error) {
    // The SDK's own output validation throws here.
    record.error = `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`;
    record.errorCode = typeof error?.code === 'number' ? error.code : null;
    continue;
  } finally {
    if (url !== null) record.sentHeaders = sent.slice(before).map((r) => r.headers);
  }
  record.ok = true;
  record.isError = Boolean(result.isError);
  record.structuredContent = result.structuredContent === undefined ? null : result.structuredContent;
  record.text = (result.content ?? []).filter((b) => b.type === 'text').map((b) => b.text);
  const schema = report.tools[name];
  if (schema) {
    const verdict = validator.getValidator(schema)(result.structuredContent);
    record.outputValidation = { valid: verdict.valid, error: verdict.errorMessage ?? null };
  }
}

await client.close();
process.stdout.write(JSON.stringify(report, null, 2) + '\n');
