import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * `npm run bench` (scripts/bench.mjs): the table it writes into bench/README.md between its
 * markers, leaving the hand-written sections alone, and what makes `--check` fail. The benches
 * themselves are not run here (they take minutes and want a quiet machine).
 */
const ROOT = path.join(__dirname, '../..');

/** Calls one export of scripts/bench.mjs in a Node of its own (an ES module script) and answers its JSON. */
function call(fn: string, ...args: unknown[]): unknown {
  const code = `import(${JSON.stringify(path.join(ROOT, 'scripts/bench.mjs'))}).then((m) => process.stdout.write(JSON.stringify(m[${JSON.stringify(fn)}](...${JSON.stringify(args)}) ?? null)))`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' }));
}

const machine = { cpus: 2, cpuModel: 'AMD EPYC', memoryGB: 24, load: [1.5, 1, 0.5], node: 'v20.20.2', chromium: 'Chromium 156' };
const result = (name: string, rows: unknown[], extra: object = {}) => ({ name, at: '2026-11-24T21:00:00.000Z', commit: 'abc1234', seconds: 12, exitCode: 0, rows, machine, method: `how ${name} measures`, ...extra });
const RESULTS = {
  'menu-browser': result('menu-browser', [
    { name: 'keystroke to rendered results (median)', value: 14, unit: 'ms', goal: '< 16 ms', met: true, group: 'Menu search' },
    { name: 'keystroke to rendered results (p95)', value: 20.1, unit: 'ms', goal: null, met: null, group: 'Menu search' },
  ]),
  start: result('start', [{ name: 'existing data directory', value: 3.45, unit: 's', goal: '≤ 3 s', met: false, note: 'median of 3' }]),
  export: result('export', [], { failed: 'exit 1', method: '' }),
};

describe('npm run bench', () => {
  it('writes one table with each figure beside its goal, the misses counted and marked, a failed bench named', () => {
    const block = call('renderBlock', RESULTS, { totalSeconds: 0 }) as string;
    expect(block.startsWith('<!-- bench:begin -->')).toBe(true);
    expect(block.trimEnd().endsWith('<!-- bench:end -->')).toBe(true);
    expect(block).toContain('**1 of 2 goals met, 1 missed**');
    expect(block).toContain('Failed to run: export (exit 1)');
    expect(block).toContain('| keystroke to rendered results (median) | 14 ms | < 16 ms | met |');
    expect(block).toContain('| existing data directory | 3.45 s (median of 3) | ≤ 3 s | **missed** |');
    expect(block).toContain('| keystroke to rendered results (p95) | 20.1 ms |  |  |');
    expect(block).toContain('how menu-browser measures');
    expect(block).toContain('2 cores (AMD EPYC), 24 GB, Node v20.20.2, Chromium 156');
  });

  it('puts the table under the title the first time, then replaces only what lies between the markers', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-readme-'));
    const readme = path.join(dir, 'README.md');
    fs.writeFileSync(readme, '# Benchmarks\n\n## A hand-written section\n\nIts text.\n');
    call('writeBlock', readme, '<!-- bench:begin -->\nfirst\n<!-- bench:end -->');
    call('writeBlock', readme, '<!-- bench:begin -->\nsecond\n<!-- bench:end -->');
    const text = fs.readFileSync(readme, 'utf8');
    fs.rmSync(dir, { recursive: true, force: true });
    expect(text).toBe('# Benchmarks\n\n<!-- bench:begin -->\nsecond\n<!-- bench:end -->\n\n## A hand-written section\n\nIts text.\n');
  });

  it('--check fails on a missed goal and on a bench that could not run, not on figures without a goal', () => {
    expect(call('checkProblems', Object.values(RESULTS))).toEqual(['start: existing data directory: 3.45 s, goal ≤ 3 s', 'failed to run: export: exit 1']);
    expect(call('checkProblems', [RESULTS['menu-browser']])).toEqual([]);
  });
});
