import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each suite runs on its own as the README says: PGlite and the model teardown import modules
 * dynamically, which Jest's VM allows only under --experimental-vm-modules, so every script
 * that runs Jest starts Node with it; the end-to-end script builds first when dist is stale;
 * `npm test` never skips the diagram check.
 */
const ROOT = join(__dirname, '../..');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('npm scripts', () => {
  it.each(['test:unit', 'test:model', 'test:server'])('%s starts Jest under --experimental-vm-modules', (name) => {
    expect(scripts[name]).toMatch(/^node --experimental-vm-modules .*node_modules\/jest\/bin\/jest\.js --selectProjects \w+/);
  });

  it('test:e2e builds when the sources are newer than dist, then runs Playwright', () => {
    expect(scripts['test:e2e']).toBe('node scripts/e2e.mjs');
    const e2e = readFileSync(join(ROOT, 'scripts/e2e.mjs'), 'utf8');
    expect(e2e).toMatch(/ensureBuild\(\)/);
    expect(e2e).toMatch(/npx playwright test/);
  });

  it('npm test runs the diagram check unconditionally', () => {
    const lines = readFileSync(join(ROOT, 'scripts/test.mjs'), 'utf8').split('\n').filter((l) => l.includes('diagrams.mjs --check'));
    expect(lines).toEqual([expect.stringMatching(/^check\('diagrams are fresh'/)]);
  });
});
