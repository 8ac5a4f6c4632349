'use strict';
// A whole run outside a test runner: every check of the chosen cases put to an engine in turn,
// each result as it comes, and the verdict of the run as `spadespec conform` gives it (good when
// no must-level check fails, errors or passes unexpectedly, and at least one was checked).
const { facts, loadCases, expectedFailures } = require('./suite.cjs');
const { engineOf } = require('./engines.cjs');
const { prepare, settle } = require('./checks.cjs');

const VERDICTS = ['pass', 'fail', 'error', 'skip', 'n/a', 'xfail', 'xpass'];

async function runSuite(engine, { variant, expectFail, onResult, timeout } = {}) {
  const cases = loadCases(variant);
  const listed = expectedFailures(expectFail, cases);
  const session = await engineOf(engine, { timeout }).open();
  const results = [];
  try {
    for (const entry of cases) {
      for (const check of prepare(entry, session.info)) {
        const out = await settle(check, session, listed.has(check.id));
        results.push(out);
        if (onResult) onResult(out);
      }
    }
  } finally {
    await session.stop();
  }
  const totals = Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  for (const r of results) totals[r.final] += 1;
  const checked = results.filter((r) => r.checked.length).length;
  const ok = checked >= 1 && !results.some((r) => r.bad && facts.failingLevels.includes(r.level));
  return { engine: session.info, suite: facts.suite, results, totals, checked, ok };
}

module.exports = { runSuite, VERDICTS };
