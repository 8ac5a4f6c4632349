'use strict';
// What a case can check of an engine, observable by observable, from what the engine declares
// (as spadespec/conformance/contract/runner/checking.py and protocol/features.py decide):
// each asked observable is checked when a declared feature can show it, `illegal` by
// `refusal` too, and `to_act` between hands by `next_deal`.
const { facts } = require('./suite.cjs');

function zeroBidProbe(expect) {
  const action = (expect.illegal || {}).action || {};
  return action.action === 'bid' && Number.isInteger(action.bid) && action.bid === 0;
}

function featureFor(expect, key, declared) {
  if (key === 'illegal' && declared.has(facts.nilAsZero) && zeroBidProbe(expect)) return null;
  if (declared.has(key)) return key;
  if (key === 'illegal' && declared.has('refusal')) return 'refusal';
  if (key === 'to_act' && declared.has('next_deal') &&
      facts.betweenHands.includes(expect.to_act.phase)) return 'next_deal';
  return null;
}

// { checked: the features the answer is graded on, unchecked: the observables nothing shows }
function plan(entry, features) {
  const declared = new Set(features);
  const checked = [];
  const unchecked = [];
  for (const key of entry.asks) {
    const feature = featureFor(entry.expect, key, declared);
    if (feature === null) unchecked.push(key); else checked.push(feature);
  }
  return { checked, unchecked };
}

// The expected values of what is checked, keyed as the engine answers them.
function expected(entry, checked) {
  const out = {};
  for (const feature of checked) {
    if (feature === 'refusal') out.refusal = { refused: entry.expect.illegal.reason !== null };
    else if (feature === 'next_deal') out.next_deal = entry.expect.to_act;
    else out[feature] = entry.expect[feature];
  }
  return out;
}

// The request that puts the case to the engine, asking what is checked.
function request(entry, checked) {
  const out = { ...entry.request, ask: [...checked] };
  if (checked.includes('illegal') || checked.includes('refusal')) out.probe = entry.expect.illegal.action;
  return out;
}

// The score figures an engine answers, in the order a request asks them.
function figuresAnswered(features) {
  const declared = new Set(features);
  if (declared.has(facts.score)) return [...facts.scoreFigures];
  return facts.scoreFigures.filter((_, i) => declared.has(facts.scoreFigureFeatures[i]));
}

// Why a list of declared features is refused (a name no suite asks about), or null.
function unknownFeatures(features) {
  const unknown = features.filter((name) => !facts.knownFeatures.includes(name));
  if (!unknown.length) return null;
  const noun = unknown.length === 1 ? 'feature' : 'features';
  return `the engine declares the unknown ${noun} ${unknown.map((n) => `'${n}'`).join(', ')}; ` +
    `the features are ${facts.knownFeatures.join(', ')} (docs/protocol.md)`;
}

module.exports = { plan, expected, request, figuresAnswered, unknownFeatures };
