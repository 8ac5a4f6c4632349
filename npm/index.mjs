// The ES module entry: the same exports as index.cjs.
import lib from './index.cjs';

export const {
  suite, variants, loadCases, runSuite, inProcess, subprocess, compare, EngineError, VERDICTS,
} = lib;
export default lib;
