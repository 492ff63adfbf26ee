import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { PALETTES, THEMES } from '../../src/shared/theme-palettes';
import { system } from '../../src/services/theme-system';

const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

describe('colour palettes', () => {
  it('the system has every palette the portal shows, each with its shades and semantic colours', () => {
    for (const palette of PALETTES) {
      for (const token of [`colors.${palette}.500`, `colors.${palette}.solid`, `colors.${palette}.contrast`, `colors.${palette}.fg`]) {
        expect([token, system.tokens.getByName(token) !== undefined]).toEqual([token, true]);
      }
    }
    expect(Object.values(THEMES).every((p) => PALETTES.includes(p))).toBe(true);
  });

  it('leaves out the palettes nobody shows', () => {
    expect(system.tokens.getByName('colors.yellow.500')).toBeUndefined();
    expect(system.tokens.getByName('colors.pink.solid')).toBeUndefined();
  });

  it('every palette the code names (colorPalette, or a colour token such as red.600) is in the system', () => {
    const named = new Set<string>();
    const known = /^(gray|red|orange|yellow|green|teal|blue|cyan|purple|pink)$/;
    for (const file of files(path.join(__dirname, '../../src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/colorPalette[=:]\s*\{?[^}\n]*/g)) for (const word of m[0].matchAll(/['"]([a-z]+)['"]/g)) if (known.test(word[1]!)) named.add(word[1]!);
      for (const m of text.matchAll(/['"{.]([a-z]+)\.(50|[1-9]00|950|solid|contrast|fg|muted|subtle|emphasized|focusRing)\b/g)) if (known.test(m[1]!)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(3); // the scan finds what it looks for
    expect([...named].filter((p) => !PALETTES.includes(p))).toEqual([]);
  });
});
