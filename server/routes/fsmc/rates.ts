import type { FastifyInstance } from 'fastify';
import { badRequest, ok } from '../../http/answer';
import { route } from '../../http/route';
import { contract } from '../../../src/shared/contract';
import { isCalendarDate } from '../../../src/shared/date-format';
import { ratesInForce } from '../../services/rates-in-force';

/** The interest rates in force on a day (the menu's 利率 page). */
export default async function rateRoutes(app: FastifyInstance) {
  route(app, contract.rates.inForce, async (request) => {
    if (!isCalendarDate(request.body.date)) throw badRequest(request.t('record.badDate', { field: request.t('rates.date'), value: request.body.date }));
    return ok(await ratesInForce(app.db, request.body.date));
  });
}
