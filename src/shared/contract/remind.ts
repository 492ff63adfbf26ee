import { Body, Empty, Id, Nothing, Page, Paging, Timestamp, Type, endpoint } from './define';

/** The user's own reminders and their no-notify preference. */
export const Reminder = Type.Object({ id: Id, title: Type.String(), content: Type.String(), createdAt: Timestamp, status: Type.Enum(['unread', 'read', 'cancelled']) });
const ReminderId = Body({ id: Id });
const NoNotify = Type.Object({ noNotify: Type.Boolean() });

export const remind = {
  page: endpoint({ path: '/api/fsmc/remind/query-remind-info-by-page', summary: 'A page of the user’s reminders, newest first.', body: Paging, data: Page(Reminder) }),
  unread: endpoint({ path: '/api/fsmc/remind/list', summary: 'The newest unread reminders for the shell’s popup.', body: Empty, data: Page(Reminder), flags: { read: true }, client: { noLoading: true } }),
  read: endpoint({ path: '/api/fsmc/remind/read', summary: 'Marks a reminder read (1240 when unknown).', body: ReminderId, data: Nothing }),
  cancel: endpoint({ path: '/api/fsmc/remind/cancel', summary: 'Cancels a reminder (1240 when unknown).', body: ReminderId, data: Nothing }),
  cancelAll: endpoint({ path: '/api/fsmc/remind/cancel-all', summary: 'Cancels every reminder of the user.', body: Empty, data: Type.Object({ cancelled: Type.Integer() }) }),
  setNoNotify: endpoint({ path: '/api/fsmc/remind/user-remind-set', summary: 'Sets the no-notify preference.', body: Body({ noNotify: Type.Boolean() }), data: NoNotify }),
  noNotify: endpoint({ path: '/api/fsmc/remind/query-user-remind-set', summary: 'The no-notify preference.', body: Empty, data: NoNotify }),
};
