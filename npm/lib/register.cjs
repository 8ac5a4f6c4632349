'use strict';
// The suite as tests of the runner an engine's author already uses: one test per check, named
// by its id and clauses, registered at once (the engine's start answer says which checks apply:
// those that do not are registered as skipped, with why). A test fails as the check's verdict
// does in `spadespec conform`: a must-level failure, error or unexpected pass; a should-level
// one fails only with `strict: true`. Each runner's module (node-test.mjs, vitest.mjs, jest.cjs)
// hands over its own `describe`, `test`, `skip` and `after`.
const { facts, loadCases, expectedFailures } = require('./suite.cjs');
const { engineOf } = require('./engines.cjs');
const { prepare, settle, explain } = require('./checks.cjs');

class CheckFailed extends Error {
  constructor(message) { super(message); this.name = 'SpadesConformanceFailure'; }
}

// A test name pattern that picks out one check, quoted for the shell: `'standard\.bags\.1'`.
function pattern(id) {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `'${escaped.replace(/'/g, `'\\''`)}'`;
}

// A test's name: the check's id, then the clauses it checks.
function testName(check) {
  return check.tags.length ? `${check.id} (${check.tags.join(', ')})` : check.id;
}

// Why a result fails its test, or null: what differs (expected against got) and how to run it
// again alone (`rerun(id)`, the runner's own filter).
function failure(result, strict, rerun) {
  const counts = facts.failingLevels.includes(result.level) || strict;
  if (!result.bad || !counts) return null;
  const head = result.final === 'xpass'
    ? `${result.id} passes, but the expected-failure list names it (xpass): take it off the list`
    : `${result.id} ${result.final === 'error' ? 'errored' : 'failed'} ` +
      `(${result.level}; clauses ${result.tags.join(', ') || 'none'})`;
  return `${head}\n${explain(result)}\nrerun: ${rerun(result.id)}`;
}

function register(api, engine, options = {}) {
  const { variant = 'standard', expectFail, strict = false, timeout } = options;
  const cases = loadCases(variant);
  const listed = expectedFailures(expectFail, cases);
  const source = engineOf(engine, { timeout });
  const info = source.infoNow();
  let session = null;
  const opened = () => {
    if (session === null) session = source.open();
    return session;
  };
  // The check `id` of `entry`, put to the engine: decided again from the started engine's
  // own start answer where none was known when the tests were named.
  const body = (entry, id) => async (skip) => {
    const started = await opened();
    const check = prepare(entry, info || started.info).find((c) => c.id === id);
    if (!check) { skip('the engine keeps no score'); return; }
    if (check.now && check.now.verdict === 'n/a') { skip(check.now.message); return; }
    const result = await settle(check, started, listed.has(id));
    if (result.final === 'skip') { skip(result.message); return; }
    const why = failure(result, strict, api.rerun);
    if (why) throw new CheckFailed(why);
    if (result.bad) {
      skip(`${result.level}-level, so it does not fail the run (strict: true makes it): ` +
        explain(result));
    }
  };
  api.describe(`spadespec conformance: ${variant} (suite ${facts.suite.digest})`, () => {
    for (const entry of cases) {
      const checks = info ? prepare(entry, info)
        : [entry, ...(entry.score ? [entry.score] : [])].map((c) => ({ id: c.id, tags: entry.tags }));
      for (const check of checks) {
        const name = testName(check);
        if (check.now && check.now.verdict === 'n/a') api.skip(`${name}: n/a, ${check.now.message}`);
        else api.test(name, body(entry, check.id));
      }
    }
    api.after(async () => { if (session !== null) await (await session).stop(); });
  });
}

module.exports = { register, pattern, testName, CheckFailed };
