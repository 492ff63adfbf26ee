import { neighbourIndex, swapWithNeighbour } from './list-move';

/**
 * The home page's areas (docs/workbench.md, "Areas"): the dashboards the build has, in the order
 * a new database offers them. The system area settings (`sys-area-set`) choose which of these
 * the portal offers and in what order; each user then orders and hides them on their own home
 * page (the spec's "portal area info": query all, query user, reorder, reset). Pure: the
 * server's WorkbenchArea dictionary, the contract and the view read this one list.
 */
export const WORKBENCH_AREA_CODES = ['balances', 'cashFlow', 'reminders', 'todo', 'favourites'] as const;

export type WorkbenchAreaCode = (typeof WORKBENCH_AREA_CODES)[number];

/** Each area's name, as the WorkbenchArea dictionary gives it (the panels' titles are the view's). */
export const WORKBENCH_AREA_NAMES: Record<WorkbenchAreaCode, { zh: string; en: string }> = {
  balances: { zh: '账户余额', en: 'Balances' },
  cashFlow: { zh: '资金流水', en: 'Cash flow' },
  reminders: { zh: '我的提醒', en: 'My reminders' },
  todo: { zh: '待办任务', en: 'To-do tasks' },
  favourites: { zh: '常用菜单', en: 'Often-used menus' },
};

export const isWorkbenchArea = (code: string): code is WorkbenchAreaCode => (WORKBENCH_AREA_CODES as readonly string[]).includes(code);

/** One area of a user's home page, in the user's order: shown or hidden by the user. */
export interface UserArea {
  areaCode: WorkbenchAreaCode;
  shown: boolean;
}

/** What the home page shows when the user's areas cannot be read: every area the build has, shown. */
export const DEFAULT_USER_AREAS: readonly UserArea[] = WORKBENCH_AREA_CODES.map((areaCode) => ({ areaCode, shown: true }));

/** Where the area would go moving `by` places (−1 up, +1 down); −1 when it cannot. */
export const areaMoveTarget = (areas: readonly UserArea[], areaCode: string, by: number): number => neighbourIndex(areas, (a) => a.areaCode === areaCode, by);

/** The area swapped with its neighbour; unchanged when it cannot move. */
export const moveArea = (areas: readonly UserArea[], areaCode: string, by: number): UserArea[] => swapWithNeighbour(areas, (a) => a.areaCode === areaCode, by);
