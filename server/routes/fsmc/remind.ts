import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/answer';
import { route } from '../../http/route';
import { REMIND_POPUP_MAX } from '../../../src/shared/constants';
import { contract } from '../../../src/shared/contract';
import { cancelAllReminders, cancelReminder, markRead, reminderPage } from '../../services/reminders';
import { noNotify, setNoNotify } from '../../services/user-settings';

/** The user's own reminders and their no-notify preference. */
export default async function remindRoutes(app: FastifyInstance) {
  route(app, contract.remind.page, async (request) => ok(await reminderPage(app.db, request.user.id, request.lang, request.body.start, request.body.limit)));

  route(app, contract.remind.unread, async (request) => ok(await reminderPage(app.db, request.user.id, request.lang, 1, REMIND_POPUP_MAX, true)));

  route(app, contract.remind.read, async (request) => {
    await markRead(app.db, request.user.id, request.body.id);
    return ok(null);
  });

  route(app, contract.remind.cancel, async (request) => {
    await cancelReminder(app.db, request.user.id, request.body.id);
    return ok(null);
  });

  route(app, contract.remind.cancelAll, async (request) => ok({ cancelled: await cancelAllReminders(app.db, request.user.id) }));

  route(app, contract.remind.setNoNotify, async (request) => {
    await setNoNotify(app.db, request.user.id, request.body.noNotify);
    return ok({ noNotify: await noNotify(app.db, request.user.id) });
  });

  route(app, contract.remind.noNotify, async (request) => ok({ noNotify: await noNotify(app.db, request.user.id) }));
}
