'use strict';
// spadespec-conformance: the golden cases of the spadespec suite, and a runner that puts them to
// a Spades engine written in JavaScript, in-process or over the JSON-lines protocol. The test
// runners' helpers are the package's other entry points: spadespec-conformance/node-test,
// spadespec-conformance/vitest and spadespec-conformance/jest.
const { facts, loadCases } = require('./lib/suite.cjs');
const { runSuite, VERDICTS } = require('./lib/run.cjs');
const { inProcess, subprocess, EngineError } = require('./lib/engines.cjs');
const { compare } = require('./lib/grade.cjs');

module.exports = {
  suite: facts.suite,
  variants: facts.variants,
  loadCases,
  runSuite,
  inProcess,
  subprocess,
  compare,
  EngineError,
  VERDICTS,
};
