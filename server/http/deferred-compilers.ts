import type { FastifyServerOptions } from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown };

/**
 * Fastify's own schema compilers (ajv for requests, fast-json-stringify for answers), each
 * route's function compiled when first called or when `warmUp` reaches it, instead of all of
 * them before the server listens. Compiling every route's schemas was about a quarter of the
 * built server's start on an existing data directory (bench/README.md, "npm start"): now the
 * server answers first and compiles the rest one schema per turn of the event loop, so a request
 * arriving meanwhile waits for one compile, not all.
 *
 * What a request meets is unchanged: the function called is the one Fastify's compiler returns
 * for that schema and those options. A schema that cannot compile is still found before anyone
 * relies on it: `warmUp` compiles each and rejects with the first failure (main.ts stops the
 * server on it), and the server tests compile eagerly (tests/server/support/shared-compilers.ts).
 *
 * Fastify passes ajv a parent object only to functions that carry `schemaEnv`; these wrappers do
 * not, which is safe because no option here lets ajv replace a root value (app.ts: no coercion,
 * no defaults, no removal).
 */
export function deferredCompilers(): { factories: Factories; warmUp: () => Promise<number> } {
  const pending = new Set<() => Compiled>();
  const ajvFactory = AjvCompiler();
  const serializerFactory = SerializerSelector();

  const deferEach =
    (compile: (opts: unknown) => Compiled) =>
    (opts: unknown): Compiled => {
      let compiled: Compiled | undefined;
      const get = () => {
        if (compiled === undefined) {
          compiled = compile(opts);
          pending.delete(get);
        }
        return compiled;
      };
      pending.add(get);
      // ajv's function reports why it refused on itself; Fastify reads it from what it called.
      const deferred: Compiled = (...args) => {
        const fn = get();
        const result = fn(...args);
        deferred.errors = fn.errors;
        return result;
      };
      return deferred;
    };

  const factories: Factories = {
    buildValidator: ((externalSchemas: unknown, options: unknown) =>
      deferEach((ajvFactory as any)(externalSchemas, options))) as Factories['buildValidator'],
    buildSerializer: ((externalSchemas: unknown, options: unknown) =>
      deferEach((serializerFactory as any)(externalSchemas, options))) as Factories['buildSerializer'],
  };

  /** Compiles what no request has needed yet, one per macrotask; resolves with how many. */
  const warmUp = async () => {
    let count = 0;
    for (const get of [...pending]) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (!pending.has(get)) continue;
      get();
      count++;
    }
    return count;
  };

  return { factories, warmUp };
}
