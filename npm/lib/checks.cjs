'use strict';
// Each check the suite puts to an engine: a case, and its score request for an engine that
// keeps score (`<case id>~score`). `prepare` decides from the engine's `start` answer alone
// whether a check applies and what it asks, so a test runner can name and skip tests before
// any is run; `settle` puts one check to the engine and judges the answer, as the Python runner
// does (spadespec/conformance/contract/runner/run.py, score.py and verdict.py).
const { facts } = require('./suite.cjs');
const grade = require('./grade.cjs');
const { plan, expected, request, figuresAnswered } = require('./plan.cjs');
const { formProblem } = require('./forms.cjs');

const has = (info, feature) => info.features.includes(feature);

function base(entry, id, kind) {
  return { id, kind, variant: entry.variant, level: entry.level, tags: entry.tags, entry };
}

function notApplicable(check, message, unchecked = []) {
  return { ...check, now: { verdict: 'n/a', message }, checked: [], unchecked };
}

function prepareCase(entry, info) {
  const check = base(entry, entry.id, 'run');
  if (!info.variants.includes(entry.variant)) {
    return notApplicable(check, `the engine does not play variant ${entry.variant}`);
  }
  if (has(info, facts.deals) && entry.ownDeal) {
    return notApplicable(check, facts.notApplicable[facts.deals]);
  }
  const lacking = (entry.needs || []).find((feature) => !has(info, feature));
  if (lacking) return notApplicable(check, facts.notApplicable[lacking]);
  const zero = has(info, facts.nilAsZero);
  if (zero && entry.zero.refused) {
    return { ...check, now: { verdict: 'error', message: entry.zero.refused }, checked: [], unchecked: [] };
  }
  const chosen = plan(entry, info.features);
  if (!chosen.checked.length) {
    return notApplicable(check, `the engine declares none of ${chosen.unchecked.join(', ')}`,
      chosen.unchecked);
  }
  let sent = request(entry, chosen.checked);
  if (zero) sent = toldZero(sent);
  return { ...check, ...chosen, zero, request: sent, expected: expected(entry, chosen.checked) };
}

function prepareScore(entry, info) {
  const score = entry.score;
  const check = base(entry, score.id, 'score');
  if (!info.variants.includes(entry.variant)) {
    return notApplicable(check, `the engine does not play variant ${entry.variant}`);
  }
  // A score request is told bids and tricks only: it needs what they can hold (a number bid
  // blind) and the table they are keyed by, never a holder's redeal call or a draw.
  const lacking = ['blind_bids', 'tables'].find(
    (feature) => (entry.needs || []).includes(feature) && !has(info, feature));
  if (lacking) return notApplicable(check, facts.notApplicable[lacking]);
  const answered = figuresAnswered(info.features);
  const keys = Object.keys(score.expect);
  const asked = keys.filter((k) => answered.includes(k));
  const unchecked = keys.filter((k) => !answered.includes(k)).map((k) => `${facts.score}.${k}`);
  if (!asked.length) {
    return notApplicable(check, `the engine declares none of ${unchecked.join(', ')}`, unchecked);
  }
  const checked = asked.map((k) => `${facts.score}.${k}`);
  const zero = has(info, facts.nilAsZero);
  if (zero && entry.zero.refused) {
    return { ...check, now: { verdict: 'error', message: entry.zero.refused }, checked, unchecked };
  }
  let sent = { ...score.request, ask: asked };
  if (zero) {
    sent = { ...sent, hands: sent.hands.map((h) => ({ ...h, bids: mapValues(h.bids, asZero) })) };
  }
  const wanted = Object.fromEntries(asked.map((k) => [k, score.expect[k]]));
  // `zero` is false: the bids were told as 0 above, and a score answer holds no bid to read
  return { ...check, checked, unchecked, zero: false, request: sent, expected: wanted };
}

// The checks of one case for an engine whose `start` answer is `info`.
function prepare(entry, info) {
  const out = [prepareCase(entry, info)];
  if (entry.score && figuresAnswered(info.features).length) out.push(prepareScore(entry, info));
  return out;
}

const mapValues = (obj, f) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, f(v)]));
const asZero = (bid) => (bid === 'nil' ? 0 : bid);
const readZero = (isNil) => (bid) => (isNil && bid === 0 ? 'nil' : bid);

function toldZero(sent) {
  const bidAsZero = (a) => (a && typeof a === 'object' && a.action === 'bid' && 'bid' in a
    ? { ...a, bid: asZero(a.bid) } : a);
  const out = { ...sent, actions: sent.actions.map(bidAsZero) };
  if ('probe' in sent) out.probe = bidAsZero(sent.probe);
  return out;
}

// An engine writing nil as 0: its answers with each 0 read as nil, where 0 stands for nil.
function readZeroAnswers(entry, answers) {
  const read = readZero(entry.zero.isNil);
  const out = { ...answers };
  if (Array.isArray(out.legal)) out.legal = out.legal.map(read);
  if (Array.isArray(out.hands)) {
    out.hands = out.hands.map((h) => (h && typeof h === 'object' && h.bids && typeof h.bids === 'object'
      && !Array.isArray(h.bids) ? { ...h, bids: mapValues(h.bids, read) } : h));
  }
  const illegal = out.illegal;
  if (illegal && typeof illegal === 'object' && illegal.action && typeof illegal.action === 'object') {
    const action = { ...illegal.action };
    if (action.action === 'bid' && 'bid' in action) action.bid = read(action.bid);
    out.illegal = { ...illegal, action };
  }
  return out;
}

// The engine's reply (`{result}`, `{skipped}` or `{errored}`) judged against the check.
function judge(check, reply, seconds) {
  const done = (verdict, more = {}) => ({ ...result(check, verdict), seconds, ...more });
  if (reply && typeof reply === 'object' && reply.skipped) {
    return { ...done('skip', { message: String(reply.skipped.reason ?? '') }), checked: [] };
  }
  if (reply && typeof reply === 'object' && reply.errored) {
    const more = { message: String(reply.errored.message ?? '') };
    if ('context' in reply.errored) more.context = reply.errored.context;
    return done('error', more);
  }
  let answers = reply && typeof reply === 'object' ? reply.result : undefined;
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) {
    return done('error', { message: `not a valid response: ${JSON.stringify(reply)}` });
  }
  const missing = check.request.ask.filter((key) => !Object.hasOwn(answers, key));
  if (missing.length) {
    return done('error', { message: `the result leaves out ${missing.join(', ')}, which the case asks` });
  }
  if (check.zero) answers = readZeroAnswers(check.entry, answers);
  const differences = grade.compare(check.expected, answers);
  if (differences.length) {
    const trouble = formProblem(check.kind === 'run' ? 'result' : 'scoreResult', answers);
    if (trouble) {
      return done('error', {
        message: `the answer is not in the protocol's canonical forms ${trouble}`, answers });
    }
    return done('fail', { differences, answers });
  }
  return done('pass');
}

function result(check, verdict) {
  return {
    id: check.id, kind: check.kind, variant: check.variant, level: check.level, tags: check.tags,
    verdict, checked: check.checked, unchecked: check.unchecked, differences: [], message: '',
  };
}

// Put a prepared check to a started session; the result, with `final` (xfail / xpass when
// `listed`) and `bad` (a failure, an error or an unexpected pass).
async function settle(check, session, listed = false) {
  let out;
  if (check.now) {
    out = { ...result(check, check.now.verdict), message: check.now.message, seconds: 0 };
  } else {
    const started = process.hrtime.bigint();
    let reply;
    try {
      reply = await session.ask(check.kind, check.request);
    } catch (error) {
      reply = { errored: { message: `the engine raised ${error && error.name}: ${error && error.message}` } };
    }
    out = judge(check, reply, Number(process.hrtime.bigint() - started) / 1e9);
  }
  return finish(out, listed);
}

function finish(out, listed) {
  let final = out.verdict;
  if (listed && (final === 'fail' || final === 'error')) final = 'xfail';
  else if (listed && final === 'pass') final = 'xpass';
  const graded = ['error', 'skip', 'n/a'].includes(out.verdict) ? [] : out.checked;
  return { ...out, final, listed, checked: graded, bad: ['fail', 'error', 'xpass'].includes(final) };
}

// What a failing result says: each difference (expected against got), or the message.
function explain(out) {
  if (out.differences.length) return out.differences.map(grade.describe).join('\n');
  return out.message;
}

module.exports = { prepare, settle, explain };
