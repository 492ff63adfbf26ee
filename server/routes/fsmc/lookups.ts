import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { lookupOf } from '../../../src/shared/lookups';
import { lookupPage } from '../../services/lookups';

/** The lookups' paged calls (widgets §2, §7 "lookup source"; docs/lookups.md). */
export default async function lookupRoutes(app: FastifyInstance) {
  for (const [code, endpoint] of Object.entries(contract.lookup)) {
    const def = lookupOf(code)!;
    route(app, endpoint, async (request) => ok(await lookupPage(app.db, def, request.body as never, request)) as never);
  }
}
