import { call } from '../http/call';
import { CASH_FLOW_CURRENCY_DEFAULT, CASH_FLOW_DAYS_DEFAULT, workbench } from '../../shared/contract/workbench';
import { remind } from '../../shared/contract/remind';
import { wkfl } from '../../shared/contract/wkfl';
import { menu } from '../../shared/contract/menu';
import { portalArea } from '../../shared/contract/portal-area';
import type { UserArea } from '../../shared/workbench-areas';
import type { PanelResult } from '../../machines/workbench-panel.machine';

/** Each panel shows this many reminders and to-do tasks; the drawer and the lists show all. */
export const WORKBENCH_LIST_SIZE = 5;

/** Panels say what went wrong themselves: no toast, no page-wide loading overlay. */
const quiet = { noErrorTip: true, noLoading: true } as const;

// The areas the panels call, each from its own file (not the contract's index: issue 16).
const contract = { workbench, remind, wkfl, menu };

/**
 * The workbench panels' loaders (docs/workbench.md): each returns the panel's data and how many
 * items it holds (0: the empty state). Balances and cash flow are the workbench's own calls;
 * reminders, to-do tasks and often-used menus are their areas' calls.
 */
export const workbenchLoaders = {
  balances: async (): Promise<PanelResult> => {
    const data = await call(contract.workbench.balances, {}, quiet);
    return { data, count: data.currencies.length };
  },
  cashFlow: async (params: Record<string, unknown>): Promise<PanelResult> => {
    const days = (params.days as 7 | 30 | 90 | undefined) ?? CASH_FLOW_DAYS_DEFAULT;
    const currencyCode = (params.currencyCode as string | undefined) ?? CASH_FLOW_CURRENCY_DEFAULT;
    const data = await call(contract.workbench.cashFlow, { days, currencyCode }, quiet);
    return { data, count: data.days.filter((d) => d.inflow > 0 || d.outflow > 0).length };
  },
  reminders: async (): Promise<PanelResult> => {
    const data = await call(contract.remind.page, { start: 1, limit: WORKBENCH_LIST_SIZE }, quiet);
    return { data, count: data.rows.length };
  },
  /** The approval flows' to-do list (docs/approvals.md). */
  todo: async (): Promise<PanelResult> => {
    const data = await call(contract.wkfl.todo, { start: 1, limit: WORKBENCH_LIST_SIZE }, quiet);
    return { data, count: data.total };
  },
  favourites: async (): Promise<PanelResult> => {
    const data = await call(contract.menu.oftenQuery, {}, quiet);
    return { data, count: data.length };
  },
};

/**
 * The user's home page areas (docs/workbench.md, "Areas"). None toasts an error: a failed load
 * is silent (the page shows every area) and a refused save shows its msg in the popover.
 */
export const workbenchAreaCalls = {
  load: () => call(portalArea.queryUser, {}, quiet),
  save: (areas: UserArea[]) => call(portalArea.reorder, { areas }, { noErrorTip: true }),
  reset: () => call(portalArea.reset, {}, { noErrorTip: true }),
};
