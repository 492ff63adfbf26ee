import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../../src/shared/constants';

/**
 * The browser's locale modules (locale/<module>/<lang>/index.json): both languages hold the
 * same keys, every message is a non-empty string, and every literal key the login page and
 * the shell ask for exists. A missing message would show as a raw key.
 */
const ROOT = join(__dirname, '../../locale');
const MODULES = ['global', 'login', 'shell'];
const SOURCES = ['src/views', 'src/widgets', 'src/machines'].map((d) => join(__dirname, '../..', d));

function flatten(value: unknown, prefix: string, out: Map<string, unknown>) {
  if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, value);
  return out;
}

const messages = (lang: string) => {
  const all = new Map<string, unknown>();
  for (const m of MODULES) flatten(JSON.parse(readFileSync(join(ROOT, m, lang, 'index.json'), 'utf8')), m, all);
  return all;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

describe('locale files of the login page and the shell', () => {
  const [zh, en] = LANGUAGES.map(messages);

  it('hold the same keys in zh-CN and en-US, each a non-empty string', () => {
    expect([...zh!.keys()].sort()).toEqual([...en!.keys()].sort());
    for (const [key, value] of [...zh!, ...en!]) expect([key, typeof value === 'string' && value.trim() !== '']).toEqual([key, true]);
  });

  it('have a message for every literal key the views, widgets and machines use', () => {
    const used = new Set<string>();
    const literal = new RegExp(`['"\`]((?:${MODULES.join('|')})\\.[a-zA-Z0-9.]+)['"\`]`, 'g');
    for (const file of SOURCES.flatMap(sourceFiles)) for (const m of readFileSync(file, 'utf8').matchAll(literal)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !zh!.has(k) || !en!.has(k))).toEqual([]);
  });
});
