'use strict';
// The engine the tests check: the example (spades.js), or one of its two deliberately wrong
// versions by name (SPADES_ENGINE=spades-bags-at-five), to see the suite catch what each breaks.
const name = process.env.SPADES_ENGINE || 'spades';
if (!['spades', 'spades-bags-at-five', 'spades-nil-tricks-apart'].includes(name)) {
  throw new Error(`SPADES_ENGINE is spades, spades-bags-at-five or spades-nil-tricks-apart, not ${name}`);
}
module.exports = { name, engine: require(`../${name}.js`).createEngine(), command: `node ${name}.js` };
