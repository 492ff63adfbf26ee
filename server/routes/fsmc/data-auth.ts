import type { FastifyInstance } from 'fastify';
import { contract } from '../../../src/shared/contract';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { copyGrants } from '../../services/data-auth-copy';

/** Data authorisation's calls beside its resource family (src/shared/contract/data-auth.ts). */
export default async function dataAuthRoutes(app: FastifyInstance) {
  route(app, contract.dataAuth.copy, async (request) => ok({ copied: await copyGrants(app.db, request, request.body.fromUser, request.body.toUser) }));
}
