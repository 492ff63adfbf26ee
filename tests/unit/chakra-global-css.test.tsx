import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { render } from '@testing-library/react';
import { Button, ChakraProvider } from '@chakra-ui/react';
import { describe, expect, it } from '@jest/globals';
import { pageSystem, system } from '../../src/services/theme-system';

/**
 * Chakra's global styles as the build's static style sheet (scripts/build/chakra-global-css.cjs,
 * issue 16): everything the provider would have inserted is in it, and a page's provider
 * inserts none of it again.
 */
const ROOT = path.join(__dirname, '../..');
const css = execFileSync(process.execPath, [path.join(ROOT, 'scripts/build/chakra-global-css.cjs'), '--print'], { cwd: ROOT, encoding: 'utf8' });

/** What Emotion inserted, as text or, in its speedy mode, as rules of the style sheets. */
const insertedCss = () =>
  [...document.styleSheets].flatMap((sheet) => [sheet.ownerNode?.textContent ?? '', ...[...sheet.cssRules].map((r) => r.cssText)]).join('\n');

describe('the static Chakra style sheet', () => {
  it('declares the cascade layers first, in Chakra order', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
  });

  it('defines every token variable of the theme, for light and dark', () => {
    const missing: string[] = [];
    for (const [condition, vars] of system.tokens.cssVarMap.entries()) {
      // A blank value (blurs.none) is dropped by Emotion's serialiser, at run time as here.
      for (const [name, value] of vars.entries()) if (String(value).trim() && !css.includes(`${name}:`)) missing.push(`${condition} ${name}`);
    }
    expect(missing).toEqual([]);
    expect(css).toContain('--chakra-colors-teal-solid:var(--chakra-colors-teal-700)');
    expect(css).toContain('.dark');
  });

  it('carries the reset and the app global CSS', () => {
    expect(css).toMatch(/@layer reset\{html\{line-height:1\.5/);
    expect(css).toMatch(/html,body,#root\{height:100%;\}/);
  });

  it("is not inserted again by a page's provider, whose components still get their recipe styles", () => {
    render(
      <ChakraProvider value={pageSystem}>
        <Button>OK</Button>
      </ChakraProvider>,
    );
    const inserted = insertedCss();
    expect(inserted).not.toContain('--chakra-colors-teal-700');
    expect(inserted).not.toContain('@layer reset');
    expect(inserted).toContain('@layer recipes');
  });
});
