import { Id, Page, Paging, Timestamp, Type, endpoint } from './define';

/** The mail outbox, for administrators while no mail server is configured. */
export const OutboxMessage = Type.Object({ id: Id, recipient: Type.String(), subject: Type.String(), body: Type.String(), createdAt: Timestamp });

export const outbox = {
  page: endpoint({ path: '/api/fsmc/system/outbox/query', summary: 'A page of sent mail, newest first (administrators).', body: Paging, data: Page(OutboxMessage), flags: { admin: true } }),
};
