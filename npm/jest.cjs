'use strict';
// The suite as jest tests (jest's own globals):
//   const { spadesConformance } = require('spadespec-conformance/jest');
//   spadesConformance(engine, { variant: 'standard' });
// jest has no way to skip a test once it runs: a check found not to apply only then (an
// engine whose start() answers with a promise) passes, and says why on the console.
const { register, pattern } = require('./lib/register.cjs');

function spadesConformance(engine, options = {}) {
  register({
    describe,
    test: (name, run) => test(name, () => run((why) => console.info(`${name}: not run: ${why}`))),
    skip: (name) => test.skip(name, () => {}),
    after: afterAll,
    rerun: (id) => `npx jest -t ${pattern(id)}`,
  }, engine, options);
}

module.exports = { spadesConformance };
