#!/usr/bin/env node
// A small Spades engine for the `standard` rules, speaking the spadespec engine protocol
// (docs/protocol.md): one JSON object per line on stdin, one answer per line on stdout.
//   spadespec conform --engine "node examples/js-engine/spades.js" --variant standard
// With `--record FILE` it also keeps a record of each game it plays (records.js).
// With `--deal-for-itself` it deals every hand from its own random source, as a game server
// does: it declares `deals`, answers `deal` requests, and refuses a deal it did not deal.
// It is meant to be read: the rules first, then the game as a log replayed, then scoring,
// then the answers (to a case, and to a score keeper's request), then the engine that gives
// them, then the protocol loop. It plays only `standard`; the game reads every rule from the
// rules object the engine is made with (`RULES` unless told otherwise), as an engine playing
// several variants would read them from the variant file.
//
// In-process, for a JavaScript test runner (nothing is read from stdin):
//   const { createEngine } = require('./spades.js');
//   const engine = createEngine();      // or createEngine({ rules, dealForItself, record })
//   engine.start(); engine.run(request.case);  // the answers the process sends, without `seq`
'use strict';
const crypto = require('crypto');
const readline = require('readline');

// --- The standard rules (variants/standard.yaml) ------------------------------------------
const RULES = Object.freeze({
  minBid: 1, maxBid: 13,          // numeric bids 1..13, plus nil
  pointsPerBidTrick: 10, overtrickPoints: 1, setPointsPerTrick: 10,  // set: -10 per trick bid
  nilBonus: 100, nilPenalty: 100,
  nilTricksCount: true,           // a nil bidder's tricks still count toward the contract
  bagThreshold: 10, bagPenalty: 100, // bags only on a made contract; the excess carries on
  target: 500,                    // reaching 500 ends the game; no losing floor
});

const SEATS = ['N', 'E', 'S', 'W'];            // clockwise
const SUITS = 'CDHS';                          // spades (S) are always trump
const RANKS = '23456789TJQKA';
const left = (seat) => SEATS[(SEATS.indexOf(seat) + 1) % 4];
const suitOf = (card) => card[1];
const rankOf = (card) => RANKS.indexOf(card[0]);

// A refusal carries one of the stable reason codes of reference_engine/reason_codes.py.
class Refused extends Error {
  constructor(reason, detail) { super(`${reason}: ${detail}`); this.reason = reason; }
}

// --- Reading actions: a malformed action is refused before any rule is looked at -----------
function parseCard(text) {
  const t = typeof text === 'string' ? text.trim().toUpperCase().replace(/^10/, 'T') : '';
  if (t.length !== 2 || !RANKS.includes(t[0]) || !SUITS.includes(t[1])) {
    throw new Refused('unknown-card', `unknown card ${JSON.stringify(text)}`);
  }
  return t;
}

function parseSeat(text) {
  const t = typeof text === 'string' ? text.trim().toUpperCase() : '';
  if (!SEATS.includes(t)) throw new Refused('unknown-seat', `unknown seat ${JSON.stringify(text)}`);
  return t;
}

function parseBid(value) {
  if (typeof value === 'string' && value.trim().toLowerCase() === 'nil') return 'nil';
  // A bid the protocol knows, which these rules refuse when it is made (check, below).
  if (typeof value === 'string' && value.trim().toLowerCase() === 'blind-nil') return 'blind-nil';
  // A number bid blind (blind_bids): read, and refused by these rules when it is made.
  if (typeof value === 'string' && /^blind-\d+$/.test(value.trim().toLowerCase())) {
    return value.trim().toLowerCase();
  }
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  if (Number.isInteger(value)) return value;
  throw new Refused('unknown-bid', `unknown bid ${JSON.stringify(value)}`);
}

// "N:AKQ.T98.765.4322 ..." -> {N: Set, E: Set, S: Set, W: Set}; each hand is spades.hearts.
// diamonds.clubs, the hands going clockwise from the seat before the colon.
function parseDeal(text) {
  const bad = (why) => new Refused('bad-deal', why);
  const m = typeof text === 'string' ? /^\s*([NESW]):(.*)$/i.exec(text) : null;
  if (!m) throw bad('a deal is "<seat>:<hand> <hand> <hand> <hand>"');
  const parts = m[2].trim().split(/\s+/);
  if (parts.length !== 4) throw bad(`a deal needs four hands, found ${parts.length}`);
  const hands = {};
  const seen = new Set();
  let seat = m[1].toUpperCase();
  for (const part of parts) {
    const suits = part.split('.');
    if (suits.length !== 4) throw bad(`${seat}'s hand needs four suits`);
    hands[seat] = new Set();
    suits.forEach((ranks, i) => {
      for (const rank of ranks.toUpperCase()) {
        const card = rank + 'SHDC'[i];
        if (!RANKS.includes(rank)) throw bad(`no such card ${card}`);
        if (seen.has(card)) throw bad(`${card} is dealt twice`);
        seen.add(card);
        hands[seat].add(card);
      }
    });
    if (hands[seat].size !== 13) throw bad(`${seat} holds ${hands[seat].size} cards, not 13`);
    seat = left(seat);
  }
  return hands;
}

const FIELDS = { deal: ['hands'], bid: ['seat', 'bid'], play: ['seat', 'card'] };

function parseAction(a) {
  if (a === null || typeof a !== 'object' || Array.isArray(a)) {
    throw new Refused('malformed-action', 'an action is a JSON object');
  }
  const needed = FIELDS[a.action];
  if (!needed) throw new Refused('malformed-action', `unknown action ${JSON.stringify(a.action)}`);
  const keys = Object.keys(a).filter((k) => k !== 'action');
  if (needed.some((k) => !(k in a)) || keys.some((k) => !needed.includes(k))) {
    throw new Refused('malformed-action', `a ${a.action} has exactly: ${needed.join(', ')}`);
  }
  if (a.action === 'deal') return { action: 'deal', hands: parseDeal(a.hands) };
  const seat = parseSeat(a.seat);
  if (a.action === 'bid') return { action: 'bid', seat, bid: parseBid(a.bid) };
  return { action: 'play', seat, card: parseCard(a.card) };
}

// --- The game: a state that a log of actions is applied to, one at a time ------------------
function newGame(setup, rules) {
  const sides = (v) => v && Number.isInteger(v.NS) && Number.isInteger(v.EW);
  if (!setup || !SEATS.includes(setup.dealer) || !sides(setup.scores) || !sides(setup.bags)) {
    throw new Refused('bad-setup', 'setup needs a dealer seat and scores and bags for NS and EW');
  }
  return {
    rules,             // every rule the game reads, e.g. g.rules.bagThreshold
    phase: 'deal', dealer: setup.dealer, toAct: null,
    totals: { ...setup.scores }, bags: { ...setup.bags },
    hands: null, bids: {}, tricksWon: {}, trick: [], spadesBroken: false,
    trickWinners: [],  // per hand dealt, the winner of each completed trick
    dealers: [],       // per hand dealt, who dealt it
    handScores: [],    // per hand completed, its itemised score sheet
    status: { status: 'continues', winner: null },
  };
}

// The cards `seat` may play now: follow suit if able; lead anything but a spade until spades
// are broken, unless the hand holds nothing but spades.
function legalPlays(g) {
  const hand = [...g.hands[g.toAct]];
  if (g.trick.length > 0) {
    const follow = hand.filter((c) => suitOf(c) === suitOf(g.trick[0].card));
    return follow.length ? follow : hand;
  }
  const notSpades = hand.filter((c) => suitOf(c) !== 'S');
  return g.spadesBroken || notSpades.length === 0 ? hand : notSpades;
}

// Why the action may not be taken now, checked in the order reason_codes.py gives.
function check(g, a) {
  if (g.phase === 'over') throw new Refused('game-over', 'the game is over');
  if (a.action !== g.phase) throw new Refused('wrong-phase', `waiting for a ${g.phase}`);
  if (a.action === 'bid') {
    if (a.seat in g.bids) throw new Refused('already-bid', `${a.seat} has bid`);
    if (a.seat !== g.toAct) throw new Refused('not-your-turn', `${g.toAct} is to bid`);
    if (a.bid === 'blind-nil') throw new Refused('blind-nil-not-allowed', 'no blind nil here');
    if (typeof a.bid === 'string' && a.bid.startsWith('blind-')) {
      throw new Refused('bid-out-of-range', 'no number may be bid blind here');
    }
    const { minBid, maxBid } = g.rules;
    if (a.bid !== 'nil' && (a.bid < minBid || a.bid > maxBid)) {
      throw new Refused('bid-out-of-range', `bids are ${minBid} to ${maxBid}`);
    }
  } else if (a.action === 'play') {
    if (a.seat !== g.toAct) throw new Refused('not-your-turn', `${g.toAct} is to play`);
    if (!g.hands[a.seat].has(a.card)) throw new Refused('card-not-in-hand', `${a.card}`);
    if (!legalPlays(g).includes(a.card)) {
      if (g.trick.length > 0) throw new Refused('must-follow-suit', `${a.seat} holds the suit`);
      throw new Refused('spades-not-broken', `${a.seat} holds another suit`);
    }
  }
}

function apply(g, a) {
  check(g, a);
  if (a.action === 'deal') {
    Object.assign(g, { hands: a.hands, bids: {}, trick: [], spadesBroken: false, phase: 'bid' });
    g.tricksWon = { N: 0, E: 0, S: 0, W: 0 };
    g.trickWinners.push([]);
    g.dealers.push(g.dealer);
    g.toAct = left(g.dealer);          // the player left of the dealer bids first
  } else if (a.action === 'bid') {
    g.bids[a.seat] = a.bid;
    g.toAct = left(a.seat);
    if (Object.keys(g.bids).length === 4) {
      g.phase = 'play';
      g.toAct = left(g.dealer);        // ... and leads to the first trick
    }
  } else {
    g.hands[a.seat].delete(a.card);
    g.trick.push(a);
    if (suitOf(a.card) === 'S') g.spadesBroken = true;  // any spade played breaks spades
    g.toAct = left(a.seat);
    if (g.trick.length === 4) endTrick(g);
  }
}

// The highest spade wins; with no spade, the highest card of the suit led. The winner leads.
function endTrick(g) {
  const beats = (c, best) => suitOf(c) === suitOf(best)
    ? rankOf(c) > rankOf(best) : suitOf(c) === 'S';
  const win = g.trick.reduce((best, p) => (beats(p.card, best.card) ? p : best));
  g.tricksWon[win.seat] += 1;
  g.trickWinners[g.trickWinners.length - 1].push(win.seat);
  g.trick = [];
  g.toAct = win.seat;
  if (g.hands[win.seat].size === 0) endHand(g);
}

// --- Scoring -------------------------------------------------------------------------------
function scoreSide(side, g) {
  const R = g.rules;
  const seats = side === 'NS' ? ['N', 'S'] : ['E', 'W'];
  const isNil = (s) => g.bids[s] === 'nil';
  const contract = seats.reduce((n, s) => n + (isNil(s) ? 0 : g.bids[s]), 0);
  const sideTricks = seats.reduce((n, s) => n + g.tricksWon[s], 0);  // all the side took
  // The tricks that count toward the contract: a nil bidder's too, when nilTricksCount.
  const tricks = seats.filter((s) => R.nilTricksCount || !isNil(s))
    .reduce((n, s) => n + g.tricksWon[s], 0);
  const nils = seats.filter(isNil).map((s) => {
    const made = g.tricksWon[s] === 0;   // each nil is scored on its own
    const points = made ? R.nilBonus : -R.nilPenalty;
    return { seat: s, tricks: g.tricksWon[s], made, points };
  });
  const made = tricks >= contract;
  const contractPoints = (made ? R.pointsPerBidTrick : -R.setPointsPerTrick) * contract;
  const overtricks = made ? tricks - contract : 0;
  let bags = g.bags[side] + overtricks;  // overtricks are bags, on a made contract only
  let penalties = 0;
  while (bags >= R.bagThreshold) { penalties += 1; bags -= R.bagThreshold; }
  const handPoints = contractPoints + overtricks * R.overtrickPoints
    + nils.reduce((n, x) => n + x.points, 0) - penalties * R.bagPenalty;
  return {
    side, contract, side_tricks: sideTricks, tricks, made, contract_points: contractPoints,
    overtricks, overtrick_points: overtricks * R.overtrickPoints, nils,
    bags_before: g.bags[side], bags_added: overtricks, bag_penalties: penalties,
    bag_penalty: penalties * R.bagPenalty, bags_after: bags, hand_points: handPoints,
    score_before: g.totals[side], score_after: g.totals[side] + handPoints,
  };
}

function endHand(g) {
  const sides = { NS: scoreSide('NS', g), EW: scoreSide('EW', g) };
  g.handScores.push({ bids: { ...g.bids }, tricks: { ...g.tricksWon }, sides });
  for (const side of ['NS', 'EW']) {
    g.totals[side] = sides[side].score_after;
    g.bags[side] = sides[side].bags_after;
  }
  // The game ends when a side reaches the target; the higher total wins. Equal totals
  // mean another hand is played.
  const { NS, EW } = g.totals;
  g.toAct = null;
  if ((NS >= g.rules.target || EW >= g.rules.target) && NS !== EW) {
    g.status = { status: 'won', winner: NS > EW ? 'NS' : 'EW' };
    g.phase = 'over';
  } else {
    g.phase = 'deal';
    g.dealer = left(g.dealer);        // the deal passes clockwise
  }
}

// --- Answering a case ----------------------------------------------------------------------
function sortedLegal(g) {
  if (g.phase === 'bid') {
    const { minBid, maxBid } = g.rules;
    return Array.from({ length: maxBid - minBid + 1 }, (_, i) => minBid + i).concat(['nil']);
  }
  return g.phase === 'play' ? legalPlays(g) : [];
}

function tryProbe(g, probe) {
  try {
    check(g, parseAction(probe));
    return { action: probe, reason: null };
  } catch (e) {
    if (e instanceof Refused) return { action: probe, reason: e.reason };
    throw e;
  }
}

const ANSWERS = {
  legal: (g) => sortedLegal(g),
  illegal: (g, c) => tryProbe(g, c.probe),
  to_act: (g) => ({ phase: g.phase, seat: g.phase === 'deal' ? g.dealer : g.toAct }),
  trick_winners: (g) => g.trickWinners,
  hands: (g) => g.handScores,
  totals: (g) => g.totals,
  bags: (g) => g.bags,
  status: (g) => g.status,
};

// A score keeper's request tells each hand's bids and tricks, no cards: score them in turn.
const FIGURES = {
  hand_points: (g) => g.handScores.map(({ sides }) => ({
    NS: sides.NS.hand_points, EW: sides.EW.hand_points })),
  totals: (g) => g.totals,
  bags: (g) => g.bags,
  status: (g) => g.status,
  next_dealer: (g) => (g.phase === 'over' ? null : g.dealer),
};

// --- Dealing for itself: a server that shuffles its own deck and cannot be told a deal -------
function formatDeal(hands) {
  const suit = (seat, s) => RANKS.split('').reverse().filter((r) => hands[seat].has(r + s)).join('');
  return 'N:' + SEATS.map((seat) => [...'SHDC'].map((s) => suit(seat, s)).join('.')).join(' ');
}

// Shuffle (Fisher-Yates, from the system's random source) and deal the cards one at a time
// round the table.
function shuffledHands() {
  const deck = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s));
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const j = crypto.randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const hands = { N: new Set(), E: new Set(), S: new Set(), W: new Set() };
  deck.forEach((card, i) => hands[SEATS[i % 4]].add(card));
  return hands;
}

// --- The engine: one answer to each request, under one rules object ------------------------
// Options, all optional: `rules` (default RULES), `name` (what `start` calls it), `dealForItself` (deal every hand from its
// own shuffle, as a game server does), `record` (called with each case whose log replays and
// its game, as records.js's recorder is; default none). `run`, `score` and `deal` take a
// request's `case` and return what the process sends for it, without `seq`.
function createEngine({
  rules = RULES, name = 'spades-js-example', dealForItself = false, record = () => {},
} = {}) {
  const dealtByMe = new Set();  // every deal given, as PBN from North: the only ones it replays

  const playsCase = (c) => c.variant.id === 'standard'
    && Object.keys(c.variant.options || {}).length === 0;
  const skipped = () => ({
    skipped: { reason: 'this engine plays standard with no table options' } });

  // Refuse a log with a deal this engine did not deal (the runner then sends no such case).
  function refuseForeignDeals(c) {
    if (!dealForItself) return;
    for (const entry of c.actions) {
      if (entry && entry.action === 'deal'
          && !dealtByMe.has(formatDeal(parseAction(entry).hands))) {
        throw new Refused('bad-deal', 'this engine deals for itself and cannot be given a deal');
      }
    }
  }

  // Answer a `run` (replay the log) or a `score` (score the hands told) from the setup.
  function answer(c, kind) {
    if (!playsCase(c)) return skipped();
    let g;
    try {
      if (kind === 'run') refuseForeignDeals(c);
      g = newGame(c.setup, rules);
      if (kind === 'run') {
        for (const entry of c.actions) apply(g, parseAction(entry));
      } else {
        for (const h of c.hands) endHand(Object.assign(g, { bids: h.bids, tricksWon: h.tricks }));
      }
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      const why = kind === 'run' ? 'the log does not replay' : 'the setup is refused';
      return { errored: { message: `${why}: ${e.message}` } };
    }
    const result = {};
    for (const key of c.ask) result[key] = (kind === 'run' ? ANSWERS : FIGURES)[key](g, c);
    if (kind === 'run') record(c, g);
    return { result };
  }

  // Replay the log to the deal that is due, and deal it from a shuffle of its own (the
  // request's seed is ignored).
  function deal(c) {
    if (!playsCase(c)) return skipped();
    const g = newGame(c.setup, rules);
    for (const entry of c.actions) apply(g, parseAction(entry));
    if (g.phase !== 'deal') return { errored: { message: `no deal is due: ${g.phase}` } };
    const pbn = formatDeal(shuffledHands());
    dealtByMe.add(pbn);
    return { result: { dealer: g.dealer, deal: pbn } };
  }

  // A bug in this engine is this request's error: never a dead process, nor an exception
  // thrown at an in-process caller.
  const guarded = (respond) => (c) => {
    try {
      return respond(c);
    } catch (e) {
      return { errored: { message: String(e), context: e.stack } };
    }
  };

  return {
    start: () => ({ name, version: '1.0.0', language: 'javascript',
      protocol: 1, variants: ['standard'],
      features: [...Object.keys(ANSWERS), 'score', 'blind_bids',
        ...(dealForItself ? ['deals'] : [])] }),
    run: guarded((c) => answer(c, 'run')),
    score: guarded((c) => answer(c, 'score')),
    deal: guarded(deal),
    stop: () => {},  // nothing to let go of; the protocol loop then ends the process
  };
}

// --- The protocol loop: one request a line, one answer a line, flushed ---------------------
function serve(engine) {
  const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    if (!line.trim()) return;
    const msg = JSON.parse(line);
    if (msg.cmd === 'start') {
      send(engine.start());
    } else if (msg.cmd === 'run' || msg.cmd === 'score' || msg.cmd === 'deal') {
      send({ seq: msg.seq, ...engine[msg.cmd](msg.case) });
    } else if (msg.cmd === 'stop') {
      engine.stop();
      process.exit(0);
    }
  });
}

// Serve an engine made with `options` as a process, reading `--deal-for-itself` and
// `--record FILE` from the command line.
function main(options = {}) {
  serve(createEngine({
    ...options,
    dealForItself: process.argv.includes('--deal-for-itself'),
    record: require('./records.js').recorder(process.argv),
  }));
}

module.exports = { RULES, createEngine, serve, main };

// Run as a process (`node spades.js [--deal-for-itself] [--record FILE]`), not when required.
if (require.main === module) main();
