import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { outboxPage } from '../../services/mail';
import { requireAdmin } from '../../services/permissions';
import { paging } from './schemas';

/** The mail outbox, for administrators while no mail server is configured. */
export default async function outboxRoutes(app: FastifyInstance) {
  app.post<{ Body: { start: number; limit: number } }>('/system/outbox/query', { preHandler: requireAdmin, schema: { body: paging } }, async (request) =>
    ok(await outboxPage(app.db, request.body.start, request.body.limit)),
  );
}
