import { Body, Type, endpoint, type Static } from './define';

/**
 * The workbench's dashboards (portal-shell §1, §7 "workbench widgets (some under /api/acct)";
 * docs/workbench.md): balances and cash flow of the accounts the caller may see (data
 * authorisation by organisation, as the account pages). Reminders, to-do tasks and often-used
 * menus come from their own areas' calls (remind, wkfl, menu).
 */

/** Cash flow windows the chart offers, in days. */
export const CASH_FLOW_DAYS = [7, 30, 90] as const;
export const CASH_FLOW_DAYS_DEFAULT = 30;
/** The cash flow's currency until the user chooses another: the group's main currency. */
export const CASH_FLOW_CURRENCY_DEFAULT = 'CNY';
/** Accounts listed by the balances panel, largest first. */
export const BALANCE_TOP_ACCOUNTS = 5;

/** An ISO 4217 alphabetic code, as the cash flow is asked for it (and remembered: services/cash-flow-choice.ts). */
export const CURRENCY_CODE_PATTERN = '^[A-Z]{3}$';
const Currency = Type.String({ pattern: CURRENCY_CODE_PATTERN, minLength: 3, maxLength: 3 });

export const CurrencyBalance = Type.Object({ currencyCode: Type.String(), accounts: Type.Integer(), total: Type.Number() });
export const AccountBalance = Type.Object({ acctNo: Type.String(), acctName: Type.String(), orgCode: Type.String(), currencyCode: Type.String(), balance: Type.Number() });
export const Balances = Type.Object({
  /** Per currency: how many accounts, and what they hold together (never summed across currencies). */
  currencies: Type.Array(CurrencyBalance),
  /** The BALANCE_TOP_ACCOUNTS largest balances in the caller's main currency (CNY when they hold any). */
  top: Type.Array(AccountBalance),
});
export type Balances = Static<typeof Balances>;

export const CashFlowDay = Type.Object({ date: Type.String(), inflow: Type.Number(), outflow: Type.Number() });
export const CashFlow = Type.Object({
  currencyCode: Type.String(),
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(CashFlowDay),
  /** The currencies of the accounts the caller may see, the main one (CNY) first: what the panel offers to choose. */
  currencies: Type.Array(Type.String()),
});
export type CashFlow = Static<typeof CashFlow>;

export const workbench = {
  balances: endpoint({ path: '/api/acct/workbench/query-balance', summary: 'Balances of the caller’s accounts (data authorisation): per currency, and the largest accounts.', data: Balances, flags: { read: true }, client: { noLoading: true, inlineErrors: true } }),
  cashFlow: endpoint({
    path: '/api/acct/workbench/query-cash-flow',
    summary: 'Receipts and payments per day of the caller’s accounts in one currency, the last `days` days to today (every day listed, zero when none).',
    body: Body({ days: Type.Union([Type.Literal(CASH_FLOW_DAYS[0]), Type.Literal(CASH_FLOW_DAYS[1]), Type.Literal(CASH_FLOW_DAYS[2])]), currencyCode: Currency }),
    data: CashFlow,
    flags: { read: true },
    client: { noLoading: true, inlineErrors: true },
  }),
};
