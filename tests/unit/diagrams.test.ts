/** @jest-environment node */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { assign, createMachine, setup, type AnyStateMachine } from 'xstate';
import { generate, indexEntry, readme, refuseAnonymous } from '../../scripts/diagrams/generate';
import { toMermaid } from '../../scripts/diagrams/mermaid';
import { readChart } from '../../scripts/diagrams/statechart';
import { toSvg } from '../../scripts/diagrams/svg';
import { sampleMachine } from '../model/support/sample.machine';

const chart = readChart(sampleMachine);
const found = { file: 'tests/model/support/sample.machine.ts', exportName: 'sampleMachine', machine: sampleMachine };

describe('Mermaid diagram', () => {
  const mmd = toMermaid(chart);

  it('is a stateDiagram-v2 with nested and parallel states', () => {
    expect(mmd.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(mmd).toContain('state editing {');
    expect(mmd).toMatch(/state editing__form \{[\s\S]*\n\s+--\n\s+state "panel" as editing__panel/);
    expect(mmd).toContain('[*] --> editing__form__clean');
    expect(mmd).toContain('saved --> [*]');
  });

  it('labels guards, delays, always, invoked actors and re-entry', () => {
    expect(mmd).toContain('editing --> saving : FORM.SUBMIT [hasItems]');
    expect(mmd).toContain('editing__form__dirty --> full : always [isFull]');
    expect(mmd).toContain('full --> saving : always');
    expect(mmd).toContain('editing__form__dirty --> editing__form__autosaved : after debounce (500 ms)');
    expect(mmd).toContain('editing__panel__open --> editing__panel__closed : after 3000 ms');
    expect(mmd).toContain('saving --> saved : done: saveDraft');
    expect(mmd).toContain('saving --> editing : error: saveDraft');
    expect(mmd).toContain('saving : invoke saveDraft');
    expect(mmd).toContain('editing__form__dirty --> editing__form__dirty : FORM.RESET (re-enter)');
    // a targetless transition stays where it is
    expect(mmd).toContain('editing__form__dirty --> editing__form__dirty : ITEM.ADD / addItem');
  });

  it('prints the actions of a transition on its arrow, in order', () => {
    expect(mmd).toContain('editing__form__clean --> editing__form__dirty : ITEM.ADD / addItem');
    expect(mmd).toContain('saving --> saved : done: saveDraft / keepToken');
  });
});

describe('SVG diagram', () => {
  it('draws every state and every label, offline', async () => {
    const svg = await toSvg(chart);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    for (const s of chart.states.slice(1)) expect(svg).toContain(`data-state-id="${s.id}"`);
    for (const label of ['FORM.SUBMIT [hasItems]', 'always [isFull]', 'after debounce (500 ms)', 'after 3000 ms', 'done: saveDraft / keepToken', 'invoke saveDraft', 'ITEM.ADD / addItem']) {
      expect(svg).toContain(`>${label}</text>`);
    }
    expect(svg).toMatch(/class="state compound parallel" data-state-id="sample.editing"/);
    expect(svg).toMatch(/class="state final" data-state-id="sample.saved"/);
  });

  it('nests child states inside their parent box', async () => {
    const svg = await toSvg(chart);
    const box = (id: string) => {
      const m = new RegExp(`data-state-id="${id.replace(/\./g, '\\.')}"><rect x="([\\d.]+)" y="([\\d.]+)" width="([\\d.]+)" height="([\\d.]+)"`).exec(svg);
      expect(m).not.toBeNull();
      const [x, y, w, h] = m!.slice(1).map(Number) as [number, number, number, number];
      return { x, y, w, h };
    };
    const outer = box('sample.editing');
    for (const inner of ['sample.editing.form', 'sample.editing.panel', 'sample.editing.form.dirty']) {
      const b = box(inner);
      expect(b.x).toBeGreaterThanOrEqual(outer.x);
      expect(b.y).toBeGreaterThan(outer.y);
      expect(b.x + b.w).toBeLessThanOrEqual(outer.x + outer.w);
      expect(b.y + b.h).toBeLessThanOrEqual(outer.y + outer.h);
    }
  });

  it('is the same bytes every time', async () => {
    expect(await toSvg(chart)).toBe(await toSvg(readChart(sampleMachine)));
  });
});

describe('README table', () => {
  it('lists the machine with its states, events, guards and delays', () => {
    const md = readme([indexEntry(found, chart)]);
    const row = md.split('\n').find((l) => l.startsWith('| [sample]'))!;
    expect(row).toContain('`editing (parallel)`');
    expect(row).toContain('`editing.form.dirty`');
    expect(row).toContain('`FORM.SUBMIT`');
    expect(row).toContain('`hasItems`, `isFull`');
    expect(row).toContain('`3000 ms`, `debounce = 500 ms`');
    expect(row).toContain('`saveDraft`');
    expect(md).toContain('| editing.form.dirty | `always [isFull]` | full |');
    expect(md).toContain('| editing.form.dirty | `FORM.RESET (re-enter)` | editing.form.dirty |');
    expect(md).toContain('| saving | `done: saveDraft / keepToken` | saved |');
    expect(row).toContain('`addItem`, `keepToken`');
  });

  it('comes with every file for the machines given', async () => {
    const files = await generate([found]);
    expect([...files.keys()].sort()).toEqual(['README.md', 'index.json', 'sample.mmd', 'sample.svg']);
    expect(JSON.parse(files.get('index.json')!)[0]).toMatchObject({ id: 'sample', svg: 'sample.svg', guards: ['hasItems', 'isFull'] });
  });
});

/** The same machine with one action taken off the first transition that runs it. */
function without(machine: AnyStateMachine, action: string): AnyStateMachine {
  let done = false;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'actions' && !done && (v === action || (Array.isArray(v) && v.includes(action)))) {
        done = true;
        out[k] = Array.isArray(v) ? v.filter((a) => a !== action) : [];
      } else out[k] = typeof v === 'function' ? v : strip(v);
    }
    return out;
  };
  const config = strip(machine.config) as never;
  expect(done).toBe(true);
  return createMachine(config, machine.implementations as never) as AnyStateMachine;
}

describe('what the diagrams refuse and notice', () => {
  it('refuses an inline action or guard, naming the machine and the transition', () => {
    const inline = setup({ types: { context: {} as { n: number } } }).createMachine({
      id: 'inlineSample',
      context: { n: 0 },
      initial: 'idle',
      states: {
        idle: { on: { 'ITEM.ADD': { actions: assign({ n: ({ context }) => context.n + 1 }) }, 'FORM.SUBMIT': { guard: ({ context }) => context.n > 0, target: 'done' } } },
        done: { entry: assign({ n: 0 }) },
      },
    });
    const chart = readChart(inline);
    expect(() => refuseAnonymous(chart)).toThrow(/machine 'inlineSample' has 3 anonymous/);
    expect(() => refuseAnonymous(chart)).toThrow('inlineSample / idle: ITEM.ADD → self: inline action (assign)');
    expect(() => refuseAnonymous(chart)).toThrow('inlineSample / idle: FORM.SUBMIT [inline] → done: inline guard');
    expect(() => refuseAnonymous(chart)).toThrow('inlineSample / done entry: inline action (assign)');
    return expect(generate([{ file: 'x.machine.ts', exportName: 'inline', machine: inline }])).rejects.toThrow(/anonymous/);
  });

  it('accepts named actions, named guards with params and and/or/not over named guards', () => {
    expect(chart.anonymous).toEqual([]);
    expect(() => refuseAnonymous(chart)).not.toThrow();
  });

  it('goes stale when an action is taken off a transition (as removing goToLogin would)', async () => {
    const before = await generate([found]);
    const after = await generate([{ ...found, machine: without(sampleMachine, 'addItem') }]);
    const changed = [...before.keys()].filter((f) => before.get(f) !== after.get(f)).sort();
    expect(changed).toEqual(['README.md', 'index.json', 'sample.mmd', 'sample.svg']);
    expect(after.get('sample.mmd')).toContain('editing__form__clean --> editing__form__dirty : ITEM.ADD\n');
  });
});

describe('npm run diagrams:check', () => {
  const root = path.resolve(__dirname, '../..');
  const script = path.join(root, 'scripts/diagrams.mjs');
  const runCheck = (dir: string) => spawnSync(process.execPath, [script, '--check', '--dir', dir], { cwd: root, encoding: 'utf8' });

  it('passes on fresh diagrams and fails, naming the file, on a stale, missing or orphan one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
    try {
      execFileSync(process.execPath, [script, '--dir', dir], { cwd: root });
      expect(runCheck(dir).status).toBe(0);

      const svg = fs.readdirSync(dir).find((f) => f.endsWith('.svg'))!;
      fs.appendFileSync(path.join(dir, svg), '<!-- edited by hand -->');
      let r = runCheck(dir);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(svg);

      fs.rmSync(path.join(dir, svg));
      r = runCheck(dir);
      expect([r.status, r.stderr.includes(`${svg} (missing)`)]).toEqual([1, true]);

      execFileSync(process.execPath, [script, '--dir', dir], { cwd: root });
      fs.writeFileSync(path.join(dir, 'gone.mmd'), 'stateDiagram-v2\n');
      r = runCheck(dir);
      expect([r.status, r.stderr.includes('gone.mmd (no such machine any more)')]).toEqual([1, true]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
