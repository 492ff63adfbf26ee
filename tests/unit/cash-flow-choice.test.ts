import { describe, expect, it } from '@jest/globals';
import { rememberCashFlowChoice, rememberedCashFlowChoice } from '../../src/services/cash-flow-choice';
import { CASH_FLOW_DAYS_DEFAULT } from '../../src/shared/contract/workbench';
import { asUser, clearStorageAfterEach } from './support/logged-in';


describe('the cash flow choice kept across visits', () => {
  clearStorageAfterEach();

  it('gives each user back the window and currency they chose, and the default window to anyone else', () => {
    asUser('staff');
    expect(rememberedCashFlowChoice()).toEqual({ days: CASH_FLOW_DAYS_DEFAULT });
    rememberCashFlowChoice({ days: 7, currencyCode: 'USD' });
    expect(JSON.parse(localStorage.getItem('cashFlowChoice:staff')!)).toEqual({ days: 7, currencyCode: 'USD' });
    expect(rememberedCashFlowChoice()).toEqual({ days: 7, currencyCode: 'USD' });
    asUser('checker');
    expect(rememberedCashFlowChoice()).toEqual({ days: CASH_FLOW_DAYS_DEFAULT });
  });

  it('ignores what the call would refuse: a window not offered, a currency that is no code, a broken entry', () => {
    asUser('staff');
    localStorage.setItem('cashFlowChoice:staff', JSON.stringify({ days: 14, currencyCode: 'usd; drop' }));
    expect(rememberedCashFlowChoice()).toEqual({ days: CASH_FLOW_DAYS_DEFAULT });
    localStorage.setItem('cashFlowChoice:staff', JSON.stringify({ days: 90, currencyCode: 'EUR' }));
    expect(rememberedCashFlowChoice()).toEqual({ days: 90, currencyCode: 'EUR' });
    localStorage.setItem('cashFlowChoice:staff', '{not json');
    expect(rememberedCashFlowChoice()).toEqual({ days: CASH_FLOW_DAYS_DEFAULT });
  });

  it('keeps nothing when nobody is logged in', () => {
    rememberCashFlowChoice({ days: 7 });
    expect(localStorage.length).toBe(0);
    expect(rememberedCashFlowChoice()).toEqual({ days: CASH_FLOW_DAYS_DEFAULT });
  });
});
