'use strict';
// The suite as this package carries it (data/, made by `python -m spadespec.regenerate npm` from
// the same cases as the Python suite): the facts every runner shares, and each ruleset's cases.
const fs = require('node:fs');
const path = require('node:path');

const DATA = path.join(__dirname, '..', 'data');
const facts = JSON.parse(fs.readFileSync(path.join(DATA, 'suite.json'), 'utf8'));
const loaded = new Map();

class SuiteError extends Error {}

// The cases of one ruleset, or of every ruleset when `variant` is not given; a ruleset the
// suite does not hold is an error naming the ones it does.
function loadCases(variant) {
  if (variant === undefined || variant === null) return facts.variants.flatMap(loadCases);
  if (!facts.variants.includes(variant)) {
    throw new SuiteError(
      `no ruleset ${JSON.stringify(variant)} in the suite; it holds ${facts.variants.join(', ')}`);
  }
  if (!loaded.has(variant)) {
    const file = path.join(DATA, 'cases', `${variant}.json`);
    loaded.set(variant, JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  return loaded.get(variant);
}

// The case ids an expected-failure list names: an array of ids, or a file in the Python
// suite's form (one id a line, `#` starting a comment). An id the suite does not hold is an
// error, so a list cannot name a case that no longer exists and pass unseen.
function expectedFailures(list, cases) {
  if (!list) return new Set();
  let ids = list;
  if (typeof list === 'string') {
    ids = [];
    fs.readFileSync(list, 'utf8').split(/\r?\n/).forEach((line, index) => {
      const words = line.split('#')[0].trim().split(/\s+/).filter(Boolean);
      if (words.length > 1) {
        throw new SuiteError(`${list}:${index + 1}: one case id a line, with any reason after a '#'`);
      }
      ids.push(...words);
    });
  }
  if (!Array.isArray(ids)) throw new SuiteError('expectFail is a list of case ids or a file of them');
  const known = new Set(cases.flatMap((c) => (c.score ? [c.id, c.score.id] : [c.id])));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) {
    throw new SuiteError(`expectFail names ${unknown.length} id(s) the cases run do not hold: ` +
      unknown.slice(0, 5).join(', '));
  }
  return new Set(ids);
}

module.exports = { facts, loadCases, expectedFailures, SuiteError };
