#!/usr/bin/env node
// A deliberately wrong engine: spades.js with a nil bidder's tricks left out of the tricks
// that count toward the side's contract (`nilTricksCount: false`), where standard counts them.
// The sheet still shows them in `side_tricks`; only `tricks`, and so whether the contract is
// made and its overtricks (bags), change. It is here so that the conformance suite can be
// shown to catch the mistake:
//   spadespec conform --variant standard \
//     --engine "node examples/js-engine/spades-nil-tricks-apart.js"
'use strict';
const spades = require('./spades.js');

const RULES = Object.freeze({ ...spades.RULES, nilTricksCount: false });  // standard counts them
const NAME = 'spades-js-example-nil-tricks-apart';

// The options of spades.js's createEngine, but the rules and the name are always these.
const createEngine = (options = {}) => spades.createEngine({ ...options, rules: RULES, name: NAME });

module.exports = { RULES, createEngine };

if (require.main === module) spades.main({ rules: RULES, name: NAME });
