import { Worker } from 'node:worker_threads';
import { DYNAMIC_PATTERN_CHECK_MS } from '../../src/shared/constants';
import type { PatternCheck, PatternVerdict, RunPatterns } from '../../src/shared/dynamic-form';

/**
 * Where the server tests a dynamic form's values against its template's patterns
 * (docs/dynamic-forms.md, "Patterns on the server"): in a worker thread, one submission at a
 * time, each given DYNAMIC_PATTERN_CHECK_MS. An administrator's pattern runs on JavaScript's
 * backtracking engine, which can take exponential time on a crafted value (^(a+)+$ and 26
 * a's then ! took four seconds), and nothing in the engine can be told to stop but a thread
 * terminating: run on the event loop, one such value stalled every request. A submission
 * whose tests outrun the limit loses its worker (terminated, a new one started for the next)
 * and the tests left get no verdict, which refuses their values (rule.pattern.unchecked).
 *
 * Not V8's linear-time engine (the `l` flag behind --enable-experimental-regexp-engine): in
 * Node 20 it refuses any counted repetition above 16 (^\d{18}$, ^\d{6,20}$) besides
 * lookarounds and backreferences, so stored templates would stop taking values; and linear is
 * still pattern × text, tens of milliseconds per 100-character pattern on a 2000-character
 * value, times every rule of a form, on the event loop.
 */

export interface PatternRunner {
  run: RunPatterns;
  /** Ends the worker; later runs give no verdicts. */
  close(): Promise<void>;
}

// Plain JavaScript, evaluated as the worker's script, so the bundled server and the tests start
// the same code without a file of its own to ship. One message per verdict: those found
// before the limit count.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (checks) => {
  for (const { pattern, value } of checks) {
    let verdict = null;
    try {
      verdict = new RegExp(pattern).test(value);
    } catch {}
    parentPort.postMessage(verdict);
  }
});
`;

export function patternRunner(limitMs = DYNAMIC_PATTERN_CHECK_MS): PatternRunner {
  let worker: Promise<Worker> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      // Idle, it keeps no process alive (a script, a test); a run holds it (ref below).
      w.unref();
      w.once('online', () => resolve(w));
      w.once('error', reject);
    });

  const discard = (w: Worker) => {
    worker = null;
    void w.terminate();
  };

  async function runOne(checks: readonly PatternCheck[]): Promise<PatternVerdict[]> {
    const verdicts: PatternVerdict[] = checks.map(() => null);
    if (closed || !checks.length) return verdicts;
    let w: Worker;
    try {
      // Started before the clock: a slow start is not the pattern's time.
      w = await (worker ??= start());
    } catch {
      worker = null;
      return verdicts;
    }
    return new Promise((resolve) => {
      let got = 0;
      let done = false;
      const finish = (healthy: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onFailure);
        w.off('exit', onFailure);
        if (healthy) w.unref();
        else discard(w);
        resolve(verdicts);
      };
      const onMessage = (verdict: PatternVerdict) => {
        verdicts[got++] = verdict;
        if (got === checks.length) finish(true);
      };
      const onFailure = () => finish(false);
      // Verdicts that arrived as the limit struck wait in the message queue, which is read
      // before setImmediate's turn: a busy event loop does not cost an honest value its check.
      const timer = setTimeout(() => setImmediate(() => finish(false)), limitMs);
      w.on('message', onMessage);
      w.once('error', onFailure);
      w.once('exit', onFailure);
      w.ref();
      w.postMessage(checks);
    });
  }

  return {
    run(checks) {
      const run = queue.then(() => runOne(checks));
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      closed = true;
      const w = await worker?.catch(() => null);
      worker = null;
      await w?.terminate();
    },
  };
}
