#!/usr/bin/env node
// Drives an MCP server with the official TypeScript SDK client and prints ONE
// JSON report on stdout. It asserts nothing: the Rust test
// (examples/tests/interop.rs) reads the report and decides.
//
// Usage:
//   node client.mjs [--script FILE] --url http://127.0.0.1:PORT/mcp
//   node client.mjs [--script FILE] --stdio SERVER_BINARY [SERVER_ARGS...]
//
// Everything after --stdio is the server's command line.
//
// Without --script, the client calls every tool the server lists (see
// defaultScript below). A script file is a JSON array of calls:
//   [{"label": "...", "tool": "book_trip", "args": {...}, "elicitation": "accept"|"decline"|"cancel"}]
// `elicitation` is how this client answers any elicitation/create the server
// sends during that call (default "accept"); an accepted form is filled in
// from the requestedSchema by fillForm below.
//
// Setup errors (cannot spawn, cannot connect, cannot list tools) crash the
// process with a non-zero exit; errors of single calls are recorded.

import { readFileSync } from 'node:fs';
import process from 'node:process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

function usage(message) {
  process.stderr.write(
    `client.mjs: ${message}\n` +
      'usage: node client.mjs [--script FILE] (--url URL | --stdio SERVER [ARGS...])\n',
  );
  process.exit(2);
}

function parseArgv(argv) {
  const options = { script: null, url: null, stdio: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--script') {
      options.script = argv[++i] ?? usage('--script needs a file');
    } else if (arg === '--url') {
      options.url = argv[++i] ?? usage('--url needs a URL');
    } else if (arg === '--stdio') {
      const rest = argv.slice(i + 1);
      if (rest.length === 0) usage('--stdio needs the server command');
      options.stdio = { command: rest[0], args: rest.slice(1) };
      break;
    } else {
      usage(`unknown argument ${JSON.stringify(arg)}`);
    }
  }
  if ((options.url === null) === (options.stdio === null)) {
    usage('give exactly one of --url and --stdio');
  }
  return options;
}

// ---------------------------------------------------------------------------
// Filling in a form from its requestedSchema.

const SAMPLE_STRING = 'Ada Lovelace';

function sampleString(prop) {
  switch (prop.format) {
    case 'email':
      return 'ada@example.com';
    case 'uri':
      return 'https://example.com/ada';
    case 'date':
      return '2030-01-02';
    case 'date-time':
      return '2030-01-02T03:04:05Z';
    default: {
      let s = SAMPLE_STRING;
      if (typeof prop.minLength === 'number' && s.length < prop.minLength) {
        s = s + 'x'.repeat(prop.minLength - s.length);
      }
      if (typeof prop.maxLength === 'number' && s.length > prop.maxLength) {
        s = s.slice(0, Math.max(prop.maxLength, 0));
      }
      return s;
    }
  }
}

function sampleNumber(prop, integer) {
  const lo = typeof prop.minimum === 'number' ? prop.minimum : null;
  const hi = typeof prop.maximum === 'number' ? prop.maximum : null;
  let value;
  if (lo !== null && hi !== null) value = lo + (hi - lo) / 2;
  else if (lo !== null) value = lo + 1;
  else if (hi !== null) value = hi - 1;
  else value = integer ? 2 : 2.5;
  if (integer) {
    value = Math.floor(value);
    if (lo !== null && value < lo) value = Math.ceil(lo);
  }
  return value;
}

function firstOption(schema) {
  if (!schema || typeof schema !== 'object') return undefined;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['oneOf', 'anyOf']) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const found = options.find((o) => o && typeof o === 'object' && 'const' in o);
      if (found) return found.const;
    }
  }
  return undefined;
}

function options(schema) {
  if (!schema || typeof schema !== 'object') return [];
  if (Array.isArray(schema.enum)) return schema.enum;
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(schema[key])) {
      return schema[key].filter((o) => o && typeof o === 'object' && 'const' in o).map((o) => o.const);
    }
  }
  return [];
}

function sampleValue(prop) {
  if (!prop || typeof prop !== 'object') return null;
  if ('default' in prop) return prop.default;
  const types = Array.isArray(prop.type) ? prop.type : [prop.type];
  if (types.includes('array')) {
    const all = options(prop.items);
    const want = Math.max(1, typeof prop.minItems === 'number' ? prop.minItems : 1);
    return all.slice(0, want);
  }
  const option = firstOption(prop);
  if (option !== undefined) return option;
  if (types.includes('string')) return sampleString(prop);
  if (types.includes('integer')) return sampleNumber(prop, true);
  if (types.includes('number')) return sampleNumber(prop, false);
  if (types.includes('boolean')) return true;
  return null;
}

export function fillForm(requestedSchema) {
  const content = {};
  const properties = (requestedSchema && requestedSchema.properties) || {};
  for (const [name, prop] of Object.entries(properties)) {
    content[name] = sampleValue(prop);
  }
  return content;
}

// ---------------------------------------------------------------------------
// What to call.

const DEPART_AFTER = '2030-05-01T08:00:00Z';

function searchFlightCalls(tool) {
  return [
    { label: `${tool}: normal`, tool, args: { origin: 'LHR', destination: 'JFK' } },
    {
      label: `${tool}: all arguments`,
      tool,
      args: {
        origin: 'CDG',
        destination: 'NRT',
        passengers: 2,
        departAfter: DEPART_AFTER,
        cabin: 'business',
        maxResults: 3,
      },
    },
    { label: `${tool}: origin == destination`, tool, args: { origin: 'LHR', destination: 'LHR' } },
    ...(tool === 'search_flights'
      ? [
          {
            // Four independent faults: the tool names each (toolform::rmcp::Args).
            label: `${tool}: bad arguments`,
            tool,
            args: { origin: 'LHR', destination: 'JFKX', passengers: 12, cabin: 'attic', seat: '1A' },
          },
        ]
      : []),
  ];
}

// Arguments for a tool nobody told us about: the required properties, filled
// in like a form.
function genericArgs(inputSchema) {
  const args = {};
  const required = new Set((inputSchema && inputSchema.required) || []);
  for (const [name, prop] of Object.entries((inputSchema && inputSchema.properties) || {})) {
    if (required.has(name)) args[name] = sampleValue(prop);
  }
  return args;
}

function defaultScript(tools) {
  const calls = [];
  for (const tool of tools) {
    const name = tool.name;
    if (name === 'search_flights' || name.startsWith('search_flights_')) {
      calls.push(...searchFlightCalls(name));
    } else if (name === 'book_trip') {
      for (const action of ['accept', 'decline', 'cancel']) {
        calls.push({ label: `book_trip: ${action}`, tool: name, args: { flight: 'TF123' }, elicitation: action });
      }
    } else if (name === 'test_elicitation') {
      calls.push({ label: name, tool: name, args: { message: 'Please provide your details' } });
    } else {
      calls.push({ label: name, tool: name, args: genericArgs(tool.inputSchema) });
    }
  }
  return calls;
}

// ---------------------------------------------------------------------------

// A zod error as a few `path: message` lines. In a union, follow the branch
// that got furthest (deepest path), the one the sender meant; when several
// tie, list what each of them wanted.
function zodSummary(error) {
  const depth = (leaves) => Math.max(0, ...leaves.map((l) => l.depth ?? l.path.length));
  const show = (path) => path.join('.') || '(root)';
  const relative = (leaf, prefix) => {
    const rest = leaf.path.slice(prefix.length).join('.');
    return rest ? `${rest}: ${leaf.message}` : leaf.message;
  };
  // Leaves are {path, message} or {path, alternatives: [string]}.
  const leaves = (issues, prefix) => {
    const out = [];
    for (const issue of issues ?? []) {
      const path = prefix.concat(issue.path ?? []);
      const branches = issue.errors ?? issue.unionErrors?.map((e) => e.issues);
      if (issue.code === 'invalid_union' && Array.isArray(branches) && branches.length > 0) {
        const candidates = branches.map((b) => leaves(b, path));
        const deepest = Math.max(...candidates.map(depth));
        const best = candidates.filter((c) => depth(c) === deepest);
        if (best.length === 1) {
          out.push(...best[0]);
          continue;
        }
        const alternatives = [];
        for (const c of best) {
          const same = c.length === 1 && c[0].alternatives && c[0].path.length === path.length;
          if (same) alternatives.push(...c[0].alternatives);
          else {
            const parts = c.map((l) =>
              l.alternatives
                ? `${l.path.slice(path.length).join('.')}: one of (${l.alternatives.join(' | ')})`
                : relative(l, path),
            );
            alternatives.push(parts.join(', '));
          }
        }
        out.push({ path, depth: deepest, alternatives: [...new Set(alternatives)] });
      } else {
        out.push({ path, message: issue.message });
      }
    }
    return out;
  };
  const lines = leaves(error?.issues, []).map((l) =>
    l.alternatives ? `${show(l.path)}: matches none of (${l.alternatives.join(' | ')})` : `${show(l.path)}: ${l.message}`,
  );
  return lines.length > 0 ? [...new Set(lines)].join('; ') : String(error?.message ?? error);
}

// The result's structuredContent checked against the listed outputSchema with
// the SDK's own validator (ajv), as a record; null for error results and tools
// without an outputSchema. callTool already refuses a mismatch: this says so
// per call, in the report.
function validateOutput(tools, name, result) {
  const schema = tools.find((t) => t.name === name)?.outputSchema;
  if (!schema || result.isError) return null;
  const check = new AjvJsonSchemaValidator().getValidator(schema)(result.structuredContent);
  return { valid: check.valid, errorMessage: check.errorMessage ?? null };
}

function errorRecord(error) {
  if (error === null || error === undefined) return null;
  return {
    message: error instanceof Error ? error.message : String(error),
    code: typeof error === 'object' && 'code' in error ? error.code : null,
    data: typeof error === 'object' && 'data' in error ? error.data ?? null : null,
  };
}

async function main() {
  const options = parseArgv(process.argv.slice(2));
  const report = {
    transport: options.url !== null ? 'http' : 'stdio',
    target: options.url ?? options.stdio,
    serverVersion: null,
    serverCapabilities: null,
    tools: [],
    calls: [],
    elicitations: [],
    serverStderr: null,
    closeError: null,
  };

  let transport;
  let stderrChunks = null;
  if (options.url !== null) {
    transport = new StreamableHTTPClientTransport(new URL(options.url));
  } else {
    const env = {};
    for (const [k, v] of Object.entries(process.env)) if (typeof v === 'string') env[k] = v;
    transport = new StdioClientTransport({
      command: options.stdio.command,
      args: options.stdio.args,
      env,
      stderr: 'pipe',
    });
    stderrChunks = [];
    transport.stderr.on('data', (chunk) => stderrChunks.push(chunk));
  }

  const client = new Client(
    { name: 'toolform-interop', version: '0.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );

  // Which call is running, so elicitations know how to answer and where they belong.
  let currentCall = null;
  // Raw elicitation requests by JSON-RPC id, seen before the SDK parses them.
  const rawById = new Map();

  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const record =
      rawById.get(String(extra.requestId)) ??
      // Not seen on the wire (should not happen): record what the SDK handed us.
      recordElicitation({ jsonrpc: '2.0', id: extra.requestId, ...request }, 'handler');
    const action = currentCall?.elicitation ?? 'accept';
    record.action = action;
    if (action === 'accept') {
      const schema = record.requestedSchema ?? request.params.requestedSchema;
      record.content = fillForm(schema);
      return { action, content: record.content };
    }
    record.content = null;
    return { action };
  });

  function recordElicitation(message, seenBy) {
    const params = message.params ?? {};
    const parsed = ElicitRequestSchema.safeParse({ method: message.method, params: message.params });
    const record = {
      call: currentCall ? currentCall.index : null,
      tool: currentCall ? currentCall.tool : null,
      requestId: message.id ?? null,
      seenBy,
      mode: params.mode ?? null,
      message: params.message ?? null,
      requestedSchema: params.requestedSchema ?? null,
      zodOk: parsed.success,
      zodError: parsed.success ? null : zodSummary(parsed.error),
      action: null,
      content: null,
    };
    report.elicitations.push(record);
    if (currentCall) currentCall.record.elicitations.push(report.elicitations.length - 1);
    rawById.set(String(message.id), record);
    return record;
  }

  await client.connect(transport);

  // Tap the transport after connect (connect installs the SDK's onmessage).
  const sdkOnMessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (message && message.method === 'elicitation/create' && 'id' in message) {
      recordElicitation(message, 'wire');
    }
    return sdkOnMessage.call(transport, message, extra);
  };

  report.serverVersion = client.getServerVersion() ?? null;
  report.serverCapabilities = client.getServerCapabilities() ?? null;

  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  // listTools caches output validators for the last page only; cache them all.
  client.cacheToolMetadata(tools);
  report.tools = tools.map((t) => ({
    name: t.name,
    title: t.title ?? null,
    description: t.description ?? null,
    inputSchema: t.inputSchema ?? null,
    outputSchema: t.outputSchema ?? null,
    annotations: t.annotations ?? null,
  }));

  const script = options.script !== null ? JSON.parse(readFileSync(options.script, 'utf8')) : defaultScript(tools);

  for (const [index, step] of script.entries()) {
    const record = {
      label: step.label ?? step.tool,
      tool: step.tool,
      args: step.args ?? {},
      elicitation: step.elicitation ?? 'accept',
      ok: false,
      error: null,
      isError: null,
      structuredContent: null,
      outputValidation: null,
      text: [],
      content: null,
      elicitations: [],
    };
    report.calls.push(record);
    currentCall = { index, tool: step.tool, elicitation: record.elicitation, record };
    try {
      const result = await client.callTool({ name: step.tool, arguments: record.args });
      record.ok = true;
      record.isError = result.isError ?? false;
      record.structuredContent = result.structuredContent ?? null;
      record.content = result.content ?? null;
      record.text = (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text);
      record.outputValidation = validateOutput(tools, step.tool, result);
    } catch (error) {
      record.error = errorRecord(error);
    } finally {
      currentCall = null;
    }
  }

  try {
    if (transport instanceof StreamableHTTPClientTransport) {
      await transport.terminateSession().catch(() => {});
    }
    await client.close();
  } catch (error) {
    report.closeError = errorRecord(error);
  }
  if (stderrChunks !== null) {
    // Give the child a moment to flush what it wrote before exiting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    report.serverStderr = Buffer.concat(stderrChunks).toString('utf8');
  }

  // Exit only once the whole report is written: `process.exit` right after
  // a write to a pipe cuts it at the pipe's buffer (64 KiB).
  await new Promise((resolve) => process.stdout.write(JSON.stringify(report, null, 2) + '\n', resolve));
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`client.mjs: setup failed: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
