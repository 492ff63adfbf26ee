import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { outboxPage } from '../../services/mail';

/** The mail outbox, for administrators while no mail server is configured (contract flag admin). */
export default async function outboxRoutes(app: FastifyInstance) {
  route(app, contract.outbox.page, async (request) => ok(await outboxPage(app.db, request.body.start, request.body.limit)));
}
