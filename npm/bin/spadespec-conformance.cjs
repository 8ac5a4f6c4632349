#!/usr/bin/env node
'use strict';
// spadespec-conformance: run the golden cases against an engine command, outside a test runner.
const { runSuite } = require('../lib/run.cjs');
const { facts, SuiteError } = require('../lib/suite.cjs');
const { EngineError } = require('../lib/engines.cjs');
const { explain } = require('../lib/checks.cjs');
const { toJSON } = require('../lib/grade.cjs');

const HELP = `usage: spadespec-conformance --engine COMMAND [--variant ID] [--expect-fail FILE]
                             [--jsonl] [--timeout MS]

Puts every golden case of the spadespec suite ${facts.suite.version} (digest ${facts.suite.digest})
to a Spades engine that speaks the JSON-lines protocol on stdin and stdout, and judges each
answer as \`spadespec conform\` does.

  --engine COMMAND    the command that starts the engine (run by the shell)
  --variant ID        the ruleset whose cases to run (default: every ruleset)
  --expect-fail FILE  case ids expected to fail, one a line (# starts a comment)
  --jsonl             one JSON line per check, then a summary line, instead of text
  --timeout MS        how long to wait for each answer (default 10000)

Exit status: 0 when no must-level check fails, errors or passes unexpectedly; 1 when one does;
2 when the command line, the engine's start or an expected-failure list is wrong.`;

function parseArgs(argv) {
  const out = { jsonl: false };
  const valued = { '--engine': 'engine', '--variant': 'variant', '--expect-fail': 'expectFail',
    '--timeout': 'timeout' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') { console.log(HELP); process.exit(0); }
    if (arg === '--jsonl') { out.jsonl = true; continue; }
    if (!(arg in valued)) usage(`unknown argument ${arg}`);
    if (i + 1 >= argv.length) usage(`${arg} needs a value`);
    out[valued[arg]] = argv[(i += 1)];
  }
  if (!out.engine) usage('--engine COMMAND is required');
  if (out.timeout !== undefined) {
    out.timeout = Number(out.timeout);
    if (!Number.isInteger(out.timeout) || out.timeout <= 0) usage('--timeout is a whole number of ms');
  }
  return out;
}

function usage(message) {
  process.stderr.write(`spadespec-conformance: ${message}\n(--help says how to use it)\n`);
  process.exit(2);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const line = (result) => {
    if (args.jsonl) {
      const { id, variant, level, tags, final, verdict, checked, unchecked, message } = result;
      const out = { kind: 'case', id, variant, level, tags, verdict: final, checked };
      if (final !== verdict) out.engine_verdict = verdict;
      if (unchecked.length) out.unchecked = unchecked;
      if (result.differences.length) out.differences = result.differences.map(toJSON);
      if (message) out.message = message;
      process.stdout.write(`${JSON.stringify(out)}\n`);
    } else if (result.bad) {
      process.stdout.write(`${result.final.toUpperCase()} ${result.id}\n  ${explain(result).replace(/\n/g, '\n  ')}\n`);
    }
  };
  let report;
  try {
    report = await runSuite(args.engine, { ...args, onResult: line });
  } catch (error) {
    if (error instanceof SuiteError) usage(error.message);
    if (!(error instanceof EngineError)) throw error;
    process.stderr.write(`spadespec-conformance: ${error.message}\n`);
    process.exit(2);
  }
  const counts = Object.entries(report.totals).filter(([, n]) => n).map(([v, n]) => `${n} ${v}`);
  if (args.jsonl) {
    process.stdout.write(`${JSON.stringify({ kind: 'end', ok: report.ok, totals: report.totals,
      checked: report.checked, suite: report.suite, engine: report.engine })}\n`);
  } else {
    process.stdout.write(`${report.results.length} checks: ${counts.join(', ')}; ` +
      `${report.ok ? 'OK' : 'FAILED'}\n`);
  }
  process.exit(report.ok ? 0 : 1);
}

main();
