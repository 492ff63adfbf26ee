/** @jest-environment node */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { generate, indexEntry, readme } from '../../scripts/diagrams/generate';
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
    expect(mmd).toContain('editing__form__dirty --> editing__form__dirty : ITEM.ADD');
  });
});

describe('SVG diagram', () => {
  it('draws every state and every label, offline', async () => {
    const svg = await toSvg(chart);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    for (const s of chart.states.slice(1)) expect(svg).toContain(`data-state-id="${s.id}"`);
    for (const label of ['FORM.SUBMIT [hasItems]', 'always [isFull]', 'after debounce (500 ms)', 'after 3000 ms', 'done: saveDraft', 'invoke saveDraft']) {
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
  });

  it('comes with every file for the machines given', async () => {
    const files = await generate([found]);
    expect([...files.keys()].sort()).toEqual(['README.md', 'index.json', 'sample.mmd', 'sample.svg']);
    expect(JSON.parse(files.get('index.json')!)[0]).toMatchObject({ id: 'sample', svg: 'sample.svg', guards: ['hasItems', 'isFull'] });
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
