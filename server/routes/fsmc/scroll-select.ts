import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import type { ScrollSource } from '../../../src/shared/scroll-sources';
import { scrollPage } from '../../services/scroll-sources';

/** The scroll dropdowns' sources (widgets §2, §7 "lookup source"; docs/scroll-select.md). */
export default async function scrollSelectRoutes(app: FastifyInstance) {
  for (const [source, endpoint] of Object.entries(contract.scroll)) {
    route(app, endpoint, async (request) => ok(await scrollPage(app.db, source as ScrollSource, request.body as never, request.lang, request.user)) as never);
  }
}
