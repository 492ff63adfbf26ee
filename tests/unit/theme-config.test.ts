import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createSystem } from '@chakra-ui/react';
import { describe, expect, it } from '@jest/globals';
import { chakraDefaults } from '../../src/services/theme-defaults';
import { MERGED_CONFIG, portalConfig, themeConfig } from '../../src/services/theme-config';

/**
 * The configuration merged in a start step of its own (theme-config.ts, issue 16) and the loader
 * that lets the browser's createSystem take it without merging it again
 * (scripts/build/chakra-lazy-global-loader.cjs).
 */
const ROOT = path.join(__dirname, '../..');
const require = createRequire(__filename);
const loader = require(path.join(ROOT, 'scripts/build/chakra-lazy-global-loader.cjs')) as (source: string) => string;
const systemJs = fs.readFileSync(path.join(ROOT, 'node_modules/@chakra-ui/react/dist/esm/styled-system/system.js'), 'utf8');

describe('the merged theme configuration', () => {
  it('makes the same system as merging Chakra’s defaults and the portal’s tokens inside createSystem', () => {
    const merged = createSystem(themeConfig);
    const inside = createSystem(...chakraDefaults, portalConfig);
    const vars = (s: typeof merged) => JSON.stringify([...s.tokens.cssVarMap].map(([condition, map]) => [condition, [...map]]));
    expect(vars(merged)).toBe(vars(inside));
    expect(Object.keys(merged._config.theme?.recipes ?? {})).toEqual(Object.keys(inside._config.theme?.recipes ?? {}));
    expect(Object.keys(merged._config.theme?.slotRecipes ?? {})).toEqual(Object.keys(inside._config.theme?.slotRecipes ?? {}));
    // The portal's own token is there (errors in red.700).
    expect(merged.token('colors.fg.error')).toBe(inside.token('colors.fg.error'));
    expect(merged.token('colors.fg.error')).toBe('var(--chakra-colors-fg-error)');
  });

  it('is marked for the browser’s createSystem, with the symbol the loader reads', () => {
    expect((themeConfig as Record<symbol, unknown>)[MERGED_CONFIG]).toBe(true);
    const built = loader(systemJs);
    expect(built).toContain(`configs[0]?.[Symbol.for('${MERGED_CONFIG.description}')] ? configs[0] : mergeConfigs(...configs)`);
    expect(built).not.toContain('const config = mergeConfigs(...configs);');
  });

  it('fails the build when Chakra’s system.js no longer merges its configs as the loader expects', () => {
    expect(() => loader(systemJs.replace('const config = mergeConfigs(...configs);', 'const config = merge(configs);'))).toThrow(/no longer builds _global or merges its configs/);
  });
});
