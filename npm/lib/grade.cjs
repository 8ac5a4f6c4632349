'use strict';
// Expected against actual: every difference, with the JSON path to where it is, as the Python
// runner grades (spadespec/conformance/contract/runner/grade.py). Objects are compared over
// the expected keys (an engine may say more than it is asked), lists item by item, `legal` as
// a set; a `true` never equals a `1`. (JSON.parse reads `1.0` as `1`, so unlike the Python
// runner this one cannot tell a float from the integer it equals; the cases hold integers.)
const SET_LIKE = new Set(['legal']);
const MISSING = Symbol('no answer');

const show = (value) => (value === MISSING ? 'no answer' : JSON.stringify(value));

function describe(d) {
  const text = `${d.path}: expected ${show(d.expected)}, got ${show(d.actual)}`;
  return d.detail ? `${text} (${d.detail})` : text;
}

function toJSON(d) {
  const out = { path: d.path, expected: d.expected };
  if (d.actual !== MISSING) out.actual = d.actual;
  if (d.detail) out.detail = d.detail;
  return out;
}

function compare(expect, answers) {
  const out = [];
  for (const [key, wanted] of Object.entries(expect)) {
    const path = `$.${key}`;
    const got = Object.hasOwn(answers, key) ? answers[key] : MISSING;
    if (SET_LIKE.has(key) && Array.isArray(got)) compareAsSet(wanted, got, path, out);
    else compareValue(wanted, got, path, out);
  }
  return out;
}

// Python's json.dumps(value, sort_keys=True): the key a value is known by in a set.
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${canonical(value[k])}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

function compareAsSet(wanted, got, path, out) {
  const wantedKeys = new Map(wanted.map((v) => [canonical(v), v]));
  const gotKeys = new Map(got.map((v) => [canonical(v), v]));
  const missing = [...wantedKeys].filter(([k]) => !gotKeys.has(k)).map(([, v]) => v);
  const extra = [...gotKeys].filter(([k]) => !wantedKeys.has(k)).map(([, v]) => v);
  if (missing.length || extra.length || got.length !== gotKeys.size) {
    const parts = [];
    if (missing.length) parts.push(`missing ${missing.map(pyText).join(', ')}`);
    if (extra.length) parts.push(`not legal but given ${extra.map(pyText).join(', ')}`);
    if (got.length !== gotKeys.size) parts.push('an action is listed twice');
    out.push({ path, expected: wanted, actual: got, detail: parts.join('; ') });
  }
}

// How the Python runner writes a value in a detail (`True`, `5`, `AS`).
const pyText = (v) => (typeof v === 'boolean' ? (v ? 'True' : 'False') : String(v));

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function compareValue(wanted, got, path, out) {
  if (isObject(wanted)) {
    if (!isObject(got)) { out.push({ path, expected: wanted, actual: got }); return; }
    for (const [key, value] of Object.entries(wanted)) {
      compareValue(value, Object.hasOwn(got, key) ? got[key] : MISSING, `${path}.${key}`, out);
    }
  } else if (Array.isArray(wanted)) {
    if (!Array.isArray(got)) { out.push({ path, expected: wanted, actual: got }); return; }
    if (wanted.length !== got.length) {
      out.push({ path: `${path}.length`, expected: wanted.length, actual: got.length });
    }
    const n = Math.min(wanted.length, got.length);
    for (let i = 0; i < n; i += 1) compareValue(wanted[i], got[i], `${path}[${i}]`, out);
  } else if (wanted !== got) {  // strict: a `true` is never a `1`
    out.push({ path, expected: wanted, actual: got });
  }
}

module.exports = { compare, describe, toJSON, MISSING };
