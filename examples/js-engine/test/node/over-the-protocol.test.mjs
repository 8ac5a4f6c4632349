// The same cases put to the engine as a process speaking the protocol on stdin and stdout, as
// `spadespec conform --engine "node spades.js"` runs it.
import { spadesConformance } from 'spadespec-conformance/node-test';
import chosen from '../engine.cjs';

spadesConformance(chosen.command, { variant: 'standard' });
