'use strict';
// The two ways an engine is plugged in. Either way the runner holds a session: `info` (the
// engine's `start` answer), `ask(kind, request)` (a `run` or `score` request, answered as the
// protocol answers it, without `seq`: `{result}`, `{skipped: {reason}}` or `{errored: {message}}`)
// and `stop()`.
//   in-process   an object with start(), run(request), score(request) and, optionally, stop();
//                each may return its answer or a promise of it
//   subprocess   a command that speaks the JSON-lines protocol on stdin and stdout
//                (docs/protocol.md), as `spadespec conform --engine COMMAND` runs it
const { spawn, spawnSync } = require('node:child_process');
const readline = require('node:readline');
const { facts } = require('./suite.cjs');
const { unknownFeatures } = require('./plan.cjs');
const { formProblem } = require('./forms.cjs');

class EngineError extends Error {}

const START = { cmd: 'start', protocol: facts.protocol };

function checkedInfo(info, where) {
  const ok = info && typeof info === 'object' && Array.isArray(info.variants) &&
    Array.isArray(info.features);
  if (!ok) throw new EngineError(`${where}: the start answer needs lists "variants" and "features"`);
  const unknown = unknownFeatures(info.features);
  if (unknown) throw new EngineError(`${where}: ${unknown}`);
  return info;
}

// An engine object in this process.
function inProcess(engine) {
  for (const method of ['start', 'run']) {
    if (typeof engine[method] !== 'function') {
      throw new EngineError(`an in-process engine needs a ${method}() method`);
    }
  }
  return {
    describe: engine.name || 'an in-process engine',
    // The start answer now, when start() gives it at once (a test runner names tests from it).
    infoNow() {
      const info = engine.start();
      return info && typeof info.then === 'function' ? null : checkedInfo(info, 'start()');
    },
    async open() {
      const info = checkedInfo(await engine.start(), 'start()');
      return {
        info,
        async ask(kind, request) {
          if (typeof engine[kind] !== 'function') {
            throw new EngineError(`the engine declares ${kind} figures but has no ${kind}() method`);
          }
          return engine[kind](request);
        },
        async stop() { if (typeof engine.stop === 'function') await engine.stop(); },
      };
    },
  };
}

// An engine in another process, started by `command` (run by the shell, as typed).
function subprocess(command, { cwd, env, timeout = 10000 } = {}) {
  const options = { cwd, env: env || process.env, shell: true };
  return {
    describe: command,
    // The start answer, from a short run of the command that is told only start and stop.
    infoNow() {
      const input = `${JSON.stringify(START)}\n${JSON.stringify({ cmd: 'stop' })}\n`;
      const done = spawnSync(command, { ...options, input, timeout, encoding: 'utf8' });
      const line = (done.stdout || '').split('\n').find((l) => l.trim());
      if (!line) {
        throw new EngineError(`${command}: no start answer (exit ${done.status}); it said: ` +
          `${(done.stderr || '').trim().slice(-500)}`);
      }
      return checkedInfo(parse(line, command), command);
    },
    // A process that dies (or is killed: too slow, or an answer that breaks the protocol) is
    // started again for the next request, as `spadespec conform` does: one crash costs one
    // check. After `maxRestarts` failed restarts in a row (a process that does not start, or
    // stops before it answers), the engine is given up and each check after is an error.
    async open() {
      let current = await openProcess(command, options, timeout);
      let failedRestarts = 0;
      let onTrial = false;
      return {
        info: current.info,
        async ask(kind, request) {
          if (current === null || current.ended()) {
            if (failedRestarts >= facts.maxRestarts) {
              return { errored: { message: `not tried: ${facts.givenUp}` } };
            }
            try {
              current = await openProcess(command, options, timeout);
              onTrial = true;
            } catch (error) {
              failedRestarts += 1;
              current = null;
              return { errored: { message: `the engine could not be restarted: ${error.message}` } };
            }
          }
          let answer;
          try {
            answer = await current.ask(kind, request);
          } catch (error) {
            answer = { errored: { message: error.message } };
          }
          failedRestarts = current.ended() ? failedRestarts + Number(onTrial) : 0;
          onTrial = false;
          return answer;
        },
        stop: () => (current === null ? undefined : current.stop()),
      };
    },
  };
}

// What is wrong with an answer's framing (seq, and one of result, skipped or errored), or null;
// the result's values are checked only where they differ from the case (checks.cjs).
function envelopeProblem(reply) {
  const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (isObject(reply) && isObject(reply.result)) {
    const usual = Number.isInteger(reply.seq) && reply.seq >= 1 && !('skipped' in reply) &&
      !('errored' in reply);
    if (usual) return null;
    return formProblem('runResponse', { ...reply, result: {} });
  }
  return formProblem('runResponse', reply);
}

function parse(line, command) {
  try {
    return JSON.parse(line);
  } catch {
    throw new EngineError(`${command}: not a JSON line: ${line.slice(0, 200)}`);
  }
}

async function openProcess(command, options, timeout) {
  const child = spawn(command, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-4000); });
  const lines = readline.createInterface({ input: child.stdout });
  const waiting = [];
  const queued = [];
  let ended = null;
  let killed = false;  // killed by the runner: gone for its purposes before its exit is seen
  const kill = () => { killed = true; child.kill('SIGKILL'); };
  lines.on('line', (line) => {
    if (!line.trim()) return;
    if (waiting.length) waiting.shift().resolve(line); else queued.push(line);
  });
  child.on('exit', (code, signal) => {
    ended = `the engine exited (${signal || `exit ${code}`})${stderr ? `; it said: ${stderr.trim()}` : ''}`;
    while (waiting.length) waiting.shift().reject(new EngineError(ended));
  });
  child.stdin.on('error', () => {});  // a dead engine's closed pipe: its exit says why
  const next = () => new Promise((resolve, reject) => {
    if (queued.length) { resolve(queued.shift()); return; }
    if (ended) { reject(new EngineError(ended)); return; }
    const timer = setTimeout(() => {
      kill();
      reject(new EngineError(`no answer within ${timeout} ms`));
    }, timeout);
    waiting.push({
      resolve: (l) => { clearTimeout(timer); resolve(l); },
      reject: (e) => { clearTimeout(timer); reject(e); },
    });
  });
  const send = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send(START);
  let first;
  try {
    first = await next();
  } catch (error) {
    throw new EngineError(`${command}: no start answer: ${error.message}`);
  }
  const info = checkedInfo(parse(first, command), command);
  let seq = 0;
  return {
    info,
    ended: () => ended !== null || killed,
    async ask(kind, request) {
      seq += 1;
      send({ cmd: kind, seq, case: request });
      let reply;
      try {
        reply = parse(await next(), command);
        const trouble = envelopeProblem(reply);
        if (trouble) {
          const shown = JSON.stringify(reply).slice(0, 200);
          const error = new EngineError(`the answer breaks the protocol ${trouble}; the line: ${shown}`);
          // still in step with the engine when the line was this request's answer, and all of it
          error.inStep = reply !== null && typeof reply === 'object' && reply.seq === seq &&
            !queued.length;
          throw error;
        }
        if (reply.seq !== seq) {
          throw new EngineError(`the answer is for request ${reply.seq}, not ${seq}`);
        }
      } catch (error) {
        if (!error.inStep) kill();  // its output cannot be trusted: the next request restarts it
        throw error;
      }
      const { seq: _, ...answer } = reply;
      return answer;
    },
    async stop() {
      if (ended) return;
      send({ cmd: 'stop' });
      child.stdin.end();
      await new Promise((resolve) => {
        const timer = setTimeout(() => { child.kill('SIGKILL'); resolve(); }, 2000);
        child.on('exit', () => { clearTimeout(timer); resolve(); });
      });
    },
  };
}

// An engine as given: a command (string) for a subprocess, or an engine object.
function engineOf(engine, options) {
  if (typeof engine === 'string') return subprocess(engine, options);
  if (engine && typeof engine === 'object') return inProcess(engine);
  throw new EngineError('an engine is a command (a string) or an object with start() and run()');
}

module.exports = { engineOf, inProcess, subprocess, EngineError };
