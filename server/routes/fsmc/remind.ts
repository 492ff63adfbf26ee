import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { REMIND_POPUP_MAX } from '../../../src/shared/constants';
import { cancelAllReminders, cancelReminder, markRead, reminderPage } from '../../services/reminders';
import { noNotify, setNoNotify } from '../../services/user-settings';
import { body, empty, id, paging } from './schemas';

const idBody = body({ id });

/** The user's own reminders and their no-notify preference. */
export default async function remindRoutes(app: FastifyInstance) {
  app.post<{ Body: { start: number; limit: number } }>('/remind/query-remind-info-by-page', { schema: { body: paging } }, async (request) =>
    ok(await reminderPage(app.db, request.user.id, request.lang, request.body.start, request.body.limit)),
  );

  app.post('/remind/list', { schema: { body: empty } }, async (request) => ok(await reminderPage(app.db, request.user.id, request.lang, 1, REMIND_POPUP_MAX, true)));

  app.post<{ Body: { id: number } }>('/remind/read', { schema: { body: idBody } }, async (request) => {
    await markRead(app.db, request.user.id, request.body.id);
    return ok(null);
  });

  app.post<{ Body: { id: number } }>('/remind/cancel', { schema: { body: idBody } }, async (request) => {
    await cancelReminder(app.db, request.user.id, request.body.id);
    return ok(null);
  });

  app.post('/remind/cancel-all', { schema: { body: empty } }, async (request) => ok({ cancelled: await cancelAllReminders(app.db, request.user.id) }));

  app.post<{ Body: { noNotify: boolean } }>('/remind/user-remind-set', { schema: { body: body({ noNotify: { type: 'boolean' } }) } }, async (request) => {
    await setNoNotify(app.db, request.user.id, request.body.noNotify);
    return ok({ noNotify: await noNotify(app.db, request.user.id) });
  });

  app.post('/remind/query-user-remind-set', { schema: { body: empty } }, async (request) => ok({ noNotify: await noNotify(app.db, request.user.id) }));
}
