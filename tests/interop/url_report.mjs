// What both URL-mode clients share (tests/interop/url_client.mjs, the
// TypeScript SDK's v1 client, and tests/interop/ts-v2/url_client.mjs, its v2
// client): the command line, the call, and the ONE JSON report they print on
// stdout. It imports no SDK: each client passes its own `connect`.
//
// Command line: [--mode MODE] --action ACTION --call TOOL -- SERVER [ARGS...]
// (--mode only where the client takes one). ACTION is what the client answers
// every elicitation with (accept, decline, cancel).
//
// The report holds every elicitation request the handler saw (as the SDK
// parsed it), every `notifications/elicitation/complete` (as the SDK parsed
// it), and the call's result or the error the SDK raised. It asserts
// nothing: the Rust test (examples/tests/url_interop.rs) reads it and
// decides.

import { readFileSync } from 'node:fs';
import process from 'node:process';

function parseArgv(argv, withMode) {
  const use = `usage: node url_client.mjs ${withMode ? '--mode MODE ' : ''}--action ACTION --call TOOL -- SERVER [ARGS...]`;
  const usage = (message) => {
    process.stderr.write(`url_client.mjs: ${message}\n${use}\n`);
    process.exit(2);
  };
  const options = { mode: null, action: null, tool: null, server: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--mode' && withMode) {
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
  if ((withMode && options.mode === null) || options.action === null || options.tool === null) {
    usage('missing --mode, --action or --call');
  }
  if (!options.server || options.server.length === 0) usage('give the server after --');
  return options;
}

// Runs one client and prints its report. `packageJson` is the URL of the
// SDK's package.json (for its version). `connect({ options, report, env,
// onElicit, onComplete })` builds the SDK's client over stdio to
// `options.server` (with `env`), registers `onElicit(params)` (returns the
// answer) for `elicitation/create` and `onComplete(params)` for
// `notifications/elicitation/complete`, connects, sets
// `report.protocolVersion`, and returns the client.
export function runUrlClient({ withMode, packageJson, connect }) {
  const body = async () => {
    const options = parseArgv(process.argv.slice(2), withMode);
    const { action, tool } = options;
    const report = {
      sdk: JSON.parse(readFileSync(packageJson, 'utf8')).version,
      mode: options.mode,
      protocolVersion: null,
      elicitations: [],
      completed: [],
      result: null,
      error: null,
    };
    const env = {};
    for (const [k, v] of Object.entries(process.env)) if (typeof v === 'string') env[k] = v;
    const client = await connect({
      options,
      report,
      env,
      onElicit: (params) => {
        report.elicitations.push(params);
        return { action };
      },
      onComplete: (params) => {
        report.completed.push(params);
      },
    });
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
  };
  body().then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`url_client.mjs: setup failed: ${error?.stack ?? error}\n`);
      process.exit(1);
    },
  );
}
