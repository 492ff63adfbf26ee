/**
 * The to-do page's route: the list (`/todo-list`), or a task's own address, the list with that
 * task's review open over it (the home page's to-do panel links there). Kept apart from the
 * resource registry: the route table, in the first screen's code, reads it.
 */
export const TODO_LIST_ROUTE = '/todo-list/:business?/:record?';

export const todoTaskPath = (task: { businessType: string; recordId: number }): string => `/todo-list/${encodeURIComponent(task.businessType)}/${task.recordId}`;

/** The record id an address names, or null when it is not one. */
export const recordOfPath = (record: string | undefined): number | null => (/^[1-9][0-9]{0,14}$/.test(record ?? '') ? Number(record) : null);
