/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import loader from '../../scripts/build/build-time-data-loader.cjs';
import { menu } from '../../src/shared/contract/menu';
import { RESOURCES } from '../../src/resources';

/**
 * What the browser gets for a shared module (issue 16): the loader's output is the module the
 * build puts in the page, so these read it as a caller would, exports and values.
 */
const SRC = path.join(process.cwd(), 'src');

function built(file: string): { code: string; dependencies: string[] } {
  const dependencies: string[] = [];
  const code = (loader as (this: unknown) => string).call({ resourcePath: path.join(SRC, file), addDependency: (f: string) => dependencies.push(f) });
  return { code, dependencies };
}

/** The value of `export const name = <JSON>;` in the output. */
function constant(code: string, name: string): unknown {
  const line = code.split('\n').find((l) => l.startsWith(`export const ${name} = `));
  if (!line) throw new Error(`no constant ${name}`);
  return JSON.parse(line.slice(`export const ${name} = `.length, -1));
}

describe('build-time data loader', () => {
  it('gives a contract area as plain endpoints: method, path, flags and the body bounds, no schemas or summaries', () => {
    const { code, dependencies } = built('shared/contract/menu.ts');
    const plain = constant(code, 'menu') as Record<string, Record<string, unknown>>;
    expect(Object.keys(plain)).toEqual(Object.keys(menu));
    for (const [name, endpoint] of Object.entries(menu)) {
      expect(plain[name]).toMatchObject({ method: endpoint.method, path: endpoint.path, flags: endpoint.flags, client: endpoint.client });
      expect(plain[name]).not.toHaveProperty('summary');
      expect(plain[name]).not.toHaveProperty('data');
    }
    expect(code).not.toMatch(/typebox/);
    // A change to the area or what it imports rebuilds the page.
    expect(dependencies).toContain(path.join(SRC, 'shared/contract/define.ts'));
  });

  it('keeps the bounds maxLengthOf reads, and nothing else of the body', () => {
    const { code } = built('shared/contract/login.ts');
    const login = constant(code, 'login') as Record<string, { body?: { properties: Record<string, { maxLength: number }> } }>;
    const bounded = Object.values(login).find((e) => e.body);
    expect(bounded?.body?.properties).toBeDefined();
    for (const field of Object.values(bounded!.body!.properties)) expect(Object.keys(field)).toEqual(['maxLength']);
  });

  it('gives constants as JSON and re-exports a function or schema from the real module, so no export is lost', () => {
    const { code } = built('shared/contract/export.ts');
    expect(constant(code, 'EXPORT_FILE_TYPES')).toEqual(['csv', 'xlsx']);
    expect(code).toMatch(/export \{[^}]*\bexportTableUrl\b[^}]*\} from "\.\/export\.ts";/);
    expect(code).toMatch(/export \{[^}]*\bExportRequest\b[^}]*\} from "\.\/export\.ts";/);
  });

  it("gives the contract's index its areas as data and the readers from endpoint-read.ts", () => {
    const { code } = built('shared/contract/index.ts');
    expect(constant(code, 'contract')).toHaveProperty('menu.userMenu.path', menu.userMenu.path);
    expect(code).toMatch(/export \{ maxLengthOf, pathOf \} from "\.\/endpoint-read\.ts";/);
  });

  it("gives the resource routes as data: every resource's pages, without the definitions", () => {
    const { code } = built('resources/routes.ts');
    const routes = constant(code, 'RESOURCE_ROUTES') as Array<{ resource: string; code: string; path: string }>;
    for (const def of RESOURCES) expect(routes).toContainEqual(expect.objectContaining({ resource: def.code, code: def.code, path: def.path }));
    expect(code).not.toMatch(/^export \{/m);
  });
});
