#!/usr/bin/env node
// A deliberately wrong engine: spades.js with a bag penalty every five bags instead of every
// ten (`bagThreshold: 5`). Nothing else changes. It is here so that the conformance suite can
// be shown to catch the mistake:
//   spadespec conform --engine "node examples/js-engine/spades-bags-at-five.js" --variant standard
'use strict';
const spades = require('./spades.js');

const RULES = Object.freeze({ ...spades.RULES, bagThreshold: 5 });  // standard says 10
const NAME = 'spades-js-example-bags-at-five';

// The options of spades.js's createEngine, but the rules and the name are always these.
const createEngine = (options = {}) => spades.createEngine({ ...options, rules: RULES, name: NAME });

module.exports = { RULES, createEngine };

if (require.main === module) spades.main({ rules: RULES, name: NAME });
