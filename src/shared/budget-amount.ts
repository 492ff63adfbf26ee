import { BUDGET_AMOUNT_PRECISION } from './constants';

/**
 * The budget lookup's right table (widgets §2, §9 "Budget amount precision 2"): the amount
 * typed for each budget, and that amount converted into the budget's currency at the row's rate.
 */

const AMOUNT = new RegExp(`^\\d{1,15}(\\.\\d{1,${BUDGET_AMOUNT_PRECISION}})?$`);

/** Whether a typed budget amount is a positive number with at most BUDGET_AMOUNT_PRECISION decimals. */
export function isBudgetAmount(text: unknown): boolean {
  const s = String(text ?? '').trim().replace(/,/g, '');
  return AMOUNT.test(s) && Number(s) > 0;
}

/** The amount in the budget's currency, rounded half away from zero to BUDGET_AMOUNT_PRECISION decimals; null without an amount or a rate. */
export function convertedAmount(amount: unknown, rate: unknown): number | null {
  if (!isBudgetAmount(amount) || typeof rate !== 'number' || !Number.isFinite(rate)) return null;
  const f = 10 ** BUDGET_AMOUNT_PRECISION;
  const value = Number(String(amount).replace(/,/g, '')) * rate;
  return Math.sign(value) * Math.round(Math.abs(value) * f + Number.EPSILON) / f;
}
