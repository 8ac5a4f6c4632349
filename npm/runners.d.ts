// The test runners' helpers: spadespec-conformance/node-test, /vitest and /jest.
import type { Engine } from './index';

export interface ConformanceOptions {
  /** The ruleset whose cases become tests (default `standard`). */
  variant?: string;
  /** Ids expected to fail: a list, or a file with one id a line (`#` starts a comment). */
  expectFail?: string[] | string;
  /** Fail the test of a should-level check too (by default it is skipped, with why). */
  strict?: boolean;
  /** Milliseconds an engine process has to answer each request (default 10000). */
  timeout?: number;
}

/** Registers one test per check of the ruleset's cases, inside one `describe`. */
export declare function spadesConformance(engine: Engine, options?: ConformanceOptions): void;
