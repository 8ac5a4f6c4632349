// The suite as vitest tests:
//   import { spadesConformance } from 'spadespec-conformance/vitest';
//   spadesConformance(engine, { variant: 'standard' });
import { describe, test, afterAll } from 'vitest';
import lib from './lib/register.cjs';

const { pattern } = lib;

export function spadesConformance(engine, options = {}) {
  lib.register({
    describe,
    test: (name, run) => test(name, (context) => run((why) => context.skip(why))),
    skip: (name) => test.skip(name, () => {}),
    after: afterAll,
    rerun: (id) => `npx vitest run -t ${pattern(id)}`,
  }, engine, options);
}
