// Type-checked, never run: the package's types as a TypeScript engine author uses them
// (`npx tsc -p .` after `npm install typescript`; .ci/run does).
import { runSuite, loadCases, type InProcessEngine, type CheckResult, type StartResponse }
  from 'spadespec-conformance';
import { spadesConformance } from 'spadespec-conformance/vitest';

const info: StartResponse = {
  name: 'typed-keeper', version: '1.0.0', language: 'typescript', protocol: 1,
  variants: ['standard'], features: ['score.totals'],
};

// A score pad that answers only the totals, as a typed in-process engine.
const keeper: InProcessEngine = {
  start: () => info,
  run: () => ({ skipped: { reason: 'a score pad replays no log' } }),
  score: (request) => {
    const totals = { NS: 0, EW: 0 };
    for (const hand of request.hands) {
      for (const side of ['NS', 'EW'] as const) {
        const seats = side === 'NS' ? (['N', 'S'] as const) : (['E', 'W'] as const);
        const bid = seats.reduce((n, s) => n + (typeof hand.bids[s] === 'number' ? Number(hand.bids[s]) : 0), 0);
        const took = seats.reduce((n, s) => n + Number(hand.tricks[s] ?? 0), 0);
        totals[side] += took >= bid ? 10 * bid + (took - bid) : -10 * bid;
      }
    }
    return { result: { totals } };
  },
};

const ids: string[] = loadCases('standard').map((entry) => entry.id);
runSuite(keeper, { variant: 'standard', onResult: (r: CheckResult) => void r.final })
  .then((report) => report.ok && ids.length > 0);
spadesConformance(keeper, { variant: 'standard', strict: true, expectFail: [] });
