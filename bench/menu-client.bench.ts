/**
 * The browser's side of a 5,000-leaf menu (issue 5, point 3): building the three-level tree
 * from the flat list, the search list, a search per keystroke, breadcrumbs and the history.
 * Pure functions of src/shared/menu-tree.ts, timed in Node. Method and baseline: README.md.
 *
 *   node -r ./scripts/diagrams/register.cjs bench/menu-client.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { breadcrumbs, buildMenu, pushHistory, searchMenu } from '../src/shared/menu-tree';
import { menuRows } from './support/menu-rows';

const RUNS = 33;
const WARMUP = 3;

function time(name: string, fn: () => unknown) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    if (i >= WARMUP) samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
  console.log(`${name.padEnd(42)} median ${at(0.5).padStart(7)} ms   p95 ${at(0.95).padStart(7)} ms`);
}

const rows = menuRows();
const index = buildMenu(rows);
console.log(`${rows.length} rows, ${index.leaves.length} leaves`);
time('build tree + search list + url index', () => buildMenu(rows));
const keystrokes = ['p', 'pa', 'pag', 'page', 'page 5', 'page 50', 'page 500', 'page 5001'];
time(`search, ${keystrokes.length} keystrokes`, () => keystrokes.forEach((q) => searchMenu(index.leaves, q)));
time('search "页面" (every leaf matches)', () => searchMenu(index.leaves, '页面'));
const leafIds = index.leaves.map((l) => l.id);
time('breadcrumbs of 5,000 leaves', () => leafIds.forEach((id) => breadcrumbs(index.byId, id)));
time('history push × 5,000', () => leafIds.reduce<string[]>((h, id) => pushHistory(h, id), []));
