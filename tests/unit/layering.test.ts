import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

/**
 * The layers of the tree, lowest first. A module may import its own layer and the layers its
 * rule names, never one above: the server stays free of browser code, widgets of views,
 * machines of effects. Type-only imports are allowed where the rule says so (a machine may
 * name a service's event type without running its code).
 */
const ROOT = path.resolve(__dirname, '../..');

type Layer = 'shared' | 'resources' | 'machines' | 'services' | 'widgets' | 'views' | 'entries' | 'server' | 'scripts';

const RULES: Record<Layer, { may: Layer[]; typesFrom?: Layer[] }> = {
  shared: { may: [] },
  resources: { may: ['shared'] },
  machines: { may: ['shared'], typesFrom: ['services'] },
  services: { may: ['shared', 'resources', 'machines'] },
  widgets: { may: ['shared', 'resources', 'machines', 'services'] },
  views: { may: ['shared', 'resources', 'machines', 'services', 'widgets'] },
  entries: { may: ['shared', 'resources', 'machines', 'services', 'widgets', 'views'] },
  // The server runs the pure machines too (the record lifecycle refuses an illegal step there).
  server: { may: ['shared', 'resources', 'machines'] },
  scripts: { may: ['shared', 'resources', 'machines', 'services', 'server'] },
};

export function layerOf(file: string): Layer | null {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'server') return 'server';
  if (rel[0] === 'scripts') return 'scripts';
  if (rel[0] !== 'src') return null;
  const layer = rel[1] as Layer;
  return layer in RULES ? layer : null;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(p));
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every relative import of a file: `import … from`, `export … from`, `import()`. */
export function importsOf(text: string): Array<{ spec: string; typeOnly: boolean }> {
  const found: Array<{ spec: string; typeOnly: boolean }> = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) found.push({ spec: m[4] ?? '', typeOnly: Boolean(m[2]) });
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: m[1] ?? '', typeOnly: false });
  return found.filter((i) => i.spec.startsWith('.'));
}

export function violations(files: string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    if (!from) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const { spec, typeOnly } of importsOf(text)) {
      const target = path.resolve(path.dirname(file), spec);
      const to = layerOf(target);
      if (!to || to === from) continue;
      const rule = RULES[from];
      if (rule.may.includes(to)) continue;
      if (typeOnly && rule.typesFrom?.includes(to)) continue;
      problems.push(`${path.relative(ROOT, file)} (${from}) imports ${spec} (${to})`);
    }
  }
  return problems;
}

describe('layering', () => {
  it('no module imports a layer above its own', () => {
    const files = [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'server')), ...sources(path.join(ROOT, 'scripts'))];
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it('catches an upward import', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'src', 'widgets', '.layering-'));
    try {
      const file = path.join(dir, 'Bad.tsx');
      fs.writeFileSync(file, "import { ShellView } from '../../views/shell/ShellView';\nimport type { X } from '../../views/x';\n");
      expect(violations([file])).toHaveLength(2);
      const server = path.join(ROOT, 'server', 'x.ts');
      expect(layerOf(server)).toBe('server');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
