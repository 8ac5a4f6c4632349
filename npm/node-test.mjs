// The suite as node:test tests (`node --test`):
//   import { spadesConformance } from 'spadespec-conformance/node-test';
//   spadesConformance(engine, { variant: 'standard' });
import { describe, test, after } from 'node:test';
import lib from './lib/register.cjs';

const { pattern } = lib;

export function spadesConformance(engine, options = {}) {
  lib.register({
    describe,
    test: (name, run) => test(name, (t) => run((why) => t.skip(why))),
    skip: (name) => test(name, { skip: true }, () => {}),
    after,
    rerun: (id) => `node --test --test-name-pattern ${pattern(id)} <your test file>`,
  }, engine, options);
}
