import { describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { deferredCompilers } from '../../server/http/deferred-compilers';

const bodySchema = {
  type: 'object',
  required: ['amount'],
  additionalProperties: false,
  properties: { amount: { type: 'integer', minimum: 1 } },
};
const answerSchema = { 200: { type: 'object', properties: { doubled: { type: 'integer' } } } };

async function appWith(factories: ReturnType<typeof deferredCompilers>['factories'] | undefined) {
  // The server's ajv options (server/app.ts): an unknown field is refused, not dropped.
  const app = Fastify({
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false } },
    ...(factories ? { schemaController: { compilersFactory: factories } } : {}),
  });
  // `secret` is not in the answer's schema: the serialiser must leave it out.
  app.post('/double', { schema: { body: bodySchema, response: answerSchema } }, async (request) => ({
    doubled: (request.body as { amount: number }).amount * 2,
    secret: 'not for the caller',
  }));
  app.get('/plain', { schema: { response: answerSchema } }, async () => ({ doubled: 4 }));
  await app.ready();
  return app;
}

const calls = (app: FastifyInstance) =>
  Promise.all([
    app.inject({ method: 'POST', url: '/double', payload: { amount: 21 } }),
    app.inject({ method: 'POST', url: '/double', payload: { amount: 0 } }),
    app.inject({ method: 'POST', url: '/double', payload: { amount: 2, extra: true } }),
  ]).then((answers) => answers.map((a) => ({ status: a.statusCode, body: a.json() })));

describe('route schemas compiled after the server listens', () => {
  it('validates and serialises before any warm-up exactly as Fastify compiling them up front', async () => {
    const eager = await appWith(undefined);
    const deferred = await appWith(deferredCompilers().factories);
    const expected = await calls(eager);
    expect(expected.map((answer) => answer.status)).toEqual([200, 400, 400]);
    expect(expected[0]?.body).toEqual({ doubled: 42 });
    expect(await calls(deferred)).toEqual(expected);
    await Promise.all([eager.close(), deferred.close()]);
  });

  it('warm-up compiles only what no request has needed yet, and each once', async () => {
    const compilers = deferredCompilers();
    const app = await appWith(compilers.factories);
    await app.inject({ method: 'POST', url: '/double', payload: { amount: 1 } });
    // Left: the answer serialisers of GET /plain and of the HEAD route Fastify adds beside it
    // (the body validator and /double's serialiser ran above).
    expect(await compilers.warmUp()).toBe(2);
    expect(await compilers.warmUp()).toBe(0);
    expect((await app.inject({ url: '/plain' })).json()).toEqual({ doubled: 4 });
    await app.close();
  });

  it('warm-up rejects when a schema cannot compile, so the server does not run with it', async () => {
    const compilers = deferredCompilers();
    const app = Fastify({ schemaController: { compilersFactory: compilers.factories } });
    app.post('/broken', { schema: { body: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } } }, async () => 'never');
    await app.ready();
    await expect(compilers.warmUp()).rejects.toThrow(/nowhere/);
    await app.close();
  });
});
