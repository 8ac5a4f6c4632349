// The standard cases as node:test tests, the engine in this process: `node --test test/node/`.
import { spadesConformance } from 'spadespec-conformance/node-test';
import chosen from '../engine.cjs';

spadesConformance(chosen.engine, { variant: 'standard' });
