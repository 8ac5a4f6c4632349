// Game records: what an engine in production keeps of every game. With `--record FILE` the
// example engine (spades.js) appends one record (schema/game-record.schema.json) for each log it
// replays that completes a hand, with its own figures, for `spadespec audit FILE` to check.
'use strict';
const fs = require('fs');

function recorder(argv) {
  const file = argv.includes('--record') ? argv[argv.indexOf('--record') + 1] : null;
  const recorded = new Set();  // logs already written: a case's log is asked many times
  return (c, g) => record(file, recorded, c, g);
}

function record(RECORD_FILE, recorded, c, g) {
  if (!RECORD_FILE || g.handScores.length === 0) return;
  const key = JSON.stringify([c.setup, c.actions]);
  if (recorded.has(key)) return;
  recorded.add(key);
  const hands = g.handScores.map(({ tricks, sides }, i) => ({
    dealer: g.dealers[i], tricks,
    points: { NS: sides.NS.hand_points, EW: sides.EW.hand_points },
    totals: { NS: sides.NS.score_after, EW: sides.EW.score_after },
    bags: { NS: sides.NS.bags_after, EW: sides.EW.bags_after },
  }));
  const line = { format: 1, variant: { id: 'standard' }, setup: c.setup, actions: c.actions,
    hands, totals: g.totals, bags: g.bags, outcome: g.status,
    meta: { engine: 'spades-js-example', request: c.id } };
  fs.appendFileSync(RECORD_FILE, JSON.stringify(line) + '\n');
}

module.exports = { recorder };
