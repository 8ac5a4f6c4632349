// The standard cases as vitest tests: `npx vitest run`.
import { spadesConformance } from 'spadespec-conformance/vitest';
import chosen from '../engine.cjs';

spadesConformance(chosen.engine, { variant: 'standard' });
