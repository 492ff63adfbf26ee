import { CASH_FLOW_DAYS, CASH_FLOW_DAYS_DEFAULT, CURRENCY_CODE_PATTERN } from '../shared/contract/workbench';
import { session, widgetState } from './storage';

/** The home page's cash flow as the user last chose it: the window, and the currency once picked. */
export type CashFlowChoice = {
  days: number;
  currencyCode?: string;
};

const CURRENCY = new RegExp(CURRENCY_CODE_PATTERN);

/** Per user of this browser: two people sharing a desk keep their own. */
const key = () => session.get('loginUserInfo')?.userCode;

/**
 * What the cash flow panel starts with: the user's last choice, or the default window. A stored
 * value the calls would refuse (edited by hand, or a window no longer offered) is not taken.
 */
export function rememberedCashFlowChoice(): CashFlowChoice {
  const user = key();
  const kept = user ? widgetState.get<Record<string, unknown>>('cashFlowChoice', user) : undefined;
  const days = (CASH_FLOW_DAYS as readonly unknown[]).includes(kept?.days) ? (kept!.days as number) : CASH_FLOW_DAYS_DEFAULT;
  const currencyCode = typeof kept?.currencyCode === 'string' && CURRENCY.test(kept.currencyCode) ? kept.currencyCode : undefined;
  return currencyCode ? { days, currencyCode } : { days };
}

/** Keeps the panel's current window and currency for the next visit. */
export function rememberCashFlowChoice(params: Record<string, unknown>): void {
  const user = key();
  if (!user) return;
  const { days, currencyCode } = params;
  widgetState.set('cashFlowChoice', user, currencyCode === undefined ? { days } : { days, currencyCode });
}
