import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { queryDictionaries } from '../../services/dictionaries';

/** Dictionaries and constants, grouped as the spec's callers expect (shell §7). */
export default async function commonRoutes(app: FastifyInstance) {
  route(app, contract.dictionary.query, async (request) => ok(await queryDictionaries(app.db, request.body, request.lang, ['dictionary', 'constant', 'custom'])));
  route(app, contract.dictionary.constants, async (request) => ok(await queryDictionaries(app.db, request.body, request.lang, ['constant', 'dictionary', 'custom'])));
}
