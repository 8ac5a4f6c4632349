// The package's API. The protocol's messages are typed in types/protocol.d.ts, generated from
// the project's JSON Schemas; what is written here is the runner's own.
import type {
  CaseCase, CaseExpect, DealCase, Observable, ScoreCase, StartResponse,
} from './types/protocol';

export * from './types/protocol';

/** A request's `case` as an engine is sent it, without `seq` (a `run`, `score` or `deal`). */
export type RunCase = {
  id: string;
  variant: { id: string; options?: Record<string, string | number | boolean> };
  setup: CaseCase['setup'];
  actions: CaseCase['actions'];
  ask: Observable[];
  probe?: Record<string, unknown>;
};

/** An answer as the protocol frames it, without `seq`. */
export type Answer =
  | { result: Record<string, unknown> }
  | { skipped: { reason: string } }
  | { errored: { message: string; context?: unknown } };

type Maybe<T> = T | Promise<T>;

/** An engine in this process: the protocol's requests as methods, each answering as the
 * protocol does. Declare features in `start()` as a process would; an engine that keeps score
 * declares `score` (or `score.totals`, ...) and has `score()`. */
export interface InProcessEngine {
  name?: string;
  start(): Maybe<StartResponse>;
  run(request: RunCase): Maybe<Answer>;
  score?(request: ScoreCase & { ask: string[] }): Maybe<Answer>;
  deal?(request: DealCase): Maybe<Answer>;
  stop?(): Maybe<void>;
}

/** An engine: a command speaking the JSON-lines protocol (run by the shell), or an object. */
export type Engine = string | InProcessEngine;

/** One golden case as the package carries it. */
export interface CaseEntry {
  id: string;
  variant: string;
  level: 'must' | 'should';
  tags: string[];
  asks: Observable[];
  expect: CaseExpect;
  request: Omit<RunCase, 'ask' | 'probe'>;
  needs?: string[];
  ownDeal?: true;
  zero: { refused: string } | { isNil: boolean };
  score?: { id: string; expect: Record<string, unknown>; request: ScoreCase };
}

export interface Difference { path: string; expected: unknown; actual?: unknown; detail?: string }

export type Verdict = 'pass' | 'fail' | 'error' | 'skip' | 'n/a' | 'xfail' | 'xpass';

/** One check's result: a case's, or its score request's (`<case id>~score`). */
export interface CheckResult {
  id: string;
  kind: 'run' | 'score';
  variant: string;
  level: string;
  tags: string[];
  /** What the engine's answer earned. */
  verdict: Exclude<Verdict, 'xfail' | 'xpass'>;
  /** What the run counts: `xfail` or `xpass` for a check on the expected-failure list. */
  final: Verdict;
  listed: boolean;
  bad: boolean;
  checked: string[];
  unchecked: string[];
  differences: Difference[];
  message: string;
  seconds: number;
}

export interface RunOptions {
  /** A ruleset's id (every ruleset when left out). */
  variant?: string;
  /** Ids expected to fail: a list, or a file with one id a line (`#` starts a comment). */
  expectFail?: string[] | string;
  /** Milliseconds an engine process has to answer each request (default 10000). */
  timeout?: number;
  onResult?: (result: CheckResult) => void;
}

export interface RunReport {
  engine: StartResponse;
  suite: { version: string; cases: number; digest: string };
  results: CheckResult[];
  totals: Record<Verdict, number>;
  checked: number;
  /** No must-level check failed, errored or passed unexpectedly, and one at least was checked. */
  ok: boolean;
}

export declare const suite: RunReport['suite'];
export declare const variants: string[];
export declare const VERDICTS: Verdict[];
export declare function loadCases(variant?: string): CaseEntry[];
export declare function runSuite(engine: Engine, options?: RunOptions): Promise<RunReport>;
export declare function compare(expected: Record<string, unknown>, answers: Record<string, unknown>): Difference[];
export declare class EngineError extends Error {}
export interface EngineSource {
  describe: string;
  infoNow(): StartResponse | null;
  open(): Promise<{
    info: StartResponse;
    ask(kind: 'run' | 'score', request: unknown): Promise<Answer>;
    stop(): Promise<void>;
  }>;
}
export declare function inProcess(engine: InProcessEngine): EngineSource;
export declare function subprocess(command: string, options?: { cwd?: string; env?: Record<string, string>; timeout?: number }): EngineSource;
