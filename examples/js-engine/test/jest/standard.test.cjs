// The standard cases as jest tests: `npx jest`.
const { spadesConformance } = require('spadespec-conformance/jest');
const { engine } = require('../engine.cjs');

spadesConformance(engine, { variant: 'standard' });
