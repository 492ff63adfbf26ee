import type { FastifyInstance } from 'fastify';
import { ok } from '../http/answer';
import { route } from '../http/route';
import { contract } from '../../src/shared/contract';
import { balances, cashFlow } from '../services/workbench';

/** /api/acct: the workbench's balances and cash flow of the caller's accounts (docs/workbench.md). */
export default async function acctArea(app: FastifyInstance) {
  route(app, contract.workbench.balances, async (request) => ok(await balances(app.db, request.user)));

  route(app, contract.workbench.cashFlow, async (request) =>
    ok(await cashFlow(app.db, request.user, new Date(app.clock.now()), request.body.days, request.body.currencyCode)),
  );
}
