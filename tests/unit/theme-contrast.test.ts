import { describe, expect, it } from '@jest/globals';
import { THEMES } from '../../src/services/theme';
import { system } from '../../src/services/theme-system';

/**
 * WCAG AA asks 4.5:1 for normal text. The header and primary buttons paint the palette's
 * `contrast` colour on its `solid` colour, so every theme's pair must reach it. (With the dark
 * navigation colour the header is gray.900 under gray.100, measured here too.)
 */
const hex = (name: string): string => {
  const token = system.tokens.getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  const light = (token.extensions as { conditions?: { _light?: string } }).conditions?._light;
  if (light) return light.startsWith('{') ? hex(light.slice(1, -1)) : hex(`colors.${light}`);
  return String(token.value);
};
const named: Record<string, string> = { white: '#ffffff', black: '#000000' };
const luminance = (colour: string) => {
  const h = named[colour] ?? colour;
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a: string, b: string) => {
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const resolve = (name: string) => {
  try {
    return hex(name);
  } catch {
    // `white` and `black` are plain CSS colours in Chakra's semantic tokens.
    return String((system.tokens.getByName(name)?.extensions as { conditions?: { _light?: string } }).conditions?._light);
  }
};

describe('theme contrast', () => {
  it.each(Object.entries(THEMES))('%s (%s): contrast text on solid is at least 4.5:1', (_theme: string, palette: string) => {
    expect(ratio(resolve(`colors.${palette}.contrast`), resolve(`colors.${palette}.solid`))).toBeGreaterThanOrEqual(4.5);
  });
  it('a field\'s error text (fg.error) on white is at least 4.5:1', () => {
    expect(ratio(resolve('colors.fg.error'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
  it('dark navigation: gray.100 on gray.900 is at least 4.5:1', () => {
    expect(ratio(hex('colors.gray.100'), hex('colors.gray.900'))).toBeGreaterThanOrEqual(4.5);
  });
});
