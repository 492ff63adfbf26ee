import type { FastifyServerOptions } from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own schema compilers (ajv for requests, fast-json-stringify for answers), each
 * compiled function kept and handed to the next test app that asks for the same schema under
 * the same options. A server test app otherwise compiles every route's schemas afresh: 1-2 s of
 * CPU per app built, about 110 apps a run (bench/README.md, "Server test apps share their
 * compiled schemas").
 *
 * Nothing about validation changes: the compilers are Fastify's defaults, called with the same
 * schema and options, and a cached function is the very function they returned for that schema
 * (the key is the schema's JSON text with the options', so a different schema never matches).
 *
 * Request validators are kept for the whole Jest worker (the server project's environment,
 * tests/support/server-env.cjs, hands every test file the same map): ajv's generated code
 * checks types with typeof and Array.isArray and patterns with its own RegExps, so it reads a
 * body parsed in another file's realm exactly as its own. Answer serialisers are kept for one
 * test file only: their code tests `instanceof Date`, which must be this file's Date.
 */
const workerValidators: Map<string, unknown> = (globalThis as { __serverTestValidators?: Map<string, unknown> }).__serverTestValidators ?? new Map();
const fileSerializers = new Map<string, unknown>();

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

const ajvFactory = AjvCompiler();
const serializerFactory = SerializerSelector();

const keep = <F extends (opts: { schema: unknown }) => unknown>(cache: Map<string, unknown>, prefix: string, compile: F) =>
  ((opts: { schema: unknown }) => {
    const key = `${prefix}\n${JSON.stringify(opts.schema)}`;
    let fn = cache.get(key);
    if (fn === undefined) {
      fn = compile(opts);
      cache.set(key, fn);
    }
    return fn;
  }) as unknown as F;

export const sharedCompilers: Factories = {
  buildValidator: ((externalSchemas: unknown, options: unknown) =>
    keep(workerValidators, `${JSON.stringify(externalSchemas)}\n${JSON.stringify(options)}`, (ajvFactory as any)(externalSchemas, options))) as Factories['buildValidator'],
  buildSerializer: ((externalSchemas: unknown, options: unknown) =>
    keep(fileSerializers, `${JSON.stringify(externalSchemas)}\n${JSON.stringify(options)}`, (serializerFactory as any)(externalSchemas, options))) as Factories['buildSerializer'],
};
